/**
 * Idle rules of the spec: seconds since the last activity are counted; above 7200 s the page reloads (after the
 * socket worker is told to close). Counting from timestamps, not ticks, keeps it right when a background tab's
 * timers are throttled.
 */
export const IDLE_LIMIT_SECONDS = 7200;
export const ACTIVITY_DEBOUNCE_MS = 1000;
export const ACTIVITY_EVENTS = ['wheel', 'click', 'mousemove', 'keydown'] as const;

export function idleSeconds(lastActivityMs: number, nowMs: number): number {
  return Math.floor((nowMs - lastActivityMs) / 1000);
}

export function idleExpired(lastActivityMs: number, nowMs: number): boolean {
  return idleSeconds(lastActivityMs, nowMs) > IDLE_LIMIT_SECONDS;
}
