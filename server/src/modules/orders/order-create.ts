import { isGiftCardProduct, issuePurchasedGiftCards } from '../gift-cards/gift-cards.js';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { orderLines, orders, users, type Address, type FulfilmentType, type OrderStatus } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';
import { computeTotals } from '../cart/totals.js';
import type { CatalogSnapshot } from '../catalog/snapshot.js';
import { toKitchenOrder } from '../order-events/kitchen-order.js';
import { numberOrderAndRecordCreation } from '../order-events/record.js';
import { localMoment } from '../shop-time/shop-time.js';
import { SLOT_REQUIRED, bookSlot, findSlotOption } from '../slots/time-slots.js';
import { takeStock } from '../stock/stock.js';
import type { Lang } from '../i18n/locale.js';
import { newOrderKey } from './order-key.js';
import type { OrderWithLines } from './order-read.js';

export interface NewOrderInput {
  status: OrderStatus;
  customerId?: number;
  customerNote: string;
  billing: Address;
  shipping: Address;
  paymentMethod: string;
  paymentMethodTitle: string;
  transactionId?: string;
  setPaid: boolean;
  fulfilment: FulfilmentType;
  /** The delivery fee in cents (shipping_lines' total). */
  shippingTotal: number;
  lines: { productId: number; variationId?: number; quantity: number }[];
  metaData: { key: string; value: string }[];
  slotStart?: Date;
  /**
   * A time slot option id (meta `time_slot`, as the storefront checkout sends it): the order books a place
   * in it, race-safe and with the checkout's errors, and the slot sets its day and time.
   */
  timeSlot?: string;
  /** The customer's language (mails about the order); the shop's own, Dutch, when not given. */
  lang?: Lang;
}

const fail = (param: string, why: string) => new DomainError('INVALID_INPUT', `Invalid parameter(s): ${param} (${why})`, { params: [param] });

/**
 * An order created through the store REST API (POST /orders, e.g. a till or a phone order): lines priced
 * from the catalogue (the caller's prices are not trusted), VAT per rate as at checkout, managed stock
 * taken, a place in its time slot when it names one (`time_slot`, booked by the checkout's statement), a
 * pickup number for its day and the `order.created` event, all in one transaction. Without a time slot a
 * `slot_start` meta sets the day and the time the kitchen sees, and no slot place is taken.
 */
export async function createOrder(db: Db, catalog: CatalogSnapshot, input: NewOrderInput, now: Date, timeZone: string): Promise<OrderWithLines> {
  if (input.lines.length === 0) throw fail('line_items', 'at least one line');
  const priced = input.lines.map((line, i) => {
    const product = catalog.products.get(line.productId);
    if (!product || product.row.type === 'VARIATION') throw fail(`line_items[${i}].product_id`, 'no such product');
    const variation = line.variationId ? product.variations.find((v) => v.row.id === line.variationId) : undefined;
    if (line.variationId && !variation) throw fail(`line_items[${i}].variation_id`, 'no such variation of this product');
    const sellable = variation ?? product;
    if (product.row.type === 'VARIABLE' && !variation) throw fail(`line_items[${i}].variation_id`, 'a variable product needs its variation');
    const unitPrice = sellable.prices[0];
    if (unitPrice === undefined) throw fail(`line_items[${i}].product_id`, 'the product has no price');
    return {
      line,
      sellable,
      unitPrice,
      subtotal: unitPrice * line.quantity,
      vatRateTakeaway: sellable.row.vatRateTakeaway,
      vatRateOnSite: sellable.row.vatRateOnSite,
      outsideVat: isGiftCardProduct(product.row.metaData) || isGiftCardProduct(sellable.row.metaData),
    };
  });
  const totals = computeTotals(priced, input.fulfilment, [], input.shippingTotal);

  return db.transaction(async (tx) => {
    if (input.customerId) {
      const [customer] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.customerId));
      if (!customer) throw fail('customer_id', 'no such customer');
    }
    await takeStock(
      tx,
      priced.filter((p) => p.sellable.row.manageStock).map((p) => ({ productId: p.sellable.row.id, quantity: p.line.quantity })),
    );
    // Stock before the slot, as the checkout takes them (a cancel gives them back in the same order). The
    // back office books without the shop's lead time: a till order may be for the very next slot.
    const slot = input.timeSlot ? await findSlotOption(tx, input.timeSlot, { type: input.fulfilment, now, leadTimeMinutes: 0, timeZone }) : null;
    if (input.timeSlot && !slot) throw new DomainError('SLOT_REQUIRED', SLOT_REQUIRED);
    const slotLoad = {
      items: input.lines.reduce((sum, line) => sum + line.quantity, 0),
      amount: Math.max(0, totals.total - totals.shippingTotal),
    };
    if (slot) await bookSlot(tx, slot, slotLoad);
    const slotStart = slot?.start ?? input.slotStart;
    const orderId = await reserveOrderId(tx);
    const day = localMoment(slotStart ?? now, timeZone).date;
    const [order] = await tx
      .insert(orders)
      .values({
        id: orderId,
        orderKey: newOrderKey(),
        status: input.status,
        customerId: input.customerId ?? null,
        fulfilmentType: input.fulfilment,
        slotId: slot?.slotId ?? null,
        slotStart: slotStart ?? null,
        slotEnd: slot?.end ?? null,
        slotItems: slot ? slotLoad.items : 0,
        slotAmount: slot ? slotLoad.amount : 0,
        pickupNumber: -orderId,
        pickupDay: day,
        billing: input.billing,
        shipping: input.shipping,
        shipToDifferentAddress: JSON.stringify(input.billing) !== JSON.stringify(input.shipping),
        lang: input.lang ?? 'nl',
        paymentMethod: input.paymentMethod,
        paymentMethodTitle: input.paymentMethodTitle,
        transactionId: input.transactionId ?? null,
        datePaid: input.setPaid ? now : null,
        customerNote: input.customerNote,
        subtotal: totals.subtotal,
        discountTotal: totals.discountTotal,
        shippingTotal: totals.shippingTotal,
        totalTax: totals.totalTax,
        total: totals.total,
        vatLines: totals.vatLines,
        createdVia: 'rest-api',
        metaData: input.metaData,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const lines = await tx
      .insert(orderLines)
      .values(
        priced.map((p, position) => ({
          orderId,
          position,
          productId: p.line.productId,
          variationId: p.line.variationId ?? null,
          name: p.sellable.row.name.nl,
          sku: p.sellable.row.sku,
          quantity: p.line.quantity,
          unitPrice: p.unitPrice,
          subtotal: p.subtotal,
          total: totals.lines[position]!.total,
          vatRate: totals.lines[position]!.vatRate,
          totalTax: totals.lines[position]!.tax,
        })),
      )
      .returning();
    lines.sort((a, b) => a.position - b.position);
    const pickupNumber = await numberOrderAndRecordCreation(tx, toKitchenOrder(order!, lines), day);
    // Created paid (a till order): the gift cards it sells are issued and mailed now.
    if (input.setPaid) await issuePurchasedGiftCards(tx, orderId, now);
    return { ...order!, pickupNumber, lines };
  });
}

async function reserveOrderId(tx: DbOrTx): Promise<number> {
  const result = (await tx.execute(sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id`)) as unknown as { rows: Array<{ id: number }> };
  return Number(result.rows[0]!.id);
}
