import { gunzipSync } from 'node:zlib';
import WebSocket from 'ws';

/**
 * One load-generating child of the fan-out benchmark (fanout.ts forks a few): opens COUNT sockets on the realtime
 * endpoint, subscribes each to CHANNELS, answers the server's pings, and once told to measure records, per data
 * frame, receive time − the frame's `ts` (both Date.now() on the same machine), and per trade inside a trade frame
 * receive time − the trade's own `ts` (the event time, so it includes the server's 50 ms trade throttle).
 *
 * The server sends the same bytes to every subscriber of a channel; this process inflates a given byte string once
 * and reuses the parsed frame for the next sockets that receive the identical bytes (compared byte for byte), so
 * the load generator spends its CPU on sockets rather than on repeating the same gunzip 2,500 times.
 * FANOUT_FULL_DECODE=1 inflates every frame instead.
 */
const url = process.env.FANOUT_URL as string;
const count = Number(process.env.FANOUT_COUNT);
const subscribe = (process.env.FANOUT_CHANNELS as string).split(',');
const fullDecode = process.env.FANOUT_FULL_DECODE === '1';

// biome-ignore lint/suspicious/noExplicitAny: frames are read field by field
type Frame = any;

let recording = false;
const frameDelays: number[] = [];
const eventDelays: number[] = [];
let frames = 0;
let bytes = 0;
let pings = 0;
let closed = 0;
let errors = 0;
const seqGaps = { count: 0 };

/** The last few distinct frames seen, so identical bytes are inflated once. */
const recent: { data: Buffer; frame: Frame }[] = [];
function decode(data: Buffer): Frame {
  if (!fullDecode) {
    for (const r of recent) if (r.data.length === data.length && r.data.equals(data)) return r.frame;
  }
  const frame = JSON.parse(gunzipSync(data).toString());
  recent.push({ data, frame });
  if (recent.length > 16) recent.shift();
  return frame;
}

// Event-loop lag of this load generator: when it is busy, measured delays include its own queueing.
let lagMax = 0;
let lagLast = performance.now();
const lagTimer = setInterval(() => {
  const now = performance.now();
  if (recording) lagMax = Math.max(lagMax, now - lagLast - 100);
  lagLast = now;
}, 100);

function open(): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    const lastSeq = new Map<string, number>();
    ws.on('message', (data: Buffer) => {
      const received = Date.now();
      const frame = decode(data);
      if (typeof frame.ping === 'number') {
        pings++;
        ws.send(`{"pong":${frame.ping}}`);
        return;
      }
      if (frame.tick === undefined || typeof frame.ts !== 'number') return;
      const previous = lastSeq.get(frame.channel);
      if (previous !== undefined && frame.seq > previous + 1 && recording) seqGaps.count++;
      lastSeq.set(frame.channel, frame.seq);
      if (!recording) return;
      frames++;
      bytes += data.length;
      frameDelays.push(received - frame.ts);
      if (Array.isArray(frame.tick.data)) for (const t of frame.tick.data) eventDelays.push(received - t.ts);
    });
    ws.once('open', () => {
      for (const channel of subscribe) ws.send(JSON.stringify({ event: 'sub', params: { channel } }));
      resolve(ws);
    });
    ws.once('error', (error) => {
      errors++;
      reject(error);
    });
    ws.once('close', () => {
      closed++;
    });
  });
}

const sockets: WebSocket[] = [];
const started = performance.now();
// Connect in waves so the server's accept queue is not flooded.
for (let i = 0; i < count; i += 100) {
  const wave = await Promise.all(Array.from({ length: Math.min(100, count - i) }, open));
  sockets.push(...wave);
}
process.send?.({ type: 'connected', ms: performance.now() - started });

process.on('message', (message: { type: string }) => {
  if (message.type === 'measure') {
    recording = true;
    lagLast = performance.now();
    return;
  }
  if (message.type === 'stop') {
    recording = false;
    clearInterval(lagTimer);
    process.send?.(
      {
        type: 'result',
        frameDelays,
        eventDelays,
        frames,
        bytes,
        pings,
        closed,
        errors,
        seqGaps: seqGaps.count,
        lagMaxMs: lagMax,
        cpu: process.cpuUsage(),
      },
      () => {
        for (const ws of sockets) ws.terminate();
        process.exit(0);
      },
    );
  }
});
