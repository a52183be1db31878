import { and, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { couponUsages, coupons } from '../../db/schema/index.js';
import { centsToDecimal } from '../catalog/money.js';
import { DomainError } from '../../errors/domain-error.js';

export type CouponRow = typeof coupons.$inferSelect;

export const normaliseCode = (code: string) => code.trim().toLowerCase();

export async function findCoupons(db: DbOrTx, codes: string[]): Promise<CouponRow[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .select()
    .from(coupons)
    .where(inArray(coupons.code, codes.map(normaliseCode)));
  return codes.flatMap((code) => rows.filter((r) => r.code === normaliseCode(code)));
}

/** Whether a coupon can be used now on a cart with this subtotal; throws the reason if not. */
export function assertCouponUsable(coupon: CouponRow | undefined, code: string, subtotal: number, now: Date): CouponRow {
  if (!coupon) throw new DomainError('INVALID_COUPON', `Coupon "${code}" does not exist!`, { coupon: code });
  if (coupon.expiresAt && coupon.expiresAt.getTime() <= now.getTime()) throw new DomainError('COUPON_EXPIRED', 'This coupon has expired.');
  if (coupon.usageLimit !== null && coupon.usageCount >= coupon.usageLimit) {
    throw new DomainError('COUPON_USAGE_LIMIT', 'Coupon usage limit has been reached.');
  }
  if (coupon.minimumSpend !== null && subtotal < coupon.minimumSpend) {
    throw new DomainError('COUPON_MINIMUM_SPEND', `The minimum spend for this coupon is €${centsToDecimal(coupon.minimumSpend)}.`, {
      minimum: centsToDecimal(coupon.minimumSpend),
    });
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
  if ((used?.n ?? 0) >= coupon.usageLimitPerCustomer) throw new DomainError('COUPON_USAGE_LIMIT', 'Coupon usage limit has been reached.');
}

export interface NewCoupon {
  code: string;
  description?: string;
  discountType: 'percent' | 'fixed_cart';
  /** Whole percent (1-100) or euro cents. */
  amount: number;
  minimumSpend?: number | null;
  expiresAt?: Date | null;
  usageLimit?: number | null;
  usageLimitPerCustomer?: number | null;
}

/** Creates a coupon (the dashboard's coupon screen will call this). Codes are unique, case-insensitive. */
export async function createCoupon(db: DbOrTx, input: NewCoupon): Promise<CouponRow> {
  const code = normaliseCode(input.code);
  if (!/^[a-z0-9_-]{2,40}$/.test(code)) throw new DomainError('COUPON_DEFINITION_INVALID', 'A coupon code has 2 to 40 letters, digits, - or _.');
  if (!Number.isInteger(input.amount) || input.amount <= 0 || (input.discountType === 'percent' && input.amount > 100)) {
    throw new DomainError('COUPON_DEFINITION_INVALID', 'The coupon amount must be a whole percent from 1 to 100, or a positive amount in cents.');
  }
  for (const limit of [input.minimumSpend, input.usageLimit, input.usageLimitPerCustomer]) {
    if (limit !== undefined && limit !== null && (!Number.isInteger(limit) || limit < 0))
      throw new DomainError('COUPON_DEFINITION_INVALID', 'Limits must be whole numbers of 0 or more.');
  }
  const [row] = await db
    .insert(coupons)
    .values({
      code,
      description: input.description ?? '',
      discountType: input.discountType,
      amount: input.amount,
      minimumSpend: input.minimumSpend ?? null,
      expiresAt: input.expiresAt ?? null,
      usageLimit: input.usageLimit ?? null,
      usageLimitPerCustomer: input.usageLimitPerCustomer ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new DomainError('COUPON_EXISTS', `Coupon "${code}" already exists.`);
  return row;
}
