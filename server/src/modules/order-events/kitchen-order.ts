import type { KitchenOrder } from '@bakje/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { orderLines, orders, stationBumps } from '../../db/schema/index.js';
import { ageLimitOf, strictestAge } from '../catalog/age-limit.js';
import { paymentLabel } from '../printing/tickets.js';
import { kitchenNotes, type OrderLineRow, type OrderRow } from '../orders/order-read.js';

export type { KitchenOrder };

/** `bumps`: the stations that bumped their part (docs/decisions/0069-kitchen-stations.md); a new order has none. */
export function toKitchenOrder(order: OrderRow, lines: OrderLineRow[], bumps: number[] = []): KitchenOrder {
  const ship = order.shipping;
  return {
    id: order.id,
    pickupNumber: order.pickupNumber,
    pickupDay: order.pickupDay,
    status: order.status,
    isTestOrder: order.isTestOrder,
    fulfilmentType: order.fulfilmentType,
    slotStart: order.slotStart?.toISOString() ?? null,
    slotEnd: order.slotEnd?.toISOString() ?? null,
    fireAt: order.fireAt?.toISOString() ?? null,
    asap: order.asap,
    // Only when the kitchen moved it back: most orders carry no such field.
    ...(order.delayMinutes > 0 ? { delayMinutes: order.delayMinutes } : {}),
    ...arrivalOf(order),
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    customer: {
      firstName: order.billing.firstName,
      lastName: order.billing.lastName,
      phone: order.billing.phone,
      email: order.billing.email,
    },
    address: order.fulfilmentType === 'delivery' ? [ship.address1, ship.address2, `${ship.postcode} ${ship.city}`.trim()].filter(Boolean) : [],
    payment: paymentLabel(order.paymentMethod, order.total),
    paymentMethod: order.paymentMethod,
    total: order.total,
    notes: kitchenNotes(order.customerNote),
    lines: [...lines]
      .sort((a, b) => a.position - b.position)
      .map((line) => ({
        name: line.name,
        quantity: line.quantity,
        addons: line.addons.map((a) => ({ name: a.name, value: a.value })),
        productId: line.productId,
        ageLimit: ageLimitOf(line.ageLimit),
        // Present only when true, as the kitchen's other optional marks (docs/decisions/0084-allergens-at-the-door-own-container.md).
        ...(line.ownContainer ? { ownContainer: true } : {}),
      })),
    ...(bumps.length ? { stationBumps: [...bumps].sort((a, b) => a - b) } : {}),
    ageLimit: strictestAge(lines.map((line) => line.ageLimit)),
  };
}

/** The customer's "Ik kom eraan" and "Ik ben er" (docs/decisions/0082-ik-kom-eraan.md); most orders carry none. */
function arrivalOf(order: OrderRow): Pick<KitchenOrder, 'arrival'> {
  if (!order.awaitsArrival && !order.arriveAt && !order.arrivedAt) return {};
  return {
    arrival: {
      ...(order.awaitsArrival ? { awaiting: true as const } : {}),
      ...(order.arriveAt ? { arriveAt: order.arriveAt.toISOString() } : {}),
      ...(order.arrivedAt ? { arrivedAt: order.arrivedAt.toISOString() } : {}),
      ...(order.arrivedAt && order.arrivalSpot ? { spot: order.arrivalSpot } : {}),
    },
  };
}

export async function loadKitchenOrders(db: DbOrTx, orderIds: number[]): Promise<KitchenOrder[]> {
  if (orderIds.length === 0) return [];
  const rows = await db.select().from(orders).where(inArray(orders.id, orderIds)).orderBy(asc(orders.id));
  const lines = await db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds));
  const bumps = await db.select().from(stationBumps).where(inArray(stationBumps.orderId, orderIds));
  return rows.map((row) =>
    toKitchenOrder(
      row,
      lines.filter((l) => l.orderId === row.id),
      bumps.filter((b) => b.orderId === row.id).map((b) => b.stationId),
    ),
  );
}

export async function loadKitchenOrder(db: DbOrTx, orderId: number): Promise<KitchenOrder | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) return undefined;
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  const bumps = await db.select({ stationId: stationBumps.stationId }).from(stationBumps).where(eq(stationBumps.orderId, orderId));
  return toKitchenOrder(
    row,
    lines,
    bumps.map((b) => b.stationId),
  );
}
