/**
 * Holds the latest value per channel until the next animation frame, then hands them over in one batch: however
 * fast the server pushes, the page hears at most once per frame.
 */
export type FrameScheduler = (callback: () => void) => void;

export class FrameCoalescer {
  private pending = new Map<string, unknown>();
  private scheduled = false;

  constructor(
    private readonly schedule: FrameScheduler,
    private readonly deliver: (ticks: Record<string, unknown>) => void,
  ) {}

  set(channel: string, value: unknown): void {
    this.pending.set(channel, value);
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule(() => this.flush());
  }

  /** A released channel's queued value is dropped, so a page that let go never hears of it again. */
  drop(channel: string): void {
    this.pending.delete(channel);
  }

  private flush(): void {
    this.scheduled = false;
    if (this.pending.size === 0) return;
    const ticks = Object.fromEntries(this.pending);
    this.pending = new Map();
    this.deliver(ticks);
  }
}

/** requestAnimationFrame where the worker has it (Chromium), a 16 ms timer elsewhere. */
export function animationFrameScheduler(): FrameScheduler {
  if (typeof requestAnimationFrame === 'function') return (callback) => requestAnimationFrame(callback);
  return (callback) => setTimeout(callback, 16);
}
