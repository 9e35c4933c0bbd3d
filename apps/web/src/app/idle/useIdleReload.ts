import { useEffect } from 'react';
import { closeSocketWorker } from '../../state/socket-worker.ts';
import { ACTIVITY_DEBOUNCE_MS, ACTIVITY_EVENTS, idleExpired } from './idle-rules.ts';

/**
 * Reloads the page after more than 7200 s without activity (the original never reloaded: it called a misspelled
 * function). Activity is debounced 1000 ms; it first checks for expiry (a tab woken after hours reloads), then resets.
 */
export function useIdleReload(reload: () => void = () => location.reload()): void {
  useEffect(() => {
    let lastActivity = Date.now();
    let debounce: ReturnType<typeof setTimeout> | undefined;
    let done = false;
    const expire = () => {
      if (done) return;
      done = true;
      closeSocketWorker();
      reload();
    };
    const check = () => {
      if (idleExpired(lastActivity, Date.now())) expire();
    };
    const onActivity = () => {
      clearTimeout(debounce);
      debounce = setTimeout(() => {
        check();
        lastActivity = Date.now();
      }, ACTIVITY_DEBOUNCE_MS);
    };
    const tick = setInterval(check, 1000);
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, { passive: true });
    return () => {
      clearInterval(tick);
      clearTimeout(debounce);
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity);
    };
  }, [reload]);
}
