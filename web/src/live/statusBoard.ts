/** The public order status board: pure state, fed by /api/events/status-screen. */

import type { StatusBoardEntry, StatusBoardSnapshot, StatusScreenSettings } from '@bakje/contract';
import { hasFired, nextFire } from '@bakje/contract/kitchen-lanes';

export type BoardEntry = StatusBoardEntry;
export type BoardSnapshot = StatusBoardSnapshot;
export type { StatusScreenSettings };

export interface BoardState {
  settings: StatusScreenSettings;
  today: string;
  timeZone: string;
  /** Numbers on the board, by pickup number (numbers are unique per day). */
  entries: Record<number, BoardEntry>;
}

export const initialBoard: BoardState = {
  settings: { readyVisibleSeconds: 300, language: 'nl', chime: true },
  today: '',
  timeZone: 'Europe/Brussels',
  entries: {},
};

export function fromSnapshot(snapshot: BoardSnapshot): BoardState {
  const entries: Record<number, BoardEntry> = {};
  for (const entry of snapshot.board) if (entry.state !== 'gone') entries[entry.number] = entry;
  return { settings: snapshot.settings, today: snapshot.today, timeZone: snapshot.timeZone, entries };
}

/** Applies one change; `becameReady` tells whether to chime. */
export function applyEntry(state: BoardState, entry: BoardEntry): { state: BoardState; becameReady: boolean } {
  const before = state.entries[entry.number];
  const entries = { ...state.entries };
  if (entry.state === 'gone') delete entries[entry.number];
  else entries[entry.number] = entry;
  return { state: { ...state, entries }, becameReady: entry.state === 'ready' && before?.state !== 'ready' };
}

/**
 * What is on screen at `now`: numbers in preparation that have fired (an order for a later slot shows only from its
 * fire time, docs/decisions/0068-fire-times.md), and ready numbers not older than the setting.
 */
export function columns(state: BoardState, now: number): { preparing: number[]; ready: number[] } {
  const preparing: number[] = [];
  const ready: { number: number; at: number }[] = [];
  const keepMs = state.settings.readyVisibleSeconds * 1000;
  for (const entry of Object.values(state.entries)) {
    if (entry.state === 'preparing') {
      if (hasFired(entry, now)) preparing.push(entry.number);
    } else if (entry.state === 'ready') {
      const at = entry.readyAt ? Date.parse(entry.readyAt) : now;
      if (now - at < keepMs) ready.push({ number: entry.number, at });
    }
  }
  preparing.sort((a, b) => a - b);
  // Newest ready number first: that is the one people look for.
  ready.sort((a, b) => b.at - a.at || b.number - a.number);
  return { preparing, ready: ready.map((r) => r.number) };
}

/** Milliseconds until the next ready number leaves the screen, or undefined when none will. */
export function nextDeparture(state: BoardState, now: number): number | undefined {
  const keepMs = state.settings.readyVisibleSeconds * 1000;
  let soonest: number | undefined;
  for (const entry of Object.values(state.entries)) {
    if (entry.state !== 'ready' || !entry.readyAt) continue;
    const left = Date.parse(entry.readyAt) + keepMs - now;
    if (left > 0 && (soonest === undefined || left < soonest)) soonest = left;
  }
  return soonest;
}

/** Milliseconds until the next number in preparation fires (comes on screen), or undefined when none will. */
export function nextOnScreen(state: BoardState, now: number): number | undefined {
  return nextFire(
    Object.values(state.entries).filter((e) => e.state === 'preparing'),
    now,
  );
}

/** The shop's current day (YYYY-MM-DD) at `now`: when it is no longer the board's day, the board starts over. */
export function shopDay(timeZone: string, now: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(now));
}

/** How long a number that just became ready stands out on the board. */
export const FRESH_READY_MS = 6_000;

/**
 * Ready numbers that became ready less than FRESH_READY_MS ago, and the milliseconds until the first of them
 * stops standing out (undefined when none does).
 */
export function freshlyReady(state: BoardState, now: number): { numbers: Set<number>; endsIn: number | undefined } {
  const numbers = new Set<number>();
  let endsIn: number | undefined;
  for (const entry of Object.values(state.entries)) {
    if (entry.state !== 'ready' || !entry.readyAt) continue;
    const left = Date.parse(entry.readyAt) + FRESH_READY_MS - now;
    if (left <= 0) continue;
    numbers.add(entry.number);
    if (endsIn === undefined || left < endsIn) endsIn = left;
  }
  return { numbers, endsIn };
}
