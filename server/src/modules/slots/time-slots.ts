import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { slotBookings, timeSlots, type FulfilmentType, type SlotCapacityMode } from '../../db/schema/index.js';
import { addDaysTo, formatClock, instantAt, isValidDate, localMoment, parseClock, weekdayOf } from '../shop-time/shop-time.js';
import { DomainError } from '../../errors/domain-error.js';

export const SLOT_TAKEN = 'The time slot was just booked by someone else; choose another.';
export const SLOT_REQUIRED = 'A valid time slot must be selected before proceeding.';

export const SLOT_TOO_SMALL = 'This time slot cannot take an order this size; choose another time.';

const slotTaken = () => new DomainError('SLOT_TAKEN', SLOT_TAKEN);

export type TimeSlotRow = typeof timeSlots.$inferSelect;

/** How much a slot takes, in the measure of its capacity mode (docs/decisions/0027-slot-capacity.md). */
export interface SlotCapacity {
  capacityMode: SlotCapacityMode;
  maxOrders: number;
  maxItems: number | null;
  maxAmount: number | null;
}

/** What one order takes of its slot: one order, its items and its goods in euro cents (no delivery fee). */
export interface SlotLoad {
  items: number;
  amount: number;
}

/** The limit of the slot's own measure (orders, items or cents). */
export function capacityLimit(slot: SlotCapacity): number {
  if (slot.capacityMode === 'items') return slot.maxItems ?? 0;
  if (slot.capacityMode === 'amount') return slot.maxAmount ?? 0;
  return slot.maxOrders;
}

/** How much of the slot's measure is used by these bookings. */
export function capacityUsed(mode: SlotCapacityMode, booking: { booked: number; itemsBooked: number; amountBooked: number } | undefined): number {
  if (!booking) return 0;
  return mode === 'items' ? booking.itemsBooked : mode === 'amount' ? booking.amountBooked : booking.booked;
}

function capacityOf(slot: TimeSlotRow): SlotCapacity {
  return { capacityMode: slot.capacityMode, maxOrders: slot.maxOrders, maxItems: slot.maxItems, maxAmount: slot.maxAmount };
}

export interface SlotOption extends SlotCapacity {
  /** "<slot id>@<YYYY-MM-DD>T<HH:MM>", passed back at checkout as metaData time_slot. */
  id: string;
  slotId: number;
  start: Date;
  end: Date;
  /** What is left in the slot's measure (orders, items or euro cents). */
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

export function appliesOn(slot: Pick<TimeSlotRow, 'specificDate' | 'repeatWeekly' | 'repeatDays' | 'blockedDates'>, date: string): boolean {
  if (slot.blockedDates.includes(date)) return false;
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
  const booked = new Map(bookings.map((b) => [`${b.slotId}:${b.startsAt.getTime()}`, b]));
  const earliest = now.getTime() + leadTimeMinutes * 60_000;
  const options: SlotOption[] = [];
  for (const slot of slots) {
    for (const minutes of optionStarts(slot)) {
      const start = instantAt(date, minutes, timeZone);
      if (start.getTime() < earliest) continue;
      const used = capacityUsed(slot.capacityMode, booked.get(`${slot.id}:${start.getTime()}`));
      const remaining = Math.max(0, capacityLimit(capacityOf(slot)) - used);
      options.push({
        id: slotOptionId(slot.id, date, minutes),
        slotId: slot.id,
        start,
        end: instantAt(date, minutes + slot.intervalMinutes, timeZone),
        ...capacityOf(slot),
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
    ...capacityOf(slot),
    message: slot.customMessage,
  };
}

/**
 * Takes one order's load (one order, its items, its euros) of a slot time inside the caller's transaction,
 * in one statement: the first booking inserts the row, later ones update it only while the slot's own
 * measure (orders, items or euros, as its capacity mode says) still has room for this order. Either way
 * the row stays locked until commit, so concurrent checkouts for the last room queue and the ones that
 * would overfill it are refused (PostgreSQL and PGlite); the CHECKs refuse overfilling whatever writes.
 */
export async function bookSlot(tx: DbOrTx, option: Pick<SlotOption, 'slotId' | 'start'> & SlotCapacity, load: SlotLoad): Promise<void> {
  const limit = capacityLimit(option);
  const mode = option.capacityMode;
  const need = mode === 'items' ? load.items : mode === 'amount' ? load.amount : 1;
  if (limit < 1) throw slotTaken();
  if (need > limit) throw new DomainError('SLOT_TOO_SMALL', SLOT_TOO_SMALL);
  const capacities = {
    capacity: mode === 'orders' ? option.maxOrders : null,
    itemsCapacity: mode === 'items' ? limit : null,
    amountCapacity: mode === 'amount' ? limit : null,
  };
  const room =
    mode === 'items'
      ? sql`${slotBookings.itemsBooked} + ${load.items} <= ${limit}`
      : mode === 'amount'
        ? sql`${slotBookings.amountBooked} + ${load.amount} <= ${limit}`
        : sql`${slotBookings.booked} + 1 <= ${limit}`;
  const taken = await tx
    .insert(slotBookings)
    .values({ slotId: option.slotId, startsAt: option.start, booked: 1, itemsBooked: load.items, amountBooked: load.amount, ...capacities })
    .onConflictDoUpdate({
      target: [slotBookings.slotId, slotBookings.startsAt],
      // The slot's limits may have changed since the first booking of this time.
      set: {
        booked: sql`${slotBookings.booked} + 1`,
        itemsBooked: sql`${slotBookings.itemsBooked} + ${load.items}`,
        amountBooked: sql`${slotBookings.amountBooked} + ${load.amount}`,
        ...capacities,
      },
      setWhere: room,
    })
    .returning({ booked: slotBookings.booked });
  if (taken.length === 0) throw slotTaken();
}

export const NO_SLOT_FREE = 'No pickup or delivery time has room for this order any more; please try again later.';

/**
 * As soon as possible: books the earliest slot time (today first, then the next `days` - 1 days) that
 * `refusal` allows and that still has room for `load`, each try with bookSlot's own statement, so
 * concurrent checkouts never overfill a time: one that lost the last place moves on to the next time.
 */
export async function bookEarliestSlot(
  tx: DbOrTx,
  params: { type: FulfilmentType; now: Date; leadTimeMinutes: number; timeZone: string; days: number },
  load: SlotLoad,
  refusal: (start: Date) => DomainError | null,
): Promise<SlotOption> {
  const today = localMoment(params.now, params.timeZone).date;
  for (let offset = 0; offset < params.days; offset += 1) {
    const options = await listSlotOptions(tx, { ...params, date: addDaysTo(today, offset) });
    for (const option of options) {
      if (option.isFullyBooked || refusal(option.start)) continue;
      try {
        await bookSlot(tx, option, load);
        return option;
      } catch (error) {
        if (error instanceof DomainError && (error.code === 'SLOT_TAKEN' || error.code === 'SLOT_TOO_SMALL')) continue;
        throw error;
      }
    }
  }
  throw new DomainError('NO_SLOT_FREE', NO_SLOT_FREE);
}

/** The order fields releaseSlotBooking needs (an orders row has them). */
export interface BookedOrder {
  slotId: number | null;
  slotStart: Date | null;
  slotItems: number;
  slotAmount: number;
}

/**
 * Gives back exactly what an order's booking took (one order, its items, its euros), in the caller's
 * transaction: for a cancelled order. Call it once per order (e.g. only when the status changes to
 * cancelled). An order without a slot changes nothing.
 */
export async function releaseSlotBooking(tx: DbOrTx, order: BookedOrder): Promise<void> {
  if (order.slotId === null || !order.slotStart) return;
  await tx
    .update(slotBookings)
    .set({
      booked: sql`greatest(${slotBookings.booked} - 1, 0)`,
      itemsBooked: sql`greatest(${slotBookings.itemsBooked} - ${order.slotItems}, 0)`,
      amountBooked: sql`greatest(${slotBookings.amountBooked} - ${order.slotAmount}, 0)`,
    })
    .where(and(eq(slotBookings.slotId, order.slotId), eq(slotBookings.startsAt, order.slotStart)));
}

export type SlotDayState = 'OPEN' | 'FULL' | 'ENDED' | 'NO_SLOTS';

/**
 * Why a day the shop takes orders on offers a free slot time or not, from its options (listSlotOptions):
 * OPEN, FULL (times are left but all booked), ENDED (today, and every slot time has passed: ordering for
 * today has ended, which is not "fully booked") or NO_SLOTS.
 */
export async function slotDayState(
  db: DbOrTx,
  params: { type: FulfilmentType; date: string; isToday: boolean; timeZone: string },
  options: Pick<SlotOption, 'isFullyBooked'>[],
): Promise<SlotDayState> {
  if (options.some((o) => !o.isFullyBooked)) return 'OPEN';
  if (options.length > 0) return 'FULL';
  if (!params.isToday) return 'NO_SLOTS';
  const wholeDay = await listSlotOptions(db, { type: params.type, date: params.date, now: new Date(0), leadTimeMinutes: 0, timeZone: params.timeZone });
  return wholeDay.length > 0 ? 'ENDED' : 'NO_SLOTS';
}
