import type { Candle } from '@opex/contract/realtime';
import Big from 'big.js';
import type { FastifyInstance } from 'fastify';
import { type WebSocket, WebSocketServer } from 'ws';
import type { CoreEvent, TradeEvent } from '../core/core-events.ts';
import type { MarketDataUpdate } from '../market-data/market-data.ts';
import { Subscriptions, sendIfKeepingUp } from '../realtime/subscriptions.ts';
import { claimUpgrades } from '../realtime/upgrade-paths.ts';
import type { Services } from '../services.ts';
import { aggregate, type Fill } from './aggregate-trades.ts';
import type { DepthBook, DepthDiff } from './depth-book.ts';
import { findMarket } from './exchange-info.ts';
import {
  intervalOfPeriod,
  klineCloseTime,
  klineStreamBody,
  miniTickerStreamEvent,
  ticker24hr,
  tickerStreamEvent,
} from './market-format.ts';
import { marketOf, type ParsedStream, parseStream, type StreamRoute, watchedBook } from './stream-names.ts';
import type { UserStreamDeps } from './user-stream.ts';

/**
 * Binance's market streams: `/ws` (and any `/ws/<path>`, whose segments may name streams) sends each event as it
 * is; `/stream?streams=a/b` wraps each as `{stream, data}`. Text JSON frames; SUBSCRIBE, UNSUBSCRIBE,
 * LIST_SUBSCRIPTIONS, SET_PROPERTY and GET_PROPERTY answered `{result, id}`, bad requests `{error: {code, msg}, id}`.
 * Heartbeat by RFC 6455 ping frames; a socket that stops answering them is dropped.
 *
 * Fed like the web app's hub: trades from the core's events as they commit, candles from market data, depth by
 * sampling the shared DepthBook every 100 ms (diffs for @100ms, merged per second for @depth), tickers each second.
 * A listen key (listen-keys.ts) in the URL (`/ws/<listenKey>`, `/stream?streams=<listenKey>`) or a SUBSCRIBE
 * carries its owner's user data events (user-events.ts) until it is closed, or lapses (then `listenKeyExpired`).
 */
interface Client {
  socket: WebSocket;
  combined: boolean;
  streams: Set<string>;
  /** The listen keys whose user data events this client receives, each with the function that stops them. */
  listenKeys: Map<string, () => void>;
  /** Requests are handled one after another, after the URL's own subscriptions, so that replies follow their order. */
  turn: Promise<void>;
  alive: boolean;
}

type Frame = { result: unknown; id: unknown } | { error: { code: number; msg: string }; id: unknown };

const FAST_MS = 100;
const SLOW_MS = 1000;
const MAX_STREAMS = 1024;
const MAX_REQUEST_BYTES = 64 * 1024;

/** Binance's error codes of the stream protocol. */
const RequestError = { unknownProperty: 0, badValue: 1, badRequest: 2, badJson: 3 } as const;

export function registerOpenApiStreams(
  scope: FastifyInstance,
  services: Services,
  depth: DepthBook,
  users: UserStreamDeps,
): void {
  const base = services.config.basePath;
  const hub = new StreamHub(services, depth, users);
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_REQUEST_BYTES });
  claimUpgrades(
    scope.server,
    (path) => path === `${base}/ws` || path.startsWith(`${base}/ws/`) || path === `${base}/stream`,
    (request, socket, head) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const combined = url.pathname === `${base}/stream`;
      const named = combined
        ? (url.searchParams.get('streams') ?? '').split('/')
        : url.pathname.slice(`${base}/ws`.length).split('/');
      wss.handleUpgrade(request, socket, head, (ws) => hub.attach(ws, combined, named.filter(Boolean)));
    },
  );
  scope.addHook('preClose', async () => {
    hub.stop();
    wss.close();
  });
}

class StreamHub {
  private readonly clients = new Set<Client>();
  private readonly subscribers = new Subscriptions<Client>();
  /** Routes of the streams someone listens to, by name. */
  private readonly routes = new Map<string, StreamRoute>();
  /** Per market, the diffs since the last @depth (1000 ms) push, merged at the next one. */
  private readonly slowDiffs = new Map<string, DepthDiff[]>();
  private readonly lastSent = new Map<string, string>();
  /** The last candle pushed per kline stream, so its close (x: true) is sent once its time has passed. */
  private readonly openCandles = new Map<string, Candle>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly unsubscribers: (() => void)[] = [];
  /** One check of the streamed listen keys at a time. */
  private checkingListenKeys = false;

  constructor(
    private readonly services: Services,
    private readonly depth: DepthBook,
    private readonly users: UserStreamDeps,
  ) {
    this.unsubscribers.push(services.core.bus.subscribe((events) => this.onCoreEvents(events)));
    this.unsubscribers.push(services.marketData.subscribe((updates) => this.onMarketData(updates)));
    this.timers.push(setInterval(() => this.everyFast(), FAST_MS));
    this.timers.push(setInterval(() => this.everySlow(), SLOW_MS));
    this.timers.push(setInterval(() => this.heartbeat(), services.config.wsPingMs));
  }

  stop(): void {
    for (const t of this.timers) clearInterval(t);
    for (const u of this.unsubscribers) u();
    for (const c of this.clients) c.socket.terminate();
    for (const c of [...this.clients]) this.detach(c);
  }

  attach(socket: WebSocket, combined: boolean, named: string[]): void {
    const client: Client = {
      socket,
      combined,
      streams: new Set(),
      listenKeys: new Map(),
      alive: true,
      turn: Promise.resolve(),
    };
    this.clients.add(client);
    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('message', (data, isBinary) => {
      client.alive = true;
      const text = isBinary ? null : data.toString();
      client.turn = client.turn.then(() => this.onRequest(client, text)).catch(() => undefined);
    });
    socket.on('close', () => this.detach(client));
    socket.on('error', () => socket.terminate());
    // Names in the URL that are neither streams nor live listen keys (a client's own connection tag under /ws/...)
    // are ignored, and so is a stream of an unknown market: each is subscribed on its own, in order.
    client.turn = (async () => {
      for (const name of named) {
        const stream = parseStream(name);
        if (stream) await this.subscribeAll(client, [stream]);
        else await this.followListenKey(client, name);
      }
    })().catch(() => undefined);
  }

  private detach(client: Client): void {
    if (!this.clients.delete(client)) return;
    for (const name of client.streams) this.leave(client, name);
    client.streams.clear();
    for (const stop of client.listenKeys.values()) stop();
    client.listenKeys.clear();
  }

  /** Starts the listen key owner's user data events on this client; false when it is not a live listen key. */
  private async followListenKey(client: Client, listenKey: string): Promise<boolean> {
    if (client.listenKeys.has(listenKey)) return true;
    const owner = /^[A-Za-z0-9]{1,64}$/.test(listenKey) ? await this.users.listenKeys.owner(listenKey) : null;
    if (!owner || !this.clients.has(client)) return false;
    const stop = this.users.feed.watch(owner.userId, (events) => {
      for (const event of events) this.sendUserEvent(client, listenKey, event);
    });
    client.listenKeys.set(listenKey, stop);
    return true;
  }

  private unfollowListenKey(client: Client, listenKey: string): boolean {
    const stop = client.listenKeys.get(listenKey);
    if (!stop) return false;
    stop();
    client.listenKeys.delete(listenKey);
    return true;
  }

  private sendUserEvent(client: Client, listenKey: string, event: unknown): void {
    sendIfKeepingUp(client.socket, JSON.stringify(client.combined ? { stream: listenKey, data: event } : event));
  }

  /** Listen keys closed or lapsed stop their events; a lapsed one says so first, as Binance's do. */
  private async endListenKeys(now: number): Promise<void> {
    for (const client of this.clients) {
      for (const listenKey of [...client.listenKeys.keys()]) {
        const state = await this.users.listenKeys.state(listenKey);
        if (state === 'alive') continue;
        if (state === 'lapsed') this.sendUserEvent(client, listenKey, { e: 'listenKeyExpired', E: now, listenKey });
        this.unfollowListenKey(client, listenKey);
      }
    }
  }

  private async onRequest(client: Client, text: string | null): Promise<void> {
    let request: { method?: unknown; params?: unknown; id?: unknown };
    try {
      request = JSON.parse(text ?? '');
    } catch {
      return this.reply(client, { error: { code: RequestError.badJson, msg: 'Invalid JSON payload' }, id: null });
    }
    if (typeof request !== 'object' || request === null || Array.isArray(request))
      return this.reply(client, { error: { code: RequestError.badRequest, msg: 'Invalid request' }, id: null });
    const id = request.id ?? null;
    const fail = (code: number, msg: string) => this.reply(client, { error: { code, msg }, id });
    const unknownKey = Object.keys(request).find((k) => k !== 'method' && k !== 'params' && k !== 'id');
    if (unknownKey) return fail(RequestError.unknownProperty, `Unknown property: ${unknownKey}`);
    if (id !== null && !(typeof id === 'string' && id.length <= 36) && !Number.isSafeInteger(id))
      return fail(RequestError.badValue, "Invalid value type: expected an integer or a string for 'id'");
    const params = request.params ?? [];
    if (!Array.isArray(params))
      return fail(RequestError.badValue, "Invalid value type: expected an array for 'params'");

    if (request.method === 'SUBSCRIBE' || request.method === 'UNSUBSCRIBE') {
      const parsed: ParsedStream[] = [];
      for (const p of params) {
        const name = typeof p === 'string' ? p : '';
        const stream = parseStream(name);
        if (stream) {
          parsed.push(stream);
          continue;
        }
        // Else a listen key: its owner's user data events on this connection, or no longer.
        const done =
          request.method === 'SUBSCRIBE'
            ? await this.followListenKey(client, name)
            : this.unfollowListenKey(client, name);
        if (!done) return fail(RequestError.badRequest, `Invalid request: unknown stream '${String(p)}'`);
      }
      if (request.method === 'UNSUBSCRIBE') {
        for (const s of parsed) if (client.streams.delete(s.name)) this.leave(client, s.name);
        return this.reply(client, { result: null, id });
      }
      const refusal = await this.subscribeAll(client, parsed);
      return this.reply(
        client,
        refusal ? { error: { code: RequestError.badRequest, msg: refusal }, id } : { result: null, id },
      );
    }
    if (request.method === 'LIST_SUBSCRIPTIONS') return this.reply(client, { result: [...client.streams], id });
    if (request.method === 'SET_PROPERTY') {
      if (params[0] !== 'combined' || typeof params[1] !== 'boolean')
        return fail(RequestError.badRequest, "Invalid request: SET_PROPERTY takes ['combined', true|false]");
      client.combined = params[1];
      return this.reply(client, { result: null, id });
    }
    if (request.method === 'GET_PROPERTY') {
      if (params[0] !== 'combined') return fail(RequestError.badRequest, 'Invalid request: unknown property');
      return this.reply(client, { result: client.combined, id });
    }
    return fail(RequestError.badRequest, `Invalid request: unknown method '${String(request.method)}'`);
  }

  /** Subscribes to every stream or, when one names an unknown market or the cap is reached, to none. */
  private async subscribeAll(client: Client, streams: ParsedStream[]): Promise<string | null> {
    for (const s of streams) {
      const symbol = marketOf(s.route);
      if (symbol && !(await findMarket(this.services, symbol))) return `Invalid request: unknown symbol in '${s.name}'`;
    }
    const added = streams.filter((s) => !client.streams.has(s.name));
    if (client.streams.size + added.length > MAX_STREAMS) return `Invalid request: at most ${MAX_STREAMS} streams`;
    if (!this.clients.has(client)) return null;
    for (const s of added) {
      client.streams.add(s.name);
      this.routes.set(s.name, s.route);
      if (this.subscribers.add(s.name, client)) {
        const book = watchedBook(s.route);
        if (book) this.depth.watch(book);
      }
    }
    return null;
  }

  private leave(client: Client, name: string): void {
    if (!this.subscribers.remove(name, client)) return;
    const route = this.routes.get(name);
    this.routes.delete(name);
    this.lastSent.delete(name);
    // An array stream's next listener starts with every ticker again.
    for (const key of this.lastSent.keys()) if (key.startsWith(`${name}|`)) this.lastSent.delete(key);
    this.openCandles.delete(name);
    const book = route && watchedBook(route);
    if (book) {
      this.depth.unwatch(book);
      this.slowDiffs.delete(book);
    }
  }

  private onCoreEvents(events: readonly CoreEvent[]): void {
    const fills = new Map<string, Fill[]>();
    for (const e of events) {
      if (e.type !== 'trade') continue;
      this.push(`${e.symbol}@trade`, () => this.tradeEvent(e));
      const list = fills.get(e.symbol) ?? [];
      list.push({ ...e, id: e.tradeId });
      fills.set(e.symbol, list);
    }
    for (const [symbol, list] of fills) {
      const name = `${symbol}@aggTrade`;
      if (!this.subscribers.has(name)) continue;
      const digits = this.services.core.market(symbol)?.volumePrecision ?? 0;
      for (const agg of aggregate(list)) {
        const q = new Big(agg.q).toFixed(digits);
        this.push(name, () => ({ e: 'aggTrade', E: this.now(), s: symbol.toUpperCase(), ...agg, q }));
      }
    }
  }

  private tradeEvent(e: TradeEvent) {
    return {
      e: 'trade',
      E: this.now(),
      s: e.symbol.toUpperCase(),
      t: e.tradeId,
      p: e.price,
      q: e.volume,
      T: e.ts,
      m: e.takerSide === 'SELL',
      M: true,
    };
  }

  private onMarketData(updates: MarketDataUpdate[]): void {
    for (const u of updates) {
      for (const { period, candle } of u.candles) {
        const interval = intervalOfPeriod(period);
        const name = `${u.symbol}@kline_${interval}`;
        if (!this.subscribers.has(name)) continue;
        const open = this.openCandles.get(name);
        if (open && open.id !== candle.id) this.pushKline(name, u.symbol, open, true);
        this.openCandles.set(name, candle);
        this.pushKline(name, u.symbol, candle, false);
      }
    }
  }

  private pushKline(name: string, symbol: string, candle: Candle, closed: boolean): void {
    const route = this.routes.get(name);
    if (route?.kind !== 'kline') return;
    const k = klineStreamBody(symbol.toUpperCase(), route.interval, candle, closed);
    this.push(name, () => ({ e: 'kline', E: this.now(), s: symbol.toUpperCase(), k }));
  }

  private everyFast(): void {
    for (const diff of this.depth.sample()) {
      this.push(`${diff.symbol}@depth@100ms`, () => this.diffEvent(diff));
      const pending = this.slowDiffs.get(diff.symbol) ?? [];
      pending.push(diff);
      this.slowDiffs.set(diff.symbol, pending);
    }
    for (const name of this.subscribers.channels()) {
      const route = this.routes.get(name);
      if (route?.kind === 'partialDepth' && route.fast) this.pushPartial(name, route.symbol, route.levels);
      if (route?.kind === 'bookTicker') this.pushBookTicker(name, route.symbol);
    }
  }

  private everySlow(): void {
    for (const [symbol, diffs] of this.slowDiffs) {
      const merged = mergeDiffs(diffs);
      if (merged) {
        this.push(`${symbol}@depth`, () => this.diffEvent(merged));
        this.push(`${symbol}@depth@1000ms`, () => this.diffEvent(merged));
      }
    }
    this.slowDiffs.clear();
    const now = this.now();
    if (!this.checkingListenKeys) {
      this.checkingListenKeys = true;
      this.endListenKeys(now)
        .catch(() => undefined)
        .finally(() => {
          this.checkingListenKeys = false;
        });
    }
    this.pushTickers(now);
    for (const name of this.subscribers.channels()) {
      const route = this.routes.get(name);
      if (route?.kind === 'partialDepth' && !route.fast) this.pushPartial(name, route.symbol, route.levels);
    }
    for (const [name, candle] of this.openCandles) {
      const route = this.routes.get(name);
      if (route?.kind !== 'kline' || klineCloseTime(route.interval, candle.id) >= now) continue;
      this.openCandles.delete(name);
      this.pushKline(name, route.symbol, candle, true);
    }
  }

  /**
   * A market's ticker streams push every second; the array streams carry only the tickers that changed since
   * their last push (as Binance's do).
   */
  private pushTickers(now: number): void {
    const arrays = ['!miniTicker@arr', '!ticker@arr'] as const;
    const changed: Record<(typeof arrays)[number], object[]> = { '!miniTicker@arr': [], '!ticker@arr': [] };
    const watched = arrays.filter((name) => this.subscribers.has(name));
    for (const symbol of this.tickerMarkets(watched.length > 0)) {
      const spec = this.services.core.market(symbol);
      if (!spec) continue;
      const ticker = ticker24hr(this.services, this.depth, spec);
      const mini = miniTickerStreamEvent(ticker, now);
      const full = tickerStreamEvent(ticker, now);
      this.push(`${symbol}@miniTicker`, () => mini);
      this.push(`${symbol}@ticker`, () => full);
      for (const name of watched) {
        const event = name === '!miniTicker@arr' ? mini : full;
        if (this.changed(`${name}|${symbol}`, event)) changed[name].push(event);
      }
    }
    for (const name of watched) if (changed[name].length) this.push(name, () => changed[name]);
  }

  /** Markets whose tickers someone watches: every market for the array streams, else the subscribed ones. */
  private tickerMarkets(everyMarket: boolean): Set<string> {
    const symbols = new Set<string>();
    if (everyMarket) for (const s of Object.keys(this.services.marketData.review())) symbols.add(s);
    for (const name of this.subscribers.channels()) {
      const route = this.routes.get(name);
      if (route?.kind === 'ticker' || route?.kind === 'miniTicker') symbols.add(route.symbol);
    }
    return symbols;
  }

  /** Whether anything but the event time and window bounds changed since this key's last push. */
  private changed(key: string, event: { E: number }): boolean {
    const text = JSON.stringify({ ...event, E: 0, O: 0, C: 0 });
    if (this.lastSent.get(key) === text) return false;
    this.lastSent.set(key, text);
    return true;
  }

  private diffEvent(diff: DepthDiff) {
    return {
      e: 'depthUpdate',
      E: this.now(),
      s: diff.symbol.toUpperCase(),
      U: diff.firstId,
      u: diff.lastId,
      b: diff.bids,
      a: diff.asks,
    };
  }

  private pushPartial(name: string, symbol: string, levels: number): void {
    this.push(name, () => this.depth.snapshot(symbol, levels));
  }

  private pushBookTicker(name: string, symbol: string): void {
    const top = this.depth.snapshot(symbol, 1);
    const [bid, ask] = [top.bids[0], top.asks[0]];
    const body = { s: symbol.toUpperCase(), b: bid?.[0], B: bid?.[1], a: ask?.[0], A: ask?.[1] };
    const text = JSON.stringify(body);
    if (this.lastSent.get(name) === text) return;
    this.lastSent.set(name, text);
    if (!bid && !ask) return;
    this.push(name, () => ({ u: top.lastUpdateId, ...body }));
  }

  /** One encoding per form (raw, combined) for every listener of the stream; nothing is built without listeners. */
  private push(name: string, data: () => unknown): void {
    const set = this.subscribers.of(name);
    if (!set) return;
    const value = data();
    let raw: string | null = null;
    let wrapped: string | null = null;
    for (const client of set) {
      if (client.combined) {
        wrapped ??= JSON.stringify({ stream: name, data: value });
        sendIfKeepingUp(client.socket, wrapped);
      } else {
        raw ??= JSON.stringify(value);
        sendIfKeepingUp(client.socket, raw);
      }
    }
  }

  private reply(client: Client, frame: Frame): void {
    sendIfKeepingUp(client.socket, JSON.stringify(frame));
  }

  /** RFC 6455 ping frames; a client that answered nothing since the last one is gone. */
  private heartbeat(): void {
    for (const client of [...this.clients]) {
      if (!client.alive) {
        client.socket.terminate();
        this.detach(client);
        continue;
      }
      client.alive = false;
      if (client.socket.readyState === client.socket.OPEN) client.socket.ping();
    }
  }

  private now(): number {
    return this.services.clock.now();
  }
}

/** Successive diffs as one: the later quantity of a level wins; ids span them all. */
function mergeDiffs(diffs: DepthDiff[]): DepthDiff | null {
  const first = diffs[0];
  const last = diffs[diffs.length - 1];
  if (!first || !last) return null;
  const bids = new Map<string, string>();
  const asks = new Map<string, string>();
  for (const d of diffs) {
    for (const [p, q] of d.bids) bids.set(p, q);
    for (const [p, q] of d.asks) asks.set(p, q);
  }
  const byPrice = (a: [string, string], b: [string, string]) => new Big(a[0]).cmp(b[0]);
  return {
    symbol: first.symbol,
    firstId: first.firstId,
    lastId: last.lastId,
    bids: [...bids].sort((a, b) => byPrice(b, a)),
    asks: [...asks].sort(byPrice),
  };
}
