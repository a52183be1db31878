import { z } from 'zod';
import type { Translated } from './dashboard.js';

/**
 * The store REST API's product and variation shapes (`/wp-json/wc/v3/products...`), WooCommerce's with a
 * few documented extra fields (docs/decisions/0022-catalog-rest-api.md): `translations`, `vat_rates`,
 * `allergens`, `max_quantity`, `is_promotion`, `addons`, `revision`, `last_changed`. The dashboard's product
 * editor reads with `?context=edit` and writes these bodies; WooCommerce clients may ignore the extras.
 */

/** A money amount as WooCommerce writes it: "3.50"; '' clears the price. */
export const wcPrice = z.union([z.literal(''), z.string().regex(/^\d{1,6}(\.\d{1,2})?$/, 'must be an amount such as "3.50"')]);
/** A date as WooCommerce writes it (site time = UTC here): "2026-12-01T00:00:00", with or without a zone; '' or null clears it. */
export const wcDate = z.union([
  z.literal(''),
  z.null(),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/, 'must be a date such as "2026-12-01T00:00:00"')
    .refine((value) => !Number.isNaN(Date.parse(/Z|[+-]\d{2}:?\d{2}$/.test(value) || value.length === 10 ? value : `${value}Z`)), 'must be a real date'),
]);

export const vatRates = [6, 12, 21] as const;
/**
 * The ages a product or category may be restricted to (Belgian law: beer and wine 16, spirits 18); null: none
 * (docs/decisions/0071-age-restricted-products-staff-language.md).
 */
export const ageLimits = [16, 18] as const;
export type AgeLimit = (typeof ageLimits)[number];
/** The body field `age_limit`: 16, 18 or null (no limit). */
export const ageLimitField = z.union([z.literal(16), z.literal(18), z.null()]);
export type VatRate = (typeof vatRates)[number];
export const wcProductTypes = ['simple', 'variable', 'grouped', 'external'] as const;
export type WcProductType = (typeof wcProductTypes)[number];
export const wcProductStatuses = ['publish', 'draft', 'private'] as const;
export const wcStockStatusValues = ['instock', 'outofstock', 'onbackorder'] as const;
export type WcStockStatus = (typeof wcStockStatusValues)[number];
export const catalogVisibilityValues = ['visible', 'catalog', 'search', 'hidden'] as const;
export const addonTypes = ['multiple_choice', 'checkbox', 'heading', 'custom_text'] as const;
export const addonPriceTypes = ['flat_fee', 'quantity_based', 'percentage_based'] as const;

/** Most variations a variable product may have (docs/product.md §9). */
export const MAX_VARIATIONS = 100;
/** Most items one batch request may hold, create, update and delete together (WooCommerce's limit). */
export const MAX_BATCH_ITEMS = 100;
/** Main image plus at most 20 gallery images. */
export const MAX_PRODUCT_IMAGES = 21;

const id = z.number().int().min(1).max(999_999_999);
const idList = z.array(id).max(100);
const partialTranslations = z.object({ nl: z.string().max(20_000).optional(), fr: z.string().max(20_000).optional(), en: z.string().max(20_000).optional() });
const shortText = (max: number) => z.string().max(max);

/** An image reference: an id from the media library, or a `src` (an existing media item's, or a new address). */
export const imageRef = z.union([
  z.object({ id, name: shortText(200).optional(), alt: shortText(500).optional() }),
  z.object({
    src: z
      .string()
      .max(2000)
      .regex(/^(https?:\/\/|\/)[^\s<>"']+$/, 'must be an http(s) address or a path starting with /'),
    name: shortText(200).optional(),
    alt: shortText(500).optional(),
  }),
]);

export const addonOptionWrite = z.object({
  /** An option of this add-on field, changed in place (its id and sold-out mark stay); absent for a new one. */
  id: id.optional(),
  label: shortText(200),
  label_translations: z.object({ fr: shortText(200).optional(), en: shortText(200).optional() }).optional(),
  price: wcPrice.optional(),
  price_type: z.enum(addonPriceTypes).optional(),
  /** A media library id, or null for none. */
  image: z.union([z.object({ id }), z.null()]).optional(),
  /** Allergen ids (GET /products/allergens). */
  allergens: idList.optional(),
});

export const addonWrite = z.object({
  /** A field of this product, changed in place (cart lines keep pointing at it); absent for a new one. */
  id: id.optional(),
  name: z.string().trim().min(1).max(200),
  name_translations: z.object({ fr: shortText(200).optional(), en: shortText(200).optional() }).optional(),
  description: shortText(2000).optional(),
  type: z.enum(addonTypes),
  /** multiple_choice only: radiobutton, select or images. */
  display: z.enum(['radiobutton', 'select', 'images']).optional(),
  required: z.boolean().optional(),
  price: wcPrice.optional(),
  price_type: z.enum(addonPriceTypes).optional(),
  max: z.number().int().min(1).max(10_000).nullable().optional(),
  options: z.array(addonOptionWrite).max(100).optional(),
});

export const attributeWrite = z.object({
  /** A global attribute's id (options are its terms, by name or slug); 0 or absent for a product's own attribute. */
  id: z.number().int().min(0).max(999_999_999).optional(),
  name: shortText(200).optional(),
  position: z.number().int().min(0).max(1000).optional(),
  visible: z.boolean().optional(),
  variation: z.boolean().optional(),
  options: z.array(shortText(200)).max(100).optional(),
});

const variationAttributeWrite = z.object({
  id: z.number().int().min(0).max(999_999_999).optional(),
  name: shortText(200).optional(),
  option: shortText(200),
});

const metaEntry = z.object({ key: z.string().min(1).max(255), value: z.unknown() });

/** The fields shared by products and variations. */
const sellable = {
  description: z.string().max(20_000).optional(),
  sku: z.string().trim().max(100).optional(),
  regular_price: wcPrice.optional(),
  sale_price: wcPrice.optional(),
  date_on_sale_from: wcDate.optional(),
  date_on_sale_from_gmt: wcDate.optional(),
  date_on_sale_to: wcDate.optional(),
  date_on_sale_to_gmt: wcDate.optional(),
  status: z.enum(wcProductStatuses).optional(),
  stock_status: z.enum(wcStockStatusValues).optional(),
  manage_stock: z.boolean().optional(),
  stock_quantity: z.number().int().min(-1_000_000).max(1_000_000).nullable().optional(),
  menu_order: z.number().int().min(-1_000_000).max(1_000_000).optional(),
  /** VAT in percent for takeaway/delivery and for eating on site. */
  vat_rates: z.object({ takeaway: z.literal(vatRates).optional(), on_site: z.literal(vatRates).optional() }).optional(),
  meta_data: z.array(metaEntry).max(100).optional(),
};

/**
 * POST /products (name required) and PUT/PATCH/POST /products/{id} (every field optional). Fields not listed
 * are ignored, as WooCommerce ignores read-only fields. `name`, `description` and `short_description` are the
 * Dutch texts; `translations` sets any language. Lists (categories, images, addons, attributes, allergens,
 * upsell_ids, ...) replace the whole list when sent.
 */
export const productWriteBody = z.object({
  ...sellable,
  name: z.string().trim().min(1).max(200).optional(),
  short_description: z.string().max(5_000).optional(),
  translations: z
    .object({ name: partialTranslations.optional(), description: partialTranslations.optional(), short_description: partialTranslations.optional() })
    .optional(),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(200)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$|^$/, 'must be lower-case letters, digits and dashes')
    .optional(),
  type: z.enum(wcProductTypes).optional(),
  featured: z.boolean().optional(),
  catalog_visibility: z.enum(catalogVisibilityValues).optional(),
  max_quantity: z.number().int().min(1).max(9999).nullable().optional(),
  is_promotion: z.boolean().optional(),
  /** 16 or 18: sold only to customers that age; null: no limit (its categories may still set one). */
  age_limit: ageLimitField.optional(),
  allergens: idList.optional(),
  categories: z.array(z.object({ id })).max(100).optional(),
  /** Product tags by id (GET /products/tags); the list replaces the product's tags. */
  tags: z.array(z.object({ id })).max(100).optional(),
  images: z.array(imageRef).max(MAX_PRODUCT_IMAGES).optional(),
  addons: z.array(addonWrite).max(50).optional(),
  upsell_ids: idList.optional(),
  cross_sell_ids: idList.optional(),
  grouped_products: idList.optional(),
  external_url: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(2000)]).optional(),
  button_text: z.string().max(200).optional(),
  attributes: z.array(attributeWrite).max(50).optional(),
  default_attributes: z.array(variationAttributeWrite).max(50).optional(),
});
export type ProductWriteBody = z.input<typeof productWriteBody>;

/** POST /products/{id}/variations and PUT/PATCH/POST /products/{id}/variations/{variation_id}. */
export const variationWriteBody = z.object({
  ...sellable,
  image: z.union([imageRef, z.null()]).optional(),
  attributes: z.array(variationAttributeWrite).max(50).optional(),
});
export type VariationWriteBody = z.input<typeof variationWriteBody>;

/** POST .../batch: at most MAX_BATCH_ITEMS items in all; update items carry their id. */
export interface BatchRequest<T> {
  create?: T[];
  update?: (T & { id: number })[];
  delete?: number[];
}
/** Each item answered in its place: the resource, or `{id, error}` in WooCommerce's error shape. */
export type BatchItemResult<T> = T | { id: number; error: WcError };
export interface BatchResponse<T> {
  create?: BatchItemResult<T>[];
  update?: BatchItemResult<T>[];
  delete?: BatchItemResult<T>[];
}

export interface WcError {
  code: string;
  message: string;
  data: { status: number; code?: string; params?: string[]; field?: string; [detail: string]: unknown };
}

export interface WcImage {
  id: number;
  src: string;
  name: string;
  alt: string;
  date_created: string;
}

export interface WcAddonOption {
  id: number;
  label: string;
  label_translations: { fr: string; en: string };
  price: string;
  price_type: (typeof addonPriceTypes)[number];
  image: WcImage | null;
  allergens: number[];
}

export interface WcAddon {
  id: number;
  name: string;
  name_translations: { fr: string; en: string };
  description: string;
  type: (typeof addonTypes)[number];
  display: string;
  required: boolean;
  price: string;
  price_type: (typeof addonPriceTypes)[number];
  max: number | null;
  options: WcAddonOption[];
}

/** Who changed a catalogue entity, as the change history and "last changed by" show it. */
export interface CatalogActor {
  type: 'staff' | 'api_key' | 'system';
  id: number | null;
  /** A staff member's name (or e-mail), an API key's description and last 7 characters, or "system". */
  name: string;
}

export interface LastChanged {
  at: string;
  by: CatalogActor;
}

/** One row of GET /products/{id}/changes: a write, field by field. */
export interface CatalogChangeRecord {
  id: number;
  entity_type: 'product' | 'variation' | 'category' | 'attribute' | 'global_addon' | string;
  entity_id: number;
  action: 'create' | 'update' | 'trash' | 'delete';
  actor: CatalogActor;
  changed_at: string;
  changes: Record<string, { before: unknown; after: unknown }>;
}

interface WcSellableShape {
  id: number;
  description: string;
  sku: string;
  price: string;
  regular_price: string;
  sale_price: string;
  date_on_sale_from: string | null;
  date_on_sale_from_gmt: string | null;
  date_on_sale_to: string | null;
  date_on_sale_to_gmt: string | null;
  on_sale: boolean;
  status: string;
  stock_status: WcStockStatus;
  manage_stock: boolean;
  stock_quantity: number | null;
  menu_order: number;
  date_created: string;
  date_created_gmt: string;
  date_modified: string;
  date_modified_gmt: string;
  vat_rates: { takeaway: number; on_site: number };
  meta_data: { id: number; key: string; value: unknown }[];
  /** Goes up by one with every write; also sent as the ETag of a single read, to echo in If-Match. */
  revision: number;
  last_changed: LastChanged | null;
}

/** A product as GET /products/{id} answers (WooCommerce's shape plus the documented extras). */
export interface WcProduct extends WcSellableShape {
  name: string;
  slug: string;
  permalink: string;
  type: WcProductType;
  featured: boolean;
  catalog_visibility: (typeof catalogVisibilityValues)[number];
  short_description: string;
  categories: { id: number; name: string; slug: string }[];
  tags: { id: number; name: string; slug: string }[];
  images: WcImage[];
  attributes: { id: number; name: string; position: number; visible: boolean; variation: boolean; options: string[] }[];
  default_attributes: { id: number; name: string; option: string }[];
  variations: number[];
  grouped_products: number[];
  upsell_ids: number[];
  cross_sell_ids: number[];
  external_url: string;
  button_text: string;
  average_rating: string;
  rating_count: number;
  max_quantity: number | null;
  is_promotion: boolean;
  /** The product's own age limit (16 or 18) or null; `effective_age_limit` adds its categories'. */
  age_limit: AgeLimit | null;
  effective_age_limit: AgeLimit | null;
  allergens: number[];
  addons: WcAddon[];
  /** With ?context=edit only: the texts in every language, as stored. */
  translations?: { name: Translated; description: Translated; short_description: Translated };
}

/** A variation as GET /products/{id}/variations/{variation_id} answers. */
export interface WcVariation extends WcSellableShape {
  parent_id: number;
  name: string;
  image: WcImage | null;
  attributes: { id: number; name: string; option: string }[];
}

/** The request header carrying the revision a client read (the ETag of GET /products/{id}). */
export const IF_MATCH_HEADER = 'if-match';
