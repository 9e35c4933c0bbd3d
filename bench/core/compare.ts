import path from 'node:path';
import { compareTrees } from '../support/compare-trees.ts';

/**
 * `BASE_TREE=/other/checkout npm run core:compare -w bench`: http-orders.ts, this checkout's load generator and bare
 * Fastify peer, against the server of BASE_TREE and of this checkout, alternately (see compare-trees.ts). Saturation
 * phases only unless BENCH_LATENCY=1: they give the headline, the ratio to the peer, and the main thread's CPU and
 * allocation per acknowledged order.
 */
interface Result {
  headline: {
    ratio: number;
    ordersPerSecond: number;
    peerRequestsPerSecond: number;
    mainThreadCpuMsPerOrder: number;
    mainThreadAllocatedKbPerOrder: number;
  };
}

await compareTrees<Result>({
  name: 'core',
  metrics: [
    { name: 'ratio to bare Fastify', pick: (r) => r.headline.ratio, better: 'higher' },
    { name: 'orders/s', pick: (r) => r.headline.ordersPerSecond, better: 'higher' },
    { name: 'peer requests/s', pick: (r) => r.headline.peerRequestsPerSecond },
    { name: 'main thread CPU ms/order', pick: (r) => r.headline.mainThreadCpuMsPerOrder, better: 'lower' },
    { name: 'main thread KB/order', pick: (r) => r.headline.mainThreadAllocatedKbPerOrder, better: 'lower' },
  ],
  command: (tree) => ({
    args: ['--import', 'tsx', path.join(import.meta.dirname, 'http-orders.ts')],
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { BENCH_TREE: tree, BENCH_LATENCY: process.env.BENCH_LATENCY ?? '0' },
  }),
});
