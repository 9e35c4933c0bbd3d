/**
 * Gap detection on the per-channel `seq` of pushed frames. The first frame after a (re)subscription sets the base
 * (the server's snapshot carries the channel's current seq); after that each push must be the next number. A frame
 * at or below the last seq (the snapshot of a resubscription) is accepted: it is whole state, not a missed push.
 */
export class SeqTracker {
  private readonly last = new Map<string, number>();

  /** 'gap' when pushes were lost between the previous frame and this one. */
  accept(channel: string, seq: number): 'ok' | 'gap' {
    const previous = this.last.get(channel);
    this.last.set(channel, seq);
    return previous !== undefined && seq > previous + 1 ? 'gap' : 'ok';
  }

  /** Forget a channel: its next frame sets a new base. */
  reset(channel: string): void {
    this.last.delete(channel);
  }

  clear(): void {
    this.last.clear();
  }
}
