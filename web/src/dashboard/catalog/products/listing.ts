import type { WcProduct } from './types';

/** docs/product.md §9: the back office shows short descriptions as 88 characters of text, markup stripped, plus an ellipsis. */
export const EXCERPT_LENGTH = 88;

export function excerpt(html: string): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH).trimEnd()}…` : text;
}

export type VisibilityBadge = 'published' | 'hidden' | 'draft';
export type StockBadge = 'instock' | 'outofstock' | 'onbackorder' | 'soldout';

export function visibilityOf(p: Pick<WcProduct, 'status' | 'catalog_visibility'>): VisibilityBadge {
  if (p.status !== 'publish') return 'draft';
  return p.catalog_visibility === 'hidden' ? 'hidden' : 'published';
}

/** The meta key that marks a product "sold out today" on the store REST API, with the moment it ends (ISO 8601). */
export const SOLD_OUT_META_KEY = '_bakje_sold_out_until';

/** "Sold out today" (set with one tap, until closing time) wins over the stock status. */
export function stockOf(p: Pick<WcProduct, 'stock_status' | 'meta_data'>, now: Date = new Date()): StockBadge {
  const until = p.meta_data.find((m) => m.key === SOLD_OUT_META_KEY)?.value;
  if (typeof until === 'string' && Date.parse(until) > now.getTime()) return 'soldout';
  return p.stock_status;
}

/**
 * The menu order after moving the row at `from` to `to` within one page of products: the page keeps its own
 * menu_order numbers (so other pages stay where they are), handed out again in the new order. When the page's
 * numbers are not all different, the page gets `offset + position` instead. Only the changed rows are returned.
 */
export function reorder(rows: readonly Pick<WcProduct, 'id' | 'menu_order'>[], from: number, to: number, offset: number): { id: number; menu_order: number }[] {
  if (from === to || from < 0 || to < 0 || from >= rows.length || to >= rows.length) return [];
  const moved = [...rows];
  const [row] = moved.splice(from, 1);
  moved.splice(to, 0, row!);
  const numbers = rows.map((r) => r.menu_order).sort((a, b) => a - b);
  const distinct = new Set(numbers).size === numbers.length;
  return moved
    .map((r, index) => ({ id: r.id, menu_order: distinct ? numbers[index]! : offset + index, was: r.menu_order }))
    .filter((r) => r.menu_order !== r.was)
    .map(({ id, menu_order }) => ({ id, menu_order }));
}
