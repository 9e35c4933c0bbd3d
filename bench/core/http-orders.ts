import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type CoreTimingsReport, type Percentiles, SECONDS_KEPT } from '../../apps/server/src/core/core-timings.ts';
import { LeanHttpClient } from '../support/lean-http-client.ts';
import { MainThreadMeter, type MainThreadTotals } from '../support/main-thread-meter.ts';
import { processUsage } from '../support/process-usage.ts';
import { OrderLoad, type Phase } from './order-load.ts';

/**
 * `npm run core -w bench`: orders per second through the HTTP API, acknowledged after the trading core's commit
 * (SQLite, synchronous=FULL: each acknowledged order survived an fsync), with latency percentiles:
 *  1. saturation: for each count in CONNECTIONS, that many keep-alive connections send order/create back to back
 *     for SECONDS (with one request per connection in flight, 64 connections hold the server to 64 orders per round
 *     trip: more show what it does when offered more at once);
 *  2. fixed rate: RATE orders/s sent on a schedule (open loop: latency counts from the scheduled time, so a stall
 *     is not hidden by the sender waiting for it; up to OPEN_LOOP_CONNECTIONS sockets);
 *  3. a sweep of lower fixed rates (SWEEP_RATES, SWEEP_SECONDS each): the highest one whose p99 stays under the
 *     10 ms goal is the rate this machine sustains at that latency.
 * BENCH_LATENCY=0 runs the saturation phases alone (what core:compare runs by default).
 * The server runs compiled (what `npm start` runs) in its own process; this process is the load generator. The
 * load generator is a lean keep-alive client (lean-http-client.ts): it shares the 2 cores with the server.
 * The named peer, run the same way with the same client and connections: a bare Fastify route answering
 * order/create with a fixed reply (bare-fastify.ts), the machine's ceiling for one request per order, and, at the
 * fixed rates, its floor for one request's latency. The headline is our best saturation rate over the peer's (the
 * goal: 0.5), with the server main thread's CPU time and heap allocation per acknowledged order at saturation.
 * The goals beside it: 20,000 orders/s at saturation and p99 under 10 ms at 5,000 orders/s on a 2-core machine.
 * BENCH_TREE=/another/checkout measures that checkout's server (seeded and started by its own test helpers) with
 * this load generator and peer: what core:compare does. The last line is one JSON object.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '64,256').split(',').map(Number);
const LATENCY_PHASES = process.env.BENCH_LATENCY !== '0';
/**
 * Sockets the fixed-rate sender may open: enough that it never waits for one of its own (at 5,000/s and 16 ms a
 * request, 64 sockets hold only 4,000/s), so a phase measures the server's queueing rather than the sender's.
 */
const OPEN_LOOP_CONNECTIONS = Number(process.env.BENCH_OPEN_LOOP_CONNECTIONS ?? 512);
const GOAL_P99_RATE = 5_000;
const RATE = Number(process.env.BENCH_RATE ?? GOAL_P99_RATE);
const SWEEP_RATES = (process.env.BENCH_SWEEP_RATES ?? '500,1000,1500,2000,2500,3000,4000').split(',').map(Number);
const SWEEP_SECONDS = Number(process.env.BENCH_SWEEP_SECONDS ?? 4);
const USERS = 50;
/** Extra node flags for the server process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where its time goes. */
const SERVER_NODE_ARGS = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
const GOAL_OPS = 20_000;
const GOAL_P99_MS = 10;
const GOAL_PEER_RATIO = 0.5;

/** The checkout whose server is measured: this one unless BENCH_TREE names another (with its node_modules). */
const tree = path.resolve(process.env.BENCH_TREE ?? path.join(import.meta.dirname, '../..'));
const { freePort, seedExchange, startServer, SYMBOL } = (await import(
  pathToFileURL(path.join(tree, 'apps/server/test/exchange-process.ts')).href
)) as typeof import('../../apps/server/test/exchange-process.ts');
const load = new OrderLoad(SYMBOL);

/**
 * The core's timings over a phase that just ended and lasted `seconds`, as the server's GET /health reports them:
 * its window is whole seconds up to now, so it leaves out the phase's first second rather than take in the last one
 * of the phase before.
 */
async function coreTimings(port: number, seconds: number): Promise<CoreTimingsReport> {
  const window = Math.max(1, Math.min(SECONDS_KEPT, Math.floor(seconds) - 1));
  const response = await fetch(`http://127.0.0.1:${port}/health?seconds=${window}`);
  return ((await response.json()) as { core: CoreTimingsReport }).core;
}

function describeCore(core: CoreTimingsReport | undefined): string {
  if (!core) return 'no timings';
  const ms = (p: Percentiles) => `${p.p50} / ${p.p99} ms`;
  return `${(core.commands / Math.max(1, core.batches)).toFixed(1)} commands a batch; queue wait p50 / p99 ${ms(core.queueWaitMs)}, apply a batch ${ms(core.applyMs)}, commit wait ${ms(core.commitWaitMs)}`;
}

const perOrder = (totals: MainThreadTotals, orders: number) => ({
  mainThreadCpuMsPerOrder: Number((totals.cpuMs / Math.max(1, orders)).toFixed(3)),
  mainThreadAllocatedKbPerOrder: Number((totals.allocatedBytes / 1024 / Math.max(1, orders)).toFixed(1)),
});

const describeMainThread = (phase: Partial<Phase>) =>
  `server main thread ${phase.mainThreadCpuMsPerOrder} ms CPU and ${phase.mainThreadAllocatedKbPerOrder} KB allocated per order`;

interface PeerResults {
  /** Requests/s at saturation, per entry of CONNECTIONS. */
  saturation: number[];
  /** The fixed-rate phase at RATE, and at the sweep's lowest rate: the machine's own latency floor. */
  fixedRate?: Phase;
  lowestRate?: Phase & { rate: number };
}

/** A bare Fastify route (bare-fastify.ts) run through the same phases with the same client and connections. */
async function peerRun(): Promise<PeerResults> {
  const port = await freePort();
  const child = fork(path.join(import.meta.dirname, 'bare-fastify.ts'), {
    env: { ...process.env, PORT: String(port) },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', () => reject(new Error('the bare Fastify peer did not start')));
  });
  const client = new LeanHttpClient(port, Math.max(...CONNECTIONS));
  const openLoop = new LeanHttpClient(port, OPEN_LOOP_CONNECTIONS);
  try {
    await Promise.all(Array.from({ length: 2000 }, () => load.send(client, 'a=b')));
    const saturation: number[] = [];
    for (const connections of CONNECTIONS)
      saturation.push((await load.saturation(client, ['a=b'], connections, SECONDS)).opsPerSecond);
    if (!LATENCY_PHASES) return { saturation };
    const lowest = Math.min(...SWEEP_RATES);
    return {
      saturation,
      fixedRate: await load.steadyRate(openLoop, ['a=b'], RATE, SECONDS),
      lowestRate: { rate: lowest, ...(await load.steadyRate(openLoop, ['a=b'], lowest, SWEEP_SECONDS)) },
    };
  } finally {
    client.close();
    openLoop.close();
    child.removeAllListeners('exit');
    child.kill('SIGKILL');
  }
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opex-bench-core-'));
  try {
    const exchange = await seedExchange(dir, USERS);
    const meter = await MainThreadMeter.prepare(dir);
    const server = await startServer(dir, await freePort(), meter.env, [...meter.nodeArgs, ...SERVER_NODE_ARGS], {
      compiled: true,
    });
    const pid = server.child.pid as number;
    meter.attach(pid);
    const client = new LeanHttpClient(server.port, Math.max(...CONNECTIONS));
    const openLoop = new LeanHttpClient(server.port, OPEN_LOOP_CONNECTIONS);
    try {
      // Warm-up: JIT, statement caches, the book's first levels.
      await Promise.all(
        Array.from({ length: 2000 }, (_, i) => load.send(client, exchange.cookies[i % USERS] as string)),
      );
      /** The main thread's use over all saturation phases together: the headline's per-order figures. */
      const atSaturation = { cpuMs: 0, allocatedBytes: 0, acknowledged: 0 };
      const measured = async (phase: () => Promise<Phase>, saturation = false): Promise<Phase> => {
        const before = processUsage(pid).cpuMs;
        const mainBefore = await meter.read();
        const loadBefore = process.cpuUsage();
        const result = await phase();
        const loadUs = process.cpuUsage(loadBefore);
        const main = await meter.read();
        const cpuMs = processUsage(pid).cpuMs - before;
        const mainUsed = {
          cpuMs: main.cpuMs - mainBefore.cpuMs,
          allocatedBytes: main.allocatedBytes - mainBefore.allocatedBytes,
        };
        if (saturation) {
          atSaturation.cpuMs += mainUsed.cpuMs;
          atSaturation.allocatedBytes += mainUsed.allocatedBytes;
          atSaturation.acknowledged += result.acknowledged;
        }
        const requests = Math.max(1, result.acknowledged + result.refused);
        return {
          ...result,
          serverCpuUsPerOrder: Math.round((cpuMs * 1000) / Math.max(1, result.acknowledged)),
          ...perOrder(mainUsed, result.acknowledged),
          loadCpuUsPerRequest: Math.round((loadUs.user + loadUs.system) / requests),
          core: await coreTimings(server.port, result.seconds),
        };
      };
      const saturations: (Phase & { connections: number })[] = [];
      for (const connections of CONNECTIONS)
        saturations.push({
          connections,
          ...(await measured(() => load.saturation(client, exchange.cookies, connections, SECONDS), true)),
        });
      const rate = LATENCY_PHASES
        ? await load.steadyRate(openLoop, exchange.cookies, RATE, SECONDS, measured)
        : undefined;
      const sweep: { rate: number; p50Ms: number; p99Ms: number; core: CoreTimingsReport }[] = [];
      for (const r of LATENCY_PHASES ? SWEEP_RATES : []) {
        const phase = await load.steadyRate(openLoop, exchange.cookies, r, SWEEP_SECONDS);
        sweep.push({
          rate: r,
          p50Ms: phase.p50Ms,
          p99Ms: phase.p99Ms,
          core: await coreTimings(server.port, phase.seconds),
        });
      }
      const sustained = Math.max(0, ...sweep.filter((s) => s.p99Ms < GOAL_P99_MS).map((s) => s.rate));
      const peer = await peerRun();
      const ours = Math.max(...saturations.map((s) => s.opsPerSecond));
      const peerBest = Math.max(...peer.saturation);
      const headline = {
        ratio: Number((ours / peerBest).toFixed(3)),
        ordersPerSecond: ours,
        peerRequestsPerSecond: peerBest,
        ...perOrder(atSaturation, atSaturation.acknowledged),
      };
      console.log(`machine: ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}; SQLite synchronous=FULL`);
      console.log(`server measured: ${tree}`);
      console.log(
        `headline: ratio to a bare Fastify route ${headline.ratio.toFixed(2)} (goal ${GOAL_PEER_RATIO}): ${ours} acknowledged orders/s against ${peerBest} requests/s, the best of each at saturation (${CONNECTIONS.join(' or ')} connections); ${describeMainThread(headline)}`,
      );
      saturations.forEach((sat, i) => {
        const peerOps = peer.saturation[i] as number;
        console.log(
          `saturation (${sat.connections} connections, ${SECONDS}s): ${sat.opsPerSecond} acknowledged orders/s, p50 ${sat.p50Ms} ms, p99 ${sat.p99Ms} ms, refused ${sat.refused}; server CPU ${sat.serverCpuUsPerOrder} µs per order (all threads), load generator ${sat.loadCpuUsPerRequest} µs per request`,
        );
        console.log(`  ${describeMainThread(sat)}`);
        console.log(`  inside the server: ${describeCore(sat.core)}`);
        console.log(`  ratio to the 20,000 orders/s goal: ${(sat.opsPerSecond / GOAL_OPS).toFixed(2)}`);
        console.log(
          `  peer, a bare Fastify route (same client and connections): ${peerOps} requests/s; ratio ours/peer ${(sat.opsPerSecond / peerOps).toFixed(2)}`,
        );
      });
      if (rate && peer.fixedRate && peer.lowestRate) {
        console.log(
          `fixed rate ${RATE}/s (${SECONDS}s, up to ${OPEN_LOOP_CONNECTIONS} connections): achieved ${rate.opsPerSecond}/s, p50 ${rate.p50Ms} ms, p99 ${rate.p99Ms} ms (goal p99 < ${GOAL_P99_MS} ms), refused ${rate.refused}; server CPU ${rate.serverCpuUsPerOrder} µs per order (all threads), load generator ${rate.loadCpuUsPerRequest} µs per request`,
        );
        console.log(`  ${describeMainThread(rate)}`);
        console.log(`  inside the server: ${describeCore(rate.core)}`);
        console.log(
          `  peer at ${RATE}/s: p50 ${peer.fixedRate.p50Ms} ms, p99 ${peer.fixedRate.p99Ms} ms; at ${peer.lowestRate.rate}/s: p50 ${peer.lowestRate.p50Ms} ms, p99 ${peer.lowestRate.p99Ms} ms (this machine's floor for one request)`,
        );
        console.log(
          `sweep (${SWEEP_SECONDS}s each): ${sweep.map((s) => `${s.rate}/s p99 ${s.p99Ms} ms`).join(', ')}; p99 under ${GOAL_P99_MS} ms up to ${sustained}/s (ratio to the ${GOAL_P99_RATE}/s goal ${(sustained / GOAL_P99_RATE).toFixed(2)})`,
        );
        for (const s of sweep) console.log(`  ${s.rate}/s inside the server: ${describeCore(s.core)}`);
      }
      console.log(
        JSON.stringify({
          bench: 'core-http-orders',
          tree,
          headline,
          saturation: saturations,
          ...(rate && { fixedRate: { rate: RATE, ...rate }, sweep, sustainedUnderGoalP99: sustained }),
          peer: { name: 'bare Fastify route', ...peer },
          goalPeerRatio: GOAL_PEER_RATIO,
          goalOps: GOAL_OPS,
          goalP99Ms: GOAL_P99_MS,
          goalP99Rate: GOAL_P99_RATE,
        }),
      );
    } finally {
      client.close();
      openLoop.close();
      await server.kill('SIGTERM');
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
