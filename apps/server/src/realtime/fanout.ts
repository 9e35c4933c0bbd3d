import type { WebSocket } from 'ws';
import { FrameBatch } from './frame-batch.ts';
import { Subscriptions } from './subscriptions.ts';

/**
 * The one realtime fan-out of the server, below every WebSocket protocol (the original `/kline-api/ws`, Binance's
 * streams and WebSocket API): its sockets, the channels products register, one registry of who listens to what,
 * one throttle scheduler and one heartbeat. A protocol adapter parses its clients' frames and says how a published
 * body reaches a socket; a product's channels say which names they answer to and turn their events into bodies.
 * Knows no domain: channels feed themselves and hand the fan-out what to stop (`own`).
 */

/** A connected socket of any protocol. */
export interface Peer {
  readonly socket: WebSocket;
  readonly protocol: Protocol;
  /** Its subscriptions, by the name the peer knows each by (a channel, a listen key, a subscription id). */
  readonly subscriptions: Map<string, Subscription>;
}

/** What the fan-out asks of a protocol. */
export interface Protocol {
  readonly name: string;
  /** At each heartbeat: false when the peer is gone (it is dropped), else the peer is pinged its way. */
  beat(peer: Peer, wall: number): boolean;
}

/**
 * A family of topics a product offers on one protocol (`market_{sym}_ticker`, `{sym}@depth`, `user_orders`). Its
 * first listener opens a topic and its last closes it, so that a channel feeds only what someone watches.
 */
export interface Channel<R = unknown> {
  readonly protocol: string;
  /** The route a name refers to, or null when the name is not this channel's (absent: not subscribed by name). */
  match?(name: string): R | null;
  opened?(topic: string, route: R): void;
  closed?(topic: string, route: R): void;
}

export interface Routed<R = unknown> {
  channel: Channel<R>;
  route: R;
}

/** One listener of a topic, and how a published body reaches its peer. */
export interface Subscription<R = unknown> extends Routed<R> {
  readonly peer: Peer;
  readonly key: string;
  readonly topic: string;
  /** `batch` is the throttle tick's, or null for a push sent at once (private events). */
  deliver(message: Publication, batch: FrameBatch<Peer> | null): void;
}

/** A body published to a topic, encoded at most once per wire form for all of the topic's listeners. */
export class Publication {
  private readonly forms = new Map<string, unknown>();

  constructor(
    readonly topic: string,
    readonly body: unknown,
  ) {}

  encoded<T>(form: string, encode: (body: unknown) => T): T {
    if (this.forms.has(form)) return this.forms.get(form) as T;
    const bytes = encode(this.body);
    this.forms.set(form, bytes);
    return bytes;
  }
}

export type Tick = (batch: FrameBatch<Peer>) => void;

export class Fanout {
  private readonly peerSet = new Set<Peer>();
  private readonly channels: Channel[] = [];
  private readonly listeners = new Subscriptions<Subscription>();
  /** Topics with at least one listener, with their channel and route. */
  private readonly open = new Map<string, Routed>();
  /** The throttle: per period, its ticks in the order they were scheduled, each period's sharing one batch. */
  private readonly ticks = new Map<number, Tick[]>();
  private readonly beforeBeat: ((wall: number) => void)[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly owned: (() => void)[] = [];

  constructor(pingMs: number) {
    this.timers.push(setInterval(() => this.heartbeat(), pingMs));
  }

  /** A product's channel; names are looked up per protocol in the order channels were registered. */
  register(channel: Channel): void {
    this.channels.push(channel);
  }

  find(protocol: string, name: string): Routed | null {
    for (const channel of this.channels) {
      if (channel.protocol !== protocol || !channel.match) continue;
      const route = channel.match(name);
      if (route !== null) return { channel, route };
    }
    return null;
  }

  /** Runs `tick` every `ms`; the frames of one period's ticks go to each socket in one write. */
  every(ms: number, tick: Tick): void {
    const list = this.ticks.get(ms);
    if (list) {
      list.push(tick);
      return;
    }
    this.ticks.set(ms, [tick]);
    this.timers.push(
      setInterval(() => {
        const batch = new FrameBatch<Peer>();
        for (const t of this.ticks.get(ms) ?? []) t(batch);
        batch.flush();
      }, ms),
    );
  }

  /** Runs at each heartbeat before the sockets are pinged (a channel checking its listeners may still listen). */
  onHeartbeat(check: (wall: number) => void): void {
    this.beforeBeat.push(check);
  }

  /** What a channel's feed needs stopped with the fan-out (an unsubscribe from its source). */
  own(stop: () => void): void {
    this.owned.push(stop);
  }

  stop(): void {
    for (const t of this.timers) clearInterval(t);
    for (const stop of this.owned) stop();
    for (const peer of [...this.peerSet]) {
      peer.socket.terminate();
      this.detach(peer);
    }
  }

  attach(peer: Peer): void {
    this.peerSet.add(peer);
    peer.socket.on('close', () => this.detach(peer));
    peer.socket.on('error', () => peer.socket.terminate());
  }

  /** False once the peer has left (its socket closed while it waited on something). */
  attached(peer: Peer): boolean {
    return this.peerSet.has(peer);
  }

  *peers(protocol: string): IterableIterator<Peer> {
    for (const peer of this.peerSet) if (peer.protocol.name === protocol) yield peer;
  }

  get connections(): number {
    return this.peerSet.size;
  }

  /** Adds the subscription unless the peer already has one by that key; true when it was added. */
  subscribe(subscription: Subscription): boolean {
    const { peer, key, topic } = subscription;
    if (peer.subscriptions.has(key)) return false;
    peer.subscriptions.set(key, subscription);
    if (this.listeners.add(topic, subscription)) {
      this.open.set(topic, { channel: subscription.channel, route: subscription.route });
      subscription.channel.opened?.(topic, subscription.route);
    }
    return true;
  }

  /** Ends the peer's subscription by that key; false when it had none. */
  unsubscribe(peer: Peer, key: string): boolean {
    const subscription = peer.subscriptions.get(key);
    if (!subscription) return false;
    peer.subscriptions.delete(key);
    if (this.listeners.remove(subscription.topic, subscription)) {
      this.open.delete(subscription.topic);
      subscription.channel.closed?.(subscription.topic, subscription.route);
    }
    return true;
  }

  listened(topic: string): boolean {
    return this.listeners.has(topic);
  }

  /** The channel and route of a topic someone listens to. */
  routeOf(topic: string): Routed | undefined {
    return this.open.get(topic);
  }

  /** Topics someone listens to, with their channel and route. */
  topics(): IterableIterator<[string, Routed]> {
    return this.open.entries();
  }

  /** The body goes to every listener of the topic; it is not even built when there is none. */
  publish(topic: string, body: () => unknown, batch: FrameBatch<Peer> | null = null): void {
    const set = this.listeners.of(topic);
    if (!set) return;
    const message = new Publication(topic, body());
    for (const subscription of set) subscription.deliver(message, batch);
  }

  private detach(peer: Peer): void {
    if (!this.peerSet.delete(peer)) return;
    for (const key of [...peer.subscriptions.keys()]) this.unsubscribe(peer, key);
  }

  /** Heartbeat and idle timing use wall time: they are transport, not domain. */
  private heartbeat(): void {
    const wall = Date.now();
    for (const check of this.beforeBeat) check(wall);
    for (const peer of [...this.peerSet]) {
      if (peer.protocol.beat(peer, wall)) continue;
      peer.socket.terminate();
      this.detach(peer);
    }
  }
}
