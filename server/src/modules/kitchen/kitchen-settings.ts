import {
  ARRIVAL_MINUTES,
  DEFAULT_ARRIVAL_MINUTES,
  DEFAULT_PREP_MINUTES,
  MAX_PREP_MINUTES,
  type KitchenAgeSettingsInput,
  type PrepTimes,
} from '@bakje/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { categories, products, settings } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';

const prep = z.number().int().min(0).max(MAX_PREP_MINUTES);

/**
 * The 'kitchen' settings row: when an order card's age timer turns amber and red (minutes since the order
 * fired), and the preparation times that set each order's fire time (docs/decisions/0068-fire-times.md,
 * docs/decisions/0073-preparation-time-per-product.md). Read leniently: a missing or broken row gives the defaults, so a bad edit never blanks the kitchen screen.
 */
export const kitchenSettingsSchema = z
  .object({
    ageAmberMinutes: z
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(5),
    ageRedMinutes: z
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(8),
    prepMinutes: prep.default(DEFAULT_PREP_MINUTES),
    categoryPrepMinutes: z.record(z.string(), prep).default({}),
    productPrepMinutes: z.record(z.string(), prep).default({}),
    // "Ik kom eraan" (docs/decisions/0082-ik-kom-eraan.md).
    arrivalCategoryIds: z.array(z.number().int().positive()).default([]),
    arrivalDefaultMinutes: z
      .number()
      .int()
      .refine((m) => (ARRIVAL_MINUTES as readonly number[]).includes(m))
      .default(DEFAULT_ARRIVAL_MINUTES),
  })
  .refine((s) => s.ageAmberMinutes < s.ageRedMinutes, { message: 'ageAmberMinutes must be below ageRedMinutes' });
export type KitchenSettings = z.infer<typeof kitchenSettingsSchema>;

export function kitchenSettingsFrom(settings: Map<string, unknown>): KitchenSettings {
  const parsed = kitchenSettingsSchema.safeParse(settings.get('kitchen') ?? {});
  return parsed.success ? parsed.data : kitchenSettingsSchema.parse({});
}

/**
 * A product's preparation time: its own minutes, else the longest of its categories' minutes, else the shop's
 * default. An order's is the longest of its products' (`orderPrepMinutes`).
 */
export function productPrepMinutes(
  kitchen: Pick<KitchenSettings, 'prepMinutes' | 'categoryPrepMinutes' | 'productPrepMinutes'>,
  product: { id: number; categoryIds: readonly number[] },
): number {
  const own = kitchen.productPrepMinutes[String(product.id)];
  if (own !== undefined) return own;
  const byCategory = product.categoryIds.map((id) => kitchen.categoryPrepMinutes[String(id)]).filter((m): m is number => m !== undefined);
  return byCategory.length ? Math.max(...byCategory) : kitchen.prepMinutes;
}

/** An order's preparation time: the longest of its products' (`productPrepMinutes`); the default without any. */
export function orderPrepMinutes(
  kitchen: Pick<KitchenSettings, 'prepMinutes' | 'categoryPrepMinutes' | 'productPrepMinutes'>,
  items: readonly { id: number; categoryIds: readonly number[] }[],
): number {
  return items.length ? Math.max(...items.map((item) => productPrepMinutes(kitchen, item))) : kitchen.prepMinutes;
}

/**
 * Whether an order of these products waits for the customer's "Ik kom eraan" before frying: one of them is in a
 * category the shop chose (docs/decisions/0082-ik-kom-eraan.md).
 */
export function awaitsArrival(kitchen: Pick<KitchenSettings, 'arrivalCategoryIds'>, items: readonly { categoryIds: readonly number[] }[]): boolean {
  if (kitchen.arrivalCategoryIds.length === 0) return false;
  const waiting = new Set(kitchen.arrivalCategoryIds);
  return items.some((item) => item.categoryIds.some((id) => waiting.has(id)));
}

/**
 * Saves the kitchen's settings in the `settings` row 'kitchen'; preparation times left out keep what is stored.
 * The write bumps the catalogue version, so every instance's snapshot picks it up.
 */
export async function saveKitchenSettings(db: DbOrTx, input: KitchenAgeSettingsInput): Promise<KitchenSettings> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'kitchen'));
  const stored = kitchenSettingsFrom(new Map([['kitchen', row?.value]]));
  const value: KitchenSettings = {
    ageAmberMinutes: input.ageAmberMinutes,
    ageRedMinutes: input.ageRedMinutes,
    prepMinutes: input.prepMinutes ?? stored.prepMinutes,
    categoryPrepMinutes: input.categoryPrepMinutes ?? stored.categoryPrepMinutes,
    productPrepMinutes: input.productPrepMinutes ?? stored.productPrepMinutes,
    arrivalCategoryIds: stored.arrivalCategoryIds,
    arrivalDefaultMinutes: stored.arrivalDefaultMinutes,
  };
  await writeKitchen(db, value);
  return value;
}

/**
 * Replaces every preparation time (PUT /api/kitchen/prep-times, the screen /dashboard/prep-times); the age
 * timers stay as stored. A category or product id that does not exist is refused, naming its field, before
 * anything is written.
 */
export async function savePrepTimes(db: DbOrTx, input: PrepTimes): Promise<KitchenSettings> {
  const categoryIds = [...new Set([...Object.keys(input.categoryPrepMinutes).map(Number), ...(input.arrivalCategoryIds ?? [])])];
  if (categoryIds.length) {
    const found = new Set((await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, categoryIds))).map((r) => r.id));
    const missing = categoryIds.filter((id) => !found.has(id));
    if (missing.length) {
      const field = missing.some((id) => input.categoryPrepMinutes[String(id)] !== undefined) ? 'categoryPrepMinutes' : 'arrivalCategoryIds';
      throw new DomainError('PREP_TIMES_INVALID', `Category ${missing.join(', ')} does not exist.`, { params: [field] });
    }
  }
  const productIds = Object.keys(input.productPrepMinutes).map(Number);
  if (productIds.length) {
    // Variations take their product's time (an order line's product is the parent): only products are named.
    const rows = await db
      .select({ id: products.id })
      .from(products)
      .where(and(inArray(products.id, productIds), isNull(products.parentId)));
    const found = new Set(rows.map((r) => r.id));
    const missing = productIds.filter((id) => !found.has(id));
    if (missing.length) throw new DomainError('PREP_TIMES_INVALID', `Product ${missing.join(', ')} does not exist.`, { params: ['productPrepMinutes'] });
  }
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'kitchen'));
  const stored = kitchenSettingsFrom(new Map([['kitchen', row?.value]]));
  const value: KitchenSettings = {
    ...stored,
    prepMinutes: input.prepMinutes,
    categoryPrepMinutes: input.categoryPrepMinutes,
    productPrepMinutes: input.productPrepMinutes,
    arrivalCategoryIds: input.arrivalCategoryIds ? [...new Set(input.arrivalCategoryIds)].sort((a, b) => a - b) : stored.arrivalCategoryIds,
    arrivalDefaultMinutes: input.arrivalDefaultMinutes ?? stored.arrivalDefaultMinutes,
  };
  await writeKitchen(db, value);
  return value;
}

async function writeKitchen(db: DbOrTx, value: KitchenSettings): Promise<void> {
  await db
    .insert(settings)
    .values({ key: 'kitchen', value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}
