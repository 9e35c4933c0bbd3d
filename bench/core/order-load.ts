import type { CoreTimingsReport } from '../../apps/server/src/core/core-timings.ts';
import { seededRandom } from '../../apps/server/test/crash-run.ts';
import type { LeanHttpClient } from '../support/lean-http-client.ts';

/**
 * The HTTP benchmark's load: order/create requests from a seeded mix, sent closed-loop (saturation) or open-loop
 * (a fixed rate), and each phase's acknowledged orders and latency percentiles.
 */

/**
 * Each fixed rate first runs this long unmeasured (as wrk2 calibrates before it records): the open-loop client opens
 * the sockets the rate needs and the server settles into the rate's batch sizes, so a phase measures the steady state.
 */
const WARM_UP_SECONDS = 1;

export interface Phase {
  acknowledged: number;
  /** The server process's CPU time (all threads) per acknowledged order: load-independent, unlike orders/s. */
  serverCpuUsPerOrder?: number;
  /** The server's main thread (HTTP, sessions, validation, the core) per acknowledged order: CPU and allocation. */
  mainThreadCpuMsPerOrder?: number;
  mainThreadAllocatedKbPerOrder?: number;
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

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number;
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

export class OrderLoad {
  private readonly random = seededRandom(7);

  constructor(private readonly symbol: string) {}

  /** Sends one order/create; resolves with the reply's code. */
  async send(client: LeanHttpClient, cookie: string): Promise<string> {
    const reply = await client.post('/fe-ex-api/order/create', JSON.stringify(this.nextOrder()), {
      cookie,
      'x-xsrf-token': 'bench',
    });
    return (JSON.parse(reply) as { code: string }).code;
  }

  /** `connections` requests in flight at all times for `seconds`, each sent as the one before it is answered. */
  async saturation(client: LeanHttpClient, cookies: string[], connections: number, seconds: number): Promise<Phase> {
    const latencies: number[] = [];
    let refused = 0;
    const start = performance.now();
    const until = start + seconds * 1000;
    const worker = async () => {
      while (performance.now() < until) {
        const sent = performance.now();
        const code = await this.send(client, cookies[Math.floor(this.random() * cookies.length)] as string);
        if (code === '0') latencies.push(performance.now() - sent);
        else refused++;
      }
    };
    await Promise.all(Array.from({ length: connections }, worker));
    return summarise(latencies, refused, (performance.now() - start) / 1000);
  }

  /** A fixed-rate phase after WARM_UP_SECONDS at the same rate; `measure` wraps the measured part only. */
  async steadyRate(
    client: LeanHttpClient,
    cookies: string[],
    rate: number,
    seconds: number,
    measure: (phase: () => Promise<Phase>) => Promise<Phase> = (phase) => phase(),
  ): Promise<Phase> {
    await this.fixedRate(client, cookies, rate, WARM_UP_SECONDS);
    return measure(() => this.fixedRate(client, cookies, rate, seconds));
  }

  private async fixedRate(client: LeanHttpClient, cookies: string[], rate: number, seconds: number): Promise<Phase> {
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
        this.send(client, cookies[i % cookies.length] as string).then((code) => {
          if (code === '0') latencies.push(performance.now() - from);
          else refused++;
        }),
      );
    }
    await Promise.all(inFlight);
    return summarise(latencies, refused, (performance.now() - start) / 1000);
  }

  /** Limit orders both sides of 100 (about a third cross and trade), one in ten a market order. */
  private nextOrder() {
    const random = this.random;
    const side = random() < 0.5 ? 'BUY' : 'SELL';
    if (random() < 0.1) return { side, type: 2, volume: side === 'BUY' ? '20' : '0.02', symbol: this.symbol };
    const offset = Math.floor(random() * 300) / 100;
    const price = (side === 'BUY' ? 99.5 - offset + random() : 100.5 + offset - random()).toFixed(2);
    return { side, type: 1, price, volume: (0.001 + random() * 0.05).toFixed(4), symbol: this.symbol };
  }
}
