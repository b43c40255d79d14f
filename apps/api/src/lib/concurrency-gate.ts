/** Thrown when a call waited its whole `waitMs` without a free slot. */
export class GateBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('busy');
  }
}

interface Waiter { key: string; admit: () => void; timer: NodeJS.Timeout }

/**
 * At most `total` calls at once in this process and `perKey` per key (an organizer). A call
 * beyond either waits in arrival order up to `waitMs`, then fails with GateBusyError. Slots are
 * handed to waiters as they free up, so a waiter is never eligible while it waits.
 * (Hand-written: p-limit and friends have no per-key limit or bounded wait; this is 50 lines.)
 */
export class ConcurrencyGate {
  private running = 0;
  private readonly byKey = new Map<string, number>();
  private waiting: Waiter[] = [];

  constructor(private readonly total: number, private readonly perKey: number, private readonly waitMs: number) {}

  async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    await this.enter(key);
    try {
      return await fn();
    } finally {
      this.leave(key);
    }
  }

  /** Calls running now (for tests and logs). */
  get active() {
    return this.running;
  }

  private eligible(key: string) {
    return this.running < this.total && (this.byKey.get(key) ?? 0) < this.perKey;
  }

  private take(key: string) {
    this.running++;
    this.byKey.set(key, (this.byKey.get(key) ?? 0) + 1);
  }

  private enter(key: string): Promise<void> {
    if (this.eligible(key)) {
      this.take(key);
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        key,
        admit: resolve,
        timer: setTimeout(() => {
          this.waiting = this.waiting.filter((w) => w !== waiter);
          reject(new GateBusyError(Math.max(1, Math.ceil(this.waitMs / 1000))));
        }, this.waitMs),
      };
      this.waiting.push(waiter);
    });
  }

  private leave(key: string) {
    this.running--;
    const left = (this.byKey.get(key) ?? 1) - 1;
    if (left > 0) this.byKey.set(key, left);
    else this.byKey.delete(key);
    for (const w of [...this.waiting]) {
      if (!this.eligible(w.key)) continue;
      clearTimeout(w.timer);
      this.waiting = this.waiting.filter((x) => x !== w);
      this.take(w.key);
      w.admit();
    }
  }
}
