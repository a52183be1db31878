import type { FulfilmentType, OrderChannel, PauseInput, ShopStatus } from '@bakje/contract';
import { fulfilmentTypes, orderChannels } from '@bakje/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { settings as settingsTable } from '../../db/schema/index.js';
import { pauseStateSchema, type PauseState, type ShopSettings } from '../settings/shop-settings.js';
import { addDaysTo, instantAt, localMoment } from '../shop-time/shop-time.js';
import { closingTimeToday, isClosedDate, isOpenAt, isPaused, nextClosing, nextOpening } from './opening-hours.js';

export const PAUSE_KEY = 'ordering_pause';

/** Whether a pause is in force at an instant: started at or before it and not yet over. */
function covers(pause: { since: string; until: string | null }, at: Date): boolean {
  return new Date(pause.since).getTime() <= at.getTime() && (pause.until === null || new Date(pause.until).getTime() > at.getTime());
}

export function activePauses(state: PauseState, now: Date): PauseState['pauses'] {
  return state.pauses.filter((p) => covers(p, now));
}

/**
 * The pause of a channel and type in force for a request that started at `startedAt`: its end (null: until
 * resumed), or undefined when none is. A pause that began after the request started does not count: that order
 * was in flight (docs/decisions/0028). With several, the latest end (the older shop-wide switch included).
 */
export function pauseFor(settings: ShopSettings, channel: OrderChannel, type: FulfilmentType, startedAt: Date): { until: Date | null } | undefined {
  const ends: (Date | null)[] = settings.pause.pauses
    .filter((p) => p.channel === channel && p.type === type && covers(p, startedAt))
    .map((p) => (p.until === null ? null : new Date(p.until)));
  if (isPaused(settings.openingHours, startedAt)) ends.push(new Date(settings.openingHours.pausedUntil!));
  if (ends.length === 0) return undefined;
  if (ends.includes(null)) return { until: null };
  return { until: new Date(Math.max(...ends.map((d) => d!.getTime()))) };
}

/**
 * Whether new orders of a channel and type are paused for a request that started at `startedAt`. With a slot
 * time, only a slot inside the paused period is (issue 31: a pause until the end of today blocked tomorrow).
 */
export function isPausedFor(settings: ShopSettings, channel: OrderChannel, type: FulfilmentType, startedAt: Date, slotStart?: Date): boolean {
  const pause = pauseFor(settings, channel, type, startedAt);
  if (!pause) return false;
  return slotStart === undefined || pause.until === null || slotStart.getTime() < pause.until.getTime();
}

/** Paused for every fulfilment type of the channel with no end: no slot can be ordered at all. */
export function pausedWithoutEnd(settings: ShopSettings, channel: OrderChannel, now: Date): boolean {
  return fulfilmentTypes.every((type) => pauseFor(settings, channel, type, now)?.until === null);
}

/**
 * When every fulfilment type of the channel is paused now: until when (the latest end; null: until resumed).
 * Undefined when some type can be ordered for now.
 */
export function channelPausedUntil(settings: ShopSettings, channel: OrderChannel, now: Date): { until: Date | null } | undefined {
  const pauses = fulfilmentTypes.map((type) => pauseFor(settings, channel, type, now));
  if (pauses.some((p) => p === undefined)) return undefined;
  if (pauses.some((p) => p!.until === null)) return { until: null };
  return { until: new Date(Math.max(...pauses.map((p) => p!.until!.getTime()))) };
}

/** Extra minutes the kitchen asks for ("busy"), 0 when not busy. */
export function busyMinutes(state: PauseState, now: Date): number {
  return state.busy && covers(state.busy, now) ? state.busy.minutes : 0;
}

/** Minutes from now to the earliest slot offered: the lead time plus the "busy" minutes. */
export function leadMinutes(settings: ShopSettings, now: Date): number {
  return settings.ordering.leadTimeMinutes + busyMinutes(settings.pause, now);
}

/**
 * The earliest time a new order of a channel and type may be for: now + lead time + busy minutes, and not
 * before a pause in force ends; null while it is paused until resumed.
 */
export function earliestOrderTime(settings: ShopSettings, now: Date, channel: OrderChannel, type: FulfilmentType): Date | null {
  const pause = pauseFor(settings, channel, type, now);
  if (pause && pause.until === null) return null;
  const earliest = now.getTime() + leadMinutes(settings, now) * 60_000;
  return new Date(pause ? Math.max(earliest, pause.until!.getTime()) : earliest);
}

/** The end of a pause of the chosen duration; null = until resumed. */
export function pauseEnd(settings: ShopSettings, duration: PauseInput['duration'], now: Date, timeZone: string): Date | null {
  if (duration === 'until-resumed') return null;
  if (duration === 'end-of-day') {
    const closing = closingTimeToday(settings.openingHours, now, timeZone);
    if (closing && closing.getTime() > now.getTime()) return closing;
    return instantAt(addDaysTo(localMoment(now, timeZone).date, 1), 0, timeZone);
  }
  return new Date(now.getTime() + Number(duration) * 60_000);
}

/** The pause row as stored now (the checkout reads it fresh: a snapshot may be a moment behind). */
export async function loadPauseState(db: DbOrTx, lock = false): Promise<PauseState> {
  const query = db.select().from(settingsTable).where(eq(settingsTable.key, PAUSE_KEY));
  const [row] = lock ? await query.for('update') : await query;
  return parsePauseState(row?.value);
}

/** The stored pause row's value (undefined: none stored); a value that does not parse counts as no pause. */
export function parsePauseState(value: unknown): PauseState {
  const parsed = pauseStateSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : pauseStateSchema.parse({});
}

async function writeState(db: DbOrTx, value: PauseState): Promise<void> {
  await db
    .insert(settingsTable)
    .values({ key: PAUSE_KEY, value })
    .onConflictDoUpdate({ target: settingsTable.key, set: { value, updatedAt: new Date() } });
}

/** Runs a change of the pause row in one transaction (the row is locked), dropping pauses that are over. */
async function changeState(db: DbOrTx, now: Date, change: (state: PauseState) => PauseState): Promise<PauseState> {
  return db.transaction(async (tx) => {
    const state = await loadPauseState(tx, true);
    const next = change({ ...state, pauses: state.pauses.filter((p) => p.until === null || new Date(p.until).getTime() > now.getTime()) });
    await writeState(tx, next);
    return next;
  });
}

/** Pauses the chosen channels and types (replacing their earlier pauses). The write bumps the catalogue version. */
export async function pauseOrdering(db: DbOrTx, input: PauseInput, until: Date | null, now: Date): Promise<PauseState> {
  return changeState(db, now, (state) => {
    const chosen = (p: { channel: OrderChannel; type: FulfilmentType }) => input.channels.includes(p.channel) && input.types.includes(p.type);
    const fresh = input.channels.flatMap((channel) =>
      input.types.map((type) => ({ channel, type, since: now.toISOString(), until: until?.toISOString() ?? null })),
    );
    return { ...state, pauses: [...state.pauses.filter((p) => !chosen(p)), ...fresh] };
  });
}

/** Ends the pauses of the chosen channels and types (none given: every pause). */
export async function resumeOrdering(db: DbOrTx, now: Date, scope?: { channels?: OrderChannel[]; types?: FulfilmentType[] }): Promise<PauseState> {
  return changeState(db, now, (state) => ({
    ...state,
    pauses: state.pauses.filter((p) => (scope?.channels && !scope.channels.includes(p.channel)) || (scope?.types && !scope.types.includes(p.type))),
  }));
}

/** Sets the "busy" minutes until the end of today's service (0 ends it). */
export async function setBusy(db: DbOrTx, minutes: number, until: Date | null, now: Date): Promise<PauseState> {
  return changeState(db, now, (state) => ({ ...state, busy: minutes > 0 ? { minutes, since: now.toISOString(), until: until?.toISOString() ?? null } : null }));
}

/** What the shop and kiosk show now. */
export function shopStatus(settings: ShopSettings, now: Date, timeZone: string): ShopStatus {
  const today = localMoment(now, timeZone).date;
  const closedToday = isClosedDate(settings.openingHours, today);
  const ordering = Object.fromEntries(
    orderChannels.map((channel) => [
      channel,
      Object.fromEntries(fulfilmentTypes.map((type) => [type, !closedToday && !isPausedFor(settings, channel, type, now)])),
    ]),
  ) as ShopStatus['ordering'];
  const open = Object.fromEntries(
    fulfilmentTypes.map((type) => {
      const isOpen = isOpenAt(settings.openingHours, now, timeZone, type);
      return [
        type,
        {
          isOpen,
          opensAt: isOpen ? null : (nextOpening(settings.openingHours, now, timeZone, type)?.toISOString() ?? null),
          closesAt: isOpen ? (nextClosing(settings.openingHours, now, timeZone, type)?.toISOString() ?? null) : null,
        },
      ];
    }),
  ) as ShopStatus['open'];
  return { pauses: activePauses(settings.pause, now), busyMinutes: busyMinutes(settings.pause, now), ordering, open };
}

/** The next moment the status changes by the clock alone (a pause or busy ends, the shop opens or closes). */
export function nextStatusChange(settings: ShopSettings, now: Date, timeZone: string): Date | null {
  const status = shopStatus(settings, now, timeZone);
  const times = [
    ...activePauses(settings.pause, now).map((p) => p.until),
    settings.pause.busy?.until ?? null,
    ...fulfilmentTypes.flatMap((type) => [status.open[type].opensAt, status.open[type].closesAt]),
  ]
    .filter((t): t is string => t !== null)
    .map((t) => new Date(t).getTime())
    .filter((t) => t > now.getTime());
  return times.length ? new Date(Math.min(...times)) : null;
}
