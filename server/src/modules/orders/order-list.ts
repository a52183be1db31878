import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { orderLines, orders, type OrderStatus } from '../../db/schema/index.js';
import type { OrderLineRow, OrderRow } from './order-read.js';

export interface OrderListFilter {
  /** Only these statuses (all when not given). */
  statuses?: OrderStatus[];
  customerId?: number;
  /** Only these order ids (an empty list matches nothing). */
  ids?: number[];
  /** Part of the billing e-mail, names or phone, or of the customer note. */
  search?: string;
  orderBy: 'date' | 'modified' | 'id';
  direction: 'asc' | 'desc';
  page: number;
  perPage: number;
}

export interface OrderListPage {
  total: number;
  orders: { order: OrderRow; lines: OrderLineRow[] }[];
}

/** The back office's order list (the WooCommerce REST `GET /orders`): one page and the total count. */
export async function listOrders(db: DbOrTx, filter: OrderListFilter): Promise<OrderListPage> {
  const conditions: SQL[] = [];
  if (filter.statuses) conditions.push(inArray(orders.status, filter.statuses));
  if (filter.customerId !== undefined) conditions.push(eq(orders.customerId, filter.customerId));
  if (filter.ids) conditions.push(inArray(orders.id, filter.ids.length ? filter.ids : [0]));
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(sql`${orders.billing}->>'email'`, pattern),
        ilike(sql`${orders.billing}->>'lastName'`, pattern),
        ilike(sql`${orders.billing}->>'firstName'`, pattern),
        ilike(sql`${orders.billing}->>'phone'`, pattern),
        ilike(orders.customerNote, pattern),
      )!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const column = filter.orderBy === 'modified' ? orders.updatedAt : filter.orderBy === 'date' ? orders.createdAt : orders.id;
  const sort = filter.direction === 'asc' ? asc : desc;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(orders).where(where);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(sort(column), sort(orders.id))
    .limit(filter.perPage)
    .offset((filter.page - 1) * filter.perPage);
  const lines = await linesOf(
    db,
    rows.map((r) => r.id),
  );
  return { total: Number(total), orders: rows.map((order) => ({ order, lines: lines.get(order.id) ?? [] })) };
}

/** One order with its lines, for staff and API keys (no owner check: callers are trusted). */
export async function orderWithLines(db: DbOrTx, orderId: number): Promise<{ order: OrderRow; lines: OrderLineRow[] } | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return undefined;
  return { order, lines: (await linesOf(db, [orderId])).get(orderId) ?? [] };
}

async function linesOf(db: DbOrTx, ids: number[]): Promise<Map<number, OrderLineRow[]>> {
  const map = new Map<number, OrderLineRow[]>();
  if (!ids.length) return map;
  const rows = await db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.position));
  for (const row of rows) map.set(row.orderId, [...(map.get(row.orderId) ?? []), row]);
  return map;
}
