import { z } from 'zod';

/** The 'status_screen' settings row: how the public order status display behaves. */
export const statusScreenSettingsSchema = z.object({
  /** How long a ready number stays under "Klaar" before it leaves the screen. */
  readyVisibleSeconds: z
    .number()
    .int()
    .min(10)
    .max(24 * 3600)
    .default(300),
  /** The shop's language for the screen's labels (a public screen has no visitor language). */
  language: z.enum(['nl', 'fr', 'en']).default('nl'),
  /** Play a chime when a number becomes ready. */
  chime: z.boolean().default(true),
});
export type StatusScreenSettings = z.infer<typeof statusScreenSettingsSchema>;

export function statusScreenSettingsFrom(settings: Map<string, unknown>): StatusScreenSettings {
  const parsed = statusScreenSettingsSchema.safeParse(settings.get('status_screen') ?? {});
  return parsed.success ? parsed.data : statusScreenSettingsSchema.parse({});
}
