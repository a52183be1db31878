import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';

/** Wall-clock helpers in the shop's time zone (default Europe/Brussels). */
export interface LocalMoment {
  /** YYYY-MM-DD */
  date: string;
  /** ISO weekday: 1 = Monday ... 7 = Sunday */
  weekday: number;
  /** Minutes since local midnight. */
  minutes: number;
}

export function localMoment(instant: Date, timeZone: string): LocalMoment {
  const local = new TZDate(instant.getTime(), timeZone);
  const day = local.getDay();
  return { date: format(local, 'yyyy-MM-dd'), weekday: day === 0 ? 7 : day, minutes: local.getHours() * 60 + local.getMinutes() };
}

export function parseClock(value: string): number {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(value);
  if (!match) throw new Error(`Invalid time "${value}"; expected HH:MM`);
  return Number(match[1]) * 60 + Number(match[2]);
}

export function formatClock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The instant at which the local clock in `timeZone` shows `minutes` past midnight on `date`. */
export function instantAt(date: string, minutes: number, timeZone: string): Date {
  // A pure function called for every slot time of a day on every slot listing and checkout; the time-zone
  // arithmetic (Intl under the hood) dominated a checkout's CPU time, so results are remembered.
  const key = `${timeZone}|${date}|${minutes}`;
  let epochMs = instantCache.get(key);
  if (epochMs === undefined) {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    epochMs = new TZDate(y, m - 1, d, Math.floor(minutes / 60), minutes % 60, 0, timeZone).getTime();
    if (instantCache.size >= INSTANT_CACHE_SIZE) instantCache.clear();
    instantCache.set(key, epochMs);
  }
  return new Date(epochMs);
}

/** Enough for every minute of a few weeks of slot times; cleared when full (a cache, not a store). */
const INSTANT_CACHE_SIZE = 50_000;
const instantCache = new Map<string, number>();

/** ISO 8601 with the shop's offset, e.g. 2026-11-21T18:15:00+01:00. */
export function isoInZone(instant: Date, timeZone: string): string {
  return format(new TZDate(instant.getTime(), timeZone), "yyyy-MM-dd'T'HH:mm:ssXXX");
}

export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return day === 0 ? 7 : day;
}

export function addDaysTo(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return format(addDays(new Date(Date.UTC(y, m - 1, d, 12)), days), 'yyyy-MM-dd');
}

export function isValidDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const probe = new Date(Date.UTC(y, m - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
}
