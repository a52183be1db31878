import { eq, sql } from 'drizzle-orm';
import type { SoldOutCatalog, SoldOutItem, SoldOutTarget } from '@bakje/contract';
import type { Db } from '../../db/client.js';
import { addonOptions, products, versions } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';
import type { Translated } from '../../db/schema/index.js';
import type { OpeningHours } from '../settings/shop-settings.js';
import { addDaysTo, instantAt, localMoment, weekdayOf } from '../shop-time/shop-time.js';
import { periodsOn } from '../opening-hours/opening-hours.js';
import { addonsFor, type AddonOption, type CatalogSnapshot, type ProductRecord } from './snapshot.js';

/**
 * "Sold out today" (docs/decisions/0025-sold-out-today.md). A product, a variation or an add-on option is
 * stored as "sold out until <instant>", the end of the day's service, so it resets by itself at closing
 * time: nothing runs at that moment, every reader compares with the clock (the catalogue snapshot reloads
 * when the earliest such instant passes).
 */

/** How far ahead to look for the next opening day before giving up and using the end of the local day. */
const LOOKAHEAD_DAYS = 8;

/**
 * The end of the current service: the latest closing time of the service day under way or next to come.
 * A service day is a local date with opening periods; a period closing at or before its opening time runs
 * past midnight. The first day (from yesterday, for a period still running past midnight) that has a
 * closing instant after `now` gives its latest closing instant. So during lunch the mark lasts through
 * dinner, after closing (or on a closed day) it lasts until the next opening day's closing time, and with
 * no opening hours at all it lasts until local midnight.
 */
export function endOfService(hours: OpeningHours, now: Date, timeZone: string): Date {
  const today = localMoment(now, timeZone).date;
  for (let offset = -1; offset <= LOOKAHEAD_DAYS; offset++) {
    const date = addDaysTo(today, offset);
    const ends = periodsOn(hours, date, weekdayOf(date)).map((p) => instantAt(date, p.close <= p.open ? p.close + 24 * 60 : p.close, timeZone).getTime());
    const latest = Math.max(...ends);
    if (ends.length > 0 && latest > now.getTime()) return new Date(latest);
  }
  return instantAt(addDaysTo(today, 1), 0, timeZone);
}

export function isSoldOutAt(until: Date | null, now: number): boolean {
  return until !== null && until.getTime() > now;
}

/**
 * Marks one product, variation or add-on option sold out until the end of the service, or available again,
 * and returns the catalogue version the change produced (the catalogue trigger bumps it in the same
 * transaction) and the instant the mark lasts until (null when available).
 */
export async function setSoldOut(db: Db, target: SoldOutTarget, soldOut: boolean, until: Date): Promise<{ version: number; soldOutUntil: string | null }> {
  const value = soldOut ? until : null;
  return db.transaction(async (tx) => {
    if ('addonOptionId' in target) {
      const changed = await tx
        .update(addonOptions)
        .set({ soldOutUntil: value })
        .where(eq(addonOptions.id, target.addonOptionId))
        .returning({ id: addonOptions.id });
      if (changed.length === 0) throw new DomainError('ADDON_OPTION_NOT_FOUND', 'This add-on option does not exist.', { field: 'addonOptionId' });
    } else {
      const id = 'productId' in target ? target.productId : target.variationId;
      const wantVariation = 'variationId' in target;
      const changed = await tx
        .update(products)
        .set({ soldOutUntil: value, updatedAt: sql`now()` })
        .where(sql`${products.id} = ${id} and (${products.type} = 'VARIATION') = ${wantVariation}`)
        .returning({ id: products.id });
      if (changed.length === 0) {
        throw wantVariation
          ? new DomainError('VARIATION_NOT_FOUND', 'This variation does not exist.', { field: 'variationId' })
          : new DomainError('PRODUCT_NOT_FOUND', 'Invalid ID.', { field: 'productId' });
      }
    }
    const [row] = await tx.select().from(versions).where(eq(versions.name, 'catalog'));
    return { version: row?.version ?? 0, soldOutUntil: value ? value.toISOString() : null };
  });
}

const iso = (until: Date | null, now: number) => (isSoldOutAt(until, now) ? until!.toISOString() : null);
const names = (value: Translated) => ({ nl: value.nl, fr: value.fr ?? value.nl, en: value.en ?? value.nl });

/**
 * What the kitchen's sold-out panel shows: every product that can be ordered, with its variations and
 * the add-on options offered with it (a global add-on's option appears under every product it applies to;
 * marking it marks it everywhere), and the list of what is sold out now.
 */
export function soldOutCatalog(snapshot: CatalogSnapshot, now: Date, openingHours: OpeningHours, timeZone: string): SoldOutCatalog {
  const t = now.getTime();
  const listed = snapshot.list.filter((p) => p.row.status === 'publish' && p.row.type !== 'EXTERNAL' && p.row.type !== 'GROUPED');
  const soldOut: SoldOutItem[] = [];
  const seenOptions = new Set<number>();
  const productsOut = listed.map((p: ProductRecord) => {
    const until = iso(p.row.soldOutUntil, t);
    if (until) soldOut.push({ target: { productId: p.row.id }, name: names(p.row.name), soldOutUntil: until });
    const variations = p.variations.map((v) => {
      const vUntil = iso(v.row.soldOutUntil, t);
      if (vUntil) soldOut.push({ target: { variationId: v.row.id }, name: names(v.row.name), productName: names(p.row.name), soldOutUntil: vUntil });
      return { id: v.row.id, name: names(v.row.name), soldOutUntil: vUntil };
    });
    const addons = addonsFor(snapshot, p)
      .filter((f) => f.options.length > 0 && (f.kind === 'multiple_choice' || f.kind === 'checkbox'))
      .map((f) => ({
        fieldId: f.id,
        name: names(f.name),
        global: f.globalAddonId !== null,
        options: f.options.map((o) => {
          const oUntil = iso(o.soldOutUntil, t);
          if (oUntil && !seenOptions.has(o.id)) {
            seenOptions.add(o.id);
            soldOut.push({ target: { addonOptionId: o.id }, name: names(o.label), productName: names(f.name), soldOutUntil: oUntil });
          }
          return { id: o.id, label: names(o.label), soldOutUntil: oUntil };
        }),
      }));
    return { id: p.row.id, name: names(p.row.name), soldOutUntil: until, variations, addons };
  });
  return { version: snapshot.version, resetsAt: endOfService(openingHours, now, timeZone).toISOString(), products: productsOut, soldOut };
}

/** Every add-on option sold out now, each once, in the order the add-ons list them. */
export function soldOutAddonOptions(snapshot: CatalogSnapshot): AddonOption[] {
  const seen = new Map<number, AddonOption>();
  const fields = [...snapshot.list.flatMap((p) => p.ownAddons), ...snapshot.globalAddons.flatMap((g) => g.fields)];
  for (const field of fields) for (const option of field.options) if (option.soldOut) seen.set(option.id, option);
  return [...seen.values()];
}

/** The first sold-out thing on a cart line, by name (in Dutch), or null when the whole line can be ordered. */
export function soldOutOnLine(product: ProductRecord, variation: ProductRecord | null, optionIds: (number | null)[], snapshot: CatalogSnapshot): string | null {
  if (product.soldOut) return product.row.name.nl;
  if (variation?.soldOut) return variation.row.name.nl;
  const wanted = optionIds.filter((id): id is number => id !== null);
  if (wanted.length === 0) return null;
  for (const field of addonsFor(snapshot, product)) {
    for (const option of field.options) if (option.soldOut && wanted.includes(option.id)) return option.label.nl;
  }
  return null;
}

export const soldOutMessage = (name: string) => `"${name}" is sold out today. Remove it from your cart or choose something else.`;
