import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import { BACKLOG_BYTES } from './subscriptions.ts';

/**
 * Fan-out at the cost of one write per socket per throttle tick. With thousands of subscribers the server's time
 * goes to the per-socket send (a system call each, plus the ws library's framing), not to encoding, so:
 *  - a pushed message is framed ONCE (WebSocket header + gzip payload in one buffer) and that buffer is written to
 *    every subscriber's TCP socket as is;
 *  - the frames of one tick (depth, trades, K-line of a market...) are collected per socket and written together,
 *    one system call for all of them.
 * Writing the frame to the socket under ws is safe because the original protocol's sockets never compress (perMessageDeflate is
 * off) and never send Blobs: ws then writes each of its own frames (replies, pongs) synchronously too, so frames
 * are never interleaved.
 */

/** A complete unmasked, final, binary WebSocket frame (RFC 6455 5.2) holding `payload`. */
export function binaryFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x82;
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
    frame.writeUInt32BE(length >>> 0, 6);
  }
  payload.copy(frame, headerLength);
  return frame;
}

/** The TCP socket under a ws WebSocket (ws keeps it in `_socket`; absent before open and after close). */
function rawSocket(socket: WebSocket): Duplex | undefined {
  return (socket as unknown as { _socket?: Duplex })._socket;
}

/**
 * Writes framed messages to a socket in one write, unless it is closing or too far behind (its client sees the seq
 * gap and recovers), like sendIfKeepingUp.
 */
export function writeFrames(socket: WebSocket, frames: readonly Buffer[]): void {
  if (socket.readyState !== socket.OPEN || socket.bufferedAmount > BACKLOG_BYTES) return;
  const raw = rawSocket(socket);
  if (!raw || raw.destroyed) return;
  raw.write(frames.length === 1 ? (frames[0] as Buffer) : Buffer.concat(frames));
}

/** The frames of one tick, per client; flush() writes each client's frames at once. */
export class FrameBatch<C extends { socket: WebSocket }> {
  private readonly pending = new Map<C, Buffer[]>();

  add(client: C, frame: Buffer): void {
    const list = this.pending.get(client);
    if (list) list.push(frame);
    else this.pending.set(client, [frame]);
  }

  flush(): void {
    for (const [client, frames] of this.pending) writeFrames(client.socket, frames);
    this.pending.clear();
  }
}
