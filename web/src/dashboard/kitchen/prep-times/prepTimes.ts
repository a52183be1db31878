import type { PrepTimesInput } from '@bakje/contract';
import { ARRIVAL_MINUTES, DEFAULT_ARRIVAL_MINUTES, MAX_PREP_MINUTES } from '@bakje/contract/kitchen-lanes';
import { z } from 'zod';

/**
 * The preparation times form (docs/decisions/0073-preparation-time-per-product.md): the default, and minutes per
 * category and per product, where an empty field means "none of its own". Field names carry a letter before the
 * id (`c12`, `p40`): react-hook-form reads a number in a path as an array index.
 */
const whole = (value: string) => /^\d+$/.test(value) && Number(value) <= MAX_PREP_MINUTES;

export const prepTimesSchema = z.object({
  prepMinutes: z.string().trim().refine(whole, 'dashboard.prepTimes.invalid').transform(Number),
  categories: z.record(
    z.string(),
    z
      .string()
      .trim()
      .refine((value) => value === '' || whole(value), 'dashboard.prepTimes.invalid'),
  ),
  products: z.record(
    z.string(),
    z
      .string()
      .trim()
      .refine((value) => value === '' || whole(value), 'dashboard.prepTimes.invalid'),
  ),
  // "Ik kom eraan" (docs/decisions/0082-ik-kom-eraan.md): the choice offered first, and the categories that wait.
  arrivalDefaultMinutes: z
    .string()
    .refine((value) => (ARRIVAL_MINUTES as readonly number[]).includes(Number(value)), 'dashboard.prepTimes.invalid')
    .transform(Number),
  waits: z.record(z.string(), z.boolean()),
});
export type PrepTimesForm = z.input<typeof prepTimesSchema>;

export interface StoredPrepTimes {
  prepMinutes: number;
  categoryPrepMinutes: Record<string, number>;
  productPrepMinutes: Record<string, number>;
  arrivalCategoryIds?: readonly number[];
  arrivalDefaultMinutes?: number;
}

/** The form's values: every listed category and product, empty where it has no minutes of its own. */
export function formValues(stored: StoredPrepTimes, categoryIds: readonly number[], productIds: readonly number[]): PrepTimesForm {
  const own = (map: Record<string, number>, id: number) => (map[String(id)] === undefined ? '' : String(map[String(id)]));
  return {
    prepMinutes: String(stored.prepMinutes),
    categories: Object.fromEntries(categoryIds.map((id) => [`c${id}`, own(stored.categoryPrepMinutes, id)])),
    products: Object.fromEntries(productIds.map((id) => [`p${id}`, own(stored.productPrepMinutes, id)])),
    arrivalDefaultMinutes: String(stored.arrivalDefaultMinutes ?? DEFAULT_ARRIVAL_MINUTES),
    waits: Object.fromEntries(categoryIds.map((id) => [`w${id}`, stored.arrivalCategoryIds?.includes(id) ?? false])),
  };
}

/** PUT /api/kitchen/prep-times: the filled-in fields by id (an id the shop no longer lists is dropped). */
export function toBody(values: z.output<typeof prepTimesSchema>): PrepTimesInput {
  const byId = (fields: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(fields)
        .filter(([, value]) => value !== '')
        .map(([key, value]) => [key.slice(1), Number(value)]),
    );
  return {
    prepMinutes: values.prepMinutes,
    categoryPrepMinutes: byId(values.categories),
    productPrepMinutes: byId(values.products),
    arrivalCategoryIds: Object.entries(values.waits)
      .filter(([, waits]) => waits)
      .map(([key]) => Number(key.slice(1))),
    arrivalDefaultMinutes: values.arrivalDefaultMinutes,
  };
}

/**
 * What a product takes without minutes of its own, as the server decides (the longest of its categories', else
 * the default): shown in its empty field, so the manager sees what it inherits.
 */
export function inherited(categoryIds: readonly number[], categories: Record<string, string | undefined>, fallback: string): string {
  const set = categoryIds.map((id) => categories[`c${id}`]?.trim() ?? '').filter((value) => whole(value));
  return set.length ? String(Math.max(...set.map(Number))) : fallback;
}
