import type { Lang } from '../i18n/locale.js';
import { paymentMethodTitleIn } from '../payments/method-titles.js';
import { refundsOfOrder } from '../payments/refunds.js';
import type { StaffOrderDetails, StaffOrderHistoryEntry, StaffOrderList, StaffOrderRow, StaffOrderView } from '@bakje/contract';
import { and, asc, between, count, desc, eq, gte, ilike, inArray, lte, not, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { orderEvents, orders, type FulfilmentType, type OrderStatus } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';
import { toStaffAddress } from '../addresses/addresses.js';
import type { OrderEventPayload } from '../order-events/record.js';
import { addDaysTo, localMoment } from '../shop-time/shop-time.js';
import { orderWithLines } from './order-list.js';
import type { OrderRow } from './order-read.js';
import { CANCEL_REASON_KEY, moveOrder } from './lifecycle.js';

/** Statuses the kitchen still works on. */
const OPEN: OrderStatus[] = ['pending', 'on-hold', 'processing'];

export interface StaffOrderFilter {
  view: StaffOrderView;
  /** Pickup number or order id (digits), or part of the customer's name or phone. */
  search?: string;
  statuses?: OrderStatus[];
  fulfilment?: FulfilmentType;
  /** Pickup days, YYYY-MM-DD in the shop's time zone. */
  from?: string;
  to?: string;
  page: number;
  perPage: number;
}

/**
 * The active list (docs/product.md §7 windows by pickup day in the shop's time zone): open orders from 7 days
 * ago on, including pre-orders beyond the kitchen's 2 days, and completed ones from yesterday to 2 days ahead;
 * test orders never. The archive is every other order.
 */
function activeCondition(today: string): SQL {
  return and(
    eq(orders.isTestOrder, false),
    or(
      and(inArray(orders.status, OPEN), gte(orders.pickupDay, addDaysTo(today, -7))),
      and(eq(orders.status, 'completed'), between(orders.pickupDay, addDaysTo(today, -1), addDaysTo(today, 2))),
    ),
  )!;
}

/** The orders page's list: one page, newest pickup first in the archive, soonest first in the active list. */
/** `lang`: the reader's language, for the titles of Bakje's own payment methods (decision 0074). */
export async function listStaffOrders(db: DbOrTx, filter: StaffOrderFilter, now: Date, timeZone: string, lang: Lang = 'nl'): Promise<StaffOrderList> {
  const today = localMoment(now, timeZone).date;
  const conditions: SQL[] = [filter.view === 'active' ? activeCondition(today) : not(activeCondition(today))];
  if (filter.statuses?.length) conditions.push(inArray(orders.status, filter.statuses));
  if (filter.fulfilment) conditions.push(eq(orders.fulfilmentType, filter.fulfilment));
  if (filter.from) conditions.push(gte(orders.pickupDay, filter.from));
  if (filter.to) conditions.push(lte(orders.pickupDay, filter.to));
  const search = filter.search?.trim();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const digits = search.replace(/^#/, '');
    const byText = [
      ilike(sql`${orders.billing}->>'firstName' || ' ' || (${orders.billing}->>'lastName')`, pattern),
      ilike(sql`${orders.billing}->>'lastName'`, pattern),
      // Phone numbers are typed with and without spaces: compare digits only.
      ...(/\d/.test(search) ? [ilike(sql`regexp_replace(${orders.billing}->>'phone', '[^0-9]', '', 'g')`, `%${search.replace(/\D/g, '')}%`)] : []),
    ];
    const byNumber = /^\d{1,9}$/.test(digits) ? [eq(orders.pickupNumber, Number(digits)), eq(orders.id, Number(digits))] : [];
    conditions.push(or(...byNumber, ...byText)!);
  }
  const where = and(...conditions);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(orders).where(where);
  const sort = filter.view === 'active' ? asc : desc;
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(sort(orders.pickupDay), sort(sql`coalesce(${orders.slotStart}, ${orders.createdAt})`), sort(orders.id))
    .limit(filter.perPage)
    .offset((filter.page - 1) * filter.perPage);
  return { orders: rows.map((row) => rowOf(row, lang)), total: Number(total), page: filter.page, perPage: filter.perPage };
}

function rowOf(order: OrderRow, lang: Lang): StaffOrderRow {
  return {
    id: order.id,
    pickupNumber: order.pickupNumber,
    pickupDay: order.pickupDay,
    status: order.status,
    isTestOrder: order.isTestOrder,
    fulfilmentType: order.fulfilmentType,
    slotStart: order.slotStart?.toISOString() ?? null,
    createdAt: order.createdAt.toISOString(),
    customerName: `${order.billing.firstName} ${order.billing.lastName}`.trim(),
    phone: order.billing.phone,
    total: order.total,
    paymentMethodTitle: paymentMethodTitleIn(order.paymentMethod, order.paymentMethodTitle, lang),
  };
}

/** How the order came in: the kiosk sends createdVia "kiosk"; everything else is the web shop. */
export function channelOf(order: Pick<OrderRow, 'createdVia'>): 'web' | 'kiosk' {
  return order.createdVia === 'kiosk' ? 'kiosk' : 'web';
}

/** One order with everything the details panel shows, its history from the event log. */
export async function staffOrderDetails(db: DbOrTx, orderId: number, lang: Lang = 'nl'): Promise<StaffOrderDetails> {
  const found = await orderWithLines(db, orderId);
  if (!found) throw new DomainError('ORDER_NOT_FOUND', `Order ${orderId} does not exist.`);
  const { order, lines } = found;
  const events = await db
    .select({ type: orderEvents.type, payload: orderEvents.payload, createdAt: orderEvents.createdAt })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id));
  const history: StaffOrderHistoryEntry[] = events.map((event) => {
    const payload = event.payload as OrderEventPayload;
    return {
      at: event.createdAt.toISOString(),
      type: event.type,
      action: payload.action ?? null,
      from: payload.previousStatus ?? null,
      to: payload.order.status,
      reason: payload.reason ?? null,
    };
  });
  return {
    ...rowOf(order, lang),
    orderKey: order.orderKey,
    slotEnd: order.slotEnd?.toISOString() ?? null,
    updatedAt: order.updatedAt.toISOString(),
    datePaid: order.datePaid?.toISOString() ?? null,
    billing: toStaffAddress(order.billing),
    shipping: toStaffAddress(order.shipping),
    customerNote: order.customerNote,
    paymentMethod: order.paymentMethod,
    subtotal: order.subtotal,
    discountTotal: order.discountTotal,
    shippingTotal: order.shippingTotal,
    transactionCost: order.transactionCost,
    cashRounding: order.cashRounding,
    totalTax: order.totalTax,
    couponCodes: order.couponCodes,
    giftCards: order.giftCards.map((g) => ({ last4: g.last4, amount: g.amount })),
    vat: order.vatLines.map((v) => ({ rate: v.rate, gross: v.total, tax: v.tax, net: v.total - v.tax })),
    lines: lines.map((l) => ({
      name: l.name,
      sku: l.sku,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      total: l.total,
      vatRate: l.vatRate,
      addons: l.addons.map((a) => ({ name: a.name, value: a.value, price: a.price })),
    })),
    channel: channelOf(order),
    cancelReason: order.metaData.find((m) => m.key === CANCEL_REASON_KEY)?.value ?? null,
    history,
    ...(await refundsOfOrder(db, orderId)),
  };
}

/**
 * Cancels an order for a reason, in one transaction (the lifecycle's cancel with reason): the status, the
 * slot place, stock, gift-card amounts and coupon use back, the reason on the order and in its event (kitchen
 * screens, the customer's summary page), and a mail to the customer queued for the job runner when there is
 * an address. A refund of a paid card order belongs here once card payments exist
 * (docs/decisions/0029-orders-figures.md).
 */
export async function cancelOrderWithReason(db: Db, orderId: number, reason: string, deps: { siteUrl: string; now?: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    const outcome = await moveOrder(
      tx,
      orderId,
      { kind: 'cancel-with-reason', reason: reason.trim().slice(0, 500), siteUrl: deps.siteUrl },
      { now: deps.now ?? new Date() },
    );
    if (!outcome) throw new DomainError('ORDER_NOT_FOUND', `Order ${orderId} does not exist.`);
  });
}
