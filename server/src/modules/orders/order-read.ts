import { eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { orderLines, orders, settings } from '../../db/schema/index.js';
import { EMPTY_ADDRESS } from '../addresses/addresses.js';
import { sameKey } from './order-key.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export interface OrderWithLines extends OrderRow {
  lines: OrderLineRow[];
  /** Read by its key alone after the details window: name, addresses, phone, e-mail and note are blank. */
  personalDetailsHidden?: boolean;
}

export const ORDER_NOT_FOUND = 'We could not find your order';

/** How long the order key alone also shows the customer's details (BAKJE_ORDER_KEY_DETAILS_HOURS). */
export interface OrderKeyDetails {
  now: Date;
  hours: number;
}

/**
 * An order for whoever may see it: staff, the session or customer that placed it, or anyone holding its
 * key. Anyone else gets nothing, exactly as for an order that does not exist. The key is a link that
 * travels (mails, browser history, shared screens): on its own it shows the order's status and items,
 * and the customer's personal details only within `keyDetails.hours` of the order (never without
 * `keyDetails`).
 */
export async function readOrderFor(
  db: DbOrTx,
  orderId: number,
  viewer: { sessionKey?: string; customerId?: number | null; orderKey?: string | null; staff?: boolean },
  keyDetails?: OrderKeyDetails,
): Promise<OrderWithLines | null> {
  if (!Number.isSafeInteger(orderId) || orderId <= 0) return null;
  const [found] = await db.select({ order: orders, lines: linesOfOrder }).from(orders).where(eq(orders.id, orderId));
  if (!found) return null;
  const { order, lines } = found;
  const ownerOrStaff =
    viewer.staff === true ||
    (viewer.sessionKey !== undefined && order.sessionKey === viewer.sessionKey) ||
    (viewer.customerId !== undefined && viewer.customerId !== null && order.customerId === viewer.customerId);
  if (ownerOrStaff) return { ...order, lines };
  if (!viewer.orderKey || !sameKey(viewer.orderKey.trim(), order.orderKey)) return null;
  const withinDetailsWindow = keyDetails !== undefined && keyDetails.now.getTime() < order.createdAt.getTime() + keyDetails.hours * 3600_000;
  if (withinDetailsWindow) return { ...order, lines };
  return { ...withoutPersonalDetails(order), lines, personalDetailsHidden: true };
}

function withoutPersonalDetails(order: OrderRow): OrderRow {
  return { ...order, billing: EMPTY_ADDRESS, shipping: EMPTY_ADDRESS, customerNote: '' };
}

/**
 * Several orders with their lines, for staff work, plus one settings row's value (null when the row is
 * missing), all in one round trip: printing needs a batch's orders and the print settings, and on the
 * embedded database every query costs about a millisecond of CPU (issue 18, bench/ticket-cpu.mjs).
 * `setting` is undefined when no order was found, as the value rides along with the orders' rows.
 */
export async function readOrdersForStaffWithSetting(
  db: DbOrTx,
  orderIds: readonly number[],
  settingKey: string,
): Promise<{ orders: Map<number, OrderWithLines>; setting?: { value: unknown } }> {
  const ids = [...new Set(orderIds.filter((id) => Number.isSafeInteger(id) && id > 0))];
  if (ids.length === 0) return { orders: new Map() };
  // Aliased: drizzle writes a column inside a select list unqualified (see linesOfOrder).
  const setting = sql<unknown>`(select s.value from ${settings} s where s.key = ${settingKey})`;
  const rows = await db.select({ order: orders, lines: linesOfOrder, setting }).from(orders).where(inArray(orders.id, ids));
  return {
    orders: new Map(rows.map(({ order, lines }) => [order.id, { ...order, lines }])),
    ...(rows.length ? { setting: { value: rows[0]!.setting } } : {}),
  };
}

/**
 * The order's lines as one JSON array column, so an order and its lines take one round trip. Every
 * order_lines column is an integer, text or jsonb, so JSON carries each value exactly; the keys are the
 * schema's property names, so the rows look like drizzle's own. The outer order is named as `"orders".id`:
 * drizzle writes a column in a select list unqualified, which inside this subquery would mean the line's id.
 */
const linesOfOrder = (() => {
  const fields = Object.entries(getTableColumns(orderLines)).map(([key, column]) => sql`${key}::text, l.${sql.identifier(column.name)}`);
  return sql<
    OrderLineRow[]
  >`coalesce((select json_agg(json_build_object(${sql.join(fields, sql`, `)}) order by l.position) from ${orderLines} l where l.order_id = ${orders}.id), '[]'::json)`;
})();

export function kitchenNotes(note: string): string[] {
  return note
    .split('|')
    .map((part) => part.trim())
    .filter(Boolean);
}
