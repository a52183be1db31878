import { DEFAULT_PREP_MINUTES, MAX_PREP_MINUTES, type KitchenAgeSettingsInput } from '@bakje/contract';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';

const prep = z.number().int().min(0).max(MAX_PREP_MINUTES);

/**
 * The 'kitchen' settings row: when an order card's age timer turns amber and red (minutes since the order
 * fired), and the preparation times that set each order's fire time (docs/decisions/0068-fire-times.md). Read
 * leniently: a missing or broken row gives the defaults, so a bad edit never blanks the kitchen screen.
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
  })
  .refine((s) => s.ageAmberMinutes < s.ageRedMinutes, { message: 'ageAmberMinutes must be below ageRedMinutes' });
export type KitchenSettings = z.infer<typeof kitchenSettingsSchema>;

export function kitchenSettingsFrom(settings: Map<string, unknown>): KitchenSettings {
  const parsed = kitchenSettingsSchema.safeParse(settings.get('kitchen') ?? {});
  return parsed.success ? parsed.data : kitchenSettingsSchema.parse({});
}

/**
 * An order's preparation time: the longest of its products' (a product takes the longest of its categories'
 * minutes, or the shop's default when none of its categories has one).
 */
export function orderPrepMinutes(
  kitchen: Pick<KitchenSettings, 'prepMinutes' | 'categoryPrepMinutes'>,
  products: readonly { categoryIds: readonly number[] }[],
): number {
  let longest = 0;
  for (const product of products) {
    const own = product.categoryIds.map((id) => kitchen.categoryPrepMinutes[String(id)]).filter((m): m is number => m !== undefined);
    longest = Math.max(longest, own.length ? Math.max(...own) : kitchen.prepMinutes);
  }
  return products.length ? longest : kitchen.prepMinutes;
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
  };
  await db
    .insert(settings)
    .values({ key: 'kitchen', value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
  return value;
}
