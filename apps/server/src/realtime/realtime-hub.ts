import { gzipSync } from 'node:zlib';
import { channels, clientFrameSchema, type TradeTick } from '@opex/contract/realtime';
import type { WebSocket } from 'ws';
import { depositRecordOf } from '../chains/deposit-records.ts';
import type { CoreEvent } from '../core/core-events.ts';
import type { MarketDataUpdate } from '../market-data/market-data.ts';
import type { ActiveSession, SessionsEnded } from '../platform/session-store.ts';
import type { Services } from '../services.ts';
import { type ChannelRoute, routeOf } from './channel-route.ts';
import { depthStepTicks, depthTick } from './depth-view.ts';
import { binaryFrame, FrameBatch, writeFrames } from './frame-batch.ts';
import { Subscriptions, sendIfKeepingUp } from './subscriptions.ts';

/**
 * The realtime fan-out: sockets, their subscriptions, and throttled pushes (tickers every 500 ms, trades and
 * K-lines every 50 ms, depth every 50 ms when the book changed). A public push is encoded, gzipped and framed once
 * and the same bytes go to every subscriber; the frames of one tick go to a socket in one write (frame-batch.ts);
 * each channel counts its pushes in `seq` (private channels per user). Private pushes (orders, balances, deposits)
 * go at once to the owner's sockets.
 * A socket whose send buffer is backed up skips pushes (its client sees the seq gap and resubscribes).
 * Heartbeat and idle timing use wall time: they are transport, not domain.
 * The private channels live only as long as the socket's session: a revocation through this node (logout,
 * password change) drops them at once; an expiry, or a revocation made elsewhere, at the next heartbeat.
 */
export interface HubOptions {
  pingMs: number;
  /** A socket that sent nothing for this long is dropped. */
  idleMs: number;
}

/** The session whose cookie came with the upgrade request. */
export interface SocketSession extends ActiveSession {
  token: string;
}

interface Client {
  socket: WebSocket;
  session: SocketSession | null;
  channels: Set<string>;
  frames: Map<string, number>;
  lastSeen: number;
}

const TICKER_MS = 500;
const FAST_MS = 50;
const MAX_TRADES_PER_PUSH = 150;

export class RealtimeHub {
  private readonly clients = new Set<Client>();
  private readonly subscribers = new Subscriptions<Client>();
  private readonly seqs = new Map<string, number>();
  private readonly lastSent = new Map<string, string>();
  private readonly pendingTrades = new Map<string, TradeTick[]>();
  private readonly pendingCandles = new Map<string, unknown>();
  private readonly dirtyBooks = new Set<string>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly unsubscribers: (() => void)[] = [];

  constructor(
    private readonly services: Services,
    private readonly options: HubOptions,
  ) {
    this.unsubscribers.push(services.core.bus.subscribe((events) => this.onCoreEvents(events)));
    this.unsubscribers.push(services.marketData.subscribe((updates) => this.onMarketData(updates)));
    this.unsubscribers.push(services.sessions.onEnded((ended) => this.onSessionsEnded(ended)));
    this.unsubscribers.push(
      services.deposits.processor.subscribe((deposit) =>
        this.pushPrivate(Number(deposit.user_id), channels.userDeposits, depositRecordOf(deposit)),
      ),
    );
    this.timers.push(setInterval(() => this.pushTickers(), TICKER_MS));
    this.timers.push(setInterval(() => this.pushFast(), FAST_MS));
    this.timers.push(setInterval(() => this.heartbeat(), options.pingMs));
  }

  stop(): void {
    for (const t of this.timers) clearInterval(t);
    for (const u of this.unsubscribers) u();
    for (const c of this.clients) c.socket.terminate();
    this.clients.clear();
  }

  attach(socket: WebSocket, session: SocketSession | null): void {
    const client: Client = { socket, session, channels: new Set(), frames: new Map(), lastSeen: Date.now() };
    this.clients.add(client);
    socket.on('message', (data, isBinary) => {
      client.lastSeen = Date.now();
      if (!isBinary) void this.onMessage(client, data.toString());
    });
    socket.on('close', () => this.detach(client));
    socket.on('error', () => socket.terminate());
  }

  get connections(): number {
    return this.clients.size;
  }

  private detach(client: Client): void {
    this.clients.delete(client);
    for (const channel of client.channels) this.subscribers.remove(channel, client);
  }

  private async onMessage(client: Client, text: string): Promise<void> {
    let frame: ReturnType<typeof clientFrameSchema.parse>;
    try {
      frame = clientFrameSchema.parse(JSON.parse(text));
    } catch {
      this.sendTo(client, { event_rep: 'error', ts: this.now(), msg: 'malformed frame' });
      return;
    }
    if ('pong' in frame) return;
    if ('ping' in frame) {
      this.sendTo(client, { pong: frame.ping });
      return;
    }
    const { channel, cb_id } = frame.params;
    const route = routeOf(channel);
    const refusal = route ? this.refusal(client, route) : 'unknown channel';
    if (refusal || !route) {
      this.sendTo(client, { event_rep: 'error', channel, ...(cb_id ? { cb_id } : {}), ts: this.now(), msg: refusal });
      return;
    }
    // Counts this socket's sub/unsub frames per channel: a private sub that waited on its session check yields
    // to a later frame for the same channel (sub, then a quick unsub, must leave the channel closed).
    const frameNo = (client.frames.get(channel) ?? 0) + 1;
    if (frame.event !== 'req') client.frames.set(channel, frameNo);
    if (frame.event === 'unsub') {
      client.channels.delete(channel);
      this.subscribers.remove(channel, client);
      return;
    }
    if (frame.event === 'sub') {
      if (route.kind === 'review') return this.refuse(client, channel, cb_id, 'review is req only');
      if (isPrivate(route)) {
        if (!(await this.sessionLives(client))) return this.refuse(client, channel, cb_id, 'login required');
        if (client.frames.get(channel) !== frameNo) return;
      }
      client.channels.add(channel);
      this.subscribers.add(channel, client);
      this.sendSnapshot(client, channel, route);
      return;
    }
    const data = await this.answer(route, frame.params);
    if (data === undefined) return this.refuse(client, channel, cb_id, 'channel has no req');
    this.sendTo(client, { event_rep: 'rep', channel, ...(cb_id ? { cb_id } : {}), ts: this.now(), status: 'ok', data });
  }

  private refuse(client: Client, channel: string, cb_id: string | undefined, msg: string): void {
    this.sendTo(client, { event_rep: 'error', channel, ...(cb_id ? { cb_id } : {}), ts: this.now(), msg });
  }

  /** Why a channel cannot be used on this socket ('' when it can). */
  private refusal(client: Client, route: ChannelRoute): string {
    const { core } = this.services;
    if (isPrivate(route)) return client.session === null ? 'login required' : '';
    if (route.kind === 'review') return '';
    if (!core.market(route.symbol)) return 'unknown market';
    if (route.kind === 'depth' && depthStepTicks(core, route.symbol, route.step) === null) return 'unknown depth step';
    return '';
  }

  private answer(
    route: ChannelRoute,
    params: { top?: number | undefined; endIdx?: number | undefined; pageSize?: number | undefined },
  ) {
    const md = this.services.marketData;
    if (route.kind === 'review') return Promise.resolve(md.review());
    if (route.kind === 'trades') return Promise.resolve(md.recentTrades(route.symbol, params.top ?? 100));
    if (route.kind === 'kline')
      return md.klineHistory(route.symbol, route.period, params.endIdx, params.pageSize ?? 300);
    return Promise.resolve(undefined);
  }

  /** What a new subscriber sees at once, carrying the channel's current seq (later pushes count on from it). */
  private sendSnapshot(client: Client, channel: string, route: ChannelRoute): void {
    const tick = this.currentTick(route);
    if (tick === null || tick === undefined) return;
    this.sendTo(client, { channel, seq: this.seqs.get(channel) ?? 0, ts: this.now(), tick });
  }

  private currentTick(route: ChannelRoute): unknown {
    const { marketData, core } = this.services;
    if (route.kind === 'ticker') return marketData.ticker(route.symbol);
    if (route.kind === 'kline') return marketData.latestCandle(route.symbol, route.period);
    if (route.kind === 'depth') {
      const step = depthStepTicks(core, route.symbol, route.step);
      return step === null ? null : depthTick(core, route.symbol, step);
    }
    return null;
  }

  private onCoreEvents(events: readonly CoreEvent[]): void {
    for (const e of events) {
      if (e.type === 'book') this.dirtyBooks.add(e.symbol);
      else if (e.type === 'order') {
        const { orderId, symbol, status, dealVolume, dealMoney } = e;
        this.pushPrivate(e.userId, channels.userOrders, { orderId, symbol, status, dealVolume, dealMoney });
      } else if (e.type === 'balance' && e.ownerId > 0) {
        const { account, coin, available, locked } = e;
        this.pushPrivate(e.ownerId, channels.userBalance, { account, coin, available, locked });
      }
    }
  }

  private onMarketData(updates: MarketDataUpdate[]): void {
    for (const u of updates) {
      const list = this.pendingTrades.get(u.symbol) ?? [];
      list.push(...u.trades);
      this.pendingTrades.set(u.symbol, list);
      for (const c of u.candles) this.pendingCandles.set(channels.kline(u.symbol, c.period), c.candle);
    }
  }

  private pushFast(): void {
    const batch = new FrameBatch<Client>();
    for (const [symbol, trades] of this.pendingTrades) {
      this.push(batch, channels.trades(symbol), { data: trades.slice(-MAX_TRADES_PER_PUSH) });
    }
    this.pendingTrades.clear();
    for (const [channel, candle] of this.pendingCandles) this.push(batch, channel, candle);
    this.pendingCandles.clear();
    for (const symbol of this.dirtyBooks) {
      const steps = this.services.core.market(symbol)?.depthSteps.length ?? 0;
      for (let n = 0; n < steps; n++) {
        const channel = channels.depth(symbol, n);
        if (!this.subscribers.has(channel)) continue;
        const step = depthStepTicks(this.services.core, symbol, n);
        const tick = step === null ? null : depthTick(this.services.core, symbol, step);
        if (tick) this.pushIfChanged(batch, channel, tick);
      }
    }
    this.dirtyBooks.clear();
    batch.flush();
  }

  /** Tickers change with trades and as old trades leave the window: recomputed for watched markets. */
  private pushTickers(): void {
    const batch = new FrameBatch<Client>();
    for (const channel of this.subscribers.channels()) {
      const route = routeOf(channel);
      if (route?.kind !== 'ticker') continue;
      const tick = this.services.marketData.ticker(route.symbol);
      if (tick) this.pushIfChanged(batch, channel, tick);
    }
    batch.flush();
  }

  private pushIfChanged(batch: FrameBatch<Client>, channel: string, tick: unknown): void {
    const text = JSON.stringify(tick);
    if (this.lastSent.get(channel) === text) return;
    this.lastSent.set(channel, text);
    this.push(batch, channel, tick);
  }

  /** One framed message for every subscriber; the seq counts even with no subscriber, so it never goes back. */
  private push(batch: FrameBatch<Client>, channel: string, tick: unknown): void {
    const seq = (this.seqs.get(channel) ?? 0) + 1;
    this.seqs.set(channel, seq);
    const set = this.subscribers.of(channel);
    if (!set) return;
    const frame = binaryFrame(gzipSync(JSON.stringify({ channel, seq, ts: this.now(), tick })));
    for (const client of set) batch.add(client, frame);
  }

  private pushPrivate(userId: number, channel: string, tick: unknown): void {
    const key = `${channel}:${userId}`;
    const seq = (this.seqs.get(key) ?? 0) + 1;
    this.seqs.set(key, seq);
    const set = this.subscribers.of(channel);
    if (!set) return;
    let bytes: Buffer | null = null;
    for (const client of set) {
      if (client.session?.userId !== userId) continue;
      bytes ??= gzipSync(JSON.stringify({ channel, seq, ts: this.now(), tick }));
      this.sendBytes(client, bytes);
    }
  }

  private onSessionsEnded(ended: SessionsEnded): void {
    for (const client of this.clients) {
      const session = client.session;
      if (!session) continue;
      if ('sessionId' in ended ? session.sessionId === ended.sessionId : session.userId === ended.userId) {
        this.endPrivate(client);
      }
    }
  }

  /** Checked again on every private sub and heartbeat, without counting as activity of the session. */
  private async sessionLives(client: Client): Promise<boolean> {
    const session = client.session;
    if (!session) return false;
    if (await this.services.sessions.peek(session.token)) return true;
    if (client.session === session) this.endPrivate(client);
    return false;
  }

  /** The session ended: its private channels close on this socket, each with an error frame saying why. */
  private endPrivate(client: Client): void {
    client.session = null;
    for (const channel of client.channels) {
      const route = routeOf(channel);
      if (!route || !isPrivate(route)) continue;
      client.channels.delete(channel);
      this.subscribers.remove(channel, client);
      this.refuse(client, channel, undefined, 'session ended');
    }
  }

  private heartbeat(): void {
    const wall = Date.now();
    for (const client of this.clients) if (client.session) void this.sessionLives(client).catch(() => {});
    const ping = [binaryFrame(gzipSync(JSON.stringify({ ping: wall })))];
    for (const client of this.clients) {
      if (wall - client.lastSeen > this.options.idleMs) {
        client.socket.terminate();
        this.detach(client);
        continue;
      }
      writeFrames(client.socket, ping);
    }
  }

  private sendTo(client: Client, frame: object): void {
    this.sendBytes(client, gzipSync(JSON.stringify(frame)));
  }

  private sendBytes(client: Client, bytes: Buffer): void {
    sendIfKeepingUp(client.socket, bytes);
  }

  private now(): number {
    return this.services.clock.now();
  }
}

function isPrivate(
  route: ChannelRoute,
): route is Extract<ChannelRoute, { kind: 'user_orders' | 'user_balance' | 'user_deposits' }> {
  return route.kind === 'user_orders' || route.kind === 'user_balance' || route.kind === 'user_deposits';
}
