/**
 * The realtime socket worker (issue 5) registers itself here so the shell can tell it to close before an idle
 * reload; without a worker, closing is a no-op.
 */
let worker: { postMessage(message: unknown): void } | undefined;

export function registerSocketWorker(next: { postMessage(message: unknown): void } | undefined): void {
  worker = next;
}

export function closeSocketWorker(): void {
  worker?.postMessage({ type: 'close' });
}
