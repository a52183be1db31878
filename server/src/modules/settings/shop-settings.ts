import { z } from 'zod';

import { deliveryRulesInput, fulfilmentTypes, openingHoursInput, orderChannels } from '@bakje/contract';

/**
 * Opening hours: weekly hours (per ISO weekday, '1' = Monday) for every fulfilment type, own hours per type,
 * exceptions (holidays, closures, different hours on dates), as `/api/settings/hours` saves them
 * (contract/src/shop-settings.ts). `closedDates` and `pausedUntil` are the older form, still honoured.
 */
export const openingHoursSchema = openingHoursInput.extend({
  week: openingHoursInput.shape.week.default({}),
  closedDates: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)).default([]),
  pausedUntil: z.string().datetime({ offset: true }).nullable().default(null),
});
export type OpeningHours = z.infer<typeof openingHoursSchema>;

/** Delivery rules and zones (`/api/settings/delivery`), with the defaults of the demo shop. */
export const deliverySettingsSchema = deliveryRulesInput.extend({
  enabled: z.boolean().default(true),
  minimumOrder: deliveryRulesInput.shape.minimumOrder.default(1500),
  maximumDistanceKm: deliveryRulesInput.shape.maximumDistanceKm.default(8),
  fee: deliveryRulesInput.shape.fee.default(250),
  roadFactor: deliveryRulesInput.shape.roadFactor.default(1.3),
  origin: deliveryRulesInput.shape.origin.default({ lat: 51.0543, lon: 3.7174 }),
});
export type DeliverySettings = z.infer<typeof deliverySettingsSchema>;

/** The 'ordering_pause' row: pauses per channel and fulfilment type, and the "busy" extra minutes. */
export const pauseStateSchema = z.object({
  pauses: z
    .array(
      z.object({
        channel: z.enum(orderChannels),
        type: z.enum(fulfilmentTypes),
        since: z.string().datetime({ offset: true }),
        until: z.string().datetime({ offset: true }).nullable(),
      }),
    )
    .default([]),
  busy: z
    .object({
      minutes: z.number().int().min(0).max(120),
      since: z.string().datetime({ offset: true }),
      until: z.string().datetime({ offset: true }).nullable(),
    })
    .nullable()
    .default(null),
});
export type PauseState = z.infer<typeof pauseStateSchema>;

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
  /**
   * A checkout naming no time slot (WooGraphQL storefronts know none) gets the earliest slot time with room
   * for its fulfilment; off: such a checkout is refused with "A valid time slot must be selected".
   */
  asapOrders: z.boolean().default(true),
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
  pause: PauseState;
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
      pause: lenient(pauseStateSchema, settings.get('ordering_pause')),
    };
    parsed.set(settings, shop);
  }
  return shop;
}
