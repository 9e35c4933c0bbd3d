import { gunzipSync } from 'node:zlib';
import { expect } from 'vitest';
import WebSocket from 'ws';

// biome-ignore lint/suspicious/noExplicitAny: frames are checked field by field
export type Frame = any;

/** Frames kept in arrival order, awaited by a test on their content; a consuming queue takes each awaited frame out. */
export class FrameQueue<F = Frame> {
  readonly frames: F[] = [];
  private waiters: { test: (f: F) => boolean; resolve: (f: F) => void }[] = [];
  constructor(private readonly consume = false) {}
  push(frame: F) {
    this.frames.push(frame);
    this.waiters = this.waiters.filter((w) => {
      if (!w.test(frame)) return true;
      w.resolve(frame);
      return false;
    });
  }
  next(test: (f: F) => boolean, ms = 4000): Promise<F> {
    const seen = this.frames.find(test);
    if (seen) {
      this.take(seen);
      return Promise.resolve(seen);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no matching frame')), ms);
      this.waiters.push({
        test,
        resolve: (f) => {
          clearTimeout(timer);
          this.take(f);
          resolve(f);
        },
      });
    });
  }
  private take(frame: F) {
    if (this.consume) this.frames.splice(this.frames.indexOf(frame), 1);
  }
}

/** A protocol client: sends JSON text, inflates every binary frame, waits for frames matching a test. */
export class RealtimeSocket {
  private readonly queue = new FrameQueue(true);
  readonly frames = this.queue.frames;
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer, isBinary) => {
      expect(isBinary).toBe(true);
      this.queue.push(JSON.parse(gunzipSync(data).toString()));
    });
  }
  static open(url: string, cookie?: string): Promise<RealtimeSocket> {
    const ws = new WebSocket(url, cookie ? { headers: { cookie } } : {});
    const socket = new RealtimeSocket(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(socket));
      ws.once('error', reject);
    });
  }
  send(frame: object) {
    this.ws.send(JSON.stringify(frame));
  }
  next(test: (f: Frame) => boolean, ms = 3000): Promise<Frame> {
    return this.queue.next(test, ms);
  }
  close() {
    this.ws.close();
  }
}

export const on = (channel: string) => (f: Frame) => f.channel === channel && f.tick !== undefined;
export const rep = (channel: string) => (f: Frame) => f.channel === channel && f.event_rep === 'rep';
