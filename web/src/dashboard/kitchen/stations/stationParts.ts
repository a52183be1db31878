import type { KitchenOrder, KitchenStations } from '@bakje/contract';

/**
 * An order split into its stations' parts (docs/decisions/0069-kitchen-stations.md), as the server decides it: a
 * line belongs to the station of its product (the product's own assignment, else its category's, already
 * resolved in `productStations`); a line without one belongs to no station.
 */
export type KitchenLine = KitchenOrder['lines'][number];

export interface OrderPart {
  stationId: number;
  name: string;
  bumped: boolean;
}

export const stationOfLine = (line: KitchenLine, stations: KitchenStations): number | undefined =>
  line.productId === undefined ? undefined : stations.productStations[String(line.productId)];

/** The lines this station makes. */
export const linesFor = (order: KitchenOrder, stationId: number, stations: KitchenStations): KitchenLine[] =>
  order.lines.filter((line) => stationOfLine(line, stations) === stationId);

/** The order's parts, in the stations' order; none for an order without station items (it works as before). */
export function partsOf(order: KitchenOrder, stations: KitchenStations): OrderPart[] {
  const ids = new Set(order.lines.map((line) => stationOfLine(line, stations)));
  const bumped = new Set(order.stationBumps ?? []);
  return stations.stations.filter((s) => ids.has(s.id)).map((s) => ({ stationId: s.id, name: s.name, bumped: bumped.has(s.id) }));
}

/**
 * What a station screen shows: orders being prepared (not test orders) with lines for this station whose part is
 * not bumped yet, earliest pickup first (as the kitchen's "preparing" tab).
 */
export function stationQueue(orders: Iterable<KitchenOrder>, stationId: number, stations: KitchenStations): KitchenOrder[] {
  const key = (o: KitchenOrder) => o.slotStart ?? o.createdAt;
  return [...orders]
    .filter((o) => o.status === 'processing' && !o.isTestOrder && !(o.stationBumps ?? []).includes(stationId) && linesFor(o, stationId, stations).length > 0)
    .sort((a, b) => key(a).localeCompare(key(b)) || a.id - b.id);
}
