import type { CatalogVisibility, ProductType, StockStatus } from '../../db/schema/index.js';
import type { Lang } from '../i18n/locale.js';
import { translate } from '../i18n/locale.js';
import { isListed, type CatalogSnapshot, type ProductRecord } from './snapshot.js';

export type ProductOrderField = 'MENU_ORDER' | 'DATE' | 'PRICE' | 'REGULAR_PRICE' | 'SALE_PRICE' | 'RATING' | 'NAME' | 'SLUG' | 'TOTAL_SALES' | 'POPULARITY';

export interface ProductFilter {
  categoryIn?: string[];
  slugIn?: string[];
  include?: number[];
  exclude?: number[];
  search?: string;
  typeIn?: ProductType[];
  typeNotIn?: ProductType[];
  visibility?: CatalogVisibility;
  /** Euro cents, inclusive. */
  minPrice?: number;
  maxPrice?: number;
  onSale?: boolean;
  featured?: boolean;
  stockStatus?: StockStatus[];
  orderby?: { field: ProductOrderField; order: 'ASC' | 'DESC' }[];
}

function visibleFor(visibility: CatalogVisibility | undefined, record: ProductRecord): boolean {
  const v = record.row.catalogVisibility;
  switch (visibility) {
    case undefined:
      return true;
    case 'visible':
      return v === 'visible' || v === 'catalog';
    default:
      return v === visibility || v === 'visible';
  }
}

const highest = (record: ProductRecord) => (record.prices.length ? record.prices[record.prices.length - 1]! : 0);

function compare(field: ProductOrderField, lang: Lang): (a: ProductRecord, b: ProductRecord) => number {
  switch (field) {
    case 'MENU_ORDER':
      return (a, b) => a.row.menuOrder - b.row.menuOrder;
    case 'DATE':
      return (a, b) => a.row.createdAt.getTime() - b.row.createdAt.getTime();
    case 'PRICE':
      return (a, b) => highest(a) - highest(b);
    case 'REGULAR_PRICE':
      return (a, b) => (a.row.regularPrice ?? 0) - (b.row.regularPrice ?? 0);
    case 'SALE_PRICE':
      return (a, b) => (a.row.salePrice ?? 0) - (b.row.salePrice ?? 0);
    case 'RATING':
      return (a, b) => a.averageRating - b.averageRating;
    case 'NAME':
      return (a, b) => translate(a.row.name, lang).localeCompare(translate(b.row.name, lang), lang);
    case 'SLUG':
      return (a, b) => a.row.slug.localeCompare(b.row.slug);
    case 'TOTAL_SALES':
    case 'POPULARITY':
      return (a, b) => a.row.totalSales - b.row.totalSales;
  }
}

/**
 * The storefront product list: only published products that are shown in the store, never variations;
 * then the caller's filters, then its order (menu order when none is given). Ties fall back to id so
 * paging is stable.
 */
export function queryProducts(snapshot: CatalogSnapshot, filter: ProductFilter, lang: Lang): ProductRecord[] {
  const categoryIds = filter.categoryIn?.map((slug) => snapshot.categoriesBySlug.get(slug)?.id ?? -1);
  const search = filter.search?.trim().toLowerCase();
  const result = snapshot.list.filter((p) => {
    const row = p.row;
    if (!isListed(row) && !(filter.visibility === 'hidden' && row.catalogVisibility === 'hidden')) return false;
    if (!visibleFor(filter.visibility, p)) return false;
    if (filter.typeIn?.length && !filter.typeIn.includes(row.type)) return false;
    if (filter.typeNotIn?.includes(row.type)) return false;
    if (categoryIds && !p.categoryIds.some((id) => categoryIds.includes(id))) return false;
    if (filter.slugIn && !filter.slugIn.includes(row.slug)) return false;
    if (filter.include && !filter.include.includes(row.id)) return false;
    if (filter.exclude?.includes(row.id)) return false;
    if (filter.minPrice !== undefined && !p.prices.some((price) => price >= filter.minPrice!)) return false;
    if (filter.maxPrice !== undefined && !p.prices.some((price) => price <= filter.maxPrice!)) return false;
    if (filter.onSale !== undefined && isOnSale(p) !== filter.onSale) return false;
    if (filter.featured !== undefined && row.featured !== filter.featured) return false;
    if (filter.stockStatus?.length && !filter.stockStatus.includes(stockStatusOf(p))) return false;
    if (search && !p.searchText[lang].includes(search) && !p.searchText.nl.includes(search)) return false;
    return true;
  });
  const orderby = filter.orderby?.length ? filter.orderby : [{ field: 'MENU_ORDER' as const, order: 'ASC' as const }];
  const comparators = orderby.map(({ field, order }) => {
    const cmp = compare(field, lang);
    return order === 'DESC' ? (a: ProductRecord, b: ProductRecord) => cmp(b, a) : cmp;
  });
  return result.sort((a, b) => {
    for (const cmp of comparators) {
      const d = cmp(a, b);
      if (d !== 0) return d;
    }
    return a.row.id - b.row.id;
  });
}

export function isOnSale(p: ProductRecord): boolean {
  if (p.row.type === 'VARIABLE') return p.variations.some(isOnSale);
  const { salePrice, regularPrice } = p.row;
  return salePrice !== null && regularPrice !== null && salePrice < regularPrice;
}

/** A product or variation on its own: out of stock while "sold out today" (catalog/sold-out.ts). */
export function ownStockStatus(p: ProductRecord): StockStatus {
  return p.soldOut ? 'OUT_OF_STOCK' : p.row.stockStatus;
}

/** A variable product is in stock while any of its variations is (and it is not sold out itself). */
export function stockStatusOf(p: ProductRecord): StockStatus {
  if (p.row.type !== 'VARIABLE' || p.variations.length === 0 || p.soldOut) return ownStockStatus(p);
  if (p.variations.some((v) => ownStockStatus(v) === 'IN_STOCK')) return 'IN_STOCK';
  if (p.variations.some((v) => ownStockStatus(v) === 'ON_BACKORDER')) return 'ON_BACKORDER';
  return 'OUT_OF_STOCK';
}

/** Products sharing a category with this one, in menu order (deterministic, so it caches). */
export function relatedProducts(snapshot: CatalogSnapshot, product: ProductRecord, limit: number): ProductRecord[] {
  return snapshot.list
    .filter(
      (p) =>
        p.row.id !== product.row.id && isListed(p.row) && p.row.catalogVisibility !== 'search' && p.categoryIds.some((id) => product.categoryIds.includes(id)),
    )
    .slice(0, limit);
}
