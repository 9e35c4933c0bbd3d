import { gzipSync } from 'node:zlib';
import { clientFrameSchema } from '@opex/contract/realtime';
import type { WebSocket } from 'ws';
import type { ActiveSession } from '../platform/session-store.ts';
import type { Channel, Fanout, Peer, Protocol, Publication, Routed } from './fanout.ts';
import { binaryFrame, type FrameBatch, writeFrames } from './frame-batch.ts';
import { sendIfKeepingUp } from './subscriptions.ts';

/**
 * The original protocol over the fan-out (`/kline-api/ws`, see contract-notes.md): gzip JSON frames, sub, unsub and
 * req, `{ping}` answered `{pong}`. A push carries its channel's count in `seq` (a private channel's per user); a
 * public push is gzipped and framed once and written with the tick's other frames (frame-batch.ts), a private one
 * goes at once. A socket whose send buffer is backed up skips pushes (its client sees the seq gap and resubscribes);
 * one silent for `idleMs` is dropped.
 */
export const ORIGINAL = 'original';

/** The session whose cookie came with the upgrade request. */
export interface SocketSession extends ActiveSession {
  token: string;
}

export interface OriginalPeer extends Peer {
  session: SocketSession | null;
  /** This socket's sub/unsub frames counted per channel. */
  frames: Map<string, number>;
  lastSeen: number;
}

export type ReqParams = { top?: number | undefined; endIdx?: number | undefined; pageSize?: number | undefined };

/** A channel of the original protocol: what its clients may do with it, and what it answers. */
export interface OriginalChannel<R = unknown> extends Channel<R> {
  /** Why this socket cannot use the channel ('' when it can). */
  refusal(route: R, peer: OriginalPeer): string;
  /** Set when the channel answers req only: the refusal of a sub. */
  reqOnly?: string;
  /** Checked again when a sub arrives (it may wait, on the session store say). */
  admit?(peer: OriginalPeer): Promise<boolean>;
  /** The topic a sub listens on, when it is not the name itself (a private channel's is per user). */
  topic?(name: string, peer: OriginalPeer): string;
  /** What a new subscriber sees at once; null or undefined for nothing. */
  snapshot?(route: R): unknown;
  answer?(route: R, params: ReqParams): Promise<unknown> | undefined;
}

/** The topic of a private channel's pushes to one user. */
export const privateTopic = (channel: string, userId: number) => `${channel}:${userId}`;

const gzipJson = (body: unknown) => gzipSync(JSON.stringify(body));
const framedGzipJson = (body: unknown) => binaryFrame(gzipJson(body));

export class OriginalProtocol implements Protocol {
  private readonly seqs = new Map<string, number>();
  private readonly lastSent = new Map<string, string>();
  private ping: { wall: number; frames: Buffer[] } | null = null;

  constructor(
    private readonly fanout: Fanout,
    private readonly clock: { now(): number },
    private readonly idleMs: number,
    /** The fan-out finds a socket's channels by it: each endpoint of this protocol (spot, futures) has its own. */
    readonly name = ORIGINAL,
  ) {}

  attach(socket: WebSocket, session: SocketSession | null): void {
    const peer: OriginalPeer = {
      socket,
      protocol: this,
      subscriptions: new Map(),
      session,
      frames: new Map(),
      lastSeen: Date.now(),
    };
    socket.on('message', (data, isBinary) => {
      peer.lastSeen = Date.now();
      if (!isBinary) void this.onMessage(peer, data.toString());
    });
    this.fanout.attach(peer);
  }

  beat(peer: Peer, wall: number): boolean {
    if (wall - (peer as OriginalPeer).lastSeen > this.idleMs) return false;
    if (this.ping?.wall !== wall) this.ping = { wall, frames: [framedGzipJson({ ping: wall })] };
    writeFrames(peer.socket, this.ping.frames);
    return true;
  }

  /** A public push into the tick's batch; the seq counts even with no subscriber, so it never goes back. */
  push(batch: FrameBatch<Peer>, channel: string, tick: unknown): void {
    const seq = this.nextSeq(channel);
    this.fanout.publish(channel, () => ({ channel, seq, ts: this.now(), tick }), batch);
  }

  /** A push only when the tick differs from the channel's last one. */
  pushIfChanged(batch: FrameBatch<Peer>, channel: string, tick: unknown): void {
    const text = JSON.stringify(tick);
    if (this.lastSent.get(channel) === text) return;
    this.lastSent.set(channel, text);
    this.push(batch, channel, tick);
  }

  /** A private push, at once, to the user's sockets listening to the channel. */
  pushPrivate(userId: number, channel: string, tick: unknown): void {
    const topic = privateTopic(channel, userId);
    const seq = this.nextSeq(topic);
    this.fanout.publish(topic, () => ({ channel, seq, ts: this.now(), tick }));
  }

  refuse(peer: OriginalPeer, channel: string, cb_id: string | undefined, msg: string): void {
    this.sendTo(peer, { event_rep: 'error', channel, ...(cb_id ? { cb_id } : {}), ts: this.now(), msg });
  }

  private async onMessage(peer: OriginalPeer, text: string): Promise<void> {
    let frame: ReturnType<typeof clientFrameSchema.parse>;
    try {
      frame = clientFrameSchema.parse(JSON.parse(text));
    } catch {
      this.sendTo(peer, { event_rep: 'error', ts: this.now(), msg: 'malformed frame' });
      return;
    }
    if ('pong' in frame) return;
    if ('ping' in frame) {
      this.sendTo(peer, { pong: frame.ping });
      return;
    }
    const { channel, cb_id } = frame.params;
    const found = this.fanout.find(this.name, channel) as Routed & { channel: OriginalChannel };
    const refusal = found ? found.channel.refusal(found.route, peer) : 'unknown channel';
    if (refusal || !found) return this.refuse(peer, channel, cb_id, refusal);
    // Counts this socket's sub/unsub frames per channel: a sub that waited on its admission yields to a later
    // frame for the same channel (sub, then a quick unsub, must leave the channel closed).
    const frameNo = (peer.frames.get(channel) ?? 0) + 1;
    if (frame.event !== 'req') peer.frames.set(channel, frameNo);
    const { channel: handler, route } = found;
    if (frame.event === 'unsub') {
      this.fanout.unsubscribe(peer, channel);
      return;
    }
    if (frame.event === 'sub') {
      if (handler.reqOnly) return this.refuse(peer, channel, cb_id, handler.reqOnly);
      if (handler.admit) {
        if (!(await handler.admit(peer))) return this.refuse(peer, channel, cb_id, 'login required');
        if (peer.frames.get(channel) !== frameNo) return;
      }
      this.fanout.subscribe({
        peer,
        key: channel,
        topic: handler.topic?.(channel, peer) ?? channel,
        channel: handler,
        route,
        deliver: (message, batch) => this.deliver(peer, message, batch),
      });
      this.sendSnapshot(peer, channel, handler.snapshot?.(route));
      return;
    }
    const data = await handler.answer?.(route, frame.params);
    if (data === undefined) return this.refuse(peer, channel, cb_id, 'channel has no req');
    this.sendTo(peer, { event_rep: 'rep', channel, ...(cb_id ? { cb_id } : {}), ts: this.now(), status: 'ok', data });
  }

  private deliver(peer: Peer, message: Publication, batch: FrameBatch<Peer> | null): void {
    if (batch) batch.add(peer, message.encoded('framed', framedGzipJson));
    else sendIfKeepingUp(peer.socket, message.encoded('gzip', gzipJson));
  }

  /** What a new subscriber sees at once, carrying the channel's current seq (later pushes count on from it). */
  private sendSnapshot(peer: OriginalPeer, channel: string, tick: unknown): void {
    if (tick === null || tick === undefined) return;
    this.sendTo(peer, { channel, seq: this.seqs.get(channel) ?? 0, ts: this.now(), tick });
  }

  private nextSeq(key: string): number {
    const seq = (this.seqs.get(key) ?? 0) + 1;
    this.seqs.set(key, seq);
    return seq;
  }

  private sendTo(peer: Peer, frame: object): void {
    sendIfKeepingUp(peer.socket, gzipJson(frame));
  }

  private now(): number {
    return this.clock.now();
  }
}
