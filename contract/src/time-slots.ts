import { z } from 'zod';
import { fulfilmentTypes, type FulfilmentType } from './orders.js';

/**
 * Time slots (docs/decisions/0027-slot-capacity.md): the body and answer of the store API's
 * /wp-json/wc/v3/time-slots and of the dashboard's /api/dashboard/time-slots. Field names are snake_case as
 * in the rest of the WooCommerce API.
 */

/** orders: max_orders orders; items: max_items portions (line quantities); amount: max_amount euros of goods. */
export const slotCapacityModes = ['orders', 'items', 'amount'] as const;
export type SlotCapacityMode = (typeof slotCapacityModes)[number];

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time as HH:MM (00:00 to 23:59)');

/** A real calendar date as YYYY-MM-DD. */
export const slotDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((value) => {
    const d = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
  }, 'must be a real date as YYYY-MM-DD');

const count = (what: string) =>
  z
    .number({ error: `must be a whole number of ${what} from 0 to 100000` })
    .int(`must be a whole number of ${what} from 0 to 100000`)
    .min(0, `must not be negative`)
    .max(100_000, `must be at most 100000`);

/** Euros as a decimal string ("45.00") or a number; stored as cents. */
const euros = z
  .union([z.string(), z.number()], { error: 'must be an amount in euros such as "45.00"' })
  .transform((value) => String(value).trim())
  .pipe(
    z
      .string()
      .regex(/^-?\d{1,7}(\.\d{1,2})?$/, 'must be an amount in euros such as "45.00"')
      .refine((value) => !value.startsWith('-'), 'must not be negative'),
  );

/** Every field of a time slot (docs/product.md §3, plus capacity_mode, max_items, max_amount and blocked_dates). */
export const timeSlotFields = {
  type: z.enum(fulfilmentTypes, { error: 'must be one of delivery, takeaway, dinein' }),
  start_time: clock,
  end_time: clock,
  interval_minutes: z
    .number({ error: 'must be a whole number of minutes from 1 to 1440' })
    .int('must be a whole number of minutes from 1 to 1440')
    .min(1, 'must be at least 1 minute')
    .max(1440, 'must be at most 1440 minutes'),
  max_orders: count('orders'),
  capacity_mode: z.enum(slotCapacityModes, { error: 'must be one of orders, items, amount' }),
  max_items: count('items').nullable(),
  max_amount: euros.nullable(),
  specific_date: slotDate.nullable(),
  custom_message: z.string().max(500, 'must be at most 500 characters'),
  repeat_weekly: z.boolean({ error: 'must be true or false' }),
  /** ISO weekdays: 1 = Monday ... 7 = Sunday. */
  repeat_days: z
    .array(z.number().int().min(1, 'must hold weekdays 1 (Monday) to 7 (Sunday)').max(7, 'must hold weekdays 1 (Monday) to 7 (Sunday)'), {
      error: 'must be a list of weekdays 1 (Monday) to 7 (Sunday)',
    })
    .max(7),
  is_available: z.boolean({ error: 'must be true or false' }),
  /** Dates on which this slot is blocked once. */
  blocked_dates: z.array(slotDate).max(400, 'must hold at most 400 dates'),
};

/** A slot as written: type, start_time, end_time, interval_minutes and max_orders are required, the rest has defaults. */
export const timeSlotInput = z
  .object({
    type: timeSlotFields.type,
    start_time: timeSlotFields.start_time,
    end_time: timeSlotFields.end_time,
    interval_minutes: timeSlotFields.interval_minutes,
    max_orders: timeSlotFields.max_orders,
    capacity_mode: timeSlotFields.capacity_mode.default('orders'),
    max_items: timeSlotFields.max_items.default(null),
    max_amount: timeSlotFields.max_amount.default(null),
    specific_date: timeSlotFields.specific_date.default(null),
    custom_message: timeSlotFields.custom_message.default(''),
    repeat_weekly: timeSlotFields.repeat_weekly.default(true),
    repeat_days: timeSlotFields.repeat_days.default([1, 2, 3, 4, 5, 6, 7]),
    is_available: timeSlotFields.is_available.default(true),
    blocked_dates: timeSlotFields.blocked_dates.default([]),
  })
  .superRefine((slot, ctx) => {
    for (const problem of timeSlotProblems(slot)) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type TimeSlotInput = z.output<typeof timeSlotInput>;

/** A change to one slot (PUT /time-slots/{id}): any of the fields; the merged slot is checked as a whole. */
export const timeSlotPatch = z.object(
  Object.fromEntries(Object.entries(timeSlotFields).map(([name, schema]) => [name, schema.optional()])) as {
    [K in keyof typeof timeSlotFields]: z.ZodOptional<(typeof timeSlotFields)[K]>;
  },
);
export type TimeSlotPatch = z.output<typeof timeSlotPatch>;

const minutesOf = (clockText: string) => Number(clockText.slice(0, 2)) * 60 + Number(clockText.slice(3, 5));

/** The rules between fields; each problem names its field. */
export function timeSlotProblems(slot: TimeSlotInput): { field: keyof TimeSlotInput; message: string }[] {
  const problems: { field: keyof TimeSlotInput; message: string }[] = [];
  // Only fields that passed their own checks are compared (a bad clock is reported once, by its own field).
  const clocksValid = clock.safeParse(slot.start_time).success && clock.safeParse(slot.end_time).success;
  const length = clocksValid ? minutesOf(slot.end_time) - minutesOf(slot.start_time) : null;
  if (length !== null && length <= 0) problems.push({ field: 'end_time', message: 'must be after start_time' });
  else if (length !== null && slot.interval_minutes > length) problems.push({ field: 'interval_minutes', message: 'must fit between start_time and end_time' });
  if (slot.capacity_mode === 'items' && slot.max_items === null) problems.push({ field: 'max_items', message: 'is required when capacity_mode is items' });
  if (slot.capacity_mode === 'amount' && slot.max_amount === null) problems.push({ field: 'max_amount', message: 'is required when capacity_mode is amount' });
  if (!slot.specific_date && !slot.repeat_weekly) problems.push({ field: 'specific_date', message: 'is required when repeat_weekly is false' });
  if (!slot.specific_date && slot.repeat_weekly && (slot.repeat_days ?? []).length === 0) {
    problems.push({ field: 'repeat_days', message: 'must hold at least one weekday for a weekly slot' });
  }
  return problems;
}

/** A slot as the API answers it. */
export interface TimeSlot {
  id: number;
  type: FulfilmentType;
  start_time: string;
  end_time: string;
  interval_minutes: number;
  max_orders: number;
  capacity_mode: SlotCapacityMode;
  max_items: number | null;
  /** Euros, "45.00". */
  max_amount: string | null;
  specific_date: string | null;
  custom_message: string;
  repeat_weekly: boolean;
  repeat_days: number[];
  is_available: boolean;
  blocked_dates: string[];
  date_created: string;
  /** Only in the answer to a change: e.g. the new capacity is below bookings already made (they are kept). */
  warnings?: TimeSlotWarning[];
}

export interface TimeSlotWarning {
  code: 'capacity_below_bookings';
  message: string;
  /** The slot times whose bookings exceed the new capacity: start (ISO) and what is booked in the slot's measure. */
  times: { start: string; booked: number; capacity: number }[];
}

/** GET /api/dashboard/time-slots/week: the slot times of seven days with their bookings. */
export interface SlotWeekTime {
  slot_id: number;
  /** Local "HH:MM". */
  time: string;
  end: string;
  start_at: string;
  capacity_mode: SlotCapacityMode;
  booked: number;
  capacity: number;
  blocked: boolean;
  available: boolean;
}
export interface SlotWeekDay {
  date: string;
  weekday: number;
  times: SlotWeekTime[];
}
export interface SlotWeek {
  type: FulfilmentType;
  days: SlotWeekDay[];
}

/** POST /api/dashboard/time-slots/copy-day: copies the weekly slots of one weekday to other weekdays. */
export const copySlotDayInput = z
  .object({
    type: timeSlotFields.type,
    from_day: z.number().int().min(1).max(7),
    to_days: z.array(z.number().int().min(1).max(7)).min(1, 'must hold at least one weekday').max(7),
  })
  .strict();
export type CopySlotDayInput = z.output<typeof copySlotDayInput>;
