/**
 * Long-lived connections held open (live channels, event streams), counted per key (a conversation, an address, a session): a free resource
 * is capped, and a visitor opening tab after tab is told to wait instead.
 */
export class SubscriptionCounter {
  private readonly open = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Takes a place for `key`, or answers false when all are taken; `release` gives it back. */
  take(key: string): boolean {
    const count = this.open.get(key) ?? 0;
    if (count >= this.max) return false;
    this.open.set(key, count + 1);
    return true;
  }

  release(key: string): void {
    const count = (this.open.get(key) ?? 1) - 1;
    if (count <= 0) this.open.delete(key);
    else this.open.set(key, count);
  }
}
