import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type CoreTimingsReport, type Percentiles, SECONDS_KEPT } from '../../apps/server/src/core/core-timings.ts';
import { seededRandom } from '../../apps/server/test/crash-run.ts';
import {
  freePort,
  type OrderInput,
  SYMBOL,
  seedExchange,
  startServer,
} from '../../apps/server/test/exchange-process.ts';
import { LeanHttpClient } from '../support/lean-http-client.ts';
import { processUsage } from '../support/process-usage.ts';

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
 * The server runs compiled (what `npm start` runs) in its own process; this process is the load generator. The
 * goal is 20,000 orders/s at saturation and p99 under 10 ms at 5,000 orders/s on a 2-core machine; the printed
 * ratio is measured/goal.
 * The load generator is a lean keep-alive client (lean-http-client.ts): it shares the 2 cores with the server.
 * The named peer, run the same way with the same client and connections: a bare Fastify route answering
 * order/create with a fixed reply (bare-fastify.ts), the machine's ceiling for one request per order, and, at the
 * fixed rates, its floor for one request's latency.
 * The last line is one JSON object.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '64,256').split(',').map(Number);
/**
 * Sockets the fixed-rate sender may open: enough that it never waits for one of its own (at 5,000/s and 16 ms a
 * request, 64 sockets hold only 4,000/s), so a phase measures the server's queueing rather than the sender's.
 */
const OPEN_LOOP_CONNECTIONS = Number(process.env.BENCH_OPEN_LOOP_CONNECTIONS ?? 512);
const GOAL_P99_RATE = 5_000;
const RATE = Number(process.env.BENCH_RATE ?? GOAL_P99_RATE);
const SWEEP_RATES = (process.env.BENCH_SWEEP_RATES ?? '500,1000,1500,2000,2500,3000,4000').split(',').map(Number);
const SWEEP_SECONDS = Number(process.env.BENCH_SWEEP_SECONDS ?? 4);
/**
 * Each fixed rate first runs this long unmeasured (as wrk2 calibrates before it records): the open-loop client opens
 * the sockets the rate needs and the server settles into the rate's batch sizes, so a phase measures the steady state.
 */
const WARM_UP_SECONDS = 1;
const USERS = 50;
/** Extra node flags for the server process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where its time goes. */
const SERVER_NODE_ARGS = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
const GOAL_OPS = 20_000;
const GOAL_P99_MS = 10;

const random = seededRandom(7);

/** Limit orders both sides of 100 (about a third cross and trade), one in ten a market order. */
function nextOrder(): OrderInput {
  const side = random() < 0.5 ? 'BUY' : 'SELL';
  if (random() < 0.1) return { side, type: 2, volume: side === 'BUY' ? '20' : '0.02', symbol: SYMBOL };
  const offset = Math.floor(random() * 300) / 100;
  const price = (side === 'BUY' ? 99.5 - offset + random() : 100.5 + offset - random()).toFixed(2);
  return { side, type: 1, price, volume: (0.001 + random() * 0.05).toFixed(4), symbol: SYMBOL };
}

/** Sends one order/create; resolves with the reply's code. */
async function sendOrder(client: LeanHttpClient, cookie: string): Promise<string> {
  const reply = await client.post('/fe-ex-api/order/create', JSON.stringify(nextOrder()), {
    cookie,
    'x-xsrf-token': 'bench',
  });
  return (JSON.parse(reply) as { code: string }).code;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number;
}

interface Phase {
  acknowledged: number;
  /** The server process's CPU time (all threads) per acknowledged order: load-independent, unlike orders/s. */
  serverCpuUsPerOrder?: number;
  /** This process's CPU time per request: what the load generator took from the cores it shares with the server. */
  loadCpuUsPerRequest?: number;
  /** The trading core's own timings over the phase, from the server's GET /health. */
  core?: CoreTimingsReport;
  refused: number;
  seconds: number;
  opsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

function summarise(latencies: number[], refused: number, seconds: number): Phase {
  latencies.sort((a, b) => a - b);
  return {
    acknowledged: latencies.length,
    refused,
    seconds,
    opsPerSecond: Math.round(latencies.length / seconds),
    p50Ms: Number(percentile(latencies, 0.5).toFixed(2)),
    p99Ms: Number(percentile(latencies, 0.99).toFixed(2)),
  };
}

async function saturation(client: LeanHttpClient, cookies: string[], connections: number): Promise<Phase> {
  const latencies: number[] = [];
  let refused = 0;
  const start = performance.now();
  const until = start + SECONDS * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const sent = performance.now();
      const code = await sendOrder(client, cookies[Math.floor(random() * cookies.length)] as string);
      if (code === '0') latencies.push(performance.now() - sent);
      else refused++;
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return summarise(latencies, refused, (performance.now() - start) / 1000);
}

async function fixedRate(client: LeanHttpClient, cookies: string[], rate: number, seconds: number): Promise<Phase> {
  const latencies: number[] = [];
  let refused = 0;
  const total = rate * seconds;
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const scheduled = start + (i * 1000) / rate;
    const wait = scheduled - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    // Latency counts from the scheduled time, so a sender that fell behind does not hide the wait; a request sent up
    // to 1 ms early (rather than sleep for less) counts from when it was sent.
    const from = Math.min(scheduled, performance.now());
    inFlight.push(
      sendOrder(client, cookies[i % cookies.length] as string).then((code) => {
        if (code === '0') latencies.push(performance.now() - from);
        else refused++;
      }),
    );
  }
  await Promise.all(inFlight);
  return summarise(latencies, refused, (performance.now() - start) / 1000);
}

/** A fixed-rate phase after WARM_UP_SECONDS at the same rate; `measure` wraps the measured part only. */
async function steadyRate(
  client: LeanHttpClient,
  cookies: string[],
  rate: number,
  seconds: number,
  measure: (phase: () => Promise<Phase>) => Promise<Phase> = (phase) => phase(),
): Promise<Phase> {
  await fixedRate(client, cookies, rate, WARM_UP_SECONDS);
  return measure(() => fixedRate(client, cookies, rate, seconds));
}

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

interface PeerResults {
  /** Requests/s at saturation, per entry of CONNECTIONS. */
  saturation: number[];
  /** The fixed-rate phase at RATE, and at the sweep's lowest rate: the machine's own latency floor. */
  fixedRate: Phase;
  lowestRate: Phase & { rate: number };
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
    await Promise.all(Array.from({ length: 2000 }, () => sendOrder(client, 'a=b')));
    const saturations: number[] = [];
    for (const connections of CONNECTIONS)
      saturations.push((await saturation(client, ['a=b'], connections)).opsPerSecond);
    const lowest = Math.min(...SWEEP_RATES);
    return {
      saturation: saturations,
      fixedRate: await steadyRate(openLoop, ['a=b'], RATE, SECONDS),
      lowestRate: { rate: lowest, ...(await steadyRate(openLoop, ['a=b'], lowest, SWEEP_SECONDS)) },
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
    const server = await startServer(dir, await freePort(), {}, SERVER_NODE_ARGS, { compiled: true });
    const client = new LeanHttpClient(server.port, Math.max(...CONNECTIONS));
    const openLoop = new LeanHttpClient(server.port, OPEN_LOOP_CONNECTIONS);
    try {
      // Warm-up: JIT, statement caches, the book's first levels.
      await Promise.all(
        Array.from({ length: 2000 }, (_, i) => sendOrder(client, exchange.cookies[i % USERS] as string)),
      );
      const pid = server.child.pid as number;
      const measured = async (phase: () => Promise<Phase>): Promise<Phase> => {
        const before = processUsage(pid).cpuMs;
        const load = process.cpuUsage();
        const result = await phase();
        const cpuMs = processUsage(pid).cpuMs - before;
        const loadUs = process.cpuUsage(load);
        const requests = Math.max(1, result.acknowledged + result.refused);
        return {
          ...result,
          serverCpuUsPerOrder: Math.round((cpuMs * 1000) / Math.max(1, result.acknowledged)),
          loadCpuUsPerRequest: Math.round((loadUs.user + loadUs.system) / requests),
          core: await coreTimings(server.port, result.seconds),
        };
      };
      const saturations: (Phase & { connections: number })[] = [];
      for (const connections of CONNECTIONS)
        saturations.push({
          connections,
          ...(await measured(() => saturation(client, exchange.cookies, connections))),
        });
      const rate = await steadyRate(openLoop, exchange.cookies, RATE, SECONDS, measured);
      const sweep: { rate: number; p50Ms: number; p99Ms: number; core: CoreTimingsReport }[] = [];
      for (const r of SWEEP_RATES) {
        const phase = await steadyRate(openLoop, exchange.cookies, r, SWEEP_SECONDS);
        sweep.push({
          rate: r,
          p50Ms: phase.p50Ms,
          p99Ms: phase.p99Ms,
          core: await coreTimings(server.port, phase.seconds),
        });
      }
      const sustained = Math.max(0, ...sweep.filter((s) => s.p99Ms < GOAL_P99_MS).map((s) => s.rate));
      const peer = await peerRun();
      console.log(`machine: ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}; SQLite synchronous=FULL`);
      saturations.forEach((sat, i) => {
        const peerOps = peer.saturation[i] as number;
        console.log(
          `saturation (${sat.connections} connections, ${SECONDS}s): ${sat.opsPerSecond} acknowledged orders/s, p50 ${sat.p50Ms} ms, p99 ${sat.p99Ms} ms, refused ${sat.refused}; server CPU ${sat.serverCpuUsPerOrder} µs per order, load generator ${sat.loadCpuUsPerRequest} µs per request`,
        );
        console.log(`  inside the server: ${describeCore(sat.core)}`);
        console.log(`  ratio to the 20,000 orders/s goal: ${(sat.opsPerSecond / GOAL_OPS).toFixed(2)}`);
        console.log(
          `  peer, a bare Fastify route (same client and connections): ${peerOps} requests/s; ratio ours/peer ${(sat.opsPerSecond / peerOps).toFixed(2)}`,
        );
      });
      console.log(
        `fixed rate ${RATE}/s (${SECONDS}s, up to ${OPEN_LOOP_CONNECTIONS} connections): achieved ${rate.opsPerSecond}/s, p50 ${rate.p50Ms} ms, p99 ${rate.p99Ms} ms (goal p99 < ${GOAL_P99_MS} ms), refused ${rate.refused}; server CPU ${rate.serverCpuUsPerOrder} µs per order, load generator ${rate.loadCpuUsPerRequest} µs per request`,
      );
      console.log(`  inside the server: ${describeCore(rate.core)}`);
      console.log(
        `  peer at ${RATE}/s: p50 ${peer.fixedRate.p50Ms} ms, p99 ${peer.fixedRate.p99Ms} ms; at ${peer.lowestRate.rate}/s: p50 ${peer.lowestRate.p50Ms} ms, p99 ${peer.lowestRate.p99Ms} ms (this machine's floor for one request)`,
      );
      console.log(
        `sweep (${SWEEP_SECONDS}s each): ${sweep.map((s) => `${s.rate}/s p99 ${s.p99Ms} ms`).join(', ')}; p99 under ${GOAL_P99_MS} ms up to ${sustained}/s (ratio to the ${GOAL_P99_RATE}/s goal ${(sustained / GOAL_P99_RATE).toFixed(2)})`,
      );
      for (const s of sweep) console.log(`  ${s.rate}/s inside the server: ${describeCore(s.core)}`);
      console.log(
        JSON.stringify({
          bench: 'core-http-orders',
          saturation: saturations,
          fixedRate: { rate: RATE, ...rate },
          sweep,
          sustainedUnderGoalP99: sustained,
          peer: { name: 'bare Fastify route', ...peer },
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
