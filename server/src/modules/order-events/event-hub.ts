import { asc, desc, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { orderEvents } from '../../db/schema/index.js';
import type { Logger } from '../../logger.js';
import { ORDER_EVENTS_CHANNEL, type OrderEvent } from './record.js';

const PAGE = 500;

/**
 * One per server instance. Hears NOTIFY bakje_order_events (PostgreSQL: from any instance; PGlite: in
 * process), reads the event rows after the last id it has delivered, and hands them, in id order, to the
 * subscribers of this instance (the open SSE streams). The notification only says "something new"; the
 * rows are the truth, so a lost or coalesced notification loses nothing: the next one catches up.
 */
export class OrderEventHub {
  private cursor = 0;
  private readonly subscribers = new Set<(event: OrderEvent) => void>();
  private unlisten: (() => Promise<void>) | undefined;
  private pumping: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly database: Database,
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    this.cursor = await this.latestId();
    // After a dropped LISTEN connection notifications may have been missed: read what is new.
    this.unlisten = await this.database.listen(ORDER_EVENTS_CHANNEL, { onPayload: () => this.poke(), onResubscribed: () => this.poke() });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.unlisten?.().catch(() => undefined);
    await this.pumping?.catch(() => undefined);
    this.subscribers.clear();
  }

  /** The id of the newest event delivered to subscribers of this instance. */
  get deliveredUpTo(): number {
    return this.cursor;
  }

  /** Open streams on this instance (for health and tests). */
  get subscriberCount(): number {
    return this.subscribers.size;
  }

  subscribe(listener: (event: OrderEvent) => void): () => void {
    this.subscribers.add(listener);
    return () => this.subscribers.delete(listener);
  }

  /** Committed events after `afterId`, oldest first, at most `limit`. */
  async readAfter(afterId: number, limit: number): Promise<OrderEvent[]> {
    const rows = await this.database.db.select().from(orderEvents).where(gt(orderEvents.id, afterId)).orderBy(asc(orderEvents.id)).limit(limit);
    return rows as OrderEvent[];
  }

  async latestId(): Promise<number> {
    const [row] = await this.database.db.select({ id: orderEvents.id }).from(orderEvents).orderBy(desc(orderEvents.id)).limit(1);
    return row?.id ?? 0;
  }

  /** Something was committed: read it (one reader at a time; pokes during a read cause one more read). */
  poke(): void {
    if (this.stopped) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    // Read on the next turn of the event loop: on PGlite the query runs on this thread, and the request whose
    // commit sent the notification then answers first (docs/decisions/0053-pglite-memory-checkout.md).
    this.pumping = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.pump())
      .catch((error: unknown) => this.log.error({ err: error }, 'reading order events failed'))
      .finally(() => {
        this.pumping = undefined;
        if (this.again) {
          this.again = false;
          this.poke();
        }
      });
  }

  private async pump(): Promise<void> {
    for (;;) {
      const events = await this.readAfter(this.cursor, PAGE);
      for (const event of events) {
        this.cursor = event.id;
        for (const listener of this.subscribers) {
          try {
            listener(event);
          } catch (error) {
            this.log.error({ err: error }, 'order event subscriber failed');
          }
        }
      }
      if (events.length < PAGE || this.stopped) return;
    }
  }
}
