import { z } from 'zod';
import { fulfilmentTypes, type FulfilmentType } from './orders.js';

/**
 * Opening hours, delivery rules, pause and busy: the shapes of `/api/settings/hours`, `/api/settings/delivery`,
 * `/api/settings/pause` and the public `/api/shop-status` (+ its live stream `/api/events/shop-status`).
 * docs/decisions/0028-hours-delivery-pause.md.
 */

/** Where an order is placed: the web shop or the in-venue kiosk. */
export const orderChannels = ['web', 'kiosk'] as const;
export type OrderChannel = (typeof orderChannels)[number];
export const weekdays = ['1', '2', '3', '4', '5', '6', '7'] as const;

export function clockMinutes(value: string): number {
  const [h, m] = value.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

export function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const probe = new Date(Date.UTC(y, m - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
}

const clock = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'expected a time as HH:MM');
const dateString = z.string().refine(isRealDate, 'expected a real date as YYYY-MM-DD');

export const openingPeriodSchema = z
  .object({ open: clock, close: clock })
  .refine((p) => clockMinutes(p.close) > clockMinutes(p.open), { message: 'closing time must be after opening time', path: ['close'] });
export type OpeningPeriod = z.infer<typeof openingPeriodSchema>;

/** The periods of one day: each closes after it opens and none overlap. */
export const dayPeriodsSchema = z
  .array(openingPeriodSchema)
  .max(6)
  .superRefine((periods, ctx) => {
    const sorted = periods.map((p, i) => ({ ...p, i })).sort((a, b) => clockMinutes(a.open) - clockMinutes(b.open));
    for (let k = 1; k < sorted.length; k++) {
      if (clockMinutes(sorted[k]!.open) < clockMinutes(sorted[k - 1]!.close)) {
        ctx.addIssue({ code: 'custom', message: 'periods of one day must not overlap', path: [sorted[k]!.i, 'open'] });
      }
    }
  });

/** ISO weekday ('1' = Monday ... '7' = Sunday) to its periods; a missing day is closed. */
export const weekHoursSchema = z.partialRecord(z.enum(weekdays), dayPeriodsSchema);
export type WeekHours = z.infer<typeof weekHoursSchema>;

/** A holiday or closure (no periods) or different hours, for one date (from = to) or a range of dates. */
export const hoursExceptionSchema = z
  .object({
    from: dateString,
    to: dateString,
    periods: dayPeriodsSchema.default([]),
    note: z.string().trim().max(120).default(''),
  })
  .refine((e) => e.to >= e.from, { message: 'must not be before from', path: ['to'] });
export type HoursException = z.infer<typeof hoursExceptionSchema>;

export const openingHoursInput = z.object({
  /** Hours of every fulfilment type that has none of its own. */
  week: weekHoursSchema,
  /** Own weekly hours per fulfilment type (e.g. delivery only in the evening); null = same as `week`. */
  byType: z
    .object({
      delivery: weekHoursSchema.nullable().default(null),
      takeaway: weekHoursSchema.nullable().default(null),
      dinein: weekHoursSchema.nullable().default(null),
    })
    .default({ delivery: null, takeaway: null, dinein: null }),
  exceptions: z
    .array(hoursExceptionSchema)
    .max(366)
    .default([])
    .superRefine((list, ctx) => {
      const sorted = list.map((e, i) => ({ ...e, i })).sort((a, b) => a.from.localeCompare(b.from));
      for (let k = 1; k < sorted.length; k++) {
        if (sorted[k]!.from <= sorted[k - 1]!.to) {
          ctx.addIssue({ code: 'custom', message: `overlaps the exception of ${sorted[k - 1]!.from}`, path: [sorted[k]!.i, 'from'] });
        }
      }
    }),
});
export type OpeningHoursInput = z.input<typeof openingHoursInput>;
export type OpeningHoursSettings = z.output<typeof openingHoursInput>;

/** Belgian postcodes: four digits, 1000 to 9999. */
export const postcodeSchema = z
  .string()
  .trim()
  .regex(/^[1-9]\d{3}$/, 'expected a Belgian postcode of four digits');

const cents = z.number().int().min(0).max(1_000_000);

export const deliveryZoneSchema = z.object({
  name: z.string().trim().max(80).default(''),
  postcodes: z.array(postcodeSchema).min(1, 'at least one postcode').max(200),
  /** Cents. */
  minimumOrder: cents,
  /** Cents. */
  fee: cents,
});
export type DeliveryZone = z.infer<typeof deliveryZoneSchema>;

export const deliveryRulesInput = z.object({
  enabled: z.boolean(),
  /** Cents; for addresses in no zone. */
  minimumOrder: cents,
  /** Cents; for addresses in no zone. */
  fee: cents,
  /** For addresses in no zone; 0 = only the zones. */
  maximumDistanceKm: z.number().min(0).max(200),
  /** The shop's address as customers read it. */
  shopAddress: z.string().trim().max(200).default(''),
  /** Where distances start. */
  origin: z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) }),
  /** Distance service: straight line to the postcode's centroid times this road factor (docs/interfaces.md §5). */
  roadFactor: z.number().min(1).max(3),
  zones: z
    .array(deliveryZoneSchema)
    .max(50)
    .default([])
    .superRefine((zones, ctx) => {
      const seen = new Map<string, number>();
      zones.forEach((zone, i) =>
        zone.postcodes.forEach((code, j) => {
          const other = seen.get(code);
          if (other !== undefined && other !== i)
            ctx.addIssue({ code: 'custom', message: `postcode ${code} is already in zone ${other + 1}`, path: [i, 'postcodes', j] });
          seen.set(code, i);
        }),
      );
    }),
});
export type DeliveryRulesInput = z.input<typeof deliveryRulesInput>;
export type DeliveryRules = z.output<typeof deliveryRulesInput>;

export const pauseDurations = ['15', '30', '60', 'end-of-day', 'until-resumed'] as const;
export type PauseDuration = (typeof pauseDurations)[number];

/** POST /api/settings/pause: pause the chosen channels and fulfilment types. */
export const pauseInput = z.object({
  channels: z.array(z.enum(orderChannels)).min(1, 'choose at least one channel'),
  types: z.array(z.enum(fulfilmentTypes)).min(1, 'choose at least one fulfilment type'),
  duration: z.enum(pauseDurations),
});
export type PauseInput = z.infer<typeof pauseInput>;

/** POST /api/settings/busy: add minutes to the earliest slot (0 = not busy). */
export const busyInput = z.object({ minutes: z.union([z.literal(0), z.literal(10), z.literal(20), z.literal(30)]) });
export type BusyInput = z.infer<typeof busyInput>;

export interface PauseEntry {
  channel: OrderChannel;
  type: FulfilmentType;
  since: string;
  /** null: until resumed. */
  until: string | null;
}

/** What the shop and kiosk show: GET /api/shop-status and each event of /api/events/shop-status. */
export interface ShopStatus {
  /** Pauses in force now. */
  pauses: PauseEntry[];
  /** Minutes added to the earliest slot (0 = not busy). */
  busyMinutes: number;
  /** Per channel and type: whether ordering is possible now (not paused, not a closed day). */
  ordering: Record<OrderChannel, Record<FulfilmentType, boolean>>;
  /** Per type: open right now, and the next opening as ISO when closed. */
  open: Record<FulfilmentType, { isOpen: boolean; opensAt: string | null; closesAt: string | null }>;
}

/** GET /api/opening-hours (public): the weekly hours per fulfilment type and the coming exceptions. */
export interface PublicOpeningHours {
  week: Record<FulfilmentType, WeekHours>;
  /** Exceptions that end today or later (at most 60 days ahead), soonest first. */
  exceptions: HoursException[];
}
