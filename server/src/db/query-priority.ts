import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Background work (the job runner) marks itself with this, so that on the embedded database the statements of a
 * customer's request or a payment provider's notification go before queued background statements
 * (docs/decisions/0059-request-statements-first.md).
 */
const background = new AsyncLocalStorage<true>();

/** Runs `work`, and everything it starts, as background work. */
export function runAsBackground<T>(work: () => T): T {
  return background.run(true, work);
}

export function isBackgroundWork(): boolean {
  return background.getStore() === true;
}

/**
 * One statement (or transaction) at a time, as PGlite runs them, but in two queues: requests' statements go
 * first, background statements when no request waits. After `maxForegroundStreak` request statements in a row
 * while background work waits, one background statement goes, so a steady stream of requests cannot hold back
 * kitchen tickets and payment look-ups for ever.
 */
export class StatementQueue {
  private busy = false;
  private readonly foreground: Array<() => void> = [];
  private readonly background: Array<() => void> = [];
  private foregroundStreak = 0;

  constructor(private readonly maxForegroundStreak = 8) {}

  async run<T>(work: () => Promise<T>, asBackground = isBackgroundWork()): Promise<T> {
    await this.acquire(asBackground);
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  /** Statements waiting, per queue (tests). */
  get waiting(): { foreground: number; background: number } {
    return { foreground: this.foreground.length, background: this.background.length };
  }

  private acquire(asBackground: boolean): Promise<void> {
    if (!this.busy) {
      this.busy = true;
      this.foregroundStreak = asBackground ? 0 : this.foregroundStreak + 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => (asBackground ? this.background : this.foreground).push(resolve));
  }

  private release() {
    const backgroundsTurn = this.background.length > 0 && (this.foreground.length === 0 || this.foregroundStreak >= this.maxForegroundStreak);
    const next = backgroundsTurn ? this.background.shift() : this.foreground.shift();
    if (!next) {
      this.busy = false;
      return;
    }
    this.foregroundStreak = backgroundsTurn ? 0 : this.foregroundStreak + 1;
    next();
  }
}
