import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { Pool } from 'undici';
import { postWithoutCore } from '../src/core/posting-without-core.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { creditFromOutside } from '../src/ledger/ledger.ts';
import { UserSessions } from '../src/modules/user/user-sessions.ts';
import { systemClock } from '../src/platform/clock.ts';
import { SESSION_COOKIE } from '../src/platform/session-store.ts';
import { seedMarket } from './trading-fixtures.ts';

/**
 * The real server as a separate process (for the crash test and the benchmarks): seeded through the database
 * before it starts, driven over HTTP, killed with SIGKILL or stopped with SIGTERM.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
export const SYMBOL = 'btcusdt';

export interface SeededExchange {
  dataDir: string;
  sqliteFile: string;
  /** Cookie headers of logged-in users, index = user id - 1. */
  cookies: string[];
}

/** A fresh SQLite exchange: the BTC/USDT market, `users` funded users, and a session for each. */
export async function seedExchange(dataDir: string, users: number): Promise<SeededExchange> {
  const sqliteFile = path.join(dataDir, 'opex.sqlite');
  const handle = openDatabase({ sqliteFile });
  await migrateToLatest(handle.db, handle.dialect);
  await seedMarket(handle.db, { maker_fee: '0.001', taker_fee: '0.002' });
  const sessions = new UserSessions(handle.db, systemClock, { idleMs: 86_400_000, maxMs: 86_400_000 });
  const cookies: string[] = [];
  for (let userId = 1; userId <= users; userId++) {
    for (const [coin, amount] of [
      ['USDT', '100000000'],
      ['BTC', '1000000'],
    ] as const) {
      const credit = creditFromOutside({
        ownerId: userId,
        coin,
        amount,
        cause: 'operator_credit',
        causeId: `seed-${userId}-${coin}`,
      });
      await postWithoutCore(handle, credit, systemClock.now());
    }
    const token = await sessions.create(userId, '127.0.0.1', 'bench');
    cookies.push(`${SESSION_COOKIE}=${token}; XSRF-TOKEN=bench`);
  }
  await handle.close();
  return { dataDir, sqliteFile, cookies };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** What the server wrote to stderr (warnings and errors). */
  stderr: () => string;
  kill(signal: 'SIGKILL' | 'SIGTERM'): Promise<void>;
}

/** The compiled server (apps/server/dist/main.mjs), built at most once per process: see ensureCompiledServer. */
let compiledBuild: Promise<string> | undefined;

/**
 * Builds the compiled server (build/build-server.ts, what `npm start` runs) once per process and resolves with its
 * entry. Call it before timing a start, so the build is not counted in the first one.
 */
export function ensureCompiledServer(): Promise<string> {
  compiledBuild ??= import('../build/build-server.ts').then(async ({ buildServer, compiledMain }) => {
    await buildServer();
    return compiledMain;
  });
  return compiledBuild;
}

/**
 * The V8 flags `npm start` gives the server (apps/server/package.json): a 64 MB young generation, since each batch's
 * rows and events live until its commit and a small one copies them from scavenge to scavenge (GC time halved in
 * the order benchmark's profile).
 */
const SERVER_V8_FLAGS = ['--max-semi-space-size=64'];

export interface StartOptions {
  /**
   * Run the compiled server (`node --enable-source-maps apps/server/dist/main.mjs`, built once per process) instead
   * of the sources through tsx. Default: the environment's SERVER_COMPILED=1.
   */
  compiled?: boolean;
}

/**
 * Starts the server as its own process and waits until /health answers: from source, `node --import tsx
 * apps/server/src/main.ts` (what `npx tsx` runs, minus the wrapper processes, so a SIGKILL reaches the server
 * itself); compiled, `node --enable-source-maps apps/server/dist/main.mjs` (what `npm start` runs).
 */
export async function startServer(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
  options: StartOptions = {},
): Promise<ServerProcess> {
  const compiled = options.compiled ?? process.env.SERVER_COMPILED === '1';
  const entry = compiled
    ? ['--enable-source-maps', await ensureCompiledServer()]
    : ['--import', 'tsx', 'apps/server/src/main.ts'];
  const child = spawn(process.execPath, [...SERVER_V8_FLAGS, ...nodeArgs, ...entry], {
    cwd: repoRoot,
    env: {
      // Load tools send hundreds of orders per user per second: no order-entry limit unless the caller's env sets one.
      ORDER_RATE_PER_S: '0',
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO: '0',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitUntilHealthy(child, port, () => stderr);
  return {
    child,
    port,
    stderr: () => stderr,
    kill: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** Waits up to 30 s for a started server's /health; fails with what it printed (`output`) if it exits or never answers. */
export async function waitUntilHealthy(child: ChildProcess, port: number, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited during start: ${output()}`);
    if (Date.now() > deadline) throw new Error(`server did not start: ${output()}`);
    const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface OrderInput {
  side: 'BUY' | 'SELL';
  type: 1 | 2;
  price?: string;
  volume: string;
  symbol: string;
  clientOrderId?: string;
}

/** A keep-alive HTTP client for the exchange's calls; resolves with the envelope, rejects on a dropped connection. */
export class ExchangeClient {
  private readonly pool: Pool;

  constructor(
    readonly port: number,
    sockets: number,
  ) {
    this.pool = new Pool(`http://127.0.0.1:${port}`, { connections: sockets });
  }

  async call<T = unknown>(
    name: string,
    body: unknown,
    cookie: string,
  ): Promise<{ code: string; msg: string; data: T }> {
    const response = await this.pool.request({
      path: `/fe-ex-api/${name}`,
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': 'bench' },
    });
    return (await response.body.json()) as { code: string; msg: string; data: T };
  }

  close(): void {
    this.pool.destroy().catch(() => {});
  }
}
