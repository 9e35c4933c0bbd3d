// @vitest-environment node
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeFrame } from './frame-decoding.ts';

const gz = (value: unknown): ArrayBuffer => {
  const bytes = gzipSync(JSON.stringify(value));
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
};

describe('decodeFrame', () => {
  it('inflates gzip binary frames and sorts them by kind', async () => {
    expect(await decodeFrame(gz({ ping: 1700000000000 }))).toEqual({ kind: 'ping', ping: 1700000000000 });
    const push = { channel: 'market_btcusdt_ticker', seq: 3, ts: 1, tick: { close: '1.25' } };
    expect(await decodeFrame(gz(push))).toEqual({ kind: 'push', frame: push });
    const reply = { event_rep: 'rep', channel: 'review', cb_id: '7', ts: 1, status: 'ok', data: {} };
    expect(await decodeFrame(gz(reply))).toEqual({ kind: 'reply', frame: reply });
    const error = { event_rep: 'error', channel: 'x', ts: 1, msg: 'unknown channel' };
    expect(await decodeFrame(gz(error))).toEqual({ kind: 'error', frame: error });
  });

  it('reads uncompressed binary and text frames as JSON', async () => {
    const text = JSON.stringify({ ping: 5 });
    expect(await decodeFrame(text)).toEqual({ kind: 'ping', ping: 5 });
    expect(await decodeFrame(new TextEncoder().encode(text).buffer as ArrayBuffer)).toEqual({ kind: 'ping', ping: 5 });
    expect(await decodeFrame('{"pong":5}')).toEqual({ kind: 'other' });
  });

  it('rejects a frame that is not JSON', async () => {
    await expect(decodeFrame('not json')).rejects.toThrow();
  });
});
