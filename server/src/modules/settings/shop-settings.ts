import { z } from 'zod';

const clock = z.string().regex(/^([01]\d|2[0-4]):[0-5]\d$/, 'expected HH:MM');
const period = z.object({ open: clock, close: clock });

/** Opening hours per ISO weekday ('1' = Monday), closed dates, and the "pause online ordering" switch. */
export const openingHoursSchema = z.object({
  week: z.partialRecord(z.enum(['1', '2', '3', '4', '5', '6', '7']), z.array(period)).default({}),
  closedDates: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)).default([]),
  pausedUntil: z.string().datetime({ offset: true }).nullable().default(null),
});
export type OpeningHours = z.infer<typeof openingHoursSchema>;

export const deliverySettingsSchema = z.object({
  enabled: z.boolean().default(true),
  /** Cents. */
  minimumOrder: z.number().int().min(0).default(1500),
  maximumDistanceKm: z.number().min(0).default(8),
  /** Cents. */
  fee: z.number().int().min(0).default(250),
  roadFactor: z.number().min(1).max(3).default(1.3),
  /** The shop's own location, where distances start. */
  origin: z.object({ lat: z.number(), lon: z.number() }).default({ lat: 51.0543, lon: 3.7174 }),
});
export type DeliverySettings = z.infer<typeof deliverySettingsSchema>;

export const orderingSettingsSchema = z.object({
  /** Slot times closer to now than this are not offered. */
  leadTimeMinutes: z
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(20),
  /** How many days ahead (today included) customers may order. */
  daysAhead: z.number().int().min(1).max(60).default(7),
});
export type OrderingSettings = z.infer<typeof orderingSettingsSchema>;

function lenient<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value ?? {});
  return parsed.success ? parsed.data : schema.parse({});
}

export interface ShopSettings {
  openingHours: OpeningHours;
  delivery: DeliverySettings;
  ordering: OrderingSettings;
}

/** Parsed once per snapshot: every cart view asks, and the snapshot's settings never change in place. */
const parsed = new WeakMap<Map<string, unknown>, ShopSettings>();

/** Reads the settings rows (from the catalogue snapshot) with defaults for anything missing or broken. */
export function shopSettingsFrom(settings: Map<string, unknown>): ShopSettings {
  let shop = parsed.get(settings);
  if (!shop) {
    shop = {
      openingHours: lenient(openingHoursSchema, settings.get('opening_hours')),
      delivery: lenient(deliverySettingsSchema, settings.get('delivery')),
      ordering: lenient(orderingSettingsSchema, settings.get('ordering')),
    };
    parsed.set(settings, shop);
  }
  return shop;
}
