/** The spec's "user logged out" event: raised by any call answering session-ended, heard by the session store. */
type Listener = () => void;
const listeners = new Set<Listener>();

export function onSessionEnded(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifySessionEnded(): void {
  for (const listener of listeners) listener();
}
