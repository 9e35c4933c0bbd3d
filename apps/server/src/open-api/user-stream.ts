import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import Big from 'big.js';
import type { FastifyInstance } from 'fastify';
import { type WebSocket, WebSocketServer } from 'ws';
import type { CoreEvent } from '../core/core-events.ts';
import type { MarketSpec } from '../core/market-spec.ts';
import { spendsQuote } from '../core/order-rules.ts';
import type { Services } from '../platform/services.ts';
import { claimUpgrades } from '../realtime/upgrade-paths.ts';
import { BinanceCode, BinanceError } from './binance-error.ts';
import { binanceSymbol, quoteAmount } from './market-format.ts';
import { binanceOrderType, binanceStatus, clientOrderIdOf, type OrderRow, type TradeRow } from './order-format.ts';
import { QueryParams } from './query-params.ts';
import { authenticate } from './signed-request.ts';

/**
 * The user data stream of Binance's WebSocket API (`/ws-api/v3`), the way current Binance clients (CCXT's
 * watchOrders, watchBalance, watchMyTrades) follow their own orders: `userDataStream.subscribe.signature` with
 * {apiKey, timestamp, signature} (HMAC-SHA256 of the other parameters sorted by name, as name=value joined by &)
 * subscribes the connection to the key owner's events, each sent as {subscriptionId, event}: `executionReport` for
 * every new, traded, cancelled or expired order, then `outboundAccountPosition` with the changed spot balances.
 * Also answered: ping, time, userDataStream.unsubscribe. Requests are {id, method, params}; answers
 * {id, status, result} or {id, status, error: {code, msg}}.
 *
 * Events leave the trading core after commit; each batch is read back from the database (the rows the core wrote)
 * in order, one batch after another, so reports arrive in the order things happened.
 */
const ACCOUNT = 'exchange';

interface Subscriber {
  socket: WebSocket;
  /** subscriptionId -> user id. */
  subscriptions: Map<number, number>;
  nextId: number;
  alive: boolean;
  ip: string;
  turn: Promise<void>;
}

export function registerOpenApiUserStream(scope: FastifyInstance, services: Services): void {
  const base = services.config.basePath;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const hub = new UserStreamHub(services);
  claimUpgrades(
    scope.server,
    (path) => path === `${base}/ws-api/v3`,
    (request, socket, head) => wss.handleUpgrade(request, socket, head, (ws) => hub.attach(ws, request)),
  );
  scope.addHook('preClose', async () => {
    hub.stop();
    wss.close();
  });
}

class UserStreamHub {
  private readonly clients = new Set<Subscriber>();
  /** user id -> their subscribers. */
  private readonly byUser = new Map<number, Set<Subscriber>>();
  private readonly unsubscribe: () => void;
  private readonly timer: NodeJS.Timeout;
  /** Batches are turned into reports one after another. */
  private queue: Promise<void> = Promise.resolve();

  private readonly trust: ((addr: string, i: number) => boolean) | null;

  constructor(private readonly services: Services) {
    this.trust = services.config.trustProxy.length ? proxyAddr.compile(services.config.trustProxy) : null;
    this.unsubscribe = services.core.bus.subscribe((events) => this.onCoreEvents(events));
    this.timer = setInterval(() => this.heartbeat(), services.config.wsPingMs);
  }

  stop(): void {
    clearInterval(this.timer);
    this.unsubscribe();
    for (const c of [...this.clients]) {
      c.socket.terminate();
      this.detach(c);
    }
  }

  attach(socket: WebSocket, request: IncomingMessage): void {
    const client: Subscriber = {
      socket,
      subscriptions: new Map(),
      nextId: 0,
      alive: true,
      // The address the key's whitelist is checked against: the forwarded one only from a trusted proxy, as for REST.
      ip: this.trust ? proxyAddr(request, this.trust) : (request.socket.remoteAddress ?? ''),
      turn: Promise.resolve(),
    };
    this.clients.add(client);
    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('message', (data, isBinary) => {
      client.alive = true;
      const text = isBinary ? '' : data.toString();
      client.turn = client.turn.then(() => this.onRequest(client, text)).catch(() => undefined);
    });
    socket.on('close', () => this.detach(client));
    socket.on('error', () => socket.terminate());
  }

  private detach(client: Subscriber): void {
    if (!this.clients.delete(client)) return;
    for (const userId of client.subscriptions.values()) this.byUser.get(userId)?.delete(client);
    client.subscriptions.clear();
  }

  private heartbeat(): void {
    for (const client of this.clients) {
      if (!client.alive) {
        client.socket.terminate();
        this.detach(client);
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
  }

  private send(client: Subscriber, frame: unknown): void {
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(frame));
  }

  private async onRequest(client: Subscriber, text: string): Promise<void> {
    let request: { id?: unknown; method?: unknown; params?: unknown };
    try {
      request = JSON.parse(text);
      if (typeof request !== 'object' || request === null || Array.isArray(request)) throw new Error('not an object');
    } catch {
      return this.send(client, { id: null, status: 400, error: { code: -1000, msg: 'Invalid JSON payload' } });
    }
    const id = typeof request.id === 'string' || typeof request.id === 'number' ? request.id : null;
    const ok = (result: unknown) => this.send(client, { id, status: 200, result, rateLimits: [] });
    try {
      const params = request.params ?? {};
      if (typeof params !== 'object' || params === null || Array.isArray(params))
        throw new BinanceError(BinanceCode.illegalChars, "Illegal characters found in parameter 'params'.");
      const values = stringParams(params as Record<string, unknown>);
      switch (request.method) {
        case 'ping':
          return ok({});
        case 'time':
          return ok({ serverTime: this.services.clock.now() });
        case 'userDataStream.subscribe.signature': {
          const payload = Object.keys(values)
            .filter((k) => k !== 'signature')
            .sort()
            .map((k) => `${k}=${values[k]}`)
            .join('&');
          const { userId, params: read } = await authenticate(
            this.services,
            {
              apiKey: values.apiKey,
              ip: client.ip,
              params: () => new QueryParams(values),
              payload,
            },
            'read',
          );
          read.optional('apiKey');
          read.done();
          const subscriptionId = client.nextId++;
          client.subscriptions.set(subscriptionId, userId);
          let set = this.byUser.get(userId);
          if (!set) {
            set = new Set();
            this.byUser.set(userId, set);
          }
          set.add(client);
          return ok({ subscriptionId });
        }
        case 'userDataStream.unsubscribe': {
          const wanted = values.subscriptionId === undefined ? null : Number(values.subscriptionId);
          for (const [sid, userId] of [...client.subscriptions]) {
            if (wanted !== null && sid !== wanted) continue;
            client.subscriptions.delete(sid);
            if (![...client.subscriptions.values()].includes(userId)) this.byUser.get(userId)?.delete(client);
          }
          return ok({});
        }
        default:
          throw new BinanceError(BinanceCode.unsupportedOperation, 'Unsupported operation.');
      }
    } catch (error) {
      const refusal =
        error instanceof BinanceError
          ? error
          : new BinanceError(BinanceCode.unknown, 'An unknown error occurred while processing the request.');
      return this.send(client, { id, status: refusal.httpStatus, error: refusal.toJSON() });
    }
  }

  private onCoreEvents(events: readonly CoreEvent[]): void {
    if (this.byUser.size === 0) return;
    const watched = (userId: number) => (this.byUser.get(userId)?.size ?? 0) > 0;
    const orders = events.filter((e) => e.type === 'order' && watched(e.userId));
    const balances = events.filter((e) => e.type === 'balance' && e.account === ACCOUNT && watched(e.ownerId));
    if (orders.length === 0 && balances.length === 0) return;
    const tradeIds = events.flatMap((e) =>
      e.type === 'trade' && (watched(e.makerUserId) || watched(e.takerUserId)) ? [e.tradeId] : [],
    );
    const now = this.services.clock.now();
    this.queue = this.queue.then(() => this.report(orders, balances, tradeIds, now)).catch(() => undefined);
  }

  private async report(orders: CoreEvent[], balances: CoreEvent[], tradeIds: number[], now: number): Promise<void> {
    const { db } = this.services.database;
    const orderIds = orders.flatMap((e) => (e.type === 'order' ? [e.orderId] : []));
    const [rows, trades] = await Promise.all([
      orderIds.length ? db.selectFrom('orders').selectAll().where('id', 'in', orderIds).execute() : [],
      tradeIds.length ? db.selectFrom('trades').selectAll().where('id', 'in', tradeIds).orderBy('id').execute() : [],
    ]);
    // Every market an order was placed in is one the core holds.
    const specOf = { get: (symbol: string) => this.services.core.market(symbol) };
    const frames = new Map<number, unknown[]>();
    const push = (userId: number, event: unknown) => {
      let list = frames.get(userId);
      if (!list) {
        list = [];
        frames.set(userId, list);
      }
      list.push(event);
    };
    for (const row of rows.sort((a, b) => Number(a.id) - Number(b.id))) {
      const spec = specOf.get(row.symbol);
      if (!spec) continue;
      const own = trades.filter(
        (t) => Number(t.maker_order_id) === Number(row.id) || Number(t.taker_order_id) === Number(row.id),
      );
      for (const report of executionReports(row, own, spec, now)) push(Number(row.user_id), report);
    }
    const changed = new Map<number, { a: string; f: string; l: string }[]>();
    for (const e of balances) {
      if (e.type !== 'balance') continue;
      const list = changed.get(e.ownerId) ?? [];
      list.push({ a: e.coin.toUpperCase(), f: balanceText(e.available), l: balanceText(e.locked) });
      changed.set(e.ownerId, list);
    }
    for (const [userId, list] of changed) push(userId, { e: 'outboundAccountPosition', E: now, u: now, B: list });

    for (const [userId, events] of frames) {
      for (const client of this.byUser.get(userId) ?? []) {
        for (const [sid, owner] of client.subscriptions) {
          if (owner !== userId) continue;
          for (const event of events) this.send(client, { subscriptionId: sid, event });
        }
      }
    }
  }
}

function stringParams(params: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string') out[name] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') out[name] = String(value);
    else throw new BinanceError(BinanceCode.illegalChars, `Illegal characters found in parameter '${name}'.`);
  }
  return out;
}

const balanceText = (value: string) => {
  const v = new Big(value);
  return v.toFixed(Math.max(8, v.c.length - v.e - 1));
};

/**
 * The executionReports one batch makes for an order: NEW when it was placed in this batch, one TRADE per fill
 * (cumulative amounts counted up to each), and CANCELED, EXPIRED or REJECTED when it ended that way.
 */
export function executionReports(row: OrderRow, trades: TradeRow[], spec: MarketSpec, now: number) {
  const p = spec.pricePrecision;
  const v = spec.volumePrecision;
  const id = Number(row.id);
  const byQuote = spendsQuote(row);
  const finalStatus = binanceStatus(row);
  const placedNow = Number(row.created_at) === Number(row.updated_at);
  // What was filled before this batch's trades.
  let filled = new Big(row.deal_volume);
  let turnover = new Big(row.deal_money);
  for (const t of trades) {
    filled = filled.minus(t.volume);
    turnover = turnover.minus(t.amount);
  }
  const base = {
    e: 'executionReport',
    E: now,
    s: binanceSymbol(spec),
    c: clientOrderIdOf(row),
    S: row.side,
    o: binanceOrderType(row),
    f: row.time_in_force,
    q: byQuote ? new Big(0).toFixed(v) : new Big(row.volume).toFixed(v),
    p: new Big(row.price).toFixed(p),
    P: new Big(0).toFixed(p),
    F: new Big(0).toFixed(v),
    g: -1,
    C: '',
    r: 'NONE',
    i: id,
    I: id,
    M: false,
    O: Number(row.created_at),
    Q: byQuote ? quoteAmount(row.volume, spec) : quoteAmount('0', spec),
    W: Number(row.created_at),
    V: row.stp_mode,
  };
  const state = (x: string, X: string, open: boolean) => ({
    ...base,
    x,
    X,
    l: new Big(0).toFixed(v),
    z: filled.toFixed(v),
    L: new Big(0).toFixed(p),
    n: '0',
    N: null as string | null,
    T: Number(row.updated_at),
    t: -1,
    w: open,
    m: false,
    Z: quoteAmount(turnover.toFixed(), spec),
    Y: quoteAmount('0', spec),
  });
  const resting = finalStatus === 'NEW' || finalStatus === 'PARTIALLY_FILLED';
  const reports = [];
  if (placedNow) reports.push({ ...state('NEW', 'NEW', resting || trades.length > 0), T: Number(row.created_at) });
  trades.forEach((t, i) => {
    filled = filled.plus(t.volume);
    turnover = turnover.plus(t.amount);
    const maker = Number(t.maker_order_id) === id;
    const buyer = row.side === 'BUY';
    const last = i === trades.length - 1;
    const X = last && finalStatus === 'FILLED' ? 'FILLED' : 'PARTIALLY_FILLED';
    reports.push({
      ...state('TRADE', X, resting),
      l: new Big(t.volume).toFixed(v),
      L: new Big(t.price).toFixed(p),
      n: buyer ? new Big(t.buyer_fee).toFixed(spec.baseScale) : new Big(t.seller_fee).toFixed(spec.quoteScale),
      N: buyer ? spec.base : spec.quote,
      T: Number(t.created_at),
      t: Number(t.id),
      m: maker,
      Y: quoteAmount(t.amount, spec),
    });
  });
  if (
    finalStatus === 'CANCELED' ||
    finalStatus === 'EXPIRED' ||
    finalStatus === 'REJECTED' ||
    finalStatus === 'EXPIRED_IN_MATCH'
  )
    reports.push(state(finalStatus, finalStatus, false));
  return reports;
}
