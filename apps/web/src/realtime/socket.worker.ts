/// <reference lib="webworker" />
import { animationFrameScheduler } from './frame-coalescer.ts';
import { RealtimeConnection } from './realtime-connection.ts';
import type { PageMessage, WorkerMessage } from './worker-messages.ts';

/** The dedicated worker that owns the page's one realtime socket (the spec's "background worker"). */
const scope = self as unknown as DedicatedWorkerGlobalScope;

const connection = new RealtimeConnection({
  createSocket: (url) => new WebSocket(url),
  post: (message: WorkerMessage) => scope.postMessage(message),
  schedule: animationFrameScheduler(),
});

scope.onmessage = (event: MessageEvent<PageMessage>) => connection.handle(event.data);
