/**
 * Fixed-window counters per key ("at most `max` per `windowMs`"), in memory, for the limits the
 * route-level rate limiter cannot express: the global sign-up limit (one key for every client)
 * and failed administrator logins per IP (only failures count, and a blocked IP is refused
 * before its token is even compared). One process's counts: with PostgreSQL those limits count
 * in the database instead (./windowLimit).
 *
 * The number of keys is bounded (`maxKeys`): when full, expired windows are dropped first, then
 * the oldest, so a flood of spoofed or rotating addresses cannot grow memory without limit.
 */
export class WindowCounter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 10_000,
  ) {}

  /** Seconds until `key` may go on (its window ends), or 0 when it is under the limit. */
  blockedFor(key: string): number {
    const window = this.current(key);
    if (!window || window.count < this.max) return 0;
    return Math.max(1, Math.ceil((window.start + this.windowMs - this.now()) / 1000));
  }

  /** Counts one event for `key`; then the same as {@link blockedFor}. */
  hit(key: string): number {
    let window = this.current(key);
    if (!window) {
      this.makeRoom();
      window = { start: this.now(), count: 0 };
      this.windows.set(key, window);
    }
    window.count++;
    return window.count > this.max ? this.blockedFor(key) : 0;
  }

  /** Events counted for `key` in its current window. */
  count(key: string): number {
    return this.current(key)?.count ?? 0;
  }

  private current(key: string): { start: number; count: number } | undefined {
    const window = this.windows.get(key);
    if (window && this.now() - window.start >= this.windowMs) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private makeRoom(): void {
    if (this.windows.size < this.maxKeys) return;
    const now = this.now();
    for (const [key, window] of this.windows) {
      if (now - window.start >= this.windowMs) this.windows.delete(key);
    }
    // Maps iterate in insertion order: the first key is the oldest window.
    while (this.windows.size >= this.maxKeys) this.windows.delete(this.windows.keys().next().value!);
  }
}
