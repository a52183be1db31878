import type { CopySlotDayInput, FulfilmentType, SlotWeek, TimeSlot } from '@bakje/contract';
import { http } from '../../api/http';

/** The dashboard's time slot routes (server/src/api/rest/time-slots.ts, docs/decisions/0027-slot-capacity.md). */
const BASE = '/api/dashboard/time-slots';

export type TimeSlotBody = Omit<TimeSlot, 'id' | 'date_created' | 'warnings'>;

export const slotsKey = (type: FulfilmentType) => ['dashboard', 'time-slots', type] as const;
export const weekKey = (type: FulfilmentType, from: string | null) => ['dashboard', 'time-slots', type, 'week', from] as const;

export const listSlots = (type: FulfilmentType, signal?: AbortSignal) => http<TimeSlot[]>('GET', `${BASE}?type=${type}`, { signal });
export const loadWeek = (type: FulfilmentType, from: string | null, signal?: AbortSignal) =>
  http<SlotWeek>('GET', `${BASE}/week?type=${type}${from ? `&from=${from}` : ''}`, { signal });
export const createSlot = (body: TimeSlotBody) => http<TimeSlot>('POST', BASE, { body });
export const updateSlot = (id: number, body: Partial<TimeSlotBody>) => http<TimeSlot>('PUT', `${BASE}/${id}`, { body });
export const removeSlot = (id: number) => http<TimeSlot>('DELETE', `${BASE}/${id}`);
export const blockSlot = (id: number, date: string, blocked: boolean) => http<TimeSlot>('PUT', `${BASE}/${id}/blocked`, { body: { date, blocked } });
export const copyDay = (input: CopySlotDayInput) => http<TimeSlot[]>('POST', `${BASE}/copy-day`, { body: input });

/** YYYY-MM-DD plus days (calendar arithmetic in UTC: no time zone shifts). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
