/**
 * The kitchen screen's state, as pure functions: which orders it shows (docs/product.md §7 windows), which tab each
 * belongs to (docs/product.md §4 states), how old a card looks, and which events call for the new-order alert.
 * The server sends full orders (snapshot, then one per change on /api/events/kitchen); this keeps the latest.
 */

import type { KitchenOrder, KitchenOrderEvent, KitchenViewSettings, OrderStatus } from '@bakje/contract';
import { hasFired } from '@bakje/contract/kitchen-lanes';

// Server names with a dot, in template literals so the message-id check does not take them for messages.
/** The permission that opens the kitchen (server: modules/auth/permissions.ts). */
export const KITCHEN_PERMISSION = `kitchen.view`;
/** Managers and admins may change the age timer minutes. */
export const SETTINGS_PERMISSION = `settings.manage`;
const ORDER_CREATED = `order.created`;
const STATUS_CHANGED = `order.status-changed`;

export type { KitchenOrder, KitchenOrderEvent, OrderStatus };
/** GET /api/kitchen/settings. */
export type KitchenSettings = KitchenViewSettings;

export const DEFAULT_SETTINGS: KitchenSettings = {
  ageAmberMinutes: 5,
  ageRedMinutes: 8,
  prepMinutes: 8,
  categoryPrepMinutes: {},
  productPrepMinutes: {},
  arrivalCategoryIds: [],
  arrivalDefaultMinutes: 10,
  readyVisibleSeconds: 300,
  timeZone: 'Europe/Brussels',
};

export type KitchenTab = 'pending' | 'preparing' | 'ready' | 'completed';
export const TABS: readonly KitchenTab[] = ['pending', 'preparing', 'ready', 'completed'];
/** Active orders are still to be made or handed over; the archive holds the finished ones (recoverable). */
export const ACTIVE_TABS: readonly KitchenTab[] = ['pending', 'preparing', 'ready'];

/**
 * The tab of an order (docs/product.md §4): pending (and on-hold) = waiting, processing = preparing, completed = ready
 * while its number is still called out on the status screen, then completed (archived). Anything else
 * (cancelled, refunded, failed) is not the kitchen's.
 */
export function tabOf(order: KitchenOrder, now: number, readyVisibleSeconds: number): KitchenTab | null {
  switch (order.status) {
    case 'pending':
    case 'on-hold':
      return 'pending';
    case 'processing':
      return 'preparing';
    case 'completed':
      return now - Date.parse(order.updatedAt) < readyVisibleSeconds * 1000 ? 'ready' : 'completed';
    default:
      return null;
  }
}

/** YYYY-MM-DD plus n days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** Today in the shop's time zone, YYYY-MM-DD. */
export function shopToday(timeZone: string, now: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(now));
}

/**
 * docs/product.md §7 windows by pickup day, as the server's snapshot applies them: open orders from 7 days ago to 2
 * days ahead, completed ones from yesterday to 2 days ahead. Test orders never show.
 */
export function inKitchenWindow(order: KitchenOrder, today: string): boolean {
  if (order.isTestOrder) return false;
  const day = order.pickupDay;
  if (order.status === 'completed') return day >= addDays(today, -1) && day <= addDays(today, 2);
  if (order.status === 'pending' || order.status === 'on-hold' || order.status === 'processing') return day >= addDays(today, -7) && day <= addDays(today, 2);
  return false;
}

export type AgeTone = 'fresh' | 'amber' | 'red';

/** Whole minutes since the order was placed (never negative: clocks differ a little). */
export function ageMinutes(order: Pick<KitchenOrder, 'createdAt'>, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(order.createdAt)) / 60_000));
}

/** The age timer's colour: amber from `ageAmberMinutes`, red from `ageRedMinutes`. */
export function ageTone(minutes: number, settings: Pick<KitchenSettings, 'ageAmberMinutes' | 'ageRedMinutes'>): AgeTone {
  if (minutes >= settings.ageRedMinutes) return 'red';
  if (minutes >= settings.ageAmberMinutes) return 'amber';
  return 'fresh';
}

/** "m:ss" since the order was placed, for the card's timer. */
export function ageClock(order: Pick<KitchenOrder, 'createdAt'>, now: number): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(order.createdAt)) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Kitchen notes: the customer note holds several, separated by '|' (docs/product.md §3). Blank ones are dropped. */
export function splitNotes(notes: string | readonly string[]): string[] {
  const all = typeof notes === 'string' ? [notes] : notes;
  return all
    .flatMap((note) => note.split('|'))
    .map((note) => note.trim())
    .filter(Boolean);
}

export type KitchenOrders = ReadonlyMap<number, KitchenOrder>;

export function fromSnapshot(orders: KitchenOrder[], today: string): KitchenOrders {
  return new Map(orders.filter((o) => inKitchenWindow(o, today)).map((o) => [o.id, o]));
}

/**
 * Applies one event: the order is replaced (or dropped when it leaves the kitchen: test order, cancelled,
 * out of the window). `alert` says whether it is new work for the kitchen: a new order that goes straight
 * to preparing or waits, or a waiting order whose payment came in (not one the kitchen itself sent).
 */
export function applyEvent(orders: KitchenOrders, event: KitchenOrderEvent, today: string): { orders: KitchenOrders; alert: boolean } {
  const next = new Map(orders);
  const order = event.order;
  const keep = inKitchenWindow(order, today);
  if (keep) next.set(order.id, order);
  else next.delete(order.id);
  const created = event.type === ORDER_CREATED;
  const paid = event.type === STATUS_CHANGED && event.previousStatus === 'pending' && order.status === 'processing' && event.action !== 'send';
  return { orders: next, alert: keep && (created || paid) };
}

/**
 * Whether an order waits in the "Later" lane at `now`: still to be made (waiting or preparing) and not fired yet
 * (contract hasFired, docs/decisions/0068-fire-times.md). It moves into its tab by itself at its fire time.
 */
export function isLater(order: KitchenOrder, now: number): boolean {
  return (order.status === 'pending' || order.status === 'on-hold' || order.status === 'processing') && !hasFired(order, now);
}

/** The live orders in the "Later" lane, the first to fire first. */
export function laterLane(orders: KitchenOrders, now: number): KitchenOrder[] {
  const key = (o: KitchenOrder) => o.fireAt ?? o.createdAt;
  return [...orders.values()].filter((o) => isLater(o, now)).sort((a, b) => key(a).localeCompare(key(b)) || a.id - b.id);
}

/**
 * The orders that moved in from "Later" between two moments: still-to-make orders that had not fired at `before`
 * and have at `now`. Each calls for the new-order alert then, as a new order would.
 */
export function firedBetween(orders: KitchenOrders, before: number, now: number): KitchenOrder[] {
  return [...orders.values()].filter((o) => isLater(o, before) && !isLater(o, now));
}

/** The orders of one tab, in the order the kitchen works through them (orders still to fire are under "Later"). */
export function ordersInTab(orders: KitchenOrders, tab: KitchenTab, now: number, readyVisibleSeconds: number): KitchenOrder[] {
  const list = [...orders.values()].filter((o) => tabOf(o, now, readyVisibleSeconds) === tab && !isLater(o, now));
  if (tab === 'pending' || tab === 'preparing') {
    // Earliest pickup first; orders without a slot by when they came in.
    const key = (o: KitchenOrder) => o.slotStart ?? o.createdAt;
    return list.sort((a, b) => key(a).localeCompare(key(b)) || a.id - b.id);
  }
  // Ready and completed: most recently finished first.
  return list.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id);
}

export function tabCounts(orders: KitchenOrders, now: number, readyVisibleSeconds: number): Record<KitchenTab, number> {
  const counts: Record<KitchenTab, number> = { pending: 0, preparing: 0, ready: 0, completed: 0 };
  for (const order of orders.values()) {
    const tab = tabOf(order, now, readyVisibleSeconds);
    if (tab && !isLater(order, now)) counts[tab]++;
  }
  return counts;
}

/** When the next ready order moves to completed (ms from now), so the screen re-sorts itself. */
export function nextArchive(orders: KitchenOrders, now: number, readyVisibleSeconds: number): number | undefined {
  let soonest: number | undefined;
  for (const order of orders.values()) {
    if (order.status !== 'completed') continue;
    const wait = Date.parse(order.updatedAt) + readyVisibleSeconds * 1000 - now;
    if (wait > 0 && (soonest === undefined || wait < soonest)) soonest = wait;
  }
  return soonest;
}

/** The selection kept to ids still shown (an order that moved on cannot stay selected). */
export function pruneSelection(selected: ReadonlySet<number>, visible: readonly KitchenOrder[]): Set<number> {
  const ids = new Set(visible.map((o) => o.id));
  return new Set([...selected].filter((id) => ids.has(id)));
}

/**
 * What "Alles klaar" marks ready: the fired orders being prepared (the server's rule, contract hasFired), and how
 * many still to fire it leaves (docs/decisions/0066-kitchen-bulk-actions-undo.md, 0068-fire-times.md).
 */
export function bulkReadyScope(preparing: readonly KitchenOrder[], now: number): { ids: number[]; skipped: number } {
  const ids = preparing.filter((o) => o.status === 'processing' && hasFired(o, now)).map((o) => o.id);
  return { ids, skipped: preparing.length - ids.length };
}

/** A new-order alert waiting to be acknowledged. */
export interface KitchenAlert {
  orderId: number;
  pickupNumber: number;
}

/** One alert per order: an order already waiting to be acknowledged is not added twice. */
export function addAlert(alerts: readonly KitchenAlert[], order: KitchenOrder): KitchenAlert[] {
  if (alerts.some((a) => a.orderId === order.id)) return [...alerts];
  return [...alerts, { orderId: order.id, pickupNumber: order.pickupNumber }];
}

/**
 * When the next alert chime may sound: right away, or after the previous one has had `gap` ms, so orders
 * arriving in one burst each get their own audible chime. Returns the delay and the new "free from" time.
 */
export function nextChime(freeFrom: number, now: number, gap: number): { delay: number; freeFrom: number } {
  const at = Math.max(now, freeFrom);
  return { delay: at - now, freeFrom: at + gap };
}

/** Cancelling from the kitchen needs the orders page's permission (docs/permissions.md). */
export const CANCEL_PERMISSION = `orders.manage`;

/** Without a slot end, a fired order with a slot turns red this long after its slot started. */
export const SLOT_RED_MINUTES = 5;

/**
 * The card's timer (docs/decisions/0068-fire-times.md). Before its fire time an order counts down to its slot and
 * never changes colour. From its fire time it counts up from the fire time; an order for now (asap, or without a
 * slot) turns amber and red by the kitchen's age minutes, an order for a slot relative to its slot (slotTone).
 */
export function cardTimer(
  order: Pick<KitchenOrder, 'slotStart' | 'slotEnd' | 'fireAt' | 'createdAt' | 'asap'>,
  now: number,
  settings: Pick<KitchenSettings, 'ageAmberMinutes' | 'ageRedMinutes'>,
): { kind: 'countdown' | 'age'; tone: AgeTone } {
  if (!hasFired(order, now)) return { kind: 'countdown', tone: 'fresh' };
  const since = { createdAt: order.fireAt ?? order.createdAt };
  if (order.asap || !order.slotStart) return { kind: 'age', tone: ageTone(ageMinutes(since, now), settings) };
  return { kind: 'age', tone: slotTone(order, now) };
}

/** The fired order's age clock: "m:ss" since its fire time. */
export function firedClock(order: Pick<KitchenOrder, 'fireAt' | 'createdAt'>, now: number): string {
  return ageClock({ createdAt: order.fireAt ?? order.createdAt }, now);
}

/**
 * A fired order's colour relative to its slot: amber once its slot has started (the customer may be there), red
 * once it has ended (or SLOT_RED_MINUTES after its start when it has no end).
 */
export function slotTone(order: Pick<KitchenOrder, 'slotStart' | 'slotEnd'>, now: number): AgeTone {
  if (!order.slotStart) return 'fresh';
  const start = Date.parse(order.slotStart);
  const end = order.slotEnd ? Date.parse(order.slotEnd) : start + SLOT_RED_MINUTES * 60_000;
  if (now >= end) return 'red';
  if (now >= start) return 'amber';
  return 'fresh';
}

/**
 * Whole minutes until the customer said they would arrive ("Ik kom eraan", docs/decisions/0082-ik-kom-eraan.md),
 * rounded to the nearest so a screen a moment ahead or behind the server still reads what they chose; 0 once due.
 */
export function arrivalIn(arriveAt: string, now: number): number {
  return Math.max(0, Math.round((Date.parse(arriveAt) - now) / 60_000));
}

/** Time to the slot's start: "2d 03:10", "1:05:09", "4:59"; past the start "+2:05" (late by). */
export function slotCountdown(order: Pick<KitchenOrder, 'slotStart'>, now: number): string {
  if (!order.slotStart) return '';
  const diff = Math.floor((Date.parse(order.slotStart) - now) / 1000);
  const late = diff < 0;
  let s = Math.abs(diff);
  const days = Math.floor(s / 86_400);
  s -= days * 86_400;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  const text = days > 0 ? `${days}d ${pad(h)}:${pad(m)}` : h > 0 ? `${h}:${pad(m)}:${pad(sec)}` : `${m}:${pad(sec)}`;
  return late ? `+${text}` : text;
}

/** The action tab a later (pre-)order's card behaves as. */
export function laterCardTab(order: KitchenOrder): KitchenTab {
  return order.status === 'processing' ? 'preparing' : 'pending';
}
