import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  couponChannels,
  couponDiscountTypes,
  couponUsages,
  coupons,
  fulfilmentTypes,
  type CouponChannel,
  type CouponDiscountType,
  type FulfilmentType,
} from '../../db/schema/index.js';
import { centsToDecimal } from '../catalog/money.js';
import { DomainError } from '../../errors/domain-error.js';
import type { CouponDiscount } from './totals.js';

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

/** Whether a coupon exists and can be used at all now (dates, usage); throws the reason if not. */
export function assertCouponLive(coupon: CouponRow | undefined, code: string, now: Date): CouponRow {
  if (!coupon) throw new DomainError('INVALID_COUPON', `Coupon "${code}" does not exist!`, { coupon: code });
  if (coupon.expiresAt && coupon.expiresAt.getTime() <= now.getTime()) throw new DomainError('COUPON_EXPIRED', 'This coupon has expired.');
  if (coupon.startsAt && coupon.startsAt.getTime() > now.getTime()) throw new DomainError('COUPON_NOT_APPLICABLE', 'This coupon is not valid yet.');
  if (coupon.usageLimit !== null && coupon.usageCount >= coupon.usageLimit) {
    throw new DomainError('COUPON_USAGE_LIMIT', 'Coupon usage limit has been reached.');
  }
  return coupon;
}

/** A cart line as the coupon rules see it. */
export interface CouponLine {
  productId: number;
  /** The variation's own id, when the line is a variation (WooCommerce matches either). */
  variationId: number | null;
  categoryIds: number[];
  quantity: number;
  subtotal: number;
}

export interface CouponContext {
  lines: CouponLine[];
  fulfilment: FulfilmentType | null;
  channel: CouponChannel;
  now: Date;
}

/** Why a code in the cart takes no effect now (the cart shows it; docs/decisions/0045-coupons-gift-cards.md). */
export type CouponRefusal =
  | 'expired'
  | 'not_started'
  | 'usage_limit'
  | 'minimum_spend'
  | 'maximum_spend'
  | 'fulfilment'
  | 'channel'
  | 'products'
  | 'individual_use';

/** Which lines a coupon applies to: included products/categories (none listed: all), minus the excluded ones. */
export function eligibleLines(coupon: CouponRow, lines: CouponLine[]): boolean[] {
  const ids = (l: CouponLine) => (l.variationId === null ? [l.productId] : [l.productId, l.variationId]);
  return lines.map((l) => {
    const included =
      (coupon.productIds.length === 0 && coupon.categoryIds.length === 0) ||
      ids(l).some((id) => coupon.productIds.includes(id)) ||
      l.categoryIds.some((id) => coupon.categoryIds.includes(id));
    const excluded = ids(l).some((id) => coupon.excludedProductIds.includes(id)) || l.categoryIds.some((id) => coupon.excludedCategoryIds.includes(id));
    return included && !excluded;
  });
}

/** Whether a coupon takes effect on this cart, and on which lines. */
export function evaluateCoupon(coupon: CouponRow, context: CouponContext): { ok: true; lines: boolean[] } | { ok: false; reason: CouponRefusal } {
  const now = context.now.getTime();
  if (coupon.expiresAt && coupon.expiresAt.getTime() <= now) return { ok: false, reason: 'expired' };
  if (coupon.startsAt && coupon.startsAt.getTime() > now) return { ok: false, reason: 'not_started' };
  if (coupon.usageLimit !== null && coupon.usageCount >= coupon.usageLimit) return { ok: false, reason: 'usage_limit' };
  if (coupon.channels.length > 0 && !coupon.channels.includes(context.channel)) return { ok: false, reason: 'channel' };
  // No fulfilment chosen yet: the coupon shows its discount; choosing a type it is not for takes it away.
  if (coupon.fulfilmentTypes.length > 0 && context.fulfilment !== null && !coupon.fulfilmentTypes.includes(context.fulfilment)) {
    return { ok: false, reason: 'fulfilment' };
  }
  const subtotal = context.lines.reduce((sum, l) => sum + l.subtotal, 0);
  if (coupon.minimumSpend !== null && subtotal < coupon.minimumSpend) return { ok: false, reason: 'minimum_spend' };
  if (coupon.maximumSpend !== null && subtotal > coupon.maximumSpend) return { ok: false, reason: 'maximum_spend' };
  const lines = eligibleLines(coupon, context.lines);
  if (context.lines.length > 0 && !lines.some(Boolean)) return { ok: false, reason: 'products' };
  return { ok: true, lines };
}

/**
 * The coupons of a cart that take effect, in the order applied, and the others with their reason. An
 * individual-use coupon in effect leaves out every other coupon (WooCommerce's individual_use).
 */
export function couponsInEffect(
  rows: CouponRow[],
  context: CouponContext,
): { applied: { coupon: CouponRow; discount: CouponDiscount }[]; refused: { coupon: CouponRow; reason: CouponRefusal }[] } {
  const applied: { coupon: CouponRow; discount: CouponDiscount }[] = [];
  const refused: { coupon: CouponRow; reason: CouponRefusal }[] = [];
  for (const coupon of rows) {
    const result = evaluateCoupon(coupon, context);
    if (!result.ok) {
      refused.push({ coupon, reason: result.reason });
      continue;
    }
    applied.push({
      coupon,
      discount: {
        code: coupon.code,
        kind: coupon.discountType,
        amount: coupon.amount,
        lines: result.lines,
        quantities: context.lines.map((l) => l.quantity),
        freeShipping: coupon.freeShipping,
      },
    });
  }
  const individual = applied.find((a) => a.coupon.individualUse);
  if (individual && applied.length > 1) {
    for (const other of applied) if (other !== individual) refused.push({ coupon: other.coupon, reason: 'individual_use' });
    return { applied: [individual], refused };
  }
  return { applied, refused };
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

/** A coupon's definition; amounts in cents, percentages whole. On update, absent fields keep their value. */
export interface CouponInput {
  code?: string;
  description?: string;
  discountType?: CouponDiscountType;
  amount?: number;
  minimumSpend?: number | null;
  maximumSpend?: number | null;
  startsAt?: Date | null;
  expiresAt?: Date | null;
  usageLimit?: number | null;
  usageLimitPerCustomer?: number | null;
  productIds?: number[];
  excludedProductIds?: number[];
  categoryIds?: number[];
  excludedCategoryIds?: number[];
  freeShipping?: boolean;
  individualUse?: boolean;
  channels?: CouponChannel[];
  fulfilmentTypes?: FulfilmentType[];
}

export interface NewCoupon extends CouponInput {
  code: string;
  discountType: CouponDiscountType;
  amount: number;
}

const invalid = (message: string, field: string) => new DomainError('COUPON_DEFINITION_INVALID', message, { params: [field] });

/** Every rule of a coupon definition (the whole coupon after the change), field by field. */
function assertValid(c: NewCoupon & { usageCount?: number }): void {
  if (!/^[a-z0-9_-]{2,40}$/.test(c.code)) throw invalid('A coupon code has 2 to 40 letters, digits, - or _.', 'code');
  if (!couponDiscountTypes.includes(c.discountType)) throw invalid('The discount type is percent, fixed_cart or fixed_product.', 'discount_type');
  if (!(c.amount > 0)) throw invalid('The coupon amount must be more than 0 (and never negative).', 'amount');
  if (!Number.isInteger(c.amount)) throw invalid('A percentage is a whole number from 1 to 100.', 'amount');
  if (c.discountType === 'percent' && c.amount > 100) throw invalid('A percentage discount is at most 100.', 'amount');
  if (c.amount > 99_999_999) throw invalid('The coupon amount is too large.', 'amount');
  const limits: [keyof CouponInput, string][] = [
    ['minimumSpend', 'minimum_amount'],
    ['maximumSpend', 'maximum_amount'],
    ['usageLimit', 'usage_limit'],
    ['usageLimitPerCustomer', 'usage_limit_per_user'],
  ];
  for (const [key, field] of limits) {
    const value = c[key] as number | null | undefined;
    if (value !== undefined && value !== null && (!Number.isInteger(value) || value < 0 || value > 99_999_999))
      throw invalid('Limits must be whole numbers of 0 or more.', field);
  }
  if (c.minimumSpend != null && c.maximumSpend != null && c.maximumSpend < c.minimumSpend)
    throw invalid('The maximum spend must not be below the minimum spend.', 'maximum_amount');
  if (c.startsAt && c.expiresAt && c.expiresAt.getTime() <= c.startsAt.getTime()) throw invalid('The end date must be after the start date.', 'date_expires');
  if (c.usageLimit != null && c.usageCount !== undefined && c.usageLimit < c.usageCount)
    throw invalid(`This coupon was used ${c.usageCount} times already; the usage limit cannot be lower.`, 'usage_limit');
  for (const channel of c.channels ?? []) if (!couponChannels.includes(channel)) throw invalid('Channels are web and kiosk.', 'channels');
  for (const type of c.fulfilmentTypes ?? [])
    if (!fulfilmentTypes.includes(type)) throw invalid('Fulfilment types are delivery, takeaway and dinein.', 'fulfilment_types');
  for (const [list, field] of [
    [c.productIds, 'product_ids'],
    [c.excludedProductIds, 'excluded_product_ids'],
    [c.categoryIds, 'product_categories'],
    [c.excludedCategoryIds, 'excluded_product_categories'],
  ] as const) {
    if (list && (list.length > 1000 || list.some((id) => !Number.isInteger(id) || id < 1))) throw invalid('Ids are positive whole numbers.', field);
  }
  if ((c.description ?? '').length > 2000) throw invalid('The description is at most 2,000 characters.', 'description');
}

const unique = <T>(values: T[] | undefined) => (values ? [...new Set(values)] : undefined);

function columnsOf(input: CouponInput) {
  const set: Partial<typeof coupons.$inferInsert> = {};
  if (input.code !== undefined) set.code = normaliseCode(input.code);
  if (input.description !== undefined) set.description = input.description.trim();
  if (input.discountType !== undefined) set.discountType = input.discountType;
  if (input.amount !== undefined) set.amount = input.amount;
  if (input.minimumSpend !== undefined) set.minimumSpend = input.minimumSpend;
  if (input.maximumSpend !== undefined) set.maximumSpend = input.maximumSpend;
  if (input.startsAt !== undefined) set.startsAt = input.startsAt;
  if (input.expiresAt !== undefined) set.expiresAt = input.expiresAt;
  if (input.usageLimit !== undefined) set.usageLimit = input.usageLimit;
  if (input.usageLimitPerCustomer !== undefined) set.usageLimitPerCustomer = input.usageLimitPerCustomer;
  if (input.productIds !== undefined) set.productIds = unique(input.productIds);
  if (input.excludedProductIds !== undefined) set.excludedProductIds = unique(input.excludedProductIds);
  if (input.categoryIds !== undefined) set.categoryIds = unique(input.categoryIds);
  if (input.excludedCategoryIds !== undefined) set.excludedCategoryIds = unique(input.excludedCategoryIds);
  if (input.freeShipping !== undefined) set.freeShipping = input.freeShipping;
  if (input.individualUse !== undefined) set.individualUse = input.individualUse;
  if (input.channels !== undefined) set.channels = unique(input.channels);
  if (input.fulfilmentTypes !== undefined) set.fulfilmentTypes = unique(input.fulfilmentTypes);
  return set;
}

const exists = (code: string) => new DomainError('COUPON_EXISTS', `Coupon "${code}" already exists.`, { params: ['code'] });

/** Creates a coupon. Codes are unique, case-insensitive (the unique index decides under concurrent creates). */
export async function createCoupon(db: DbOrTx, input: NewCoupon): Promise<CouponRow> {
  const code = normaliseCode(input.code);
  assertValid({ ...input, code });
  const [row] = await db
    .insert(coupons)
    .values({ ...(columnsOf(input) as typeof coupons.$inferInsert), code })
    .onConflictDoNothing()
    .returning();
  if (!row) throw exists(code);
  return row;
}

export async function getCoupon(db: DbOrTx, id: number): Promise<CouponRow> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  if (!row) throw new DomainError('COUPON_NOT_FOUND', 'Invalid ID.', { id });
  return row;
}

/** Changes a coupon: the whole coupon after the change must be valid, or nothing changes. */
export async function updateCoupon(db: DbOrTx, id: number, input: CouponInput, now: Date): Promise<CouponRow> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
    if (!current) throw new DomainError('COUPON_NOT_FOUND', 'Invalid ID.', { id });
    const set = columnsOf(input);
    const merged = { ...current, ...set } as CouponRow;
    assertValid(merged);
    if (set.code !== undefined && set.code !== current.code) {
      const [taken] = await tx.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, set.code));
      if (taken) throw exists(set.code);
    }
    try {
      const [row] = await tx
        .update(coupons)
        .set({ ...set, updatedAt: now })
        .where(eq(coupons.id, id))
        .returning();
      return row!;
    } catch (error) {
      // Another request took the code between the check and the write.
      if (/coupons_code_key/.test(String((error as { message?: string }).message ?? error))) throw exists(set.code ?? current.code);
      throw error;
    }
  });
}

/** Deletes a coupon (its usage records go with it; orders keep the code they were given). */
export async function deleteCoupon(db: DbOrTx, id: number): Promise<CouponRow> {
  const [row] = await db.delete(coupons).where(eq(coupons.id, id)).returning();
  if (!row) throw new DomainError('COUPON_NOT_FOUND', 'Invalid ID.', { id });
  return row;
}

export const couponOrderBys = ['date', 'id', 'code', 'modified'] as const;

export interface CouponQuery {
  page: number;
  perPage: number;
  search?: string;
  code?: string;
  include?: number[];
  orderBy?: (typeof couponOrderBys)[number];
  order?: 'asc' | 'desc';
}

export async function listCoupons(db: DbOrTx, q: CouponQuery): Promise<{ total: number; coupons: CouponRow[] }> {
  const where: SQL[] = [];
  if (q.search) {
    const pattern = `%${q.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    where.push(or(ilike(coupons.code, pattern), ilike(coupons.description, pattern))!);
  }
  if (q.code) where.push(eq(coupons.code, normaliseCode(q.code)));
  if (q.include?.length) where.push(inArray(coupons.id, q.include));
  const condition = where.length ? and(...where) : undefined;
  const column = { date: coupons.createdAt, id: coupons.id, code: coupons.code, modified: coupons.updatedAt }[q.orderBy ?? 'date'];
  const direction = (q.order ?? 'desc') === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(coupons)
      .where(condition)
      .orderBy(direction(column), direction(coupons.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: count() }).from(coupons).where(condition),
  ]);
  return { total: total?.n ?? 0, coupons: rows };
}

/** Who used a coupon (WooCommerce's used_by: the e-mail or phone of each use). */
export async function usedBy(db: DbOrTx, ids: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select({ couponId: couponUsages.couponId, customer: couponUsages.customer })
    .from(couponUsages)
    .where(inArray(couponUsages.couponId, ids))
    .orderBy(couponUsages.orderId);
  for (const row of rows) map.set(row.couponId, [...(map.get(row.couponId) ?? []), row.customer]);
  return map;
}

/** What applyCoupon answers for a cart below the coupon's minimum spend. */
export const minimumSpendMessage = (cents: number) => `The minimum spend for this coupon is €${centsToDecimal(cents)}.`;
