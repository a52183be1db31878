import { fulfilmentTypes, type FulfilmentType, type PublicOpeningHours, type WeekHours } from '@bakje/contract';
import type { OpeningHours } from '../settings/shop-settings.js';
import { addDaysTo, instantAt, localMoment, parseClock, weekdayOf } from '../shop-time/shop-time.js';

export const ORDERING_CLOSED = 'Online ordering is not possible at the moment; check the opening hours.';
/** A pause by the kitchen: it covers the chosen time (or has no end), not the shop's hours (issue 31). */
export const ORDERING_PAUSED = 'Online ordering is paused for this time; choose a later time.';
export const DINEIN_CLOSED = 'Dine-in is not available at the current time.';

/** The older "pause everything until" switch (the pause per channel and type lives in pause.ts). */
export function isPaused(hours: OpeningHours, now: Date): boolean {
  return hours.pausedUntil !== null && new Date(hours.pausedUntil).getTime() > now.getTime();
}

/** The exception (holiday, closure, other hours) covering a local date, if any. */
export function exceptionOn(hours: OpeningHours, date: string) {
  return hours.exceptions.find((e) => e.from <= date && date <= e.to);
}

/** Closed the whole day: a closed date, or an exception without periods. */
export function isClosedDate(hours: OpeningHours, date: string): boolean {
  if (hours.closedDates.includes(date)) return true;
  const exception = exceptionOn(hours, date);
  return exception !== undefined && exception.periods.length === 0;
}

/** The weekly hours of a fulfilment type (its own, else the shared ones). */
export function weekFor(hours: OpeningHours, type?: FulfilmentType): WeekHours {
  return (type && hours.byType[type]) || hours.week;
}

/**
 * Opening periods of a local date in minutes since midnight, for a fulfilment type (none given: the shared
 * weekly hours). An exception replaces the weekly hours of its dates for every type.
 */
export function periodsOn(hours: OpeningHours, date: string, weekday: number = weekdayOf(date), type?: FulfilmentType): { open: number; close: number }[] {
  if (hours.closedDates.includes(date)) return [];
  const exception = exceptionOn(hours, date);
  const periods = exception ? exception.periods : (weekFor(hours, type)[String(weekday) as keyof WeekHours] ?? []);
  return periods.map((p) => ({ open: parseClock(p.open), close: parseClock(p.close) })).sort((a, b) => a.open - b.open);
}

export function isOpenAt(hours: OpeningHours, now: Date, timeZone: string, type?: FulfilmentType): boolean {
  const local = localMoment(now, timeZone);
  return periodsOn(hours, local.date, local.weekday, type).some((p) => local.minutes >= p.open && local.minutes < p.close);
}

/** Whether a customer may place an order for `date` at all: not paused (older switch) and not a closed day. */
export function orderingPossibleOn(hours: OpeningHours, date: string, now: Date): boolean {
  return !isPaused(hours, now) && !isClosedDate(hours, date);
}

const LOOK_AHEAD_DAYS = 14;

/** The next moment (now or later, within two weeks) the shop opens for a type; null if not open then. */
export function nextOpening(hours: OpeningHours, now: Date, timeZone: string, type?: FulfilmentType): Date | null {
  if (isOpenAt(hours, now, timeZone, type)) return now;
  const local = localMoment(now, timeZone);
  for (let i = 0; i <= LOOK_AHEAD_DAYS; i++) {
    const date = addDaysTo(local.date, i);
    for (const p of periodsOn(hours, date, undefined, type)) {
      if (i > 0 || p.open > local.minutes) return instantAt(date, p.open, timeZone);
    }
  }
  return null;
}

/**
 * The end of the period open now, or else of the next period (within two weeks), for a type (none: any
 * type, the latest such closing). Periods that run to 24:00 and on from 00:00 the next day count as one.
 */
export function nextClosing(hours: OpeningHours, now: Date, timeZone: string, type?: FulfilmentType): Date | null {
  if (!type) {
    const all = fulfilmentTypes.map((t) => nextClosing(hours, now, timeZone, t)).filter((d): d is Date => d !== null);
    return all.length ? new Date(Math.max(...all.map((d) => d.getTime()))) : null;
  }
  const local = localMoment(now, timeZone);
  for (let i = 0; i <= LOOK_AHEAD_DAYS; i++) {
    const date = addDaysTo(local.date, i);
    const periods = periodsOn(hours, date, undefined, type);
    for (const p of periods) {
      if (i === 0 && p.close <= local.minutes) continue;
      if (p.close === 24 * 60) {
        const next = periodsOn(hours, addDaysTo(date, 1), undefined, type)[0];
        if (next && next.open === 0 && i < LOOK_AHEAD_DAYS) return instantAt(addDaysTo(date, 1), next.close, timeZone);
      }
      return instantAt(date, p.close, timeZone);
    }
  }
  return null;
}

/**
 * Today's last closing time in the shop's time zone for a type (none: the latest of any type); null when
 * closed all day. Sold-out marks and "today" notices end then.
 */
export function closingTimeToday(hours: OpeningHours, now: Date, timeZone: string, type?: FulfilmentType): Date | null {
  const { date } = localMoment(now, timeZone);
  const types = type ? [type] : fulfilmentTypes;
  const closes = types.flatMap((t) => periodsOn(hours, date, undefined, t).map((p) => p.close));
  return closes.length ? instantAt(date, Math.max(...closes), timeZone) : null;
}

/** Whether a slot starting at `start` lies within an opening period of its day for a type. */
export function withinHours(hours: OpeningHours, start: Date, timeZone: string, type: FulfilmentType): boolean {
  const local = localMoment(start, timeZone);
  return periodsOn(hours, local.date, local.weekday, type).some((p) => local.minutes >= p.open && local.minutes < p.close);
}

/** Dine-in is for now: only slots starting within this many minutes of the earliest order time. */
export const DINEIN_WINDOW_MINUTES = 60;

/** Whether a dine-in slot start is "now" (the current or next slot), given the earliest order time. */
export function isDineInNow(start: Date, earliest: Date, now: Date, timeZone: string): boolean {
  return localMoment(start, timeZone).date === localMoment(now, timeZone).date && start.getTime() <= earliest.getTime() + DINEIN_WINDOW_MINUTES * 60_000;
}

/** What customers read: weekly hours per type and the exceptions of the coming 60 days (closed dates included). */
export function publicOpeningHours(hours: OpeningHours, now: Date, timeZone: string): PublicOpeningHours {
  const today = localMoment(now, timeZone).date;
  const horizon = addDaysTo(today, 60);
  const legacy = hours.closedDates.map((date) => ({ from: date, to: date, periods: [], note: '' }));
  return {
    week: { delivery: weekFor(hours, 'delivery'), takeaway: weekFor(hours, 'takeaway'), dinein: weekFor(hours, 'dinein') },
    exceptions: [...hours.exceptions, ...legacy].filter((e) => e.to >= today && e.from <= horizon).sort((a, b) => a.from.localeCompare(b.from)),
  };
}
