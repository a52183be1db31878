import { FIGURES_GIFT_CARD, type Figures, type FiguresBucket } from '@bakje/contract';
import type { Lang } from '../i18n/locale.js';
import { paymentMethodTitleIn } from '../payments/method-titles.js';
import { and, between, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { orderLines, orders } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';
import { channelOf } from '../orders/order-admin.js';
import { ordersWithRefunds, refundsOnDays } from '../payments/refunds.js';
import type { OrderRow } from '../orders/order-read.js';
import { addDaysTo, isValidDate, localMoment } from '../shop-time/shop-time.js';

/** At most this many days in one request (a year and a day). */
export const MAX_RANGE_DAYS = 366;
const COUNTED = new Set(['processing', 'completed', 'on-hold']);
const CANCELLED = new Set(['cancelled', 'refunded', 'failed']);
const TOP = 10;

/**
 * The day's figures (docs/decisions/0029-orders-figures.md) for the pickup days `from`..`to` in the shop's
 * time zone: orders being prepared, on hold or completed count; cancelled (also refunded and failed),
 * test orders and orders still waiting for payment are shown apart. VAT per rate adds the orders' own
 * VAT lines (docs/interfaces.md §6: computed once per rate per order on the gross amount, the delivery fee
 * shared over the rates), so the figures are to the cent what the tickets said. Refunds made on these days
 * come off per rate (docs/decisions/0039-refunds.md). A gift card is a means of payment: an order counts its whole
 * sale per rate however it was paid, and the gift card's part shows under the means of payment; a gift card sold is
 * outside VAT (its line has rate 0) and shows apart (docs/decisions/0054-gift-card-sales-figures.md). The cash
 * rounding is outside VAT too: in what the cash methods took, and as its own total (decision 0080).
 */
/** `lang`: the reader's language, for the titles of Bakje's own payment methods (decision 0074). */
export async function computeFigures(db: DbOrTx, range: { from: string; to: string }, timeZone: string, lang: Lang = 'nl'): Promise<Figures> {
  const { from, to } = range;
  if (!isValidDate(from)) throw new DomainError('INVALID_INPUT', 'Invalid parameter(s): from (a date YYYY-MM-DD)', { params: ['from'] });
  if (!isValidDate(to)) throw new DomainError('INVALID_INPUT', 'Invalid parameter(s): to (a date YYYY-MM-DD)', { params: ['to'] });
  if (to < from) throw new DomainError('INVALID_INPUT', 'Invalid parameter(s): to (must not be before from)', { params: ['to'] });
  if (addDaysTo(from, MAX_RANGE_DAYS - 1) < to) {
    throw new DomainError('INVALID_INPUT', `Invalid parameter(s): to (at most ${MAX_RANGE_DAYS} days from from)`, { params: ['to'] });
  }

  const rows = await db
    .select()
    .from(orders)
    .where(between(orders.pickupDay, from, to));
  // An order refunded through the dashboard was sold on its day; the refund counts on the refund's day.
  const refundedHere = await ordersWithRefunds(
    db,
    rows.filter((o) => o.status === 'refunded').map((o) => o.id),
  );
  // An order placed in test mode is a test order here (docs/decisions/0070-test-and-live-mode.md).
  const isTest = (o: OrderRow) => o.isTestOrder || o.placedInTestMode;
  const isCounted = (o: OrderRow) => !isTest(o) && (COUNTED.has(o.status) || refundedHere.has(o.id));
  const counted = rows.filter(isCounted);
  const dayRefunds = await refundsOnDays(db, from, to, timeZone);
  const apart = (list: OrderRow[]) => ({ orders: list.length, gross: sum(list.map((o) => o.total)) });
  const lines = counted.length
    ? await db
        .select({ orderId: orderLines.orderId, name: orderLines.name, quantity: orderLines.quantity, total: orderLines.total, vatRate: orderLines.vatRate })
        .from(orderLines)
        .where(
          and(
            inArray(
              orderLines.orderId,
              counted.map((o) => o.id),
            ),
          ),
        )
    : [];

  const vat = new Map<number, { gross: number; tax: number }>();
  for (const order of counted) {
    for (const line of order.vatLines) {
      const at = vat.get(line.rate) ?? { gross: 0, tax: 0 };
      at.gross += line.total;
      at.tax += line.tax;
      vat.set(line.rate, at);
    }
  }
  const sales = sum(counted.map(turnover));
  const refundVat = new Map<number, { gross: number; tax: number }>();
  for (const refund of dayRefunds) {
    for (const part of refund.vat) {
      const at = refundVat.get(part.rate) ?? { gross: 0, tax: 0 };
      at.gross += part.gross;
      at.tax += part.tax;
      refundVat.set(part.rate, at);
      const all = vat.get(part.rate) ?? { gross: 0, tax: 0 };
      all.gross += part.gross;
      all.tax += part.tax;
      vat.set(part.rate, all);
    }
  }
  const refundGross = sum([...refundVat.values()].map((v) => v.gross));
  const refundTax = sum([...refundVat.values()].map((v) => v.tax));
  const gross = sales + refundGross;
  const tax = sum(counted.map((o) => o.totalTax)) + refundTax;
  const oneDay = from === to;
  const sellers = new Map<string, { name: string; quantity: number; gross: number }>();
  for (const line of lines) {
    if (soldCard(line)) continue;
    const at = sellers.get(line.name) ?? { name: line.name, quantity: 0, gross: 0 };
    at.quantity += line.quantity;
    at.gross += line.total;
    sellers.set(line.name, at);
  }
  const slots = new Map<string, number>();
  for (const order of counted) {
    if (!order.slotStart) continue;
    const key = `${order.pickupDay} ${clock(localMoment(order.slotStart, timeZone).minutes)}`;
    slots.set(key, (slots.get(key) ?? 0) + 1);
  }

  return {
    from,
    to,
    timeZone,
    orders: counted.length,
    gross,
    tax,
    net: gross - tax,
    average: counted.length ? Math.round(sales / counted.length) : 0,
    vat: vatRows(vat),
    refunds: { count: dayRefunds.length, gross: refundGross, tax: refundTax, net: refundGross - refundTax, vat: vatRows(refundVat) },
    byChannel: buckets(counted, channelOf),
    byFulfilment: buckets(counted, (o) => o.fulfilmentType),
    byPayment: paymentBuckets(counted, lang),
    cashRounding: sum(counted.map((o) => o.cashRounding)),
    giftCardsSold: {
      count: sum(lines.filter(soldCard).map((l) => l.quantity)),
      amount: sum(lines.filter(soldCard).map((l) => l.total)),
    },
    series: oneDay
      ? fill(
          buckets(counted, (o) => clock(Math.floor(localMoment(o.slotStart ?? o.createdAt, timeZone).minutes / 60) * 60)),
          [],
        )
      : fill(
          buckets(counted, (o) => o.pickupDay),
          daysBetween(from, to),
        ),
    bestSellers: [...sellers.values()].sort((a, b) => b.quantity - a.quantity || b.gross - a.gross || a.name.localeCompare(b.name)).slice(0, TOP),
    busiestSlots: [...slots.entries()]
      .map(([slot, n]) => ({ slot, orders: n }))
      .sort((a, b) => b.orders - a.orders || a.slot.localeCompare(b.slot))
      .slice(0, TOP),
    excluded: {
      cancelled: apart(rows.filter((o) => !isTest(o) && CANCELLED.has(o.status) && !isCounted(o))),
      test: apart(rows.filter(isTest)),
      pending: apart(rows.filter((o) => !isTest(o) && o.status === 'pending')),
    },
  };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
/** Every VAT rate of the catalogue is above 0 (contract vatRates): a line at 0 % is a gift card sold, outside VAT. */
const soldCard = (line: { vatRate: number }) => line.vatRate === 0;
/** What an order sold subject to VAT, however it was paid: its VAT lines (gift cards sold are not in them). */
const turnover = (order: OrderRow) => sum(order.vatLines.map((v) => v.total));
const redeemed = (order: OrderRow) => sum(order.giftCards.map((g) => g.amount));

/** Per means of payment: what gift cards paid, and the rest per payment method (an order may be in both). */
function paymentBuckets(list: OrderRow[], lang: Lang): FiguresBucket[] {
  const map = new Map<string, FiguresBucket>();
  const add = (key: string, gross: number) => {
    const at = map.get(key) ?? { key, orders: 0, gross: 0 };
    at.orders++;
    at.gross += gross;
    map.set(key, at);
  };
  for (const order of list) {
    const byCard = redeemed(order);
    if (byCard > 0) add(FIGURES_GIFT_CARD, byCard);
    if (order.total > 0 || byCard === 0) add(paymentMethodTitleIn(order.paymentMethod, order.paymentMethodTitle, lang), order.total);
  }
  return [...map.values()].sort((a, b) => b.gross - a.gross || a.key.localeCompare(b.key));
}
const vatRows = (map: Map<number, { gross: number; tax: number }>) =>
  [...map.entries()].sort(([a], [b]) => a - b).map(([rate, v]) => ({ rate, gross: v.gross, tax: v.tax, net: v.gross - v.tax }));
const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

function buckets(list: OrderRow[], keyOf: (order: OrderRow) => string): FiguresBucket[] {
  const map = new Map<string, FiguresBucket>();
  for (const order of list) {
    const key = keyOf(order);
    const at = map.get(key) ?? { key, orders: 0, gross: 0 };
    at.orders++;
    at.gross += turnover(order);
    map.set(key, at);
  }
  return [...map.values()].sort((a, b) => b.gross - a.gross || a.key.localeCompare(b.key));
}

/** The chart's buckets in order, with the empty days of a range as zero. */
function fill(list: FiguresBucket[], keys: string[]): FiguresBucket[] {
  const map = new Map(list.map((b) => [b.key, b]));
  for (const key of keys) if (!map.has(key)) map.set(key, { key, orders: 0, gross: 0 });
  return [...map.values()].sort((a, b) => a.key.localeCompare(b.key));
}

function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to && days.length < MAX_RANGE_DAYS; day = addDaysTo(day, 1)) days.push(day);
  return days;
}
