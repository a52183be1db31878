import { describe, expect, it } from 'vitest';
import { excerpt, reorder, stockOf, visibilityOf } from './listing';

describe('the products list', () => {
  it('cuts short descriptions at 88 characters of text plus an ellipsis', () => {
    expect(excerpt('<p>Vers <strong>gesneden</strong> &amp; twee keer gebakken</p>')).toBe('Vers gesneden & twee keer gebakken');
    const long = `<p>${'a'.repeat(100)}</p>`;
    expect(excerpt(long)).toBe(`${'a'.repeat(88)}…`);
    expect(excerpt(`<p>${'b'.repeat(88)}</p>`)).toBe('b'.repeat(88));
  });

  it('badges: draft before hidden before published; sold out today before the stock status', () => {
    expect(visibilityOf({ status: 'draft', catalog_visibility: 'hidden' })).toBe('draft');
    expect(visibilityOf({ status: 'publish', catalog_visibility: 'hidden' })).toBe('hidden');
    expect(visibilityOf({ status: 'publish', catalog_visibility: 'visible' })).toBe('published');
    const now = new Date('2026-11-24T12:00:00Z');
    const soldOut = (until: string) => ({ stock_status: 'outofstock' as const, meta_data: [{ id: 1, key: '_bakje_sold_out_until', value: until }] });
    expect(stockOf(soldOut('2026-11-24T22:00:00Z'), now)).toBe('soldout');
    expect(stockOf(soldOut('2026-11-24T11:00:00Z'), now)).toBe('outofstock');
    expect(stockOf({ stock_status: 'outofstock', meta_data: [] })).toBe('outofstock');
  });

  it('reorders a page with its own menu order numbers, or by position when they repeat', () => {
    const rows = [
      { id: 1, menu_order: 10 },
      { id: 2, menu_order: 20 },
      { id: 3, menu_order: 30 },
    ];
    expect(reorder(rows, 2, 0, 0)).toEqual([
      { id: 3, menu_order: 10 },
      { id: 1, menu_order: 20 },
      { id: 2, menu_order: 30 },
    ]);
    expect(reorder(rows, 0, 1, 0)).toEqual([
      { id: 2, menu_order: 10 },
      { id: 1, menu_order: 20 },
    ]);
    expect(reorder(rows, 1, 1, 0)).toEqual([]);
    const same = rows.map((r) => ({ ...r, menu_order: 0 }));
    expect(reorder(same, 0, 2, 50)).toEqual([
      { id: 2, menu_order: 50 },
      { id: 3, menu_order: 51 },
      { id: 1, menu_order: 52 },
    ]);
  });
});
