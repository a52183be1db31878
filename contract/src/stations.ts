import { z } from 'zod';

/**
 * Kitchen stations (docs/decisions/0069-kitchen-stations.md): a station (Friteuse, Grill, Dranken) prepares the
 * lines of the categories and products assigned to it; a product's own assignment wins over its category's.
 */

const ids = (max: number) => z.array(z.number().int().positive()).max(max);

/** POST /api/dashboard/stations, PUT /api/dashboard/stations/{id} (settings.manage). */
export const stationInput = z
  .object({
    name: z.string().trim().min(1).max(40),
    /** Where this station's kitchen ticket prints: a PrintNode printer id or "host:port"; empty: no own ticket. */
    printer: z.string().trim().max(200).default(''),
    categoryIds: ids(500).default([]),
    productIds: ids(2000).default([]),
  })
  .strict();
export type StationInput = z.input<typeof stationInput>;

export interface Station {
  id: number;
  name: string;
  printer: string;
  categoryIds: number[];
  productIds: number[];
}

/** GET /api/dashboard/stations. */
export interface StationList {
  stations: Station[];
}

/**
 * GET /api/kitchen/stations (kitchen.view): the stations and, per product id, the station that prepares it
 * (already resolved: the product's own assignment, else its category's). A product missing here has no station.
 */
export interface KitchenStations {
  stations: { id: number; name: string }[];
  productStations: Record<string, number>;
}

/** POST /api/kitchen/orders/{id}/stations/{stationId}/{bump,recall}: the order, and whether it is ready now. */
export interface StationBumpResult {
  orders: number[];
  ready: boolean;
}
