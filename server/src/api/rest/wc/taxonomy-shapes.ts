import { z } from 'zod';
import type { Translated } from '../../../db/schema/index.js';
import { centsToDecimal } from '../../../modules/catalog/money.js';
import { translationsOf } from '../../../modules/catalog/taxonomy.js';

/** A name or label: trimmed, 1 to 200 characters. */
export const nameText = z.string().trim().min(1, 'must not be empty').max(200);

/** The French and English words beside the Dutch `name` (a Bakje extension; empty removes nothing, it is stored empty). */
export const translationsBody = z.object({ fr: z.string().trim().max(200).optional(), en: z.string().trim().max(200).optional() });

/** A database id in a JSON body. */
export const bodyId = z.number().int().min(1).max(999_999_999);

/** A price as WooCommerce sends it ("0.50", "" for none) or a number; never negative; at most 999,999.99. */
export const priceBody = z
  .union([
    z.literal(''),
    z.null(),
    z
      .string()
      .trim()
      .regex(/^\d{1,6}(\.\d{1,2})?$/, 'a price such as "0.50", not negative'),
    z.number().min(0).max(999_999.99),
  ])
  .transform((value) => (value === '' || value === null ? null : Math.round(Number(value) * 100)));

/** An image reference: an id (number or digits), `{id}`, or null / "" for none. Upload new images with POST /media first. */
export const imageRef = z
  .union([z.null(), z.literal(''), bodyId, z.string().regex(/^\d{1,9}$/), z.object({ id: z.union([bodyId, z.string().regex(/^\d{1,9}$/)]) }).loose()])
  .transform((value) => (value === null || value === '' ? null : typeof value === 'object' ? Number(value.id) : Number(value)))
  .refine((id) => id === null || id >= 1, 'must be a media id');

export const metaDataBody = z.array(z.object({ key: z.string().max(255), value: z.unknown() }).loose()).max(100);

/** The REST shape of a name: the Dutch name and its translations. */
export const nameShape = (name: Translated) => ({ name: name.nl, translations: translationsOf(name) });

export const money = (cents: number | null) => (cents === null ? '' : centsToDecimal(cents));

/** Up to 100 creates, updates and deletes in one request (docs/interfaces.md §2). */
export const batchBody = <C extends z.ZodType, U extends z.ZodType>(create: C, update: U) =>
  z
    .object({
      create: z.array(create).optional(),
      update: z.array(update).optional(),
      delete: z
        .array(
          z.union([
            bodyId,
            z
              .string()
              .regex(/^\d{1,9}$/)
              .transform(Number),
          ]),
        )
        .optional(),
    })
    .refine((b) => (b.create?.length ?? 0) + (b.update?.length ?? 0) + (b.delete?.length ?? 0) <= 100, {
      message: 'at most 100 objects in one batch',
      path: ['create'],
    });

/** One item of a batch answer: what the single request would have answered, or its error in the WooCommerce shape. */
export type BatchItem = Record<string, unknown>;
