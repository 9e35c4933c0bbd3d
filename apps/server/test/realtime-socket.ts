import { gunzipSync } from 'node:zlib';
import { expect } from 'vitest';
import WebSocket from 'ws';

// biome-ignore lint/suspicious/noExplicitAny: frames are checked field by field
export type Frame = any;

/** A protocol client: sends JSON text, inflates every binary frame, waits for frames matching a test. */
export class RealtimeSocket {
  readonly frames: Frame[] = [];
  private waiters: { test: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer, isBinary) => {
      expect(isBinary).toBe(true);
      const frame = JSON.parse(gunzipSync(data).toString());
      this.frames.push(frame);
      this.waiters = this.waiters.filter((w) => {
        if (!w.test(frame)) return true;
        w.resolve(frame);
        return false;
      });
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
    const seen = this.frames.find(test);
    if (seen) {
      this.frames.splice(this.frames.indexOf(seen), 1);
      return Promise.resolve(seen);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no matching frame')), ms);
      this.waiters.push({
        test,
        resolve: (f) => {
          clearTimeout(timer);
          this.frames.splice(this.frames.indexOf(f), 1);
          resolve(f);
        },
      });
    });
  }
  close() {
    this.ws.close();
  }
}

export const on = (channel: string) => (f: Frame) => f.channel === channel && f.tick !== undefined;
export const rep = (channel: string) => (f: Frame) => f.channel === channel && f.event_rep === 'rep';
