/**
 * Reference counts per channel: two holders of one channel share one server subscription; the first acquire
 * subscribes and the last release unsubscribes.
 */
export class SubscriptionCounts {
  private readonly counts = new Map<string, number>();

  /** True when this is the channel's first holder (time to send `sub`). */
  acquire(channel: string): boolean {
    const count = (this.counts.get(channel) ?? 0) + 1;
    this.counts.set(channel, count);
    return count === 1;
  }

  /** True when this was the channel's last holder (time to send `unsub`); releasing an unheld channel is a no-op. */
  release(channel: string): boolean {
    const count = this.counts.get(channel);
    if (count === undefined) return false;
    if (count > 1) {
      this.counts.set(channel, count - 1);
      return false;
    }
    this.counts.delete(channel);
    return true;
  }

  has(channel: string): boolean {
    return this.counts.has(channel);
  }

  channels(): string[] {
    return [...this.counts.keys()];
  }
}
