import path from 'node:path';
import { compareTrees } from '../support/compare-trees.ts';
import { compileToDist, distDir } from '../support/compile.ts';

/**
 * `BASE_TREE=/other/checkout npm run engine:compare -w bench`: throughput.ts, this checkout's benchmark, compiled
 * once with the engine of BASE_TREE and once with this checkout's, run alternately (see compare-trees.ts). Each run
 * still measures both engines, ours and nodejs-order-book, on the same orders; BENCH_ORDERS is 500,000 per variant
 * unless set, so six runs fit in about ten minutes on 2 cores (the peer takes most of a run).
 */
interface Variant {
  opex: { limits_per_s: number };
  peer: { limits_per_s: number };
}
type Result = Record<'a' | 'b', Variant>;

const outdir = (label: string) => path.join(distDir, 'trees', label);
const variants = [
  ['a', 'a unbounded'],
  ['b', 'b capped'], // at most 10,000 resting
] as const;

await compareTrees<Result>({
  name: 'engine',
  metrics: variants.flatMap(([key, name]) => [
    { name: `${name}: opex limits/s`, pick: (r: Result) => r[key].opex.limits_per_s, better: 'higher' as const },
    { name: `${name}: peer limits/s`, pick: (r: Result) => r[key].peer.limits_per_s },
    {
      name: `${name}: opex/peer`,
      pick: (r: Result) => r[key].opex.limits_per_s / r[key].peer.limits_per_s,
      better: 'higher' as const,
    },
  ]),
  prepare: (tree, label) => compileToDist(['engine/throughput.ts'], { outdir: outdir(label), workspaceTree: tree }),
  command: (_tree, label) => ({
    args: ['--expose-gc', path.join(outdir(label), 'throughput.mjs')],
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { BENCH_ORDERS: process.env.BENCH_ORDERS ?? '500000' },
  }),
});
