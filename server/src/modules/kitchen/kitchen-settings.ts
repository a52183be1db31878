import { z } from 'zod';

/**
 * The 'kitchen' settings row: when an order card's age timer turns amber and red (minutes since the order
 * was placed). Read leniently: a missing or broken row gives the defaults, so a bad edit never blanks the
 * kitchen screen.
 */
export const kitchenSettingsSchema = z
  .object({
    ageAmberMinutes: z.number().int().min(1).max(24 * 60).default(5),
    ageRedMinutes: z.number().int().min(1).max(24 * 60).default(8),
  })
  .refine((s) => s.ageAmberMinutes < s.ageRedMinutes, { message: 'ageAmberMinutes must be below ageRedMinutes' });
export type KitchenSettings = z.infer<typeof kitchenSettingsSchema>;

export function kitchenSettingsFrom(settings: Map<string, unknown>): KitchenSettings {
  const parsed = kitchenSettingsSchema.safeParse(settings.get('kitchen') ?? {});
  return parsed.success ? parsed.data : kitchenSettingsSchema.parse({});
}
