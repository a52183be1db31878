import { and, asc, eq, gte, inArray, lt, notInArray } from 'drizzle-orm';
import {
  timeSlotInput,
  timeSlotProblems,
  type CopySlotDayInput,
  type SlotWeek,
  type TimeSlot,
  type TimeSlotInput,
  type TimeSlotPatch,
  type TimeSlotWarning,
} from '@bakje/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { slotBookings, timeSlots, type FulfilmentType } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';
import { centsToDecimal } from '../catalog/money.js';
import { addDaysTo, formatClock, instantAt, isoInZone, localMoment, weekdayOf } from '../shop-time/shop-time.js';
import { appliesOn, capacityLimit, capacityUsed, optionStarts, type TimeSlotRow } from './time-slots.js';

/**
 * Managing the slot definitions (store API /time-slots and the dashboard's time slots screen):
 * list, create, change, replace all, remove, the week view with bookings and copying a day.
 */

const notFound = () => new DomainError('TIME_SLOT_NOT_FOUND', 'Invalid ID.');

/** "Invalid parameter(s): end_time (must be after start_time)", naming the field (and the entry of a list). */
function invalid(field: string, message: string): DomainError {
  return new DomainError('INVALID_INPUT', `Invalid parameter(s): ${field} (${message})`, { params: [field] });
}

const toCents = (euros: string | null) => (euros === null ? null : Math.round(Number(euros) * 100));

export function slotShape(row: TimeSlotRow): TimeSlot {
  return {
    id: row.id,
    type: row.type,
    start_time: row.startTime,
    end_time: row.endTime,
    interval_minutes: row.intervalMinutes,
    max_orders: row.maxOrders,
    capacity_mode: row.capacityMode,
    max_items: row.maxItems,
    max_amount: row.maxAmount === null ? null : centsToDecimal(row.maxAmount),
    specific_date: row.specificDate,
    custom_message: row.customMessage,
    repeat_weekly: row.repeatWeekly,
    repeat_days: row.repeatDays,
    is_available: row.isAvailable,
    blocked_dates: row.blockedDates,
    date_created: row.createdAt.toISOString().slice(0, 19),
  };
}

function inputOf(row: TimeSlotRow): TimeSlotInput {
  const { id: _id, date_created: _created, ...rest } = slotShape(row);
  return rest;
}

function rowValues(input: TimeSlotInput) {
  return {
    type: input.type,
    startTime: input.start_time,
    endTime: input.end_time,
    intervalMinutes: input.interval_minutes,
    maxOrders: input.max_orders,
    capacityMode: input.capacity_mode,
    maxItems: input.max_items,
    maxAmount: toCents(input.max_amount),
    specificDate: input.specific_date,
    customMessage: input.custom_message.trim(),
    repeatWeekly: input.repeat_weekly,
    repeatDays: [...new Set(input.repeat_days)].sort(),
    isAvailable: input.is_available,
    blockedDates: [...new Set(input.blocked_dates)].sort(),
  };
}

export async function listTimeSlots(db: DbOrTx, filter: { type?: FulfilmentType } = {}): Promise<TimeSlot[]> {
  const rows = await db
    .select()
    .from(timeSlots)
    .where(filter.type ? eq(timeSlots.type, filter.type) : undefined)
    .orderBy(asc(timeSlots.type), asc(timeSlots.startTime), asc(timeSlots.id));
  return rows.map(slotShape);
}

export async function getTimeSlot(db: DbOrTx, id: number): Promise<TimeSlot> {
  const [row] = await db.select().from(timeSlots).where(eq(timeSlots.id, id));
  if (!row) throw notFound();
  return slotShape(row);
}

/**
 * Bookings of future slot times that exceed the slot's (new) capacity: they are kept, and the answer says so.
 */
async function capacityWarnings(db: DbOrTx, row: TimeSlotRow, now: Date): Promise<TimeSlotWarning[]> {
  const limit = capacityLimit(row);
  const bookings = await db
    .select()
    .from(slotBookings)
    .where(and(eq(slotBookings.slotId, row.id), gte(slotBookings.startsAt, now)))
    .orderBy(asc(slotBookings.startsAt));
  const over = bookings
    .map((b) => ({ start: b.startsAt.toISOString(), booked: capacityUsed(row.capacityMode, b), capacity: limit }))
    .filter((b) => b.booked > limit);
  if (over.length === 0) return [];
  return [
    {
      code: 'capacity_below_bookings',
      message: `The new capacity is below what is already booked at ${over.length} slot time(s); those bookings are kept, no new ones are taken there until there is room.`,
      times: over,
    },
  ];
}

async function withWarnings(db: DbOrTx, row: TimeSlotRow, now: Date): Promise<TimeSlot> {
  const warnings = await capacityWarnings(db, row, now);
  return warnings.length ? { ...slotShape(row), warnings } : slotShape(row);
}

export async function createTimeSlot(db: DbOrTx, input: TimeSlotInput): Promise<TimeSlot> {
  const [row] = await db.insert(timeSlots).values(rowValues(input)).returning();
  return slotShape(row!);
}

/** Changes the given fields; the merged slot must still hold together (end after start, ...). */
export async function updateTimeSlot(db: Db, id: number, patch: TimeSlotPatch, now: Date): Promise<TimeSlot> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(timeSlots).where(eq(timeSlots.id, id)).for('update');
    if (!current) throw notFound();
    const merged = { ...inputOf(current), ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) } as TimeSlotInput;
    const problem = timeSlotProblems(merged)[0];
    if (problem) throw invalid(problem.field, problem.message);
    const [row] = await tx.update(timeSlots).set(rowValues(merged)).where(eq(timeSlots.id, id)).returning();
    return withWarnings(tx, row!, now);
  });
}

/** Removes a slot; its bookings go with it (orders keep their own slot times). */
export async function deleteTimeSlot(db: DbOrTx, id: number): Promise<TimeSlot> {
  const [row] = await db.delete(timeSlots).where(eq(timeSlots.id, id)).returning();
  if (!row) throw notFound();
  return slotShape(row);
}

/**
 * Replaces all slots at once: entries with an id change that slot, entries without one are new, slots not
 * listed are removed. Every entry is checked before anything is written, and all of it is one transaction:
 * one bad entry changes nothing.
 */
export async function replaceTimeSlots(db: Db, entries: unknown[], now: Date): Promise<TimeSlot[]> {
  const parsed: { id: number | null; input: TimeSlotInput }[] = [];
  entries.forEach((entry, index) => {
    const raw = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    const { id, date_created: _created, warnings: _warnings, ...fields } = raw;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw invalid(`[${index}]`, 'must be a time slot object');
    if (id !== undefined && id !== null && !(typeof id === 'number' && Number.isInteger(id) && id > 0))
      throw invalid(`[${index}].id`, 'must be a positive whole number');
    const result = timeSlotInput.safeParse(fields);
    if (!result.success) {
      const issue = result.error.issues[0]!;
      throw invalid(`[${index}].${issue.path.join('.') || 'body'}`, issue.message);
    }
    parsed.push({ id: typeof id === 'number' ? id : null, input: result.data });
  });
  const ids = parsed.flatMap((p) => (p.id === null ? [] : [p.id]));
  const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
  if (duplicate !== undefined) throw invalid(`[${ids.lastIndexOf(duplicate)}].id`, 'is listed twice');
  return db.transaction(async (tx) => {
    if (ids.length) {
      const existing = new Set((await tx.select({ id: timeSlots.id }).from(timeSlots).where(inArray(timeSlots.id, ids)).for('update')).map((r) => r.id));
      const unknown = parsed.findIndex((p) => p.id !== null && !existing.has(p.id));
      if (unknown >= 0) throw invalid(`[${unknown}].id`, 'is not an existing time slot');
    }
    await tx.delete(timeSlots).where(ids.length ? notInArray(timeSlots.id, ids) : undefined);
    const result: TimeSlot[] = [];
    for (const { id, input } of parsed) {
      const [row] =
        id === null
          ? await tx.insert(timeSlots).values(rowValues(input)).returning()
          : await tx.update(timeSlots).set(rowValues(input)).where(eq(timeSlots.id, id)).returning();
      result.push(await withWarnings(tx, row!, now));
    }
    return result;
  });
}

/**
 * Seven days from `from` (the shop's local dates): every slot time of the type with what is booked and the
 * capacity in the slot's measure, including blocked and unavailable slots (marked) so staff see the whole week.
 */
export async function slotWeek(db: DbOrTx, params: { type: FulfilmentType; from: string; timeZone: string }): Promise<SlotWeek> {
  const { type, from, timeZone } = params;
  const slots = await db.select().from(timeSlots).where(eq(timeSlots.type, type)).orderBy(asc(timeSlots.startTime), asc(timeSlots.id));
  const ids = slots.map((s) => s.id);
  const bookings = ids.length
    ? await db
        .select()
        .from(slotBookings)
        .where(
          and(
            inArray(slotBookings.slotId, ids),
            gte(slotBookings.startsAt, instantAt(from, 0, timeZone)),
            lt(slotBookings.startsAt, instantAt(addDaysTo(from, 7), 0, timeZone)),
          ),
        )
    : [];
  const byTime = new Map(bookings.map((b) => [`${b.slotId}:${b.startsAt.getTime()}`, b]));
  const days = [];
  for (let i = 0; i < 7; i++) {
    const date = addDaysTo(from, i);
    const times = [];
    for (const slot of slots) {
      const blocked = slot.blockedDates.includes(date);
      if (!appliesOn({ ...slot, blockedDates: [] }, date)) continue;
      for (const minutes of optionStarts(slot)) {
        const start = instantAt(date, minutes, timeZone);
        times.push({
          slot_id: slot.id,
          time: formatClock(minutes),
          end: formatClock(minutes + slot.intervalMinutes),
          start_at: isoInZone(start, timeZone),
          capacity_mode: slot.capacityMode,
          booked: capacityUsed(slot.capacityMode, byTime.get(`${slot.id}:${start.getTime()}`)),
          capacity: capacityLimit(slot),
          blocked,
          available: slot.isAvailable,
        });
      }
    }
    times.sort((a, b) => a.time.localeCompare(b.time) || a.slot_id - b.slot_id);
    days.push({ date, weekday: weekdayOf(date), times });
  }
  return { type, days };
}

/** Today in the shop's time zone. */
export const shopToday = (now: Date, timeZone: string) => localMoment(now, timeZone).date;

/** Blocks (or unblocks) one slot on one date, leaving its other days alone. */
export async function setSlotBlocked(db: Db, id: number, change: { date: string; blocked: boolean }, now: Date, timeZone: string): Promise<TimeSlot> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(timeSlots).where(eq(timeSlots.id, id)).for('update');
    if (!current) throw notFound();
    const dates = new Set(current.blockedDates);
    if (change.blocked) dates.add(change.date);
    else dates.delete(change.date);
    // Dates gone by are dropped so the list does not grow for ever.
    const today = shopToday(now, timeZone);
    const kept = [...dates].filter((d) => d >= addDaysTo(today, -1)).sort();
    const [row] = await tx.update(timeSlots).set({ blockedDates: kept }).where(eq(timeSlots.id, id)).returning();
    return slotShape(row!);
  });
}

/**
 * Copies a weekday's weekly slots of one type to other weekdays: each weekly slot on `from_day` also repeats
 * on `to_days`. Slots already on those days stay (nothing is removed).
 */
export async function copySlotDay(db: Db, input: CopySlotDayInput): Promise<TimeSlot[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(timeSlots)
      .where(and(eq(timeSlots.type, input.type), eq(timeSlots.repeatWeekly, true)))
      .for('update');
    const changed: TimeSlot[] = [];
    for (const row of rows) {
      if (row.specificDate || !row.repeatDays.includes(input.from_day)) continue;
      const days = [...new Set([...row.repeatDays, ...input.to_days])].sort();
      const [updated] = await tx.update(timeSlots).set({ repeatDays: days }).where(eq(timeSlots.id, row.id)).returning();
      changed.push(slotShape(updated!));
    }
    return changed;
  });
}
