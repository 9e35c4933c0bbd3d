import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crashCycle, seededRandom } from '../../apps/server/test/crash-run.ts';
import { seedExchange } from '../../apps/server/test/exchange-process.ts';

/**
 * `npm run core:crash -w bench`: the long crash test. Kill cycles (real server, HTTP order load from CONNECTIONS
 * connections, SIGKILL at a random moment, restart, full check) for MINUTES on one growing database.
 * Exits non-zero at the first problem, printing the seed to repeat it with (CRASH_SEED).
 */
const MINUTES = Number(process.env.MINUTES ?? 5);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 64);
const seed = Number(process.env.CRASH_SEED ?? Date.now() % 1_000_000);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opex-crash-soak-'));
const random = seededRandom(seed);
const exchange = await seedExchange(dir, 20);
const until = Date.now() + MINUTES * 60_000;
let acknowledged = 0;
let cancels = 0;
let cycle = 0;
try {
  while (Date.now() < until) {
    cycle++;
    const loadMs = 1_000 + Math.floor(random() * 9_000);
    const result = await crashCycle(exchange, { loadMs, connections: CONNECTIONS, cycle, random });
    acknowledged += result.acknowledged;
    cancels += result.cancels;
    console.log(
      `cycle ${cycle}: killed after ${result.killedAfterMs} ms, ${result.acknowledged} orders and ${result.cancels} cancels acknowledged`,
    );
    if (result.problems.length) {
      console.error(`FAILED in cycle ${cycle} (CRASH_SEED=${seed}):\n  ${result.problems.slice(0, 20).join('\n  ')}`);
      process.exitCode = 1;
      break;
    }
  }
  console.log(
    JSON.stringify({
      bench: 'core-crash-soak',
      seed,
      cycles: cycle,
      acknowledged,
      cancels,
      ok: process.exitCode !== 1,
    }),
  );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
