import { OrderStatus } from '@opex/contract/calls/order';
import { CoreState } from '../src/core/core-state.ts';
import { formatUnits } from '../src/core/decimal-units.ts';
import { openDatabase } from '../src/db/database.ts';
import {
  ExchangeClient,
  freePort,
  type OrderInput,
  type SeededExchange,
  SYMBOL,
  startServer,
} from './exchange-process.ts';
import { tradingInvariants } from './trading-fixtures.ts';

/**
 * One crash cycle: start the real server, fire orders and cancels over HTTP from many connections as fast as it
 * answers, SIGKILL it at a random moment, restart it, and check that every acknowledged order (and cancel) is in
 * the database, the books rebuilt from it are the open orders and uncrossed, the restarted server matches against
 * the rebuilt book's best order, and every ledger and lock invariant holds.
 */
export interface CrashCycleResult {
  acknowledged: number;
  cancels: number;
  killedAfterMs: number;
  problems: string[];
}

/** mulberry32: a small seeded generator, so a failing run can be repeated from its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function crashCycle(
  exchange: SeededExchange,
  options: { loadMs: number; connections: number; cycle: number; random: () => number },
): Promise<CrashCycleResult> {
  const { random } = options;
  const port = await freePort();
  const server = await startServer(exchange.dataDir, port);
  const client = new ExchangeClient(port, options.connections);
  const created = new Set<number>();
  const cancelled = new Set<number>();
  const openByUser = exchange.cookies.map(() => [] as number[]);
  let dead = false;
  let sequence = 0;

  const order = (): OrderInput => {
    const side = random() < 0.5 ? 'BUY' : 'SELL';
    const clientOrderId = random() < 0.3 ? `c${options.cycle}-${sequence++}` : undefined;
    const base = { side, symbol: SYMBOL, ...(clientOrderId ? { clientOrderId } : {}) } as const;
    if (random() < 0.1) return { ...base, type: 2, volume: side === 'BUY' ? '25' : '0.05' };
    const price = (95 + random() * 10).toFixed(2);
    return { ...base, type: 1, price, volume: (0.001 + random() * 0.1).toFixed(4) };
  };

  const worker = async () => {
    while (!dead) {
      const user = Math.floor(random() * exchange.cookies.length);
      const cookie = exchange.cookies[user] as string;
      const open = openByUser[user] as number[];
      try {
        if (open.length > 0 && random() < 0.15) {
          const orderId = open.splice(Math.floor(random() * open.length), 1)[0] as number;
          const r = await client.call('order/cancel', { orderId, symbol: SYMBOL }, cookie);
          if (r.code === '0') cancelled.add(orderId);
          continue;
        }
        const input = order();
        const r = await client.call<{ order_id: number }>('order/create', input, cookie);
        if (r.code === '0') {
          created.add(r.data.order_id);
          if (input.type === 1) open.push(r.data.order_id);
        }
      } catch {
        return; // the connection died with the server
      }
    }
  };

  const started = Date.now();
  const killedAfterMs = Math.round(options.loadMs * (0.3 + 0.7 * random()));
  const killer = new Promise<void>((resolve) =>
    setTimeout(async () => {
      await server.kill('SIGKILL');
      dead = true;
      resolve();
    }, killedAfterMs),
  );
  await Promise.all([killer, ...Array.from({ length: options.connections }, worker)]);
  client.close();
  if (Date.now() - started < killedAfterMs) throw new Error('load ended before the kill');

  const restarted = await startServer(exchange.dataDir, port);
  const problems: string[] = [];
  const handle = openDatabase({ sqliteFile: exchange.sqliteFile });
  try {
    const rows = await handle.db.selectFrom('orders').select(['id', 'status']).execute();
    const status = new Map(rows.map((r) => [r.id, r.status]));
    for (const id of created) if (!status.has(id)) problems.push(`acknowledged order ${id} is missing`);
    for (const id of cancelled) {
      if (status.get(id) !== OrderStatus.cancelled)
        problems.push(`acknowledged cancel of ${id} but status ${status.get(id)}`);
    }
    const state = await CoreState.load(handle.db);
    problems.push(...(await tradingInvariants(handle.db, { book: (s) => state.markets.get(s)?.book })));
    problems.push(...(await matchesRebuiltBook(restarted.port, exchange, state, handle)));
  } finally {
    await restarted.kill('SIGTERM');
    await handle.close();
  }
  const after = openDatabase({ sqliteFile: exchange.sqliteFile });
  try {
    problems.push(...(await tradingInvariants(after.db)).map((p) => `after a clean stop: ${p}`));
  } finally {
    await after.close();
  }
  if (restarted.child.exitCode !== 0)
    problems.push(`clean stop exited ${restarted.child.exitCode}: ${restarted.stderr()}`);
  return { acknowledged: created.size, cancels: cancelled.size, killedAfterMs, problems };
}

/** A sell at the rebuilt best bid must trade with that bid's first order: the server's book is the rebuilt one. */
async function matchesRebuiltBook(
  port: number,
  exchange: SeededExchange,
  state: CoreState,
  handle: ReturnType<typeof openDatabase>,
): Promise<string[]> {
  const market = state.markets.get(SYMBOL);
  if (!market || market.book.bids.size === 0) return [];
  const { bids, store } = market.book;
  const level = bids.best();
  const head = store.idOf(bids.head[level] as number);
  const price = formatUnits(bids.price[level] as number, market.spec.pricePrecision);
  // The probe comes from another user than the bid's owner: self-trade prevention would expire it otherwise.
  const owner = await handle.db.selectFrom('orders').select('user_id').where('id', '=', head).executeTakeFirstOrThrow();
  const prober = Number(owner.user_id) === 1 ? 1 : 0;
  const client = new ExchangeClient(port, 1);
  try {
    const r = await client.call<{ order_id: number }>(
      'order/create',
      { side: 'SELL', type: 1, price, volume: '0.0001', symbol: SYMBOL },
      exchange.cookies[prober] as string,
    );
    if (r.code !== '0') return [`probe order refused: ${r.code} ${r.msg}`];
    const trade = await handle.db
      .selectFrom('trades')
      .selectAll()
      .where('taker_order_id', '=', r.data.order_id)
      .executeTakeFirst();
    return trade?.maker_order_id === head
      ? []
      : [`probe traded with ${trade?.maker_order_id}, the rebuilt best bid is ${head}`];
  } finally {
    client.close();
  }
}
