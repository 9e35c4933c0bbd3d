import { defineRules } from '@opex/engine/market-rules';
import { runDifferential } from '@opex/engine/testing/differential-run';
import { mulberry32 } from '@opex/engine/testing/mulberry32';

/**
 * `npm run engine:soak -w bench`: the property run of the engine's tests, longer. Seeded streams against the
 * reference book until SOAK_COMMANDS (default 5,000,000) commands have been checked, varying the market rules
 * and the stream shape per stream; stops at the first difference and prints the seed that reproduces it.
 */
const TOTAL = Number(process.env.SOAK_COMMANDS ?? 5_000_000);
const PER_STREAM = 10_000;
const pickFrom = <T>(next: () => number, options: readonly T[]): T => options[next() % options.length] as T;

const next = mulberry32(Number(process.env.SOAK_SEED ?? 2024));
const started = process.hrtime.bigint();
let commands = 0;
let events = 0;
let streams = 0;
while (commands < TOTAL) {
  const seed = next();
  const rules = defineRules({
    priceStep: pickFrom(next, [1, 1, 2]),
    qtyStep: pickFrom(next, [1, 1, 3]),
    minQty: pickFrom(next, [1, 3]),
    minNotional: pickFrom(next, [0, 2_000]),
    bandBps: pickFrom(next, [0, 50, 300]),
    depthSteps: [1, 7, 50],
    depthLevels: pickFrom(next, [5, 150]),
  });
  const stream = {
    spread: pickFrom(next, [5, 20, 200]),
    owners: pickFrom(next, [1, 3, 50]),
    maxQty: pickFrom(next, [3, 20, 100]),
  };
  const result = runDifferential({ seed, commands: PER_STREAM, rules, stream, checkEvery: 4, restoreEvery: 2_500 });
  commands += PER_STREAM;
  events += result.events;
  streams++;
  if (streams % 50 === 0) console.log(`${commands.toLocaleString('en')} commands checked`);
}
const seconds = Number((process.hrtime.bigint() - started) / 1_000_000_000n);
console.log(JSON.stringify({ streams, commands, events, seconds, ok: true }));
