import { describe, expect, it } from 'vitest';
import { aProduct } from '../test/builders';
import { groupByCategory, menuPages, parseBoardParam, splitIntoPages } from './menuPages';

const cat = (slug: string) => ({ slug, name: slug });

describe('parseBoardParam', () => {
  it('accepts n and BKP-n', () => {
    expect(parseBoardParam('3')).toEqual({ page: 3, variant: 'standard' });
    expect(parseBoardParam('BKP-3')).toEqual({ page: 3, variant: 'bkp' });
    expect(parseBoardParam('bkp-12')).toEqual({ page: 12, variant: 'bkp' });
  });
  it('rejects anything else', () => {
    for (const raw of ['', 'abc', 'BKP-', 'BKP3', '3a', undefined]) expect(parseBoardParam(raw)).toBeNull();
  });
});

describe('menu pages', () => {
  it('lists each product once under its first category in menu order', () => {
    const both = aProduct({ categories: ['snacks', 'frieten'] });
    const groups = groupByCategory([cat('frieten'), cat('snacks')], [both]);
    expect(groups).toEqual([{ category: cat('frieten'), products: [both] }]);
  });

  it('keeps whole categories together and starts a new page when one does not fit', () => {
    const group = (slug: string, n: number) => ({ category: cat(slug), products: Array.from({ length: n }, (_, i) => `${slug}${i}`) });
    const pages = splitIntoPages([group('frieten', 6), group('sauzen', 8), group('snacks', 10), group('burgers', 4)], 16);
    expect(pages.map((p) => p.map((s) => s.category.slug))).toEqual([
      ['frieten', 'sauzen'],
      ['snacks', 'burgers'],
    ]);
  });

  it('splits a category longer than a page and marks the rest as continued', () => {
    const big = { category: cat('snacks'), products: Array.from({ length: 30 }, (_, i) => i) };
    const pages = splitIntoPages([big], 16);
    expect(pages).toHaveLength(2);
    expect(pages[0]![0]!.products).toHaveLength(15);
    expect(pages[0]![0]!.continued).toBe(false);
    expect(pages[1]![0]!.products).toHaveLength(15);
    expect(pages[1]![0]!.continued).toBe(true);
    const rows = pages.map((p) => p.reduce((n, s) => n + s.products.length + 1, 0));
    expect(Math.max(...rows)).toBeLessThanOrEqual(16);
  });

  it('never loses or duplicates a product', () => {
    const cats = ['a', 'b', 'c', 'd', 'e'].map(cat);
    const products = Array.from({ length: 53 }, (_, i) => aProduct({ categories: [cats[i % 5]!.slug] }));
    const pages = menuPages(cats, products, 14);
    const listed = pages.flatMap((p) => p.flatMap((s) => s.products));
    expect(listed).toHaveLength(53);
    expect(new Set(listed).size).toBe(53);
  });

  it('has no pages for an empty menu', () => {
    expect(menuPages([cat('a')], [])).toEqual([]);
  });
});
