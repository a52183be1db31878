import { and, eq, gte, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { products } from '../../db/schema/index.js';
import { NOT_ENOUGH_STOCK } from '../cart/errors.js';
import { DomainError } from '../../errors/domain-error.js';

/** So many pieces of one product (a simple product or a variation: what is sold and counted). */
export interface StockLine {
  productId: number;
  quantity: number;
}

/**
 * One row per product, in ascending product id: the one order in which every transaction that changes
 * stock locks products (checkout, cancel). Two such transactions then never wait on each other in a
 * circle. Products are locked before the slot booking, in both directions, for the same reason.
 */
export function stockOrder(lines: readonly StockLine[]): StockLine[] {
  const totals = new Map<number, number>();
  for (const line of lines) totals.set(line.productId, (totals.get(line.productId) ?? 0) + line.quantity);
  return [...totals].map(([productId, quantity]) => ({ productId, quantity })).sort((a, b) => a.productId - b.productId);
}

/**
 * Takes managed stock for an order inside the caller's transaction. Each product is one conditional
 * update (it stays locked until commit): the stock goes down only while enough is left, so of two
 * checkouts for the last piece exactly one succeeds; the other gets NOT_ENOUGH_STOCK and rolls back.
 * A product whose stock falls to 0 becomes out of stock. `lines` are the products whose stock is managed.
 */
export async function takeStock(tx: DbOrTx, lines: readonly StockLine[]): Promise<void> {
  for (const { productId, quantity } of stockOrder(lines)) {
    const updated = await tx
      .update(products)
      .set({
        stockQuantity: sql`${products.stockQuantity} - ${quantity}`,
        stockStatus: sql`case when ${products.stockQuantity} - ${quantity} <= 0 then 'OUT_OF_STOCK' else ${products.stockStatus} end`,
        totalSales: sql`${products.totalSales} + ${quantity}`,
      })
      .where(and(eq(products.id, productId), or(isNull(products.stockQuantity), gte(products.stockQuantity, quantity))))
      .returning({ id: products.id });
    if (updated.length === 0) throw new DomainError('NOT_ENOUGH_STOCK', NOT_ENOUGH_STOCK);
  }
}

/** Gives an order's stock back (a cancelled, refunded or failed order); products without managed stock are left alone. */
export async function giveBackStock(tx: DbOrTx, lines: readonly StockLine[]): Promise<void> {
  for (const { productId, quantity } of stockOrder(lines)) {
    await tx
      .update(products)
      .set({
        stockQuantity: sql`${products.stockQuantity} + ${quantity}`,
        stockStatus: sql`case when ${products.stockStatus} = 'OUT_OF_STOCK' then 'IN_STOCK' else ${products.stockStatus} end`,
      })
      .where(and(eq(products.id, productId), eq(products.manageStock, true)));
  }
}
