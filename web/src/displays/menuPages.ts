/**
 * Digital menu boards: the ordered categories and their products are split over pages of at most
 * MAX_ROWS rows (a category heading counts as a row). Whole categories stay together when they fit;
 * a category longer than a page continues on the next one. Pure, unit tested.
 */
import type { Category, ListProduct } from '../api/types';

/**
 * Rows per 1920x1080 board: two columns of about 12 rows at 44 px type (readable from 4 m).
 * With the demo menu this gives four boards: frieten+sauzen, snacks, burgers+vegetarisch+schotels,
 * dranken+desserts.
 */
export const MAX_ROWS = 24;

export interface BoardSection<P> {
  category: Pick<Category, 'slug' | 'name'>;
  products: P[];
  /** True for the second and later parts of a category that did not fit on one page. */
  continued: boolean;
}

export type BoardPage<P> = BoardSection<P>[];

export interface BoardParam {
  page: number;
  variant: 'standard' | 'bkp';
}

/** "3" -> page 3; "BKP-3" -> page 3 on a back panel. Anything else is null. */
export function parseBoardParam(raw: string | undefined): BoardParam | null {
  if (!raw) return null;
  const m = /^(bkp-)?(\d{1,3})$/i.exec(raw.trim());
  if (!m) return null;
  return { page: Number(m[2]), variant: m[1] ? 'bkp' : 'standard' };
}

/** Each product is listed once, under the first of its categories in menu order. */
export function groupByCategory<P extends Pick<ListProduct, 'productCategories'>>(
  categories: readonly Pick<Category, 'slug' | 'name'>[],
  products: readonly P[],
): { category: Pick<Category, 'slug' | 'name'>; products: P[] }[] {
  const rank = new Map(categories.map((c, i) => [c.slug, i]));
  const buckets = categories.map((category) => ({ category, products: [] as P[] }));
  for (const p of products) {
    let best: number | undefined;
    for (const c of p.productCategories.nodes) {
      const r = rank.get(c.slug);
      if (r !== undefined && (best === undefined || r < best)) best = r;
    }
    if (best !== undefined) buckets[best]!.products.push(p);
  }
  return buckets.filter((b) => b.products.length > 0);
}

export function splitIntoPages<P>(groups: readonly { category: Pick<Category, 'slug' | 'name'>; products: P[] }[], maxRows = MAX_ROWS): BoardPage<P>[] {
  const rowsPerPage = Math.max(2, maxRows);
  const pages: BoardPage<P>[] = [];
  let current: BoardPage<P> = [];
  let used = 0;
  const flush = () => {
    if (current.length) pages.push(current);
    current = [];
    used = 0;
  };
  for (const group of groups) {
    const rows = group.products.length + 1;
    if (used > 0 && used + rows > rowsPerPage) flush();
    if (rows <= rowsPerPage - used) {
      current.push({ category: group.category, products: [...group.products], continued: false });
      used += rows;
      continue;
    }
    // Longer than what is left of a page: spill over page by page.
    let rest = [...group.products];
    let continued = false;
    while (rest.length) {
      const room = rowsPerPage - used - 1;
      if (room <= 0) {
        flush();
        continue;
      }
      current.push({ category: group.category, products: rest.slice(0, room), continued });
      used += Math.min(room, rest.length) + 1;
      rest = rest.slice(room);
      continued = true;
      if (rest.length) flush();
    }
  }
  flush();
  return pages;
}

export function menuPages<P extends Pick<ListProduct, 'productCategories'>>(
  categories: readonly Pick<Category, 'slug' | 'name'>[],
  products: readonly P[],
  maxRows = MAX_ROWS,
): BoardPage<P>[] {
  return splitIntoPages(groupByCategory(categories, products), maxRows);
}
