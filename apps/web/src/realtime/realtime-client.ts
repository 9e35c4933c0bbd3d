import { CO_WS_PATH, WS_PATH } from '@opex/contract/realtime';
import { registerSocketWorker } from '../state/socket-worker.ts';
// Inlined in the boot script: the socket opens without waiting for a script fetch behind the page's chunks.
import SocketWorker from './socket.worker.ts?worker&inline';
import { socketUrl } from './socket-url.ts';
import type { PageMessage, RealtimeStatus, RequestParams, WorkerMessage } from './worker-messages.ts';

/**
 * The page's side of the socket worker: the latest value of each channel someone listens to, the connection status,
 * and reqs as promises. The worker does the counting; every listener acquires and releases once.
 */
export interface WorkerPort {
  postMessage(message: PageMessage): void;
  onmessage: ((event: MessageEvent<WorkerMessage>) => void) | null;
}

/** A req the server never answers (socket down for long) fails after this long. */
const REQUEST_TIMEOUT_MS = 15_000;

export class RealtimeClient {
  private readonly values = new Map<string, unknown>();
  private readonly listeners = new Map<string, Set<() => void>>();
  private readonly statusListeners = new Set<() => void>();
  private readonly missedListeners = new Map<string, Set<() => void>>();
  private readonly requests = new Map<number, { resolve(data: unknown): void; reject(error: Error): void }>();
  private nextRequestId = 1;
  status: RealtimeStatus = 'connecting';

  constructor(private readonly port: WorkerPort) {
    port.onmessage = (event) => this.onMessage(event.data);
  }

  /** Listen to a channel; the returned function stops listening (the last one out unsubscribes). */
  listen(channel: string, listener: () => void): () => void {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
    }
    set.add(listener);
    this.port.postMessage({ type: 'acquire', channel });
    return () => {
      set.delete(listener);
      if (set.size === 0) {
        this.listeners.delete(channel);
        this.values.delete(channel);
      }
      this.port.postMessage({ type: 'release', channel });
    };
  }

  value(channel: string): unknown {
    return this.values.get(channel);
  }

  /**
   * Called when pushes of a channel may have been lost (a seq gap, a reconnect): read again what they change. Only
   * while the channel is also listened to; the returned function stops.
   */
  onMissed(channel: string, listener: () => void): () => void {
    let set = this.missedListeners.get(channel);
    if (!set) {
      set = new Set();
      this.missedListeners.set(channel, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.missedListeners.delete(channel);
    };
  }

  onStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  request<T>(channel: string, params: RequestParams = {}): Promise<T> {
    const id = this.nextRequestId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.requests.delete(id);
        reject(new Error('realtime request timed out'));
      }, REQUEST_TIMEOUT_MS);
      this.requests.set(id, {
        resolve: (data) => {
          clearTimeout(timer);
          resolve(data as T);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      this.port.postMessage({ type: 'req', id, channel, params });
    });
  }

  /** Who is logged in (the worker reconnects when it changes, so the socket carries the new session). */
  setSession(key: string): void {
    this.port.postMessage({ type: 'session', key });
  }

  private onMessage(message: WorkerMessage): void {
    if (message.type === 'ticks') {
      for (const [channel, value] of Object.entries(message.ticks)) {
        const set = this.listeners.get(channel);
        // A batch already posted when the last listener left.
        if (!set) continue;
        this.values.set(channel, value);
        for (const listener of set) listener();
      }
    } else if (message.type === 'status') {
      this.status = message.status;
      for (const listener of this.statusListeners) listener();
    } else if (message.type === 'missed') {
      for (const listener of this.missedListeners.get(message.channel) ?? []) listener();
    } else if (message.type === 'reply') {
      this.requests.get(message.id)?.resolve(message.data);
      this.requests.delete(message.id);
    } else {
      this.requests.get(message.id)?.reject(new Error(message.error));
      this.requests.delete(message.id);
    }
  }
}

/** The sockets a page may use: spot's market data and private channels, or the futures socket's contracts. */
export type SocketKind = 'spot' | 'futures';
const paths: Record<SocketKind, string> = { spot: WS_PATH, futures: CO_WS_PATH };
const clients = new Map<SocketKind, RealtimeClient | null>();

/** The clients whose worker has started (the futures socket's only once a futures page opened). */
export function startedClients(): RealtimeClient[] {
  return [...clients.values()].filter((client) => client !== null);
}

/**
 * The client of one socket, its worker started on first use (the futures socket's only when a futures page opens);
 * null where there are no workers (tests, old browsers).
 */
export function realtimeClient(kind: SocketKind = 'spot'): RealtimeClient | null {
  const known = clients.get(kind);
  if (known !== undefined) return known;
  if (typeof Worker === 'undefined' || typeof document === 'undefined') {
    clients.set(kind, null);
    return null;
  }
  const worker = new SocketWorker({ name: `realtime-${kind}` });
  registerSocketWorker(worker);
  const client = new RealtimeClient(worker as WorkerPort);
  clients.set(kind, client);
  worker.postMessage({ type: 'connect', url: socketUrl(document.baseURI, paths[kind]) } satisfies PageMessage);
  return client;
}
