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
 *
 * With `yieldBeforeBackground`, each background statement first lets the event loop turn once. PGlite answers
 * in promise callbacks without any I/O in between, so a job's statements, and the JavaScript between them, would
 * otherwise run as one block: a request that has not been read yet (or a connection not yet accepted: the event
 * loop accepts one per turn) waited for the whole job, not for one statement.
 */
export class StatementQueue {
  private busy = false;
  private readonly foreground: Array<() => void> = [];
  private readonly background: Array<() => void> = [];
  private foregroundStreak = 0;
  private turnPending = false;

  constructor(
    private readonly maxForegroundStreak = 8,
    private readonly yieldBeforeBackground = false,
  ) {}

  async run<T>(work: () => Promise<T>, asBackground = isBackgroundWork()): Promise<T> {
    await new Promise<void>((granted) => {
      (asBackground ? this.background : this.foreground).push(granted);
      this.dispatch();
    });
    try {
      return await work();
    } finally {
      this.busy = false;
      this.dispatch();
    }
  }

  /** Statements waiting, per queue (tests). */
  get waiting(): { foreground: number; background: number } {
    return { foreground: this.foreground.length, background: this.background.length };
  }

  private dispatch(afterTurn = false) {
    if (this.busy) return;
    const backgroundsTurn = this.background.length > 0 && (this.foreground.length === 0 || this.foregroundStreak >= this.maxForegroundStreak);
    if (backgroundsTurn && this.yieldBeforeBackground && !afterTurn) {
      if (!this.turnPending) {
        this.turnPending = true;
        setImmediate(() => {
          this.turnPending = false;
          this.dispatch(true);
        });
      }
      return;
    }
    const next = backgroundsTurn ? this.background.shift() : this.foreground.shift();
    if (!next) return;
    this.busy = true;
    this.foregroundStreak = backgroundsTurn ? 0 : this.foregroundStreak + 1;
    next();
  }
}
