import type { CatalogSnapshot, CategoryRow, ProductRecord } from '../../../modules/catalog/snapshot.js';
import { centsToDecimal } from '../../../modules/catalog/money.js';
import { isOnSale, stockStatusOf } from '../../../modules/catalog/product-query.js';
import { translate } from '../../../modules/i18n/locale.js';
import type { StockStatus } from '../../../db/schema/index.js';

const STOCK: Record<StockStatus, string> = { IN_STOCK: 'instock', OUT_OF_STOCK: 'outofstock', ON_BACKORDER: 'onbackorder' };
export const wcStockStatuses = ['instock', 'outofstock', 'onbackorder'] as const;
export const wcStockStatusOf = (p: ProductRecord) => STOCK[stockStatusOf(p)];
const money = (cents: number | null) => (cents === null ? '' : centsToDecimal(cents));

function image(snapshot: CatalogSnapshot, id: number | null) {
  const row = id === null ? undefined : snapshot.media.get(id);
  return row ? { id: row.id, src: row.src, name: row.title, alt: row.altText, date_created: row.createdAt.toISOString().slice(0, 19) } : null;
}

/** A product in the WooCommerce REST v3 shape (docs/interfaces.md §2), names in the shop language (nl). */
export function productShape(snapshot: CatalogSnapshot, p: ProductRecord) {
  const row = p.row;
  const effective = p.prices.length ? Math.max(...p.prices) : null;
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
    sale_price: money(row.salePrice),
    on_sale: isOnSale(p),
    stock_status: wcStockStatusOf(p),
    manage_stock: row.manageStock,
    stock_quantity: row.stockQuantity,
    menu_order: row.menuOrder,
    date_created: row.createdAt.toISOString().slice(0, 19),
    date_modified: row.updatedAt.toISOString().slice(0, 19),
    categories: p.categoryIds
      .map((id) => snapshot.categories.get(id))
      .filter((c): c is CategoryRow => c !== undefined)
      .map((c) => ({ id: c.id, name: translate(c.name, 'nl'), slug: c.slug })),
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
    variations: p.variations.map((v) => v.row.id),
    upsell_ids: p.upsellIds,
    cross_sell_ids: p.crossSellIds,
    average_rating: p.averageRating.toFixed(2),
    rating_count: p.reviews.length,
    meta_data: [
      ...row.metaData.map((m, i) => ({ id: i + 1, key: m.key, value: m.value })),
      { id: row.metaData.length + 1, key: 'english_translation', value: row.name.en ?? '' },
      { id: row.metaData.length + 2, key: 'french_translation', value: row.name.fr ?? '' },
      ...(row.maxQuantity !== null ? [{ id: row.metaData.length + 3, key: 'max_amount', value: row.maxQuantity }] : []),
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
