import type { LastChanged, WcAddon } from '@bakje/contract';
import type { AddonField, CatalogSnapshot, CategoryRow, ProductRecord } from '../../../modules/catalog/snapshot.js';
import { centsToDecimal } from '../../../modules/catalog/money.js';
import { isOnSale, stockStatusOf } from '../../../modules/catalog/product-query.js';
import { translate } from '../../../modules/i18n/locale.js';
import { ageLimitOf } from '../../../modules/catalog/age-limit.js';
import type { StockStatus } from '../../../db/schema/index.js';

const STOCK: Record<StockStatus, string> = { IN_STOCK: 'instock', OUT_OF_STOCK: 'outofstock', ON_BACKORDER: 'onbackorder' };
export const wcStockStatuses = ['instock', 'outofstock', 'onbackorder'] as const;
export const wcStockStatusOf = (p: ProductRecord) => STOCK[stockStatusOf(p)];
/** The meta key that shows a "sold out today" mark on the REST product (docs/interfaces.md §2). */
export const SOLD_OUT_META_KEY = '_bakje_sold_out_until';
const money = (cents: number | null) => (cents === null ? '' : centsToDecimal(cents));

function image(snapshot: CatalogSnapshot, id: number | null) {
  const row = id === null ? undefined : snapshot.media.get(id);
  return row ? { id: row.id, src: row.src, name: row.title, alt: row.altText, date_created: row.createdAt.toISOString().slice(0, 19) } : null;
}

const iso = (d: Date | null) => (d ? d.toISOString().slice(0, 19) : null);

export interface ShapeOptions {
  context?: 'view' | 'edit';
  lastChanged?: LastChanged | null;
}

function addonShape(snapshot: CatalogSnapshot, f: AddonField): WcAddon {
  return {
    id: f.id,
    name: f.name.nl,
    name_translations: { fr: f.name.fr ?? '', en: f.name.en ?? '' },
    description: f.description.nl,
    type: f.kind,
    display: f.display,
    required: f.required,
    price: f.price ? centsToDecimal(f.price) : '',
    price_type: f.priceType,
    max: f.maxLength,
    options: f.options.map((o) => ({
      id: o.id,
      label: o.label.nl,
      label_translations: { fr: o.label.fr ?? '', en: o.label.en ?? '' },
      price: money(o.price),
      price_type: o.priceType,
      image: image(snapshot, o.imageId),
      allergens: o.allergenIds,
    })),
  };
}

/** Fields products and variations share (prices, sale dates, stock, VAT, revision, last change). */
function sellableShape(p: ProductRecord, options: ShapeOptions) {
  const row = p.row;
  return {
    date_on_sale_from: iso(row.dateOnSaleFrom),
    date_on_sale_from_gmt: iso(row.dateOnSaleFrom),
    date_on_sale_to: iso(row.dateOnSaleTo),
    date_on_sale_to_gmt: iso(row.dateOnSaleTo),
    date_created_gmt: iso(row.createdAt)!,
    date_modified_gmt: iso(row.updatedAt)!,
    vat_rates: { takeaway: row.vatRateTakeaway, on_site: row.vatRateOnSite },
    revision: row.revision,
    last_changed: options.lastChanged ?? null,
  };
}

/** A variation in the WooCommerce REST v3 shape. */
export function variationShape(snapshot: CatalogSnapshot, v: ProductRecord, options: ShapeOptions = {}) {
  const row = v.row;
  const attributes = snapshot.products.get(row.parentId ?? 0)?.attributes ?? [];
  return {
    id: row.id,
    parent_id: row.parentId ?? 0,
    name: translate(row.name, 'nl'),
    description: translate(row.description, 'nl'),
    sku: row.sku,
    price: money(v.prices.length ? v.prices[0]! : null),
    regular_price: money(row.regularPrice),
    sale_price: money(v.storedSalePrice),
    on_sale: isOnSale(v),
    status: row.status,
    // The stored status: the dashboard's editor saves what it reads, and the mark must not outlive the day.
    stock_status: STOCK[row.stockStatus],
    manage_stock: row.manageStock,
    stock_quantity: row.stockQuantity,
    menu_order: row.menuOrder,
    date_created: iso(row.createdAt)!,
    date_modified: iso(row.updatedAt)!,
    image: image(snapshot, row.imageId),
    attributes: row.variationAttributes.map((a) => {
      const own = attributes.find((x) => x.name === a.name);
      const attribute = own?.attributeId ? snapshot.attributes.get(own.attributeId) : undefined;
      const term = attribute ? [...snapshot.terms.values()].find((x) => x.attributeId === attribute.id && x.slug === a.value) : undefined;
      return { id: attribute?.id ?? 0, name: attribute ? translate(attribute.name, 'nl') : a.name, option: term ? translate(term.name, 'nl') : a.value };
    }),
    meta_data: [
      ...row.metaData.map((m, i) => ({ id: i + 1, key: m.key, value: m.value })),
      // As on products: "sold out today" until this instant, read-only.
      ...(v.soldOut && row.soldOutUntil ? [{ id: row.metaData.length + 7, key: SOLD_OUT_META_KEY, value: row.soldOutUntil.toISOString() }] : []),
    ],
    ...sellableShape(v, options),
    ...(options.context === 'edit' ? { translations: { name: row.name, description: row.description } } : {}),
  };
}

/** A product in the WooCommerce REST v3 shape (docs/interfaces.md §2), names in the shop language (nl). */
export function productShape(snapshot: CatalogSnapshot, p: ProductRecord, options: ShapeOptions = {}) {
  const row = p.row;
  // A variable product costs "from" its cheapest variation, as in WooCommerce and on the shop's cards
  // (docs/decisions/0067-first-day-defects.md).
  const effective = p.prices.length ? Math.min(...p.prices) : null;
  return {
    id: row.id,
    name: translate(row.name, 'nl'),
    slug: row.slug,
    type: row.type.toLowerCase() === 'grouped' ? 'grouped' : row.type.toLowerCase(),
    status: row.status,
    featured: row.featured,
    catalog_visibility: row.catalogVisibility,
    description: translate(row.description, 'nl'),
    short_description: translate(row.shortDescription, 'nl'),
    sku: row.sku,
    price: money(effective),
    regular_price: money(row.regularPrice),
    sale_price: money(p.storedSalePrice),
    on_sale: isOnSale(p),
    // The edit context (the dashboard's editor) reads the stored status, as WooCommerce's edit context gives raw
    // values: an editor saving what it read must not make a one-day "sold out today" mark permanent. The mark
    // itself is the _bakje_sold_out_until meta entry in both contexts.
    stock_status: options.context === 'edit' ? STOCK[row.stockStatus] : wcStockStatusOf(p),
    manage_stock: row.manageStock,
    stock_quantity: row.stockQuantity,
    menu_order: row.menuOrder,
    date_created: row.createdAt.toISOString().slice(0, 19),
    date_modified: row.updatedAt.toISOString().slice(0, 19),
    categories: p.categoryIds
      .map((id) => snapshot.categories.get(id))
      .filter((c): c is CategoryRow => c !== undefined)
      .map((c) => ({ id: c.id, name: translate(c.name, 'nl'), slug: c.slug })),
    tags: p.tagIds
      .map((id) => snapshot.tags.get(id))
      .filter((x) => x !== undefined)
      .map((x) => ({ id: x.id, name: translate(x.name, 'nl'), slug: x.slug })),
    images: [row.imageId, ...p.galleryIds].map((id) => image(snapshot, id)).filter((i) => i !== null),
    attributes: p.attributes.map((a) => {
      const attribute = a.attributeId === null ? undefined : snapshot.attributes.get(a.attributeId);
      return {
        id: a.attributeId ?? 0,
        name: attribute ? translate(attribute.name, 'nl') : a.name,
        position: a.position,
        visible: a.visible,
        variation: a.variation,
        options: a.options,
      };
    }),
    default_attributes: row.defaultAttributes.map((a) => {
      const own = p.attributes.find((x) => x.name === a.name);
      return { id: own?.attributeId ?? 0, name: a.name, option: a.value };
    }),
    variations: p.variations.map((v) => v.row.id),
    grouped_products: p.groupedIds,
    upsell_ids: p.upsellIds,
    cross_sell_ids: p.crossSellIds,
    external_url: row.externalUrl ?? '',
    button_text: row.buttonText ?? '',
    max_quantity: row.maxQuantity,
    is_promotion: row.isPromotion,
    age_limit: ageLimitOf(row.ageLimit),
    effective_age_limit: p.ageLimit,
    allergens: p.allergenIds,
    addons: p.ownAddons.map((f) => addonShape(snapshot, f)),
    ...sellableShape(p, options),
    ...(options.context === 'edit' ? { translations: { name: row.name, description: row.description, short_description: row.shortDescription } } : {}),
    average_rating: p.averageRating.toFixed(2),
    rating_count: p.reviews.length,
    meta_data: [
      ...row.metaData.map((m, i) => ({ id: i + 1, key: m.key, value: m.value })),
      { id: row.metaData.length + 1, key: 'english_translation', value: row.name.en ?? '' },
      { id: row.metaData.length + 2, key: 'french_translation', value: row.name.fr ?? '' },
      ...(row.maxQuantity !== null ? [{ id: row.metaData.length + 3, key: 'max_amount', value: row.maxQuantity }] : []),
      { id: row.metaData.length + 4, key: 'is_promotion', value: row.isPromotion ? 'yes' : 'no' },
      { id: row.metaData.length + 5, key: 'product_allergens', value: p.allergenIds },
      ...(options.lastChanged ? [{ id: row.metaData.length + 6, key: 'last_changed_by', value: options.lastChanged.by.name }] : []),
      // "Sold out today" (stock_status outofstock meanwhile): when it ends, ISO 8601; read-only here.
      ...(p.soldOut && row.soldOutUntil ? [{ id: row.metaData.length + 7, key: SOLD_OUT_META_KEY, value: row.soldOutUntil.toISOString() }] : []),
    ],
  };
}

export function categoryShape(snapshot: CatalogSnapshot, c: CategoryRow) {
  return {
    id: c.id,
    name: translate(c.name, 'nl'),
    slug: c.slug,
    parent: c.parentId ?? 0,
    description: translate(c.description, 'nl'),
    display: 'default',
    image: image(snapshot, c.imageId),
    menu_order: c.menuOrder,
    custom_order: c.customOrder,
    age_limit: ageLimitOf(c.ageLimit),
    own_container: c.ownContainer,
    count: snapshot.categoryCounts.get(c.id) ?? 0,
    // The name's French and English (Bakje's extension), also as the products' meta keys.
    translations: { fr: c.name.fr ?? '', en: c.name.en ?? '' },
    meta_data: [
      { id: 1, key: 'english_translation', value: c.name.en ?? '' },
      { id: 2, key: 'french_translation', value: c.name.fr ?? '' },
      ...(c.cloudposCategoryId ? [{ id: 3, key: 'cloudpos_category_id', value: c.cloudposCategoryId }] : []),
    ],
  };
}
