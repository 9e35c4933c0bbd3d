// The README's test command (`npm test`): lint, types, dependency rules, the calls index being current, unit and call
// suites, browser flows, in that order, each with its wall time. TEST_STEPS=lint,typecheck runs only the steps named.
import { chromiumPath } from './browser.mjs';
import { runSteps } from './steps.mjs';

const ALL = [
  ['lint', 'npm run lint'],
  ['typecheck', 'npm run typecheck'],
  ['deps:check', 'npm run deps:check'],
  ['calls', 'npm run calls -- --check'],
  ['unit', 'npm run test:unit'],
  ['e2e', 'npm run test:e2e'],
];
const only = process.env.TEST_STEPS?.split(',').map((s) => s.trim());
const unknown = only?.filter((name) => !ALL.some(([n]) => n === name)) ?? [];
if (unknown.length) {
  console.error(`TEST_STEPS names no step ${unknown.join(', ')}: the steps are ${ALL.map(([n]) => n).join(', ')}.`);
  process.exit(2);
}
const steps = only ? ALL.filter(([name]) => only.includes(name)) : ALL;
// The browser is looked for first, so a machine without one learns it before minutes of other suites.
const env = steps.some(([name]) => name === 'e2e') ? { ...process.env, CHROMIUM_PATH: chromiumPath() } : process.env;
runSteps(steps, env);
