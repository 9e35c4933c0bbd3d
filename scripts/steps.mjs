// Runs commands one after another, printing each one's wall time; stops at the first that fails, with its code.
import { spawnSync } from 'node:child_process';

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** steps: [name, command] pairs, each a shell command run from the repository's root. */
export function runSteps(steps, env = process.env) {
  const times = [];
  for (const [name, command] of steps) {
    console.log(`\n▶ ${name}: ${command}`);
    const started = performance.now();
    const { status, signal } = spawnSync(command, { shell: true, stdio: 'inherit', env });
    const took = performance.now() - started;
    times.push(`${name} ${seconds(took)}`);
    if (status !== 0) {
      console.log(
        `\n✗ ${name} failed after ${seconds(took)} (${signal ?? `exit code ${status}`}); times: ${times.join(', ')}`,
      );
      process.exit(status ?? 1);
    }
    console.log(`✓ ${name} ${seconds(took)}`);
  }
  console.log(`\nAll passed: ${times.join(', ')}`);
}
