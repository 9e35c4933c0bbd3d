import type { ClientFrame, TradeTick } from '@opex/contract/realtime';
import { isTradesChannel, mergeTrades, nextValue, TRADES_KEPT } from './channel-values.ts';
import { FrameCoalescer, type FrameScheduler } from './frame-coalescer.ts';
import { decodeFrame, type ServerFrame } from './frame-decoding.ts';
import { SeqTracker } from './seq-tracker.ts';
import { SubscriptionCounts } from './subscription-counts.ts';
import type { PageMessage, RealtimeStatus, RequestParams, WorkerMessage } from './worker-messages.ts';

/**
 * The worker's side of the realtime layer: one WebSocket, its subscriptions by reference count, heartbeat, gap
 * resync, reconnection with backoff (every held channel and unanswered req is sent again), a sub refused as an
 * unknown market tried again with backoff while it is held, and the per-frame batch of channel values posted to the
 * page. Transport comes in through `ConnectionDeps` so the logic runs anywhere.
 */
export interface SocketLike {
  binaryType: BinaryType;
  readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent<ArrayBuffer | string>) => void) | null;
}

export interface ConnectionDeps {
  createSocket(url: string): SocketLike;
  post(message: WorkerMessage): void;
  schedule: FrameScheduler;
}

const OPEN = 1;
/** The protocol's client drops a socket silent this long (the server pings far more often). */
export const SILENCE_MS = 30_000;
/** First retry after 3 s as the protocol's client did, then doubling up to 30 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(3_000 * 2 ** attempt, 30_000);
}

/**
 * The server's refusal of a channel whose market its trading core does not know (yet): a market listed after the
 * page loaded, or a server still reading its markets after a restart (apps/server/src/realtime/realtime/market-channels.ts,
 * tested in apps/server/test/realtime.test.ts). It comes as `{ event_rep: 'error', channel, msg }`, without cb_id
 * for a sub.
 */
export const UNKNOWN_MARKET = 'unknown market';
/** A refused sub is tried again after 1 s, then doubling up to 30 s, for as long as someone holds the channel. */
export function refusedSubDelay(attempt: number): number {
  return Math.min(1_000 * 2 ** attempt, 30_000);
}

const SEED_PREFIX = 'seed:';

export class RealtimeConnection {
  private url: string | null = null;
  private socket: SocketLike | null = null;
  private status: RealtimeStatus | null = null;
  private closedForGood = false;
  private attempt = 0;
  /** Whether a socket was open before: the next one to open may have missed pushes. */
  private wasOpen = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private silenceTimer: ReturnType<typeof setTimeout> | undefined;
  private sessionKey: string | undefined;
  private readonly subscriptions = new SubscriptionCounts();
  private readonly seqs = new SeqTracker();
  private readonly values = new Map<string, unknown>();
  /** Pushes received so far: numbers the order and balance pushes (channel-values.ts). */
  private pushes = 0;
  /** Page reqs by cb_id, kept until answered so a reconnect can send them again. */
  private readonly requests = new Map<string, { channel: string; params: RequestParams }>();
  /** Held channels the server refused as unknown markets: tries so far and the pending retry. */
  private readonly refused = new Map<string, { attempt: number; timer: ReturnType<typeof setTimeout> | undefined }>();
  private readonly outbox: FrameCoalescer;
  /** Frames are inflated asynchronously; chaining keeps them in arrival order. */
  /** Frames are handled strictly in arrival order: each waits for the one before to be inflated and acted on. */
  private frames: Promise<void> = Promise.resolve();

  constructor(private readonly deps: ConnectionDeps) {
    this.outbox = new FrameCoalescer(deps.schedule, (ticks) => deps.post({ type: 'ticks', ticks }));
  }

  handle(message: PageMessage): void {
    if (this.closedForGood) return;
    switch (message.type) {
      case 'connect':
        if (this.url === message.url) return;
        this.url = message.url;
        this.reopen();
        return;
      case 'session':
        if (this.sessionKey !== undefined && this.sessionKey !== message.key) this.reopen();
        this.sessionKey = message.key;
        return;
      case 'acquire':
        this.acquire(message.channel);
        return;
      case 'release':
        this.release(message.channel);
        return;
      case 'req':
        this.requests.set(String(message.id), { channel: message.channel, params: message.params });
        this.send({ event: 'req', params: { channel: message.channel, cb_id: String(message.id), ...message.params } });
        return;
      case 'close':
        this.closedForGood = true;
        clearTimeout(this.reconnectTimer);
        this.drop();
        this.setStatus('closed');
    }
  }

  private acquire(channel: string): void {
    if (this.subscriptions.acquire(channel)) this.subscribe(channel);
    else if (this.values.has(channel)) this.outbox.set(channel, this.values.get(channel));
  }

  private release(channel: string): void {
    if (!this.subscriptions.release(channel)) return;
    clearTimeout(this.refused.get(channel)?.timer);
    this.refused.delete(channel);
    this.send({ event: 'unsub', params: { channel } });
    this.values.delete(channel);
    this.seqs.reset(channel);
    this.outbox.drop(channel);
  }

  /** Trades have no snapshot on `sub`: the latest ones are asked for alongside. */
  private subscribe(channel: string): void {
    this.send({ event: 'sub', params: { channel } });
    if (isTradesChannel(channel))
      this.send({ event: 'req', params: { channel, cb_id: SEED_PREFIX + channel, top: TRADES_KEPT } });
  }

  /** After lost pushes: trades ask for the latest again; whole-state channels resubscribe for a fresh snapshot. */
  private resync(channel: string): void {
    this.seqs.reset(channel);
    if (isTradesChannel(channel)) {
      this.send({ event: 'req', params: { channel, cb_id: SEED_PREFIX + channel, top: TRADES_KEPT } });
      return;
    }
    this.send({ event: 'unsub', params: { channel } });
    this.send({ event: 'sub', params: { channel } });
  }

  private reopen(): void {
    clearTimeout(this.reconnectTimer);
    this.drop();
    if (!this.url) return;
    this.setStatus('connecting');
    const socket = this.deps.createSocket(this.url);
    this.socket = socket;
    socket.binaryType = 'arraybuffer';
    socket.onopen = () => {
      this.attempt = 0;
      this.seqs.clear();
      this.setStatus('open');
      this.watchSilence();
      for (const channel of this.subscriptions.channels()) {
        this.subscribe(channel);
        if (this.wasOpen) this.deps.post({ type: 'missed', channel });
      }
      this.wasOpen = true;
      for (const [cb_id, { channel, params }] of this.requests)
        this.send({ event: 'req', params: { channel, cb_id, ...params } });
    };
    socket.onmessage = (event) => {
      this.watchSilence();
      this.frames = this.frames
        .then(() => decodeFrame(event.data))
        .then((frame) => {
          if (this.socket === socket) this.onFrame(frame);
        })
        .catch(() => undefined);
    };
    socket.onclose = () => this.lost(socket);
    socket.onerror = () => this.lost(socket);
  }

  /** Resolves once every frame received so far has been handled (inflating is asynchronous). */
  handled(): Promise<void> {
    return this.frames;
  }

  /** The socket closed, failed or went silent: retry later unless told to close. */
  private lost(socket: SocketLike): void {
    if (this.socket !== socket) return;
    this.drop();
    if (this.closedForGood) return;
    this.setStatus('closed');
    this.reconnectTimer = setTimeout(() => this.reopen(), reconnectDelay(this.attempt++));
  }

  private drop(): void {
    clearTimeout(this.silenceTimer);
    // The next socket subscribes every held channel when it opens; the tries so far still count.
    for (const retry of this.refused.values()) {
      clearTimeout(retry.timer);
      retry.timer = undefined;
    }
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onopen = socket.onclose = socket.onerror = socket.onmessage = null;
    socket.close();
  }

  private watchSilence(): void {
    clearTimeout(this.silenceTimer);
    const socket = this.socket;
    if (socket) this.silenceTimer = setTimeout(() => this.lost(socket), SILENCE_MS);
  }

  private onFrame(frame: ServerFrame): void {
    if (frame.kind === 'ping') this.send({ pong: frame.ping });
    else if (frame.kind === 'push') this.onPush(frame.frame.channel, frame.frame.seq, frame.frame.tick);
    else if (frame.kind === 'reply') this.onReply(frame.frame.cb_id, frame.frame.data);
    else if (frame.kind === 'error') {
      const { cb_id, channel, msg } = frame.frame;
      if (cb_id) {
        if (this.requests.delete(cb_id)) this.deps.post({ type: 'reply-error', id: Number(cb_id), error: msg });
      } else if (channel && msg === UNKNOWN_MARKET) this.subscribeLater(channel);
    }
  }

  /** A held channel refused as an unknown market: sub again later (the trades' seed req with it). */
  private subscribeLater(channel: string): void {
    if (!this.subscriptions.has(channel)) return;
    const retry = this.refused.get(channel) ?? { attempt: 0, timer: undefined };
    if (retry.timer !== undefined) return;
    const again = () => {
      retry.timer = undefined;
      if (this.subscriptions.has(channel)) this.subscribe(channel);
    };
    retry.timer = setTimeout(again, refusedSubDelay(retry.attempt++));
    this.refused.set(channel, retry);
  }

  private onPush(channel: string, seq: number, tick: unknown): void {
    // A push already on the wire when the last holder let go.
    if (!this.subscriptions.has(channel)) return;
    // Known to the server now: a later refusal starts its backoff from the beginning.
    clearTimeout(this.refused.get(channel)?.timer);
    this.refused.delete(channel);
    if (this.seqs.accept(channel, seq) === 'gap') {
      this.resync(channel);
      this.deps.post({ type: 'missed', channel });
    }
    this.setValue(channel, nextValue(channel, this.values.get(channel), tick, ++this.pushes));
  }

  private onReply(cb_id: string | undefined, data: unknown): void {
    if (!cb_id) return;
    if (cb_id.startsWith(SEED_PREFIX)) {
      const channel = cb_id.slice(SEED_PREFIX.length);
      if (this.subscriptions.has(channel) && Array.isArray(data))
        this.setValue(channel, mergeTrades(this.values.get(channel) as TradeTick[] | undefined, data));
      return;
    }
    if (this.requests.delete(cb_id)) this.deps.post({ type: 'reply', id: Number(cb_id), data });
  }

  private setValue(channel: string, value: unknown): void {
    this.values.set(channel, value);
    this.outbox.set(channel, value);
  }

  private send(frame: ClientFrame): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(frame));
  }

  private setStatus(status: RealtimeStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.deps.post({ type: 'status', status });
  }
}
