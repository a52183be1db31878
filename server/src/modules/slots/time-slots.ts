import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { slotBookings, timeSlots, type FulfilmentType } from '../../db/schema/index.js';
import { addDaysTo, formatClock, instantAt, isValidDate, parseClock, weekdayOf } from '../shop-time/shop-time.js';
import { DomainError } from '../../errors/domain-error.js';

export const SLOT_TAKEN = 'The time slot was just booked by someone else; choose another.';
export const SLOT_REQUIRED = 'A valid time slot must be selected before proceeding.';

const slotTaken = () => new DomainError('SLOT_TAKEN', SLOT_TAKEN);

export type TimeSlotRow = typeof timeSlots.$inferSelect;

export interface SlotOption {
  /** "<slot id>@<YYYY-MM-DD>T<HH:MM>", passed back at checkout as metaData time_slot. */
  id: string;
  slotId: number;
  start: Date;
  end: Date;
  maxOrders: number;
  remaining: number;
  isFullyBooked: boolean;
  message: string;
}

export function slotOptionId(slotId: number, date: string, minutes: number): string {
  return `${slotId}@${date}T${formatClock(minutes)}`;
}

export function parseSlotOptionId(id: string): { slotId: number; date: string; minutes: number } | null {
  const match = /^(\d{1,9})@(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(id.trim());
  if (!match || !isValidDate(match[2]!)) return null;
  try {
    return { slotId: Number(match[1]), date: match[2]!, minutes: parseClock(match[3]!) };
  } catch {
    return null;
  }
}

function appliesOn(slot: TimeSlotRow, date: string): boolean {
  if (slot.specificDate) return slot.specificDate === date;
  return slot.repeatWeekly && slot.repeatDays.includes(weekdayOf(date));
}

/** The start minutes of every option of a slot definition: start, start + interval, ... while it fits. */
export function optionStarts(slot: Pick<TimeSlotRow, 'startTime' | 'endTime' | 'intervalMinutes'>): number[] {
  const start = parseClock(slot.startTime);
  const end = parseClock(slot.endTime);
  const starts: number[] = [];
  if (slot.intervalMinutes <= 0) return starts;
  for (let t = start; t + slot.intervalMinutes <= end; t += slot.intervalMinutes) starts.push(t);
  return starts;
}

/**
 * Every slot time of a day for a fulfilment type, with remaining places; times earlier than
 * now + lead time are left out.
 */
export async function listSlotOptions(
  db: DbOrTx,
  params: { type: FulfilmentType; date: string; now: Date; leadTimeMinutes: number; timeZone: string },
): Promise<SlotOption[]> {
  const { type, date, now, leadTimeMinutes, timeZone } = params;
  const slots = (
    await db
      .select()
      .from(timeSlots)
      .where(and(eq(timeSlots.type, type), eq(timeSlots.isAvailable, true)))
  ).filter((slot) => appliesOn(slot, date));
  if (slots.length === 0) return [];
  const dayStart = instantAt(date, 0, timeZone);
  const dayEnd = instantAt(addDaysTo(date, 1), 0, timeZone);
  const bookings = await db
    .select()
    .from(slotBookings)
    .where(and(gte(slotBookings.startsAt, dayStart), lt(slotBookings.startsAt, dayEnd)));
  const booked = new Map(bookings.map((b) => [`${b.slotId}:${b.startsAt.getTime()}`, b.booked]));
  const earliest = now.getTime() + leadTimeMinutes * 60_000;
  const options: SlotOption[] = [];
  for (const slot of slots) {
    for (const minutes of optionStarts(slot)) {
      const start = instantAt(date, minutes, timeZone);
      if (start.getTime() < earliest) continue;
      const used = booked.get(`${slot.id}:${start.getTime()}`) ?? 0;
      const remaining = Math.max(0, slot.maxOrders - used);
      options.push({
        id: slotOptionId(slot.id, date, minutes),
        slotId: slot.id,
        start,
        end: instantAt(date, minutes + slot.intervalMinutes, timeZone),
        maxOrders: slot.maxOrders,
        remaining,
        isFullyBooked: remaining === 0,
        message: slot.customMessage,
      });
    }
  }
  return options.sort((a, b) => a.start.getTime() - b.start.getTime() || a.slotId - b.slotId);
}

/**
 * Finds the option a checkout names, if it is still offered (right type, day, time and lead time). Reads
 * only that slot's row: the checkout runs it in its transaction, and the day's other times do not matter.
 * `remaining` is not known here; bookSlot decides whether a place is left.
 */
export async function findSlotOption(
  db: DbOrTx,
  id: string,
  params: { type: FulfilmentType; now: Date; leadTimeMinutes: number; timeZone: string },
): Promise<Omit<SlotOption, 'remaining' | 'isFullyBooked'> | null> {
  const parsed = parseSlotOptionId(id);
  if (!parsed) return null;
  const [slot] = await db
    .select()
    .from(timeSlots)
    .where(and(eq(timeSlots.id, parsed.slotId), eq(timeSlots.type, params.type), eq(timeSlots.isAvailable, true)));
  if (!slot || !appliesOn(slot, parsed.date) || !optionStarts(slot).includes(parsed.minutes)) return null;
  const start = instantAt(parsed.date, parsed.minutes, params.timeZone);
  if (start.getTime() < params.now.getTime() + params.leadTimeMinutes * 60_000) return null;
  return {
    id: slotOptionId(slot.id, parsed.date, parsed.minutes),
    slotId: slot.id,
    start,
    end: instantAt(parsed.date, parsed.minutes + slot.intervalMinutes, params.timeZone),
    maxOrders: slot.maxOrders,
    message: slot.customMessage,
  };
}

/**
 * Takes one place of a slot time inside the caller's transaction, in one statement: the first booking
 * inserts the row, later ones update it only while a place is left. Either way the row stays locked
 * until commit, so concurrent checkouts for the last place queue and exactly one succeeds (PostgreSQL
 * and PGlite).
 */
export async function bookSlot(tx: DbOrTx, option: Pick<SlotOption, 'slotId' | 'start' | 'maxOrders'>): Promise<void> {
  if (option.maxOrders < 1) throw slotTaken();
  const taken = await tx
    .insert(slotBookings)
    .values({ slotId: option.slotId, startsAt: option.start, booked: 1, capacity: option.maxOrders })
    .onConflictDoUpdate({
      target: [slotBookings.slotId, slotBookings.startsAt],
      // The places may have changed since the first booking of this time.
      set: { booked: sql`${slotBookings.booked} + 1`, capacity: option.maxOrders },
      setWhere: lt(slotBookings.booked, option.maxOrders),
    })
    .returning({ booked: slotBookings.booked });
  if (taken.length === 0) throw slotTaken();
}

/** Gives a place back (a cancelled order). */
export async function releaseSlot(tx: DbOrTx, slotId: number, startsAt: Date): Promise<void> {
  await tx
    .update(slotBookings)
    .set({ booked: sql`greatest(${slotBookings.booked} - 1, 0)` })
    .where(and(eq(slotBookings.slotId, slotId), eq(slotBookings.startsAt, startsAt)));
}
