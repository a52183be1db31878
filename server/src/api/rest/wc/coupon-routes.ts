import { couponChannels, couponDiscountTypes, fulfilmentTypes } from '@bakje/contract';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import {
  couponOrderBys,
  createCoupon,
  deleteCoupon,
  getCoupon,
  listCoupons,
  updateCoupon,
  usedBy,
  type CouponInput,
  type CouponRow,
} from '../../../modules/cart/coupons.js';
import { centsToDecimal } from '../../../modules/catalog/money.js';
import { DomainError } from '../../../errors/domain-error.js';
import { boolQuery, enumQuery, idListQuery, idParams, lastValue, optionalBody } from '../../http/route-schemas.js';
import { restError } from '../../http/error-handler.js';
import { woocommerceCodeOf } from './errors.js';
import { pageOf, pageQuery, pagingHeaders } from './paging.js';
import { batchBody, metaDataBody, type BatchItem } from './taxonomy-shapes.js';

/** A WooCommerce amount ("10.00", "5", a number); negative amounts reach the module's clear error. */
const amountBody = z.union([
  z
    .string()
    .trim()
    .regex(/^-?\d{1,8}(\.\d{1,2})?$/, 'an amount such as "10.00"'),
  z.number().min(-99_999_999).max(99_999_999),
]);
/** A limit in euros: "" / null / "0" mean none (WooCommerce's minimum_amount, maximum_amount). */
const spendBody = z.union([z.literal(''), z.null(), amountBody]).transform((value) => {
  if (value === '' || value === null) return null;
  const cents = Math.round(Number(value) * 100);
  return cents === 0 ? null : cents;
});
const countBody = z
  .union([z.null(), z.literal(''), z.number().int(), z.string().regex(/^-?\d{1,9}$/)])
  .transform((v) => (v === null || v === '' ? null : Number(v)));
const idsBody = z
  .array(
    z.union([
      z.number().int(),
      z
        .string()
        .regex(/^\d{1,9}$/)
        .transform(Number),
    ]),
  )
  .max(1000);
/** A date as WooCommerce takes it: "2026-12-31T23:59:59", "2026-12-31", with or without an offset; null or "" for none. */
const dateBody = z.union([z.null(), z.literal(''), z.string().trim().max(40)]);

const couponFields = {
  code: z.string().trim().min(1).max(100).optional(),
  description: z.string().max(2_000).optional(),
  discount_type: z.enum(couponDiscountTypes).optional(),
  amount: amountBody.optional(),
  date_expires: dateBody.optional(),
  date_expires_gmt: dateBody.optional(),
  /** Bakje: from when the coupon is valid (WooCommerce has none). */
  date_starts: dateBody.optional(),
  date_starts_gmt: dateBody.optional(),
  individual_use: z.boolean().optional(),
  product_ids: idsBody.optional(),
  excluded_product_ids: idsBody.optional(),
  usage_limit: countBody.optional(),
  usage_limit_per_user: countBody.optional(),
  free_shipping: z.boolean().optional(),
  product_categories: idsBody.optional(),
  excluded_product_categories: idsBody.optional(),
  minimum_amount: spendBody.optional(),
  maximum_amount: spendBody.optional(),
  /** Bakje: where the coupon may be used; empty or absent: everywhere. Also read from meta_data `_bakje_channels`. */
  channels: z.array(z.enum(couponChannels)).max(2).optional(),
  fulfilment_types: z.array(z.enum(fulfilmentTypes)).max(3).optional(),
  meta_data: metaDataBody.optional(),
};
const couponCreate = z.object({ ...couponFields, code: z.string().trim().min(1).max(100) });
const couponUpdate = z.object(couponFields);
const couponBatchUpdate = couponUpdate.extend({
  id: z.union([
    z.number().int().min(1).max(999_999_999),
    z
      .string()
      .regex(/^\d{1,9}$/)
      .transform(Number),
  ]),
});
const couponListQuery = z.object({
  ...pageQuery,
  search: lastValue.optional(),
  code: lastValue.optional(),
  include: idListQuery.optional(),
  orderby: enumQuery(couponOrderBys).optional(),
  order: enumQuery(['asc', 'desc'] as const).optional(),
});
const forceQuery = z.object({ force: boolQuery.optional() });

type CouponBody = z.output<typeof couponUpdate>;

const invalid = (message: string, field: string) => new DomainError('COUPON_DEFINITION_INVALID', message, { params: [field] });

/** A date in the shop's time zone (WooCommerce's site time), or in UTC for the `_gmt` fields; an explicit offset wins. */
function parseDate(value: string, timeZone: string, gmt: boolean, field: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(value);
  if (!match) throw invalid(`${field} must be a date such as 2026-12-31T23:59:59.`, field);
  const [, y, mo, d, h = '00', mi = '00', s = '00', offset] = match;
  const date =
    offset || gmt
      ? new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${offset ?? 'Z'}`)
      : new Date(new TZDate(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), timeZone).getTime());
  if (Number.isNaN(date.getTime()) || Number(mo) > 12 || Number(d) > 31) throw invalid(`${field} is not a valid date.`, field);
  return date;
}

function dateOf(body: CouponBody, local: 'date_expires' | 'date_starts', timeZone: string): Date | null | undefined {
  const gmtValue = body[`${local}_gmt`];
  const localValue = body[local];
  const value = gmtValue !== undefined ? gmtValue : localValue;
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  return parseDate(value, timeZone, gmtValue !== undefined, gmtValue !== undefined ? `${local}_gmt` : local);
}

/** Channels and fulfilment types from the dedicated fields or, for clients that only write meta_data, `_bakje_channels` / `_bakje_fulfilment_types`. */
function listFromMeta<T extends string>(body: CouponBody, key: string, allowed: readonly T[], field: string): T[] | undefined {
  const entry = body.meta_data?.find((m) => m.key === key);
  if (!entry) return undefined;
  const raw = Array.isArray(entry.value) ? entry.value : String(entry.value ?? '').split(',');
  const values = raw.map((v) => String(v).trim().toLowerCase()).filter(Boolean);
  for (const v of values) if (!(allowed as readonly string[]).includes(v)) throw invalid(`${field}: "${v}" is not one of ${allowed.join(', ')}.`, field);
  return values as T[];
}

function inputOf(body: CouponBody, timeZone: string): CouponInput {
  const discountType = body.discount_type;
  let amount: number | undefined;
  if (body.amount !== undefined) {
    const value = Number(body.amount);
    // Percentages are whole numbers in Bakje; amounts are cents.
    amount = discountType === 'percent' ? value : Math.round(value * 100);
  }
  return {
    code: body.code,
    description: body.description,
    discountType,
    amount,
    minimumSpend: body.minimum_amount,
    maximumSpend: body.maximum_amount,
    startsAt: dateOf(body, 'date_starts', timeZone),
    expiresAt: dateOf(body, 'date_expires', timeZone),
    usageLimit: body.usage_limit,
    usageLimitPerCustomer: body.usage_limit_per_user,
    productIds: body.product_ids,
    excludedProductIds: body.excluded_product_ids,
    categoryIds: body.product_categories,
    excludedCategoryIds: body.excluded_product_categories,
    freeShipping: body.free_shipping,
    individualUse: body.individual_use,
    channels: body.channels ?? listFromMeta(body, '_bakje_channels', couponChannels, 'channels'),
    fulfilmentTypes: body.fulfilment_types ?? listFromMeta(body, '_bakje_fulfilment_types', fulfilmentTypes, 'fulfilment_types'),
  };
}

/** An update's amount is read with the coupon's type after the change (a percentage or euros). */
async function updateInput(db: Db, id: number, body: CouponBody, timeZone: string): Promise<CouponInput> {
  if (body.amount === undefined || body.discount_type !== undefined) return inputOf(body, timeZone);
  const current = await getCoupon(db, id);
  return inputOf({ ...body, discount_type: current.discountType }, timeZone);
}

const local = (d: Date | null, timeZone: string) => (d ? format(new TZDate(d.getTime(), timeZone), "yyyy-MM-dd'T'HH:mm:ss") : null);
const gmt = (d: Date | null) => (d ? d.toISOString().slice(0, 19) : null);

/** A coupon in WooCommerce's shape, with Bakje's start date, channels and fulfilment types (decision 0045). */
export function couponShape(row: CouponRow, users: string[], timeZone: string) {
  return {
    id: row.id,
    code: row.code,
    amount: row.discountType === 'percent' ? `${row.amount}.00` : centsToDecimal(row.amount),
    status: 'publish',
    date_created: local(row.createdAt, timeZone),
    date_created_gmt: gmt(row.createdAt),
    date_modified: local(row.updatedAt, timeZone),
    date_modified_gmt: gmt(row.updatedAt),
    discount_type: row.discountType,
    description: row.description,
    date_expires: local(row.expiresAt, timeZone),
    date_expires_gmt: gmt(row.expiresAt),
    date_starts: local(row.startsAt, timeZone),
    date_starts_gmt: gmt(row.startsAt),
    usage_count: row.usageCount,
    individual_use: row.individualUse,
    product_ids: row.productIds,
    excluded_product_ids: row.excludedProductIds,
    usage_limit: row.usageLimit,
    usage_limit_per_user: row.usageLimitPerCustomer,
    limit_usage_to_x_items: null,
    free_shipping: row.freeShipping,
    product_categories: row.categoryIds,
    excluded_product_categories: row.excludedCategoryIds,
    exclude_sale_items: false,
    minimum_amount: centsToDecimal(row.minimumSpend ?? 0),
    maximum_amount: centsToDecimal(row.maximumSpend ?? 0),
    email_restrictions: [],
    used_by: users,
    channels: row.channels,
    fulfilment_types: row.fulfilmentTypes,
    meta_data: [
      { id: 1, key: '_bakje_channels', value: row.channels.join(',') },
      { id: 2, key: '_bakje_fulfilment_types', value: row.fulfilmentTypes.join(',') },
    ],
  };
}

/** /wp-json/wc/v3/coupons: list, read, create, update, delete (force=true), batch. */
export function registerCouponRoutes(app: FastifyInstance, deps: { db: Db; clock: () => Date; timeZone: string }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, clock, timeZone } = deps;
  const shapeOne = async (row: CouponRow) => couponShape(row, (await usedBy(db, [row.id])).get(row.id) ?? [], timeZone);
  const asBatchError = (error: unknown, method: string, id?: number): BatchItem => {
    if (!(error instanceof DomainError)) throw error;
    const { body } = restError(error, woocommerceCodeOf(error, method));
    return { id: id ?? 0, error: body };
  };
  const create = async (body: z.output<typeof couponCreate>) => {
    const input = inputOf(body, timeZone);
    return createCoupon(db, { ...input, code: body.code, discountType: input.discountType ?? 'fixed_cart', amount: input.amount ?? 0 });
  };
  const update = async (id: number, body: CouponBody) => updateCoupon(db, id, await updateInput(db, id, body, timeZone), clock());
  const remove = async (id: number, force: boolean) => {
    if (!force) throw new DomainError('DELETE_NOT_FORCED', 'The coupon does not support trashing. Set force=true to delete.');
    const row = await getCoupon(db, id);
    const shaped = await shapeOne(row);
    await deleteCoupon(db, id);
    return shaped;
  };

  api.get('/coupons', { schema: { querystring: couponListQuery } }, async (request, reply) => {
    const q = request.query;
    const page = pageOf(q);
    const { total, coupons } = await listCoupons(db, { ...page, search: q.search, code: q.code, include: q.include, orderBy: q.orderby, order: q.order });
    pagingHeaders(request, reply, page, total);
    const users = await usedBy(
      db,
      coupons.map((c) => c.id),
    );
    return coupons.map((c) => couponShape(c, users.get(c.id) ?? [], timeZone));
  });
  api.get('/coupons/:id', { schema: { params: idParams } }, async (request) => shapeOne(await getCoupon(db, request.params.id)));
  api.post('/coupons', { schema: { body: couponCreate } }, async (request, reply) => reply.code(201).send(await shapeOne(await create(request.body))));
  const updateRoute = { schema: { params: idParams, body: optionalBody(couponUpdate) } };
  const handleUpdate = async (request: { params: { id: number }; body: CouponBody }) => shapeOne(await update(request.params.id, request.body));
  api.put('/coupons/:id', updateRoute, handleUpdate);
  api.patch('/coupons/:id', updateRoute, handleUpdate);
  api.post('/coupons/:id', updateRoute, handleUpdate);
  api.delete('/coupons/:id', { schema: { params: idParams, querystring: forceQuery } }, async (request) =>
    remove(request.params.id, request.query.force ?? false),
  );
  api.post('/coupons/batch', { schema: { body: batchBody(couponCreate, couponBatchUpdate) } }, async (request) => {
    const b = request.body;
    const created: BatchItem[] = [];
    const updated: BatchItem[] = [];
    const deleted: BatchItem[] = [];
    for (const item of b.create ?? []) {
      try {
        created.push(await shapeOne(await create(item)));
      } catch (error) {
        created.push(asBatchError(error, 'POST'));
      }
    }
    for (const item of b.update ?? []) {
      try {
        updated.push(await shapeOne(await update(item.id, item)));
      } catch (error) {
        updated.push(asBatchError(error, 'PUT', item.id));
      }
    }
    for (const id of b.delete ?? []) {
      try {
        deleted.push(await remove(id, true));
      } catch (error) {
        deleted.push(asBatchError(error, 'DELETE', id));
      }
    }
    return { create: created, update: updated, delete: deleted };
  });
}
