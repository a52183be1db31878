import { z } from 'zod';

/**
 * Route schemas shared by the REST routes (validated by Fastify with fastify-type-provider-zod; a failure
 * answers 400 INVALID_INPUT, or rest_invalid_param on the WooCommerce routes).
 */

/** A database id in a URL or query: a whole number from 1 to 999,999,999, in digits. */
export const idSchema = z
  .string()
  .regex(/^\d{1,9}$/, 'must be a positive whole number')
  .transform(Number)
  .refine((id) => id >= 1, 'must be a positive whole number');

/** `/:id` */
export const idParams = z.object({ id: idSchema });

/**
 * One query parameter. Sent twice, the last one counts (as in PHP, which WooCommerce runs on; the
 * official client does send some twice).
 */
export const lastValue = z.union([z.string(), z.array(z.string())]).transform((value) => (Array.isArray(value) ? value[value.length - 1]! : value));

/** A whole number from `min` to `max` in a query string. */
export const intQuery = (min: number, max: number) =>
  lastValue
    .pipe(
      z
        .string()
        .trim()
        .regex(/^\d{1,9}$/, `must be a whole number from ${min} to ${max}`),
    )
    .transform(Number)
    .refine((n) => n >= min && n <= max, `must be a whole number from ${min} to ${max}`);

/** One of `values` in a query string. */
export const enumQuery = <const T extends readonly [string, ...string[]]>(values: T) =>
  lastValue.pipe(z.enum(values, { error: `must be one of ${values.join(', ')}` }));

/** true/false or 1/0 in a query string. */
export const boolQuery = lastValue.pipe(
  z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' }).transform((value) => value === 'true' || value === '1'),
);

/** A comma-separated or repeated list of up to 100 ids, as WooCommerce's `include`. */
export const idListQuery = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : [value]).flatMap((part) => part.split(',')).map((part) => part.trim()))
  .pipe(z.array(z.string().regex(/^\d{1,9}$/)).max(100))
  .transform((ids) => ids.map(Number));

/** A body that may be left out: none counts as `{}` (Fastify gives the validator null then). */
export const optionalBody = <T extends z.ZodType>(schema: T) => z.preprocess((value) => value ?? {}, schema);
