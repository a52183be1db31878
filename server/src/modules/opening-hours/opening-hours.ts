import type { OpeningHours } from '../settings/shop-settings.js';
import { localMoment, parseClock } from '../shop-time/shop-time.js';

export const ORDERING_CLOSED = 'Online ordering is not possible at the moment; check the opening hours.';
export const DINEIN_CLOSED = 'Dine-in is not available at the current time.';

export function isPaused(hours: OpeningHours, now: Date): boolean {
  return hours.pausedUntil !== null && new Date(hours.pausedUntil).getTime() > now.getTime();
}

export function isClosedDate(hours: OpeningHours, date: string): boolean {
  return hours.closedDates.includes(date);
}

/** Opening periods of a local date, in minutes since midnight; none on closed dates. */
export function periodsOn(hours: OpeningHours, date: string, weekday: number): { open: number; close: number }[] {
  if (isClosedDate(hours, date)) return [];
  return (hours.week[String(weekday) as keyof OpeningHours['week']] ?? []).map((p) => ({
    open: parseClock(p.open),
    close: parseClock(p.close),
  }));
}

export function isOpenAt(hours: OpeningHours, now: Date, timeZone: string): boolean {
  const local = localMoment(now, timeZone);
  return periodsOn(hours, local.date, local.weekday).some((p) => local.minutes >= p.open && local.minutes < p.close);
}

/** Whether a customer may place an order for `date` at all: not paused and not a closed date. */
export function orderingPossibleOn(hours: OpeningHours, date: string, now: Date): boolean {
  return !isPaused(hours, now) && !isClosedDate(hours, date);
}
