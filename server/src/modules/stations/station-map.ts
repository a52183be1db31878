import { eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { orderLines, productCategories, stationCategories, stationProducts, stations } from '../../db/schema/index.js';

/**
 * Which station makes which product (docs/decisions/0069-kitchen-stations.md), for the kitchen screens, the bumps
 * and the printing of station tickets. Only reads: no import of the order lifecycle, so printing may use it.
 */

/**
 * Product id -> station id: the product's own assignment, else the lowest station among its categories'. `only`
 * narrows it to these products (null: all).
 */
export async function productStationMap(db: DbOrTx, only: number[] | null): Promise<Map<number, number>> {
  if (only && only.length === 0) return new Map();
  const own = await db
    .select({ productId: stationProducts.productId, stationId: stationProducts.stationId })
    .from(stationProducts)
    .where(only ? inArray(stationProducts.productId, only) : undefined);
  const byCategory = await db
    .select({ productId: productCategories.productId, stationId: sql<number>`min(${stationCategories.stationId})`.mapWith(Number) })
    .from(productCategories)
    .innerJoin(stationCategories, eq(stationCategories.categoryId, productCategories.categoryId))
    .where(only ? inArray(productCategories.productId, only) : undefined)
    .groupBy(productCategories.productId);
  const map = new Map<number, number>(byCategory.map((r) => [r.productId, r.stationId]));
  for (const r of own) map.set(r.productId, r.stationId);
  return map;
}

/** The stations that have a part of the order (lines of theirs). */
export async function orderStations(db: DbOrTx, orderId: number): Promise<Set<number>> {
  const lines = await db.select({ productId: orderLines.productId }).from(orderLines).where(eq(orderLines.orderId, orderId));
  const map = await productStationMap(db, [...new Set(lines.map((l) => l.productId))]);
  return new Set(lines.flatMap((l) => (map.has(l.productId) ? [map.get(l.productId)!] : [])));
}

/** The stations with a printer of their own that have a part of the order: each prints its own kitchen ticket. */
export async function orderStationPrinters(db: DbOrTx, orderId: number): Promise<{ id: number; printer: string }[]> {
  const printing = await db.select({ id: stations.id, printer: stations.printer }).from(stations).where(ne(stations.printer, ''));
  if (printing.length === 0) return [];
  const parts = await orderStations(db, orderId);
  return printing.filter((s) => parts.has(s.id)).sort((a, b) => a.id - b.id);
}

export interface StationTickets {
  stations: Map<number, { name: string; printer: string }>;
  productStations: Map<number, number>;
}

/** What the printer needs for station tickets: the stations (as they are now) and where these products go. */
export async function stationTickets(db: DbOrTx, stationIds: number[], productIds: number[]): Promise<StationTickets> {
  const rows = await db
    .select({ id: stations.id, name: stations.name, printer: stations.printer })
    .from(stations)
    .where(inArray(stations.id, [...new Set(stationIds)]));
  return { stations: new Map(rows.map((r) => [r.id, r])), productStations: await productStationMap(db, [...new Set(productIds)]) };
}
