import { z } from 'zod';

/** A name in the shop's three languages. */
export interface SoldOutNames {
  nl: string;
  fr: string;
  en: string;
}

/** What a "sold out today" mark is put on: one product, one variation or one add-on option (product or global add-on). */
export type SoldOutTarget = { productId: number } | { variationId: number } | { addonOptionId: number };

/** PUT /api/catalog/sold-out: exactly one of productId, variationId, addonOptionId, and soldOut. */
export const soldOutInput = z
  .object({
    productId: z.number().int().positive().optional(),
    variationId: z.number().int().positive().optional(),
    addonOptionId: z.number().int().positive().optional(),
    soldOut: z.boolean(),
  })
  .strict()
  .refine((v) => [v.productId, v.variationId, v.addonOptionId].filter((x) => x !== undefined).length === 1, {
    message: 'give exactly one of productId, variationId, addonOptionId',
    path: ['productId'],
  });
export type SoldOutInput = z.infer<typeof soldOutInput>;

/** The answer of PUT /api/catalog/sold-out. */
export interface SoldOutResult {
  /** The catalogue version the change produced (also sent on /api/events/catalog). */
  version: number;
  /** When the mark ends by itself (end of the day's service), or null when the thing is available. */
  soldOutUntil: string | null;
}

export interface SoldOutItem {
  target: SoldOutTarget;
  name: SoldOutNames;
  /** The product of a variation, or the add-on field of an option. */
  productName?: SoldOutNames;
  soldOutUntil: string;
}

/** GET /api/catalog/sold-out: what the kitchen's sold-out panel shows. */
export interface SoldOutCatalog {
  version: number;
  /** When a mark set now would end. */
  resetsAt: string;
  products: {
    id: number;
    name: SoldOutNames;
    soldOutUntil: string | null;
    variations: { id: number; name: SoldOutNames; soldOutUntil: string | null }[];
    addons: { fieldId: number; name: SoldOutNames; global: boolean; options: { id: number; label: SoldOutNames; soldOutUntil: string | null }[] }[];
  }[];
  /** Everything sold out now. */
  soldOut: SoldOutItem[];
}

/** /api/events/catalog: the `catalog` event's data, sent on connect and after every catalogue change. */
export interface CatalogChangedEvent {
  version: number;
}
