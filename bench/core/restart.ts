import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { saveCoin } from '../../apps/server/src/catalog/coins.ts';
import { saveMarket } from '../../apps/server/src/catalog/markets.ts';
import { toUnits } from '../../apps/server/src/core/decimal-units.ts';
import { TradingCore } from '../../apps/server/src/core/trading-core.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { SYSTEM_OWNER } from '../../apps/server/src/ledger/accounts.ts';
import { UserSessions } from '../../apps/server/src/modules/user/user-sessions.ts';
import { systemClock } from '../../apps/server/src/platform/clock.ts';
import { SESSION_COOKIE } from '../../apps/server/src/platform/session-store.ts';
import { demoCoins, demoMarkets } from '../../apps/server/src/seed/demo-catalog.ts';
import { seededRandom } from '../../apps/server/test/crash-run.ts';
import {
  ExchangeClient,
  ensureCompiledServer,
  freePort,
  startServer,
} from '../../apps/server/test/exchange-process.ts';
import { tradingInvariants } from '../../apps/server/test/trading-fixtures.ts';

/**
 * `npm run core:restart -w bench`: how long the trading core takes to be ready again after a restart with
 * ORDERS (1,000,000) resting orders over the five demo markets, on SQLite.
 *
 * The database is written directly in the tables the core writes (orders, balances, ledger_entries), in a state the
 * core accepts: every order rests without crossing, each owner's locked balance is the sum of its orders' reserves,
 * and the ledger explains every balance (an operator credit, then one order_lock movement per owner and coin).
 * The first run checks that with the trading tests' invariants (ledger audit, locks = reserves, book = open orders).
 *
 * Then, RUNS times each, in a fresh process:
 *  - core: open the database, `new TradingCore().start()` (books and locked balances rebuilt), then one order
 *    placed and cancelled through it: "ready" is the start's end, and the first order's answer proves it;
 *  - server: the real server process as `npm start` runs it, compiled (`node --enable-source-maps
 *    apps/server/dist/main.mjs`, built once before the runs), from spawn to /health, then the first order
 *    acknowledged over HTTP. With SOURCE=1 each run is followed by one of the server from its sources through tsx
 *    (`node --import tsx apps/server/src/main.ts`), alternating, for the A/B on the same machine state.
 * Printed: best and median of each, the process's RSS, and the ratio goal (5 s) / measured (above 1 meets it; no
 * peer runs in this bench). The last line is one JSON object.
 */
const ORDERS = Number(process.env.ORDERS ?? 1_000_000);
const USERS = Number(process.env.USERS ?? 2_000);
const RUNS = Number(process.env.RUNS ?? 3);
const SOURCE = process.env.SOURCE === '1';
const GOAL_MS = 5_000;
const LEVELS = 5_000;
const self = import.meta.filename;

/** Reference prices in the quote coin (integers of the market's ticks are derived from them). */
const MID: Record<string, string> = {
  btcusdt: '65000',
  ethusdt: '3200',
  ltcusdt: '80',
  trxusdt: '0.12',
  ethbtc: '0.049',
};

/** Amounts in units of 10^-SCALE, so every market's notional (p + v digits, at most 10) sums exactly. */
const SCALE = 12;
const toScaled = (units: bigint, digits: number) => units * 10n ** BigInt(SCALE - digits);
function fromScaled(value: bigint): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(SCALE + 1, '0');
  const text = `${digits.slice(0, -SCALE)}.${digits.slice(-SCALE)}`.replace(/\.?0+$/, '');
  return negative ? `-${text}` : text;
}
const unitsText = (units: number, digits: number) => fromScaled(toScaled(BigInt(units), digits));

interface Seeded {
  sqliteFile: string;
  cookie: string;
}

async function seed(dir: string): Promise<Seeded> {
  const sqliteFile = path.join(dir, 'opex.sqlite');
  const handle = openDatabase({ sqliteFile });
  await migrateToLatest(handle.db, handle.dialect);
  const now = Date.now();
  for (const coin of demoCoins) await saveCoin(handle.db, coin, now);
  for (const market of demoMarkets) await saveMarket(handle.db, market, now);
  const sessions = new UserSessions(handle.db, systemClock, { idleMs: 86_400_000, maxMs: 86_400_000 });
  const token = await sessions.create(1, '127.0.0.1', 'bench');
  await handle.close();

  const db = new SQLite(sqliteFile);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const random = seededRandom(11);
  const insertOrder = db.prepare(
    `insert into orders (id, user_id, symbol, side, type, price, volume, deal_volume, deal_money, fee, fee_coin,
       reserve, status, closed_by_exchange, client_order_id, reject_code, created_at, updated_at)
     values (?, ?, ?, ?, 1, ?, ?, '0', '0', '0', ?, ?, 1, 0, null, '', ?, ?)`,
  );
  const locked = new Map<string, bigint>();
  const markets = demoMarkets.map((m) => {
    const symbol = `${m.base}${m.quote}`.toLowerCase();
    const p = m.pricePrecision;
    const v = m.volumePrecision;
    const [whole = '0', fraction = ''] = (MID[symbol] as string).split('.');
    const mid = Number(`${whole}${fraction.padEnd(p, '0')}`);
    const min = toUnits(m.limitVolumeMin, v);
    const minLots = min.ok ? Math.max(1, min.units) : 1;
    // Levels one tick apart (or wider for a coarse price), never reaching zero.
    const spacing = Math.max(1, Math.floor(mid / (LEVELS * 4)));
    return { m, symbol, p, v, mid, minLots, spacing };
  });
  const write = db.transaction(() => {
    for (let id = 1; id <= ORDERS; id++) {
      const k = markets[id % markets.length] as (typeof markets)[number];
      const userId = 1 + (id % USERS);
      const side = random() < 0.5 ? 'BUY' : 'SELL';
      const distance = 1 + Math.floor(random() * LEVELS);
      const ticks = side === 'BUY' ? k.mid - distance * k.spacing : k.mid + distance * k.spacing;
      const lots = k.minLots * (1 + Math.floor(random() * 100));
      const reserve = side === 'BUY' ? toScaled(BigInt(ticks) * BigInt(lots), k.p + k.v) : toScaled(BigInt(lots), k.v);
      const lockCoin = side === 'BUY' ? k.m.quote : k.m.base;
      const key = `${userId}/${lockCoin}`;
      locked.set(key, (locked.get(key) ?? 0n) + reserve);
      const created = now - ORDERS + id;
      insertOrder.run(
        id,
        userId,
        k.symbol,
        side,
        unitsText(ticks, k.p),
        unitsText(lots, k.v),
        side === 'BUY' ? k.m.base : k.m.quote,
        fromScaled(reserve),
        created,
        created,
      );
    }
    // Each owner is credited what it locks plus as much again, then locks its orders' reserves.
    const insertBalance = db.prepare(
      `insert into balances (owner_id, account, coin, available, locked, updated_at) values (?, ?, ?, ?, ?, ?)
       on conflict (owner_id, account, coin) do update set available = excluded.available, locked = excluded.locked`,
    );
    const insertLedger = db.prepare(
      `insert into ledger_entries (owner_id, account, coin, field, delta, balance_after, cause, cause_id, memo, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, '', ?)`,
    );
    const external = new Map<string, bigint>();
    for (const [key, lock] of locked) {
      const [owner, coin] = key.split('/') as [string, string];
      const credit = lock * 2n;
      external.set(coin, (external.get(coin) ?? 0n) - credit);
      const userId = Number(owner);
      const cause = `bench-seed:${userId}:${coin}`;
      insertBalance.run(userId, 'exchange', coin, fromScaled(credit - lock), fromScaled(lock), now);
      insertLedger.run(
        userId,
        'exchange',
        coin,
        'available',
        fromScaled(credit),
        fromScaled(credit),
        'operator_credit',
        cause,
        now,
      );
      insertLedger.run(
        userId,
        'exchange',
        coin,
        'available',
        fromScaled(-lock),
        fromScaled(credit - lock),
        'order_lock',
        cause,
        now,
      );
      insertLedger.run(
        userId,
        'exchange',
        coin,
        'locked',
        fromScaled(lock),
        fromScaled(lock),
        'order_lock',
        cause,
        now,
      );
    }
    for (const [coin, sum] of external) {
      insertBalance.run(SYSTEM_OWNER, 'external', coin, fromScaled(sum), '0', now);
      insertLedger.run(
        SYSTEM_OWNER,
        'external',
        coin,
        'available',
        fromScaled(sum),
        fromScaled(sum),
        'operator_credit',
        'bench-seed',
        now,
      );
    }
  });
  write();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return { sqliteFile, cookie: `${SESSION_COOKIE}=${token}; XSRF-TOKEN=bench` };
}

/** A bid far below the book on BTC/USDT: it rests without trading, and is cancelled again. */
const probeOrder = { side: 'BUY' as const, type: 1 as const, price: '1000.00', volume: '0.001' };

interface CoreRun {
  /** Process start to the modules loaded (tsx compiling the server's sources). */
  importMs: number;
  /** TradingCore.start(): books and locked balances rebuilt from the database. */
  rebuildMs: number;
  /** CPU time of this process during the start (on a busy machine, the wall time above also counts waiting). */
  rebuildCpuMs: number;
  /** The first order's answer after the start (one transaction with fsync). */
  firstOrderMs: number;
  /** Process start to the first order answered. */
  totalMs: number;
  rssMb: number;
  heapMb: number;
  problems?: string[];
}

/** Runs in a child process: one cold start of the core on the seeded database. */
async function probe(sqliteFile: string, verify: boolean): Promise<void> {
  const importMs = performance.now();
  const handle = openDatabase({ sqliteFile });
  const core = new TradingCore(handle, systemClock, { inboxPollMs: 0 });
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  await core.start();
  const t1 = performance.now();
  const cpu = process.cpuUsage(cpu0);
  const placed = await core.placeOrder({ userId: 1, symbol: 'btcusdt', request: probeOrder, clientOrderId: null });
  const t2 = performance.now();
  if (!placed.ok) throw new Error(`the first order was refused: ${placed.code}`);
  const memory = process.memoryUsage();
  const cancelled = await core.cancelOrder({ userId: 1, orderId: placed.orderId, symbol: 'btcusdt' });
  if (!cancelled.ok) throw new Error('the first order could not be cancelled');
  const run: CoreRun = {
    importMs: Math.round(importMs),
    rebuildMs: Math.round(t1 - t0),
    rebuildCpuMs: Math.round((cpu.user + cpu.system) / 1000),
    firstOrderMs: Math.round(t2 - t1),
    totalMs: Math.round(t2),
    rssMb: Math.round(memory.rss / 2 ** 20),
    heapMb: Math.round(memory.heapUsed / 2 ** 20),
  };
  if (verify) run.problems = await tradingInvariants(handle.db, core);
  await core.stop();
  await handle.close();
  console.log(JSON.stringify(run));
}

function coreRun(sqliteFile: string, verify: boolean): CoreRun {
  const out = execFileSync(process.execPath, ['--import', 'tsx', self, 'probe', sqliteFile, verify ? '1' : '0'], {
    encoding: 'utf8',
    maxBuffer: 64 * 2 ** 20,
  });
  return JSON.parse(out.trim().split('\n').pop() as string);
}

interface ServerRun {
  healthMs: number;
  firstOrderMs: number;
  /** CPU time of the server process (all its threads) from spawn to the first order acknowledged. */
  cpuMs: number;
  rssMb: number;
}

/** Clock ticks per second of /proc's CPU times. */
const CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** User + system CPU time of a process so far, from /proc/<pid>/stat (utime and stime, fields 14 and 15). */
function processCpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Math.round(((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK);
}

async function serverRun(dir: string, cookie: string, compiled: boolean): Promise<ServerRun> {
  const port = await freePort();
  const t0 = performance.now();
  const server = await startServer(dir, port, {}, [], { compiled });
  const t1 = performance.now();
  const client = new ExchangeClient(port, 1);
  try {
    const placed = await client.call<{ order_id: number }>(
      'order/create',
      { ...probeOrder, symbol: 'btcusdt' },
      cookie,
    );
    const t2 = performance.now();
    const cpuMs = processCpuMs(server.child.pid as number);
    if (placed.code !== '0') throw new Error(`the first order was refused: ${placed.code} ${placed.msg}`);
    const cancelled = await client.call('order/cancel', { orderId: placed.data.order_id, symbol: 'btcusdt' }, cookie);
    if (cancelled.code !== '0') throw new Error(`cancel refused: ${cancelled.msg}`);
    const status = fs.readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return {
      healthMs: Math.round(t1 - t0),
      firstOrderMs: Math.round(t2 - t0),
      cpuMs,
      rssMb: Math.round(rssKb / 1024),
    };
  } finally {
    client.close();
    await server.kill('SIGTERM');
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const best = (values: number[]) => Math.min(...values);

async function main() {
  // RESTART_DIR keeps the seeded database (for profiling: node --cpu-prof --import tsx core/restart.ts probe <file> 0).
  const kept = process.env.RESTART_DIR;
  const dir = kept ?? fs.mkdtempSync(path.join(os.tmpdir(), 'opex-bench-restart-'));
  if (kept) fs.mkdirSync(kept, { recursive: true });
  try {
    const seedStart = performance.now();
    const { sqliteFile, cookie } = await seed(dir);
    const seedMs = performance.now() - seedStart;
    const sizeMb = Math.round(fs.statSync(sqliteFile).size / 2 ** 20);
    console.log(
      `seeded ${ORDERS} resting orders of ${USERS} users over ${demoMarkets.length} markets in ${(seedMs / 1000).toFixed(1)} s (${sizeMb} MB)`,
    );
    const cores: CoreRun[] = [];
    for (let i = 0; i < RUNS; i++) {
      const run = coreRun(sqliteFile, i === 0);
      if (run.problems?.length)
        throw new Error(`the seeded state is not one the core accepts:\n${run.problems.slice(0, 10).join('\n')}`);
      if (i === 0)
        console.log("  checked: ledger audit, locked balances = open orders' reserves, rebuilt books = open orders");
      console.log(
        `  core run ${i + 1}: rebuild ${run.rebuildMs} ms (CPU ${run.rebuildCpuMs} ms), first order ${run.firstOrderMs} ms after; ${run.totalMs} ms from process start (modules ${run.importMs} ms); RSS ${run.rssMb} MB, heap ${run.heapMb} MB`,
      );
      cores.push(run);
    }
    // Built before the first timed start, so the build is not counted in it.
    await ensureCompiledServer();
    const servers: ServerRun[] = [];
    const sourceServers: ServerRun[] = [];
    const describe = (run: ServerRun) =>
      `/health after ${run.healthMs} ms, first order acknowledged ${run.firstOrderMs} ms after spawn (server CPU ${run.cpuMs} ms); RSS ${run.rssMb} MB`;
    for (let i = 0; i < RUNS; i++) {
      const run = await serverRun(dir, cookie, true);
      console.log(`  server run ${i + 1} (compiled): ${describe(run)}`);
      servers.push(run);
      if (!SOURCE) continue;
      const source = await serverRun(dir, cookie, false);
      console.log(`  server run ${i + 1} (source, tsx): ${describe(source)}`);
      sourceServers.push(source);
    }
    const rebuild = cores.map((r) => r.rebuildMs);
    const serverReady = servers.map((r) => r.firstOrderMs);
    console.log(
      `machine: ${os.cpus().length} cores, load average ${os.loadavg()[0]?.toFixed(2)}; SQLite synchronous=FULL`,
    );
    console.log(
      `core rebuild with ${ORDERS} open orders: best ${best(rebuild)} ms, median ${median(rebuild)} ms, median CPU ${median(cores.map((r) => r.rebuildCpuMs))} ms; RSS ${median(cores.map((r) => r.rssMb))} MB`,
    );
    console.log(
      `server (compiled) spawn to first order acknowledged: best ${best(serverReady)} ms, median ${median(serverReady)} ms, median CPU ${median(servers.map((r) => r.cpuMs))} ms; RSS ${median(servers.map((r) => r.rssMb))} MB`,
    );
    const sourceReady = sourceServers.map((r) => r.firstOrderMs);
    if (SOURCE)
      console.log(
        `server (source, tsx) spawn to first order acknowledged: best ${best(sourceReady)} ms, median ${median(sourceReady)} ms, median CPU ${median(sourceServers.map((r) => r.cpuMs))} ms; RSS ${median(sourceServers.map((r) => r.rssMb))} MB`,
      );
    console.log(
      `  ratio goal (${GOAL_MS / 1000} s) / measured, no peer in this bench: core ${(GOAL_MS / median(rebuild)).toFixed(2)}, server ${(GOAL_MS / median(serverReady)).toFixed(2)}`,
    );
    console.log(
      JSON.stringify({
        bench: 'core-restart',
        orders: ORDERS,
        users: USERS,
        markets: demoMarkets.length,
        core: { bestMs: best(rebuild), medianMs: median(rebuild), runs: cores },
        server: { compiled: true, bestMs: best(serverReady), medianMs: median(serverReady), runs: servers },
        ...(SOURCE
          ? { serverFromSource: { bestMs: best(sourceReady), medianMs: median(sourceReady), runs: sourceServers } }
          : {}),
        goalMs: GOAL_MS,
      }),
    );
  } finally {
    if (!kept) fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'probe') await probe(process.argv[3] as string, process.argv[4] === '1');
else await main();
