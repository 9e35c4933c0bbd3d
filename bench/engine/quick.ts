import { opex } from './engines.ts';
import { OP_PLACE, type Workload } from './workload.ts';
import { cachedWorkload } from './workload-cache.ts';

/**
 * Our engine alone on the benchmark's workloads, for quick comparisons while tuning: best and median of RUNS
 * replays per variant in CPU time (the machine may be shared, so wall time says little), and per tenth.
 * `node --expose-gc --import tsx engine/quick.ts [a|b|ab] [runs]`
 */
const which = process.argv[2] ?? 'ab';
const RUNS = Number(process.argv[3] ?? 7);
const gc = (globalThis as { gc?: () => void }).gc;

const cpuUs = (): number => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

function run(w: Workload): void {
  opex.replay(opex.create(), w, 0, Math.min(w.ops, 300_000));
  const rates: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    gc?.();
    const book = opex.create();
    const t = cpuUs();
    opex.replay(book, w, 0, w.ops);
    rates.push((w.orders * 1e6) / (cpuUs() - t));
  }
  rates.sort((x, y) => y - x);
  const book = opex.create();
  const tenth = Math.ceil(w.ops / 10);
  const by: string[] = [];
  for (let from = 0; from < w.ops; from += tenth) {
    const to = Math.min(w.ops, from + tenth);
    let orders = 0;
    for (let i = from; i < to; i++) if (w.kind[i] === OP_PLACE) orders++;
    const t = cpuUs();
    opex.replay(book, w, from, to);
    by.push((orders / (cpuUs() - t)).toFixed(1));
  }
  const m = (r: number) => `${((r as number) / 1e6).toFixed(2)}M/s`;
  console.log(
    `${w.name}: best ${m(rates[0] as number)} median ${m(rates[RUNS >> 1] as number)}; by tenth ${by.join(' ')}`,
  );
}

if (which.includes('a')) run(cachedWorkload('a'));
if (which.includes('b')) run(cachedWorkload('b'));
