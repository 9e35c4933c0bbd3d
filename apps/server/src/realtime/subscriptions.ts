import type { WebSocket } from 'ws';

/**
 * The fan-out's registry (fanout.ts): which subscriptions listen to which topic, so one encoded frame goes to all of
 * them; and a send that skips a socket whose buffer is backed up rather than letting a slow reader grow the
 * server's memory.
 */
export const BACKLOG_BYTES = 4 * 1024 * 1024;

export class Subscriptions<C> {
  private readonly byChannel = new Map<string, Set<C>>();

  /** True when the client is the channel's first listener. */
  add(channel: string, client: C): boolean {
    let set = this.byChannel.get(channel);
    if (!set) {
      set = new Set();
      this.byChannel.set(channel, set);
    }
    const before = set.size;
    set.add(client);
    return before === 0 && set.size === 1;
  }

  /** True when the client was the channel's last listener. */
  remove(channel: string, client: C): boolean {
    const set = this.byChannel.get(channel);
    if (!set?.delete(client)) return false;
    if (set.size > 0) return false;
    this.byChannel.delete(channel);
    return true;
  }

  of(channel: string): ReadonlySet<C> | undefined {
    return this.byChannel.get(channel);
  }

  has(channel: string): boolean {
    return (this.byChannel.get(channel)?.size ?? 0) > 0;
  }

  /** Channels with at least one listener. */
  channels(): IterableIterator<string> {
    return this.byChannel.keys();
  }
}

/** Sends unless the socket is closing or too far behind (its client sees the gap and recovers). */
export function sendIfKeepingUp(socket: WebSocket, data: Buffer | string): void {
  if (socket.readyState !== socket.OPEN || socket.bufferedAmount > BACKLOG_BYTES) return;
  socket.send(data, { binary: typeof data !== 'string' });
}
