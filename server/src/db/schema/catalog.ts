import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { addonPriceTypes, addonTypes } from '@bakje/contract';

/** A value in three languages. Dutch (nl) is the shop's own language and the fallback. */
export type Translated = { nl: string; fr?: string; en?: string };
export type MetaEntry = { key: string; value: unknown };

export const media = pgTable('media', {
  id: serial('id').primaryKey(),
  /** Path under the public site, e.g. /media/demo/frieten.svg */
  src: text('src').notNull(),
  altText: text('alt_text').notNull().default(''),
  title: text('title').notNull().default(''),
  mimeType: text('mime_type').notNull().default('image/svg+xml'),
  width: integer('width'),
  height: integer('height'),
  /** Uploaded images: the content hash naming their folder in the media dir (docs/decisions/0024-media.md); null for shipped files. */
  storageKey: text('storage_key'),
  /** Uploaded images: bytes of the stored (metadata-free) original. */
  fileSize: integer('file_size'),
  /** Uploaded images: the name the file was uploaded with (shown only, never trusted). */
  fileName: text('file_name'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: jsonb('name').$type<Translated>().notNull(),
    description: jsonb('description').$type<Translated>().notNull().default({ nl: '' }),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'set null' }),
    /** Owner-chosen order; above 9999 hides the category from the back-office lists (docs/product.md §5). */
    customOrder: integer('custom_order').notNull().default(0),
    menuOrder: integer('menu_order').notNull().default(0),
    imageId: integer('image_id').references(() => media.id, { onDelete: 'set null' }),
    cloudposCategoryId: text('cloudpos_category_id'),
    /** 16 or 18: every product in the category is sold only to customers that age (docs/decisions/0071-age-restricted-products-staff-language.md). */
    ageLimit: integer('age_limit'),
    /** Customers may bring their own container for this category's products (docs/decisions/0084-allergens-at-the-door-own-container.md). */
    ownContainer: boolean('own_container').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('categories_slug_key').on(t.slug)],
);

export const productTypes = ['SIMPLE', 'VARIABLE', 'VARIATION', 'EXTERNAL', 'GROUPED'] as const;
export type ProductType = (typeof productTypes)[number];
export const stockStatuses = ['IN_STOCK', 'OUT_OF_STOCK', 'ON_BACKORDER'] as const;
export type StockStatus = (typeof stockStatuses)[number];
export const productStatuses = ['publish', 'draft', 'private', 'trash'] as const;
export type ProductStatus = (typeof productStatuses)[number];
export const catalogVisibilities = ['visible', 'catalog', 'search', 'hidden'] as const;
export type CatalogVisibility = (typeof catalogVisibilities)[number];

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    /** Set for VARIATION rows: the VARIABLE product they belong to. */
    parentId: integer('parent_id').references((): AnyPgColumn => products.id, { onDelete: 'cascade' }),
    type: text('type').$type<ProductType>().notNull(),
    /** 'trash': deleted without force through the store REST API (docs/decisions/0022-catalog-rest-api.md). */
    status: text('status').$type<ProductStatus>().notNull().default('publish'),
    slug: text('slug').notNull(),
    sku: text('sku').notNull().default(''),
    name: jsonb('name').$type<Translated>().notNull(),
    description: jsonb('description').$type<Translated>().notNull().default({ nl: '' }),
    shortDescription: jsonb('short_description').$type<Translated>().notNull().default({ nl: '' }),
    /** Prices in euro cents, VAT included. null means "no price set". */
    regularPrice: integer('regular_price'),
    salePrice: integer('sale_price'),
    /** When set, the sale price applies from / until these moments (WooCommerce's scheduled sale). */
    dateOnSaleFrom: timestamp('date_on_sale_from', { withTimezone: true }),
    dateOnSaleTo: timestamp('date_on_sale_to', { withTimezone: true }),
    purchasePrice: integer('purchase_price').notNull().default(0),
    stockStatus: text('stock_status').$type<StockStatus>().notNull().default('IN_STOCK'),
    manageStock: boolean('manage_stock').notNull().default(false),
    stockQuantity: integer('stock_quantity'),
    lowStockAmount: integer('low_stock_amount'),
    /** "Sold out today": out of stock until this instant (the end of the day's service; modules/catalog/sold-out.ts). */
    soldOutUntil: timestamp('sold_out_until', { withTimezone: true }),
    menuOrder: integer('menu_order').notNull().default(0),
    featured: boolean('featured').notNull().default(false),
    showInStore: boolean('show_in_store').notNull().default(true),
    catalogVisibility: text('catalog_visibility').$type<CatalogVisibility>().notNull().default('visible'),
    isPromotion: boolean('is_promotion').notNull().default(false),
    /** 16 or 18: sold only to customers that age (its categories may raise it; docs/decisions/0071-age-restricted-products-staff-language.md). */
    ageLimit: integer('age_limit'),
    maxQuantity: integer('max_quantity'),
    /** VAT in whole percent. Takeaway and delivery use the first, eating on site the second (docs/interfaces.md §6). */
    vatRateTakeaway: integer('vat_rate_takeaway').notNull().default(6),
    vatRateOnSite: integer('vat_rate_on_site').notNull().default(12),
    imageId: integer('image_id').references(() => media.id, { onDelete: 'set null' }),
    externalUrl: text('external_url'),
    buttonText: text('button_text'),
    weight: text('weight'),
    length: text('length'),
    width: text('width'),
    height: text('height'),
    totalSales: integer('total_sales').notNull().default(0),
    /** VARIATION rows: the attribute values that pick this variation, e.g. [{name: 'pa_formaat', value: 'groot'}]. */
    variationAttributes: jsonb('variation_attributes').$type<{ name: string; value: string }[]>().notNull().default([]),
    defaultAttributes: jsonb('default_attributes').$type<{ name: string; value: string }[]>().notNull().default([]),
    cloudposProductId: text('cloudpos_product_id'),
    metaData: jsonb('meta_data').$type<MetaEntry[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Raised by one on every write through the catalogue module; the optimistic version (If-Match). */
    revision: integer('revision').notNull().default(0),
  },
  (t) => [uniqueIndex('products_slug_key').on(t.slug), index('products_parent_idx').on(t.parentId), index('products_menu_order_idx').on(t.menuOrder)],
);

export const productCategories = pgTable(
  'product_categories',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.categoryId] }), index('product_categories_category_idx').on(t.categoryId)],
);

/** WooCommerce product tags (flat, unlike categories): names in three languages; decision 0031. */
export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: jsonb('name').$type<Translated>().notNull(),
    description: jsonb('description').$type<Translated>().notNull().default({ nl: '' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tags_slug_key').on(t.slug)],
);

export const productTags = pgTable(
  'product_tags',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.tagId] }), index('product_tags_tag_idx').on(t.tagId)],
);

export const productGallery = pgTable(
  'product_gallery',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.position] })],
);

/** Links between products: upsells, cross-sells and the children of a GROUPED product. */
export const productLinks = pgTable(
  'product_links',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    linkedId: integer('linked_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'upsell' | 'cross_sell' | 'grouped'>().notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.linkedId, t.kind] })],
);

export const attributes = pgTable(
  'attributes',
  {
    id: serial('id').primaryKey(),
    /** Taxonomy name as WooCommerce spells it, e.g. pa_formaat. */
    slug: text('slug').notNull(),
    name: jsonb('name').$type<Translated>().notNull(),
    orderBy: text('order_by').notNull().default('menu_order'),
  },
  (t) => [uniqueIndex('attributes_slug_key').on(t.slug)],
);

export const attributeTerms = pgTable(
  'attribute_terms',
  {
    id: serial('id').primaryKey(),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    name: jsonb('name').$type<Translated>().notNull(),
    description: text('description').notNull().default(''),
    menuOrder: integer('menu_order').notNull().default(0),
  },
  (t) => [uniqueIndex('attribute_terms_slug_key').on(t.attributeId, t.slug)],
);

/** An attribute on a product: a global one (attributeId set, options are term slugs) or a local one. */
export const productAttributes = pgTable(
  'product_attributes',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    attributeId: integer('attribute_id').references(() => attributes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    visible: boolean('visible').notNull().default(true),
    variation: boolean('variation').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.productId, t.position] })],
);

export const allergens = pgTable(
  'allergens',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: jsonb('name').$type<Translated>().notNull(),
    /** Icon path under the public site. */
    icon: text('icon').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('allergens_code_key').on(t.code)],
);

export const productAllergens = pgTable(
  'product_allergens',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    allergenId: integer('allergen_id')
      .notNull()
      .references(() => allergens.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.allergenId] })],
);

export const globalAddons = pgTable('global_addons', {
  id: serial('id').primaryKey(),
  name: jsonb('name').$type<Translated>().notNull(),
  priority: integer('priority').notNull().default(10),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const globalAddonCategories = pgTable(
  'global_addon_categories',
  {
    globalAddonId: integer('global_addon_id')
      .notNull()
      .references(() => globalAddons.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.globalAddonId, t.categoryId] })],
);

// The lists are the contract's (docs/decisions/0063-layer-rules.md).
export { addonTypes as addonKinds, addonPriceTypes };
export type AddonKind = (typeof addonTypes)[number];
export type AddonPriceType = (typeof addonPriceTypes)[number];

/** One add-on field. It belongs either to a product or to a global add-on group. */
export const addonFields = pgTable(
  'addon_fields',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    globalAddonId: integer('global_addon_id').references(() => globalAddons.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    kind: text('kind').$type<AddonKind>().notNull(),
    /** For multiple choice: 'radiobutton', 'select' or 'images'. */
    display: text('display').notNull().default('radiobutton'),
    name: jsonb('name').$type<Translated>().notNull(),
    description: jsonb('description').$type<Translated>().notNull().default({ nl: '' }),
    required: boolean('required').notNull().default(false),
    /** Field-level price (short text fields); option prices sit on the options. */
    price: integer('price').notNull().default(0),
    priceType: text('price_type').$type<AddonPriceType>().notNull().default('quantity_based'),
    maxLength: integer('max_length'),
  },
  (t) => [index('addon_fields_product_idx').on(t.productId), index('addon_fields_global_idx').on(t.globalAddonId)],
);

export const addonOptions = pgTable(
  'addon_options',
  {
    id: serial('id').primaryKey(),
    fieldId: integer('field_id')
      .notNull()
      .references(() => addonFields.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    label: jsonb('label').$type<Translated>().notNull(),
    /** Euro cents; null when the option costs nothing. */
    price: integer('price'),
    priceType: text('price_type').$type<AddonPriceType>().notNull().default('quantity_based'),
    imageId: integer('image_id').references(() => media.id, { onDelete: 'set null' }),
    /** "Sold out today": not orderable until this instant (modules/catalog/sold-out.ts). */
    soldOutUntil: timestamp('sold_out_until', { withTimezone: true }),
  },
  (t) => [index('addon_options_field_idx').on(t.fieldId)],
);

export const addonOptionAllergens = pgTable(
  'addon_option_allergens',
  {
    optionId: integer('option_id')
      .notNull()
      .references(() => addonOptions.id, { onDelete: 'cascade' }),
    allergenId: integer('allergen_id')
      .notNull()
      .references(() => allergens.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.optionId, t.allergenId] })],
);

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id'),
    author: text('author').notNull(),
    authorEmail: text('author_email').notNull(),
    content: text('content').notNull(),
    rating: integer('rating').notNull(),
    verified: boolean('verified').notNull().default(false),
    status: text('status').$type<'approved' | 'hold' | 'spam'>().notNull().default('approved'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The shop's public answer under the review (moderation screen); null = none. */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
  },
  (t) => [index('reviews_product_idx').on(t.productId), index('reviews_status_idx').on(t.status, t.createdAt)],
);
