/**
 * Shop list rules (docs/product.md §4 and §5 "Search"): the whole product list is fetched once and the browser
 * applies filtering, then search, then sorting, then paging. Everything here is pure so it can be unit tested.
 *
 * URL shape: /bestellen[/page/{n}]?orderby=price&order=ASC&search=frik&filter=category[frieten,snacks],price[2,5]
 *
 * Decision: without an `orderby` parameter the list keeps the owner's menu order (what the server returns);
 * `orderby=date`, or any key we do not know, sorts by date. The direction defaults to DESC (docs/product.md §5).
 */
import type { ListProduct } from '../api/types';
import { foldText, stripTags } from '../lib/text';

export const SORT_KEYS = ['price', 'rating', 'discount', 'alphabetically', 'date'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortOrder = 'ASC' | 'DESC';

export interface FilterEntry {
  name: string;
  values: string[];
}

export interface ShopQuery {
  filters: FilterEntry[];
  search: string;
  /** null: keep menu order. */
  orderby: SortKey | null;
  order: SortOrder;
  page: number;
}

export const DEFAULT_PER_PAGE = 24;
const NAME_RE = /^[a-z0-9_-]+$/;

/**
 * Parses `name[v1,v2],name2[v3]`. A string that does not follow that grammar is ignored as a whole
 * (returns []), so a mangled link still shows the full list. Names are lower-cased, repeated names merged.
 */
export function parseFilter(raw: string | null | undefined): FilterEntry[] {
  if (!raw) return [];
  const s = raw.trim();
  const entries: FilterEntry[] = [];
  let i = 0;
  while (i < s.length) {
    const ch = s[i]!;
    if (ch === ',' || ch === ' ') {
      i += 1;
      continue;
    }
    const open = s.indexOf('[', i);
    if (open < 0) return [];
    const name = s.slice(i, open).trim().toLowerCase();
    if (!NAME_RE.test(name)) return [];
    const close = s.indexOf(']', open + 1);
    if (close < 0) return [];
    const inner = s.slice(open + 1, close);
    if (inner.includes('[')) return [];
    const values = inner.split(',').map((v) => v.trim());
    const kept = name === 'price' ? values : values.filter((v) => v !== '');
    const existing = entries.find((e) => e.name === name);
    if (existing) {
      for (const v of kept) if (!existing.values.includes(v)) existing.values.push(v);
    } else {
      entries.push({ name, values: kept });
    }
    i = close + 1;
    while (s[i] === ' ') i += 1;
    if (i < s.length && s[i] !== ',') return [];
  }
  return entries.filter((e) => e.values.some((v) => v !== ''));
}

export function serializeFilter(entries: readonly FilterEntry[]): string {
  return entries
    .map((e) => ({ name: e.name, values: e.name === 'price' ? e.values : e.values.filter((v) => v !== '') }))
    .filter((e) => e.values.some((v) => v !== ''))
    .map((e) => `${e.name}[${e.values.join(',')}]`)
    .join(',');
}

export function getFilterValues(entries: readonly FilterEntry[], name: string): string[] {
  return entries.find((e) => e.name === name)?.values ?? [];
}

/** Returns a new list with `name` set to `values` (removed when empty), keeping the others' order. */
export function setFilterValues(entries: readonly FilterEntry[], name: string, values: string[]): FilterEntry[] {
  const keep = values.some((v) => v !== '');
  const index = entries.findIndex((e) => e.name === name);
  if (index < 0) return keep ? [...entries, { name, values }] : [...entries];
  const next = [...entries];
  if (keep) next[index] = { name, values };
  else next.splice(index, 1);
  return next;
}

export function toggleFilterValue(entries: readonly FilterEntry[], name: string, value: string): FilterEntry[] {
  const current = getFilterValues(entries, name);
  const values = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  return setFilterValues(entries, name, values);
}

/** `/bestellen/page/{n}`: n must be a whole number from 1; anything else is invalid (null). */
export function parsePage(raw: string | undefined): number | null {
  if (raw === undefined) return 1;
  if (!/^\d{1,6}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 ? n : null;
}

export function parseSortKey(raw: string | null): SortKey | null {
  if (!raw) return null;
  const key = raw.trim().toLowerCase();
  return (SORT_KEYS as readonly string[]).includes(key) ? (key as SortKey) : 'date';
}

export function parseOrder(raw: string | null): SortOrder {
  return raw?.trim().toUpperCase() === 'ASC' ? 'ASC' : 'DESC';
}

export function parseShopQuery(params: URLSearchParams, pageParam?: string): ShopQuery {
  return {
    filters: parseFilter(params.get('filter')),
    search: (params.get('search') ?? '').trim(),
    orderby: parseSortKey(params.get('orderby')),
    order: parseOrder(params.get('order')),
    page: parsePage(pageParam) ?? 1,
  };
}

/** The query string for a shop state (page excluded: it lives in the path). Defaults are left out. */
export function shopSearchParams(query: Omit<ShopQuery, 'page'>): URLSearchParams {
  const params = new URLSearchParams();
  if (query.orderby) {
    params.set('orderby', query.orderby);
    params.set('order', query.order);
  }
  const filter = serializeFilter(query.filters);
  if (filter) params.set('filter', filter);
  if (query.search) params.set('search', query.search);
  return params;
}

export function shopPath(page: number): string {
  return page > 1 ? `/bestellen/page/${page}` : '/bestellen';
}

export function shopHref(query: Omit<ShopQuery, 'page'>, page = 1): string {
  const qs = shopSearchParams(query).toString();
  return qs ? `${shopPath(page)}?${qs}` : shopPath(page);
}

// ---- prices ----------------------------------------------------------------

/** "3.20,4.10,5.00" -> [3.2, 4.1, 5]; blanks and junk are dropped. */
export function parseRawPrices(raw: string | null | undefined): number[] {
  if (!raw) return [];
  return raw
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((n) => Number.isFinite(n) && n >= 0)
    .sort((a, b) => a - b);
}

/** The price the list sorts and filters on: the highest of a comma-separated list (docs/product.md §3). */
export function listPrice(product: Pick<ListProduct, 'rawPrice'>): number {
  const prices = parseRawPrices(product.rawPrice);
  return prices.length ? prices[prices.length - 1]! : 0;
}

/** The "from" price shown on a card of a variable product. */
export function lowestPrice(product: Pick<ListProduct, 'rawPrice'>): number | null {
  const prices = parseRawPrices(product.rawPrice);
  return prices.length ? prices[0]! : null;
}

export function hasPriceRange(product: Pick<ListProduct, 'rawPrice'>): boolean {
  const prices = parseRawPrices(product.rawPrice);
  return prices.length > 1 && prices[0] !== prices[prices.length - 1];
}

function discountOf(product: ListProduct): number {
  if (product.discountPercentage > 0) return product.discountPercentage;
  if (!product.onSale) return 0;
  const regular = parseRawPrices(product.rawRegularPrice);
  const sale = parseRawPrices(product.rawSalePrice);
  const r = regular[regular.length - 1];
  const s = sale[sale.length - 1];
  if (r === undefined || s === undefined || r <= 0 || s >= r) return 0;
  return Math.round(((r - s) * 100) / r);
}

// ---- filter, search, sort, page ---------------------------------------------

function parseBound(raw: string | undefined): number | null {
  if (raw === undefined || raw.trim() === '') return null;
  const n = Number(raw.replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

/** Each known filter narrows the list; unknown names and unusable values are ignored. */
export function applyFilters<T extends ListProduct>(products: readonly T[], entries: readonly FilterEntry[]): T[] {
  let result = [...products];
  for (const entry of entries) {
    const values = entry.values;
    if (entry.name === 'category') {
      const wanted = new Set(values.filter(Boolean));
      if (wanted.size === 0) continue;
      result = result.filter((p) => p.productCategories.nodes.some((c) => wanted.has(c.slug)));
    } else if (entry.name === 'price') {
      let min = parseBound(values[0]);
      let max = parseBound(values[1]);
      if (min === null && max === null) continue;
      if (min !== null && max !== null && min > max) [min, max] = [max, min];
      result = result.filter((p) => {
        const price = listPrice(p);
        return (min === null || price >= min - 1e-9) && (max === null || price <= max + 1e-9);
      });
    } else if (entry.name === 'rating') {
      const min = parseBound(values[0]);
      if (min === null) continue;
      result = result.filter((p) => (p.averageRating ?? 0) >= min);
    } else if (entry.name === 'sale') {
      if (values[0]?.toLowerCase() !== 'true') continue;
      result = result.filter((p) => p.onSale);
    } else if (entry.name.startsWith('pa_')) {
      const wanted = new Set(values.filter(Boolean));
      if (wanted.size === 0) continue;
      result = result.filter((p) => p.terms.nodes.some((t) => t.taxonomyName === entry.name && wanted.has(t.slug)));
    }
  }
  return result;
}

export function searchText(product: ListProduct): string {
  return foldText([product.name, stripTags(product.description), stripTags(product.shortDescription)].join(' \n '));
}

/** Case-insensitive (and accent-insensitive) substring over name, description and short description. */
export function applySearch<T extends ListProduct>(products: readonly T[], search: string): T[] {
  const needle = foldText(search.trim());
  if (!needle) return [...products];
  return products.filter((p) => searchText(p).includes(needle));
}

export function applySort<T extends ListProduct>(products: readonly T[], orderby: SortKey | null, order: SortOrder, locale = 'nl-BE'): T[] {
  const indexed = products.map((p, i) => ({ p, i }));
  if (!orderby) return indexed.map((x) => x.p);
  const dir = order === 'ASC' ? 1 : -1;
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const value = (p: T): number => {
    switch (orderby) {
      case 'price':
        return listPrice(p);
      case 'rating':
        return p.averageRating ?? 0;
      case 'discount':
        return discountOf(p);
      case 'date': {
        const t = Date.parse(p.date);
        return Number.isFinite(t) ? t : 0;
      }
      default:
        return 0;
    }
  };
  indexed.sort((a, b) => {
    const primary = orderby === 'alphabetically' ? collator.compare(a.p.name, b.p.name) : value(a.p) - value(b.p);
    return primary !== 0 ? primary * dir : a.i - b.i;
  });
  return indexed.map((x) => x.p);
}

export interface Page<T> {
  items: T[];
  page: number;
  pageCount: number;
  total: number;
  perPage: number;
  /** The first and last position shown (1-based), 0 when empty. */
  from: number;
  to: number;
  outOfRange: boolean;
}

export function paginate<T>(items: readonly T[], page: number, perPage = DEFAULT_PER_PAGE): Page<T> {
  const size = perPage > 0 ? Math.floor(perPage) : DEFAULT_PER_PAGE;
  const total = items.length;
  const pageCount = Math.max(1, Math.ceil(total / size));
  const outOfRange = page > pageCount || page < 1;
  const start = (page - 1) * size;
  const slice = outOfRange ? [] : items.slice(start, start + size);
  return {
    items: slice,
    page,
    pageCount,
    total,
    perPage: size,
    from: slice.length ? start + 1 : 0,
    to: slice.length ? start + slice.length : 0,
    outOfRange,
  };
}

/** Filtering, then search, then sorting (docs/product.md §4), then the page. */
export function runShopQuery<T extends ListProduct>(products: readonly T[], query: ShopQuery, options: { perPage?: number; locale?: string } = {}): Page<T> {
  const filtered = applyFilters(products, query.filters);
  const searched = applySearch(filtered, query.search);
  const sorted = applySort(searched, query.orderby, query.order, options.locale);
  return paginate(sorted, query.page, options.perPage);
}

/** Pages to link to: first, last, the current one and its neighbours, with null for a gap. */
export function pageWindow(page: number, pageCount: number, radius = 1): (number | null)[] {
  const pages = new Set<number>([1, pageCount]);
  for (let p = page - radius; p <= page + radius; p += 1) if (p >= 1 && p <= pageCount) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push(null);
    out.push(p);
  });
  return out;
}
