import type { CustomerOrderSnapshot, KitchenSnapshot, StatusBoardSnapshot } from '@bakje/contract';
import { and, asc, between, desc, eq, gt, gte, inArray, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { orderEvents, orders } from '../../db/schema/index.js';
import type { StatusScreenSettings } from '../displays/status-screen-settings.js';
import { addDaysTo, localMoment } from '../shop-time/shop-time.js';
import { loadKitchenOrder, loadKitchenOrders, type KitchenOrder } from './kitchen-order.js';
import type { OrderEventHub } from './event-hub.js';
import type { OrderEvent } from './record.js';
import { customerOrderView, projectEvent, statusBoardEntry, type EventScope } from './scopes.js';

/** One message of a live stream: SSE id, event name and JSON data. */
export interface StreamMessage {
  id: number;
  event: string;
  data: unknown;
}

/** A reconnect that missed more than this many events gets a fresh snapshot instead of a replay. */
export const MAX_REPLAY = 1000;

export interface EventStreamsDeps {
  db: Db;
  hub: OrderEventHub;
  timeZone: string;
  clock: () => Date;
  statusScreenSettings: () => Promise<StatusScreenSettings>;
}

/**
 * Live order streams per scope. A new client gets a snapshot (the current state, with the id of the newest
 * event it includes) and then every later event; a client that comes back with Last-Event-ID gets exactly
 * the events after it that its scope may see, then the live ones. Transports (SSE) only carry messages.
 */
export class OrderEventStreams {
  constructor(private readonly deps: EventStreamsDeps) {}

  /**
   * Starts a stream: `send` is called synchronously, in id order, for every message. Returns the function
   * that ends it. Live events that arrive while the replay or snapshot is read are held back and then sent
   * without repeats.
   */
  async open(scope: EventScope, lastEventId: string | undefined, send: (message: StreamMessage) => void): Promise<() => void> {
    let sentUpTo = Number.POSITIVE_INFINITY; // nothing live goes out until the start is sent
    const held: OrderEvent[] = [];
    const deliver = (event: OrderEvent) => {
      if (event.id <= sentUpTo) return;
      sentUpTo = event.id;
      const projected = projectEvent(scope, event, this.today());
      if (projected) send({ id: event.id, ...projected });
    };
    const unsubscribe = this.deps.hub.subscribe((event) => {
      if (sentUpTo === Number.POSITIVE_INFINITY) held.push(event);
      else deliver(event);
    });
    try {
      const resumeFrom = parseEventId(lastEventId);
      const replay = resumeFrom === undefined ? undefined : await this.replay(scope, resumeFrom);
      if (replay) {
        sentUpTo = resumeFrom!;
        for (const event of replay) deliver(event);
      } else {
        const snapshot = await this.snapshot(scope);
        send({ id: snapshot.upTo, event: 'snapshot', data: snapshot.data });
        sentUpTo = snapshot.upTo;
      }
      for (const event of held.splice(0)) deliver(event);
    } catch (error) {
      unsubscribe();
      throw error;
    }
    return unsubscribe;
  }

  /** The events after `afterId` for a scope, or undefined when a snapshot is the better answer. */
  private async replay(scope: EventScope, afterId: number): Promise<OrderEvent[] | undefined> {
    const latest = await this.deps.hub.latestId();
    // An id from the future (another database, a reset) cannot be resumed from.
    if (afterId > latest) return undefined;
    const where = scope.kind === 'order' ? and(gt(orderEvents.id, afterId), eq(orderEvents.orderId, scope.orderId)) : gt(orderEvents.id, afterId);
    const rows = (await this.deps.db
      .select()
      .from(orderEvents)
      .where(where)
      .orderBy(asc(orderEvents.id))
      .limit(MAX_REPLAY + 1)) as OrderEvent[];
    return rows.length > MAX_REPLAY ? undefined : rows;
  }

  /** The current state for a scope and the newest event id it reflects, read in one consistent view. */
  async snapshot(scope: EventScope): Promise<{ upTo: number; data: unknown }> {
    const now = this.deps.clock();
    const today = this.today();
    const settings = scope.kind === 'status-screen' ? await this.deps.statusScreenSettings() : undefined;
    return this.deps.db.transaction(
      async (tx) => {
        const [latest] = await tx.select({ id: orderEvents.id }).from(orderEvents).orderBy(desc(orderEvents.id)).limit(1);
        const upTo = latest?.id ?? 0;
        if (scope.kind === 'order') {
          const order = await loadKitchenOrder(tx, scope.orderId);
          return { upTo, data: { order: order ? customerOrderView(order) : null } satisfies CustomerOrderSnapshot };
        }
        if (scope.kind === 'kitchen') return { upTo, data: { orders: await activeKitchenOrders(tx, today) } satisfies KitchenSnapshot };
        const readySince = new Date(now.getTime() - settings!.readyVisibleSeconds * 1000);
        const ids = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(
            and(
              eq(orders.pickupDay, today),
              eq(orders.isTestOrder, false),
              or(eq(orders.status, 'processing'), and(eq(orders.status, 'completed'), gte(orders.updatedAt, readySince))),
            ),
          );
        const board = (
          await loadKitchenOrders(
            tx,
            ids.map((r) => r.id),
          )
        ).map(statusBoardEntry);
        return { upTo, data: { settings: settings!, today, timeZone: this.deps.timeZone, board } satisfies StatusBoardSnapshot };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  private today(): string {
    return localMoment(this.deps.clock(), this.deps.timeZone).date;
  }
}

/** Orders the kitchen works on (docs/product.md §7 windows, by pickup day): open ones from 7 days ago to 2 days ahead, completed from yesterday. */
async function activeKitchenOrders(tx: DbOrTx, today: string): Promise<KitchenOrder[]> {
  const ids = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.isTestOrder, false),
        or(
          and(inArray(orders.status, ['pending', 'processing']), between(orders.pickupDay, addDaysTo(today, -7), addDaysTo(today, 2))),
          and(eq(orders.status, 'completed'), between(orders.pickupDay, addDaysTo(today, -1), addDaysTo(today, 2))),
        ),
      ),
    )
    .orderBy(asc(orders.id))
    .limit(500);
  return loadKitchenOrders(
    tx,
    ids.map((r) => r.id),
  );
}

function parseEventId(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,15}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}
