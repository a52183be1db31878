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
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const local = new TZDate(y, m - 1, d, Math.floor(minutes / 60), minutes % 60, 0, timeZone);
  return new Date(local.getTime());
}

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
