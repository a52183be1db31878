import { and, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { couponUsages, coupons } from '../../db/schema/index.js';
import { centsToDecimal } from '../catalog/money.js';
import { CartError } from './errors.js';

export type CouponRow = typeof coupons.$inferSelect;

export const normaliseCode = (code: string) => code.trim().toLowerCase();

export async function findCoupons(db: DbOrTx, codes: string[]): Promise<CouponRow[]> {
  if (codes.length === 0) return [];
  const rows = await db.select().from(coupons).where(inArray(coupons.code, codes.map(normaliseCode)));
  return codes.flatMap((code) => rows.filter((r) => r.code === normaliseCode(code)));
}

/** Whether a coupon can be used now on a cart with this subtotal; throws the reason if not. */
export function assertCouponUsable(coupon: CouponRow | undefined, code: string, subtotal: number, now: Date): CouponRow {
  if (!coupon) throw new CartError(`Coupon "${code}" does not exist!`);
  if (coupon.expiresAt && coupon.expiresAt.getTime() <= now.getTime()) throw new CartError('This coupon has expired.');
  if (coupon.usageLimit !== null && coupon.usageCount >= coupon.usageLimit) {
    throw new CartError('Coupon usage limit has been reached.');
  }
  if (coupon.minimumSpend !== null && subtotal < coupon.minimumSpend) {
    throw new CartError(`The minimum spend for this coupon is €${centsToDecimal(coupon.minimumSpend)}.`);
  }
  return coupon;
}

/** Per-customer limit, checked at checkout when we know who orders (e-mail, phone or account). */
export async function assertCustomerMayUse(db: DbOrTx, coupon: CouponRow, customer: string): Promise<void> {
  if (coupon.usageLimitPerCustomer === null) return;
  const [used] = await db
    .select({ n: count() })
    .from(couponUsages)
    .where(and(eq(couponUsages.couponId, coupon.id), eq(couponUsages.customer, customer)));
  if ((used?.n ?? 0) >= coupon.usageLimitPerCustomer) throw new CartError('Coupon usage limit has been reached.');
}
