import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';

/**
 * The 'kitchen' settings row: when an order card's age timer turns amber and red (minutes since the order
 * was placed). Read leniently: a missing or broken row gives the defaults, so a bad edit never blanks the
 * kitchen screen.
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
  })
  .refine((s) => s.ageAmberMinutes < s.ageRedMinutes, { message: 'ageAmberMinutes must be below ageRedMinutes' });
export type KitchenSettings = z.infer<typeof kitchenSettingsSchema>;

export function kitchenSettingsFrom(settings: Map<string, unknown>): KitchenSettings {
  const parsed = kitchenSettingsSchema.safeParse(settings.get('kitchen') ?? {});
  return parsed.success ? parsed.data : kitchenSettingsSchema.parse({});
}

/**
 * Saves the kitchen's age timer minutes in the `settings` row 'kitchen'. The write bumps the catalogue
 * version, so every instance's snapshot picks it up.
 */
export async function saveKitchenSettings(db: DbOrTx, value: KitchenSettings): Promise<KitchenSettings> {
  await db
    .insert(settings)
    .values({ key: 'kitchen', value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
  return value;
}
