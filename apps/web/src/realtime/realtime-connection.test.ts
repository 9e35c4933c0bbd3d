// @vitest-environment node
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeConnection, reconnectDelay, refusedSubDelay, type SocketLike } from './realtime-connection.ts';
import type { WorkerMessage } from './worker-messages.ts';

/** A stand-in for the browser's WebSocket: records what the connection sends, lets the test play the server. */
class ScriptedSocket implements SocketLike {
  binaryType: BinaryType = 'blob';
  readyState = 0;
  sent: unknown[] = [];
  closed = false;
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  onmessage: SocketLike['onmessage'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  serverSends(frame: unknown) {
    const bytes = gzipSync(JSON.stringify(frame));
    const data = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    this.onmessage?.({ data } as MessageEvent<ArrayBuffer>);
  }
  serverCloses() {
    this.readyState = 3;
    this.onclose?.({} as CloseEvent);
  }
}

function setup() {
  const sockets: ScriptedSocket[] = [];
  const posted: WorkerMessage[] = [];
  const frames: (() => void)[] = [];
  const connection = new RealtimeConnection({
    createSocket: (url) => {
      const socket = new ScriptedSocket(url);
      sockets.push(socket);
      return socket;
    },
    post: (message) => posted.push(message),
    schedule: (callback) => frames.push(callback),
  });
  const runFrame = () => {
    for (const callback of frames.splice(0)) callback();
  };
  const ticks = () => posted.filter((m) => m.type === 'ticks').map((m) => (m as { ticks: unknown }).ticks);
  // Inflating runs on streams (real I/O callbacks, slow on a loaded machine): wait for every frame to be handled.
  const settle = () => connection.handled();
  return { connection, sockets, posted, runFrame, ticks, settle, last: () => sockets.at(-1) as ScriptedSocket };
}

const URL = 'ws://localhost/kline-api/ws';
const TICKER = 'market_btcusdt_ticker';
const DEPTH = 'market_btcusdt_depth_step0';
const TRADES = 'market_btcusdt_trade_ticker';
const DEPOSITS = 'user_deposits';

describe('RealtimeConnection', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('two holders of a channel make one sub; the last release unsubscribes', () => {
    const { connection, last } = setup();
    connection.handle({ type: 'connect', url: URL });
    last().open();
    connection.handle({ type: 'acquire', channel: TICKER });
    connection.handle({ type: 'acquire', channel: TICKER });
    connection.handle({ type: 'release', channel: TICKER });
    expect(last().sent).toEqual([{ event: 'sub', params: { channel: TICKER } }]);
    connection.handle({ type: 'release', channel: TICKER });
    expect(last().sent.at(-1)).toEqual({ event: 'unsub', params: { channel: TICKER } });
  });

  it('answers ping with pong and posts values at most once per frame, latest only', async () => {
    const { connection, last, runFrame, ticks, settle } = setup();
    connection.handle({ type: 'connect', url: URL });
    last().open();
    connection.handle({ type: 'acquire', channel: DEPTH });
    last().serverSends({ ping: 123 });
    last().serverSends({ channel: DEPTH, seq: 4, ts: 1, tick: { asks: [['2', '1']], buys: [] } });
    last().serverSends({ channel: DEPTH, seq: 5, ts: 2, tick: { asks: [['3', '1']], buys: [] } });
    await settle();
    expect(last().sent).toContainEqual({ pong: 123 });
    expect(ticks()).toEqual([]);
    runFrame();
    expect(ticks()).toEqual([{ [DEPTH]: { asks: [['3', '1']], buys: [] } }]);
  });

  it('a seq gap on a whole-state channel resubscribes; on trades it asks for the latest again', async () => {
    const { connection, last, settle } = setup();
    connection.handle({ type: 'connect', url: URL });
    last().open();
    connection.handle({ type: 'acquire', channel: TICKER });
    connection.handle({ type: 'acquire', channel: TRADES });
    last().sent = [];
    last().serverSends({ channel: TICKER, seq: 1, ts: 1, tick: {} });
    last().serverSends({ channel: TICKER, seq: 2, ts: 1, tick: {} });
    last().serverSends({ channel: TRADES, seq: 8, ts: 1, tick: { data: [] } });
    await settle();
    expect(last().sent).toEqual([]);
    last().serverSends({ channel: TICKER, seq: 4, ts: 1, tick: {} });
    last().serverSends({ channel: TRADES, seq: 10, ts: 1, tick: { data: [] } });
    await settle();
    expect(last().sent).toEqual([
      { event: 'unsub', params: { channel: TICKER } },
      { event: 'sub', params: { channel: TICKER } },
      { event: 'req', params: { channel: TRADES, cb_id: `seed:${TRADES}`, top: 50 } },
    ]);
  });

  it('tells the page a held channel may have missed pushes: on a seq gap, and when a socket opens again', async () => {
    const { connection, last, posted, settle } = setup();
    const missed = () => posted.filter((m) => m.type === 'missed');
    connection.handle({ type: 'connect', url: URL });
    last().open();
    connection.handle({ type: 'acquire', channel: DEPOSITS });
    last().serverSends({ channel: DEPOSITS, seq: 1, ts: 1, tick: { id: 1 } });
    last().serverSends({ channel: DEPOSITS, seq: 2, ts: 1, tick: { id: 1 } });
    await settle();
    expect(missed()).toEqual([]);
    last().serverSends({ channel: DEPOSITS, seq: 4, ts: 1, tick: { id: 2 } });
    await settle();
    expect(missed()).toEqual([{ type: 'missed', channel: DEPOSITS }]);
    last().serverCloses();
    await vi.advanceTimersByTimeAsync(reconnectDelay(0));
    last().open();
    expect(missed()).toEqual([
      { type: 'missed', channel: DEPOSITS },
      { type: 'missed', channel: DEPOSITS },
    ]);
  });

  it('trades are seeded by a req for the latest 50 and merged with pushes, newest first', async () => {
    const { connection, last, runFrame, ticks, settle } = setup();
    connection.handle({ type: 'connect', url: URL });
    last().open();
    connection.handle({ type: 'acquire', channel: TRADES });
    expect(last().sent).toEqual([
      { event: 'sub', params: { channel: TRADES } },
      { event: 'req', params: { channel: TRADES, cb_id: `seed:${TRADES}`, top: 50 } },
    ]);
    const t = (id: number) => ({ id, side: 'SELL', price: '1', vol: '1', amount: '1', ts: id });
    last().serverSends({ channel: TRADES, seq: 1, ts: 1, tick: { data: [t(3), t(4)] } });
    last().serverSends({
      event_rep: 'rep',
      channel: TRADES,
      cb_id: `seed:${TRADES}`,
      ts: 1,
      status: 'ok',
      data: [t(3), t(2)],
    });
    await settle();
    runFrame();
    expect((ticks().at(-1) as Record<string, { id: number }[]>)[TRADES]?.map((x) => x.id)).toEqual([4, 3, 2]);
  });

  it('reconnects with backoff and subscribes everything held again; unanswered reqs are sent again', async () => {
    const { connection, sockets, last, posted, settle } = setup();
    connection.handle({ type: 'connect', url: URL });
    last().open();
    connection.handle({ type: 'acquire', channel: TICKER });
    connection.handle({ type: 'acquire', channel: DEPTH });
    connection.handle({ type: 'req', id: 9, channel: 'review', params: {} });
    last().serverCloses();
    expect(posted.at(-1)).toEqual({ type: 'status', status: 'closed' });
    await vi.advanceTimersByTimeAsync(reconnectDelay(0) - 1);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    last().open();
    expect(last().sent).toEqual([
      { event: 'sub', params: { channel: TICKER } },
      { event: 'sub', params: { channel: DEPTH } },
      { event: 'req', params: { channel: 'review', cb_id: '9' } },
    ]);
    last().serverSends({ event_rep: 'rep', channel: 'review', cb_id: '9', ts: 1, status: 'ok', data: { btcusdt: {} } });
    await settle();
    expect(posted).toContainEqual({ type: 'reply', id: 9, data: { btcusdt: {} } });
    expect(reconnectDelay(1)).toBe(6_000);
    expect(reconnectDelay(10)).toBe(30_000);
  });

  it('drops a socket silent for 30 s and reconnects', async () => {
    const { connection, sockets, last } = setup();
    connection.handle({ type: 'connect', url: URL });
    last().open();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sockets[0]?.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(reconnectDelay(0));
    expect(sockets).toHaveLength(2);
  });

  it('a new session reconnects at once; close stops for good', async () => {
    const { connection, sockets, last, posted } = setup();
    connection.handle({ type: 'connect', url: URL });
    connection.handle({ type: 'session', key: 'visitor' });
    last().open();
    connection.handle({ type: 'session', key: 'visitor' });
    expect(sockets).toHaveLength(1);
    connection.handle({ type: 'session', key: 'user:5' });
    expect(sockets).toHaveLength(2);
    expect(sockets[0]?.closed).toBe(true);
    connection.handle({ type: 'close' });
    expect(last().closed).toBe(true);
    expect(posted.at(-1)).toEqual({ type: 'status', status: 'closed' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(2);
  });

  it('a refused req reports its message; pushes after the last release are ignored', async () => {
    const { connection, last, posted, runFrame, ticks, settle } = setup();
    connection.handle({ type: 'connect', url: URL });
    last().open();
    connection.handle({ type: 'req', id: 3, channel: 'market_nope_kline_1min', params: {} });
    last().serverSends({
      event_rep: 'error',
      channel: 'market_nope_kline_1min',
      cb_id: '3',
      ts: 1,
      msg: 'unknown market',
    });
    connection.handle({ type: 'acquire', channel: TICKER });
    connection.handle({ type: 'release', channel: TICKER });
    last().serverSends({ channel: TICKER, seq: 1, ts: 1, tick: { close: '1' } });
    await settle();
    runFrame();
    expect(posted).toContainEqual({ type: 'reply-error', id: 3, error: 'unknown market' });
    expect(ticks()).toEqual([]);
  });

  it('a sub refused as an unknown market is sent again with backoff while held, until the market is known', async () => {
    const { connection, sockets, last, runFrame, ticks, settle } = setup();
    const refuse = (channel: string) =>
      last().serverSends({ event_rep: 'error', channel, ts: 1, msg: 'unknown market' });
    connection.handle({ type: 'connect', url: URL });
    last().open();
    connection.handle({ type: 'acquire', channel: TRADES });
    last().sent = [];
    refuse(TRADES);
    // The trades' seed req is refused too (with its cb_id): one retry, not two.
    last().serverSends({ event_rep: 'error', channel: TRADES, cb_id: `seed:${TRADES}`, ts: 1, msg: 'unknown market' });
    await settle();
    await vi.advanceTimersByTimeAsync(refusedSubDelay(0) - 1);
    expect(last().sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(last().sent).toEqual([
      { event: 'sub', params: { channel: TRADES } },
      { event: 'req', params: { channel: TRADES, cb_id: `seed:${TRADES}`, top: 50 } },
    ]);

    last().sent = [];
    refuse(TRADES);
    await settle();
    await vi.advanceTimersByTimeAsync(refusedSubDelay(1) - 1);
    expect(last().sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(last().sent).toContainEqual({ event: 'sub', params: { channel: TRADES } });

    // Known now: the push shows, and no more subs go out.
    last().sent = [];
    last().serverSends({ channel: TRADES, seq: 1, ts: 1, tick: { data: [] } });
    await settle();
    // Shorter than the silence that would drop the socket.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(last().sent.filter((frame) => (frame as { event?: string }).event === 'sub')).toEqual([]);
    runFrame();
    expect(ticks().at(-1)).toEqual({ [TRADES]: [] });
    expect(sockets).toHaveLength(1);
    expect(refusedSubDelay(2)).toBe(4_000);
    expect(refusedSubDelay(10)).toBe(30_000);
  });

  it('no retry once the last holder lets go, nor for a refusal of another kind', async () => {
    const { connection, sockets, last, settle } = setup();
    connection.handle({ type: 'connect', url: URL });
    last().open();
    connection.handle({ type: 'acquire', channel: TICKER });
    connection.handle({ type: 'acquire', channel: DEPTH });
    last().serverSends({ event_rep: 'error', channel: TICKER, ts: 1, msg: 'unknown market' });
    last().serverSends({ event_rep: 'error', channel: DEPTH, ts: 1, msg: 'unknown depth step' });
    await settle();
    connection.handle({ type: 'release', channel: TICKER });
    last().sent = [];
    // Shorter than the silence that would drop the socket.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(sockets).toHaveLength(1);
    expect(last().sent.filter((frame) => (frame as { event?: string }).event === 'sub')).toEqual([]);
  });

  it('a pending retry gives way to the new socket, which subscribes every held channel once', async () => {
    const { connection, sockets, last, settle } = setup();
    connection.handle({ type: 'connect', url: URL });
    last().open();
    connection.handle({ type: 'acquire', channel: TICKER });
    last().serverSends({ event_rep: 'error', channel: TICKER, ts: 1, msg: 'unknown market' });
    await settle();
    last().serverCloses();
    await vi.advanceTimersByTimeAsync(reconnectDelay(0));
    expect(sockets).toHaveLength(2);
    last().open();
    // Shorter than the silence that would drop the socket.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(last().sent.filter((frame) => (frame as { event?: string }).event === 'sub')).toEqual([
      { event: 'sub', params: { channel: TICKER } },
    ]);
    // Refused again on the new socket: tried again, later than the first time.
    last().sent = [];
    last().serverSends({ event_rep: 'error', channel: TICKER, ts: 1, msg: 'unknown market' });
    await settle();
    await vi.advanceTimersByTimeAsync(refusedSubDelay(1) - 1);
    expect(last().sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(last().sent).toEqual([{ event: 'sub', params: { channel: TICKER } }]);
  });
});
