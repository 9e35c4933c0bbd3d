/** The messages between the page and the socket worker (socket.worker.ts). */
export type RealtimeStatus = 'connecting' | 'open' | 'closed';

export interface RequestParams {
  top?: number;
  endIdx?: number;
  pageSize?: number;
}

export type PageMessage =
  /** Start (or move) the socket to this URL. */
  | { type: 'connect'; url: string }
  /** Who is logged in; a change reconnects, because the server reads the session cookie at the upgrade only. */
  | { type: 'session'; key: string }
  | { type: 'acquire'; channel: string }
  | { type: 'release'; channel: string }
  | { type: 'req'; id: number; channel: string; params: RequestParams }
  /** Sent by the shell before an idle reload: close for good. */
  | { type: 'close' };

export type WorkerMessage =
  /** The latest value of every channel that changed since the last post (at most one post per animation frame). */
  | { type: 'ticks'; ticks: Record<string, unknown> }
  | { type: 'status'; status: RealtimeStatus }
  /**
   * Pushes of a held channel may have been lost (its seq skipped, or the socket opened again after one was open):
   * what they change is to be read again. Channels without a snapshot (the private ones) recover only so.
   */
  | { type: 'missed'; channel: string }
  | { type: 'reply'; id: number; data: unknown }
  | { type: 'reply-error'; id: number; error: string };
