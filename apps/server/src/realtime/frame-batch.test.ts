import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { binaryFrame, FrameBatch } from './frame-batch.ts';

describe('framed fan-out', () => {
  let wss: WebSocketServer;
  let url: string;
  beforeAll(async () => {
    wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
    await new Promise((resolve) => wss.once('listening', resolve));
    url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => wss.close(resolve)));

  it('writes one batch of frames of every header size, interleaved with ws sends, read back in order', async () => {
    const sizes = [0, 1, 125, 126, 127, 65_535, 65_536, 70_001];
    const payloads = sizes.map((n) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 7 + n) % 256)));
    const client = new WebSocket(url);
    const received: { binary: boolean; data: Buffer }[] = [];
    const all = new Promise<void>((resolve) =>
      client.on('message', (data: Buffer, binary) => {
        received.push({ binary, data });
        if (received.length === sizes.length + 2) resolve();
      }),
    );
    const [server] = await Promise.all([
      new Promise<WebSocket>((resolve) => wss.once('connection', resolve)),
      new Promise((resolve) => client.once('open', resolve)),
    ]);
    const peer = { socket: server as WebSocket };
    server?.send('before');
    const batch = new FrameBatch<typeof peer>();
    for (const p of payloads) batch.add(peer, binaryFrame(p));
    batch.flush();
    server?.send('after');
    await all;
    client.close();
    expect(received.map((m) => (m.binary ? m.data.length : m.data.toString()))).toEqual(['before', ...sizes, 'after']);
    payloads.forEach((p, i) => {
      expect(received[i + 1]?.data.equals(p)).toBe(true);
    });
  });
});
