import type { DeliveryRules, DeliveryRulesInput, OpeningHoursInput, OpeningHoursSettings } from '@bakje/contract';
import { deliveryRulesInput, openingHoursInput } from '@bakje/contract';
import type { DbOrTx } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';
import { inArray } from 'drizzle-orm';
import { shopSettingsFrom, type ShopSettings } from '../settings/shop-settings.js';

/**
 * The opening hours as the dashboard edits them. Older rows' closed dates come back as one-day closures
 * (and the older global pause is dropped on the next save: pauses live in the 'ordering_pause' row).
 */
export function hoursForEditing(shop: ShopSettings): OpeningHoursSettings {
  const { week, byType, exceptions, closedDates } = shop.openingHours;
  const folded = closedDates
    .filter((date) => !exceptions.some((e) => e.from <= date && date <= e.to))
    .map((date) => ({ from: date, to: date, periods: [], note: '' }));
  return { week, byType, exceptions: [...exceptions, ...folded].sort((a, b) => a.from.localeCompare(b.from)) };
}

async function put(db: DbOrTx, key: string, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

/** Saves the 'opening_hours' row (validated: a bad entry saves nothing). The write bumps the catalogue version. */
export async function saveOpeningHours(db: DbOrTx, input: OpeningHoursInput): Promise<OpeningHoursSettings> {
  const value = openingHoursInput.parse(input);
  await put(db, 'opening_hours', { ...value, closedDates: [], pausedUntil: null });
  return value;
}

export function deliveryForEditing(shop: ShopSettings): DeliveryRules {
  return shop.delivery;
}

/** Saves the 'delivery' row (validated). */
export async function saveDeliveryRules(db: DbOrTx, input: DeliveryRulesInput): Promise<DeliveryRules> {
  const value = deliveryRulesInput.parse(input);
  await put(db, 'delivery', value);
  return value;
}

/** The hours, delivery, ordering and pause rows as stored now (the catalogue snapshot may be a moment behind). */
export async function loadShopSettings(db: DbOrTx): Promise<ShopSettings> {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, ['opening_hours', 'delivery', 'ordering', 'ordering_pause']));
  return shopSettingsFrom(new Map(rows.map((row) => [row.key, row.value])));
}
