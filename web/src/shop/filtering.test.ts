import { describe, expect, it } from 'vitest';
import { aProduct } from '../test/builders';
import {
  applyFilters,
  applySearch,
  applySort,
  listPrice,
  lowestPrice,
  pageWindow,
  paginate,
  parseFilter,
  parsePage,
  parseShopQuery,
  parseRawPrices,
  runShopQuery,
  serializeFilter,
  setFilterValues,
  shopHref,
  toggleFilterValue,
} from './filtering';

describe('parseFilter / serializeFilter', () => {
  it('parses the example of docs/product.md §2', () => {
    const entries = parseFilter('category[frieten,snacks],price[2,5],rating[4],sale[true],pa_formaat[groot]');
    expect(entries).toEqual([
      { name: 'category', values: ['frieten', 'snacks'] },
      { name: 'price', values: ['2', '5'] },
      { name: 'rating', values: ['4'] },
      { name: 'sale', values: ['true'] },
      { name: 'pa_formaat', values: ['groot'] },
    ]);
  });

  it('round-trips', () => {
    const raw = 'category[frieten,snacks],price[2,5],pa_formaat[groot]';
    expect(serializeFilter(parseFilter(raw))).toBe(raw);
  });

  it('keeps an open price bound', () => {
    expect(parseFilter('price[,5]')).toEqual([{ name: 'price', values: ['', '5'] }]);
    expect(serializeFilter([{ name: 'price', values: ['2', ''] }])).toBe('price[2,]');
  });

  it('merges repeated names and lower-cases them', () => {
    expect(parseFilter('Category[a],category[b,a]')).toEqual([{ name: 'category', values: ['a', 'b'] }]);
  });

  it.each(['category[frieten', 'category]frieten[', 'category[frieten]snacks[x]', 'cat egory[frieten]', '[frieten]', 'category[[x]]', 'just words'])(
    'ignores the malformed string %j as a whole',
    (raw) => {
      expect(parseFilter(raw)).toEqual([]);
    },
  );

  it('drops empty entries', () => {
    expect(parseFilter('category[],sale[true]')).toEqual([{ name: 'sale', values: ['true'] }]);
    expect(parseFilter('')).toEqual([]);
    expect(parseFilter(null)).toEqual([]);
  });

  it('sets and toggles values', () => {
    let entries = setFilterValues([], 'category', ['frieten']);
    entries = toggleFilterValue(entries, 'category', 'snacks');
    expect(serializeFilter(entries)).toBe('category[frieten,snacks]');
    entries = toggleFilterValue(entries, 'category', 'frieten');
    entries = toggleFilterValue(entries, 'category', 'snacks');
    expect(entries).toEqual([]);
  });
});

describe('query string and paths', () => {
  it('reads defaults', () => {
    const q = parseShopQuery(new URLSearchParams(''), undefined);
    expect(q).toEqual({ filters: [], search: '', orderby: null, order: 'DESC', page: 1 });
  });

  it('reads every parameter', () => {
    const q = parseShopQuery(new URLSearchParams('orderby=price&order=asc&search=%20Frik%20&filter=sale[true]'), '3');
    expect(q).toEqual({ filters: [{ name: 'sale', values: ['true'] }], search: 'Frik', orderby: 'price', order: 'ASC', page: 3 });
  });

  it('falls back to date for an unknown sort key and DESC for an unknown order', () => {
    const q = parseShopQuery(new URLSearchParams('orderby=popularity&order=sideways'));
    expect(q.orderby).toBe('date');
    expect(q.order).toBe('DESC');
  });

  it('validates the page suffix', () => {
    expect(parsePage(undefined)).toBe(1);
    expect(parsePage('2')).toBe(2);
    expect(parsePage('0')).toBeNull();
    expect(parsePage('-1')).toBeNull();
    expect(parsePage('abc')).toBeNull();
    expect(parsePage('2.5')).toBeNull();
  });

  it('builds hrefs with the /page/{n} suffix', () => {
    const base = { filters: [{ name: 'category', values: ['snacks'] }], search: 'frik', orderby: 'price' as const, order: 'ASC' as const };
    expect(shopHref(base, 1)).toBe('/bestellen?orderby=price&order=ASC&filter=category%5Bsnacks%5D&search=frik');
    expect(shopHref({ filters: [], search: '', orderby: null, order: 'DESC' }, 2)).toBe('/bestellen/page/2');
  });
});

describe('prices', () => {
  it('parses comma separated raw prices', () => {
    expect(parseRawPrices('3.20,4.10,5.00')).toEqual([3.2, 4.1, 5]);
    expect(parseRawPrices('')).toEqual([]);
    expect(parseRawPrices('abc, 2.5')).toEqual([2.5]);
  });
  it('uses the highest for the list and the lowest for "from"', () => {
    const p = aProduct({ rawPrice: '5.00,3.20,4.10' });
    expect(listPrice(p)).toBe(5);
    expect(lowestPrice(p)).toBe(3.2);
  });
});

describe('applyFilters', () => {
  const friet = aProduct({
    name: 'Friet',
    categories: ['frieten'],
    rawPrice: '3.20,4.10,5.00',
    terms: [
      ['pa_formaat', 'klein'],
      ['pa_formaat', 'groot'],
    ],
  });
  const frikandel = aProduct({ name: 'Frikandel', categories: ['snacks'], rawPrice: '2.80', averageRating: 4.5, onSale: true });
  const burger = aProduct({ name: 'Burger', categories: ['burgers'], rawPrice: '7.50', averageRating: 3.9 });
  const cola = aProduct({ name: 'Cola', categories: ['dranken'], rawPrice: '2.00', averageRating: 4 });
  const all = [friet, frikandel, burger, cola];

  it('category matches any chosen slug', () => {
    expect(applyFilters(all, parseFilter('category[snacks,dranken]'))).toEqual([frikandel, cola]);
  });
  it('price bounds are inclusive', () => {
    expect(applyFilters(all, parseFilter('price[2,5]'))).toEqual([friet, frikandel, cola]);
    expect(applyFilters(all, parseFilter('price[2.8,2.8]'))).toEqual([frikandel]);
    expect(applyFilters(all, parseFilter('price[5,]'))).toEqual([friet, burger]);
    expect(applyFilters(all, parseFilter('price[,2]'))).toEqual([cola]);
  });
  it('swaps reversed price bounds and ignores junk', () => {
    expect(applyFilters(all, parseFilter('price[5,2]'))).toEqual([friet, frikandel, cola]);
    expect(applyFilters(all, parseFilter('price[abc,def]'))).toEqual(all);
  });
  it('rating means at least', () => {
    expect(applyFilters(all, parseFilter('rating[4]'))).toEqual([frikandel, cola]);
  });
  it('sale keeps on-sale items; sale[false] filters nothing', () => {
    expect(applyFilters(all, parseFilter('sale[true]'))).toEqual([frikandel]);
    expect(applyFilters(all, parseFilter('sale[false]'))).toEqual(all);
  });
  it('attribute filters match taxonomy and slug', () => {
    expect(applyFilters(all, parseFilter('pa_formaat[groot]'))).toEqual([friet]);
    expect(applyFilters(all, parseFilter('pa_saus[groot]'))).toEqual([]);
  });
  it('combines filters and ignores unknown names', () => {
    expect(applyFilters(all, parseFilter('category[snacks,frieten],price[0,3],colour[red]'))).toEqual([frikandel]);
  });
});

describe('applySearch', () => {
  const a = aProduct({ name: 'Frikandel speciaal' });
  const b = aProduct({ name: 'Bicky', description: '<p>Met <strong>frikandel</strong>-saus</p>' });
  const c = aProduct({ name: 'Paté', shortDescription: 'Huisgemaakt' });
  it('matches name, description and short description, case-insensitively', () => {
    expect(applySearch([a, b, c], 'FRIKANDEL')).toEqual([a, b]);
    expect(applySearch([a, b, c], 'huisgemaakt')).toEqual([c]);
  });
  it('ignores accents and surrounding spaces; empty search keeps all', () => {
    expect(applySearch([a, b, c], '  pate ')).toEqual([c]);
    expect(applySearch([a, b, c], '')).toEqual([a, b, c]);
  });
  it('does not match markup', () => {
    expect(applySearch([b], 'strong')).toEqual([]);
  });
});

describe('applySort', () => {
  const x = aProduct({ name: 'banaan', rawPrice: '4.00', averageRating: 3, discountPercentage: 10, date: '2025-03-01T00:00:00Z' });
  const y = aProduct({ name: 'Appel', rawPrice: '2.00,6.00', averageRating: 5, discountPercentage: 0, date: '2025-01-01T00:00:00Z' });
  const z = aProduct({ name: 'citroen', rawPrice: '1.00', averageRating: 4, discountPercentage: 25, date: '2025-02-01T00:00:00Z' });
  const list = [x, y, z];
  const names = (ps: typeof list) => ps.map((p) => p.name);

  it('keeps menu order without orderby', () => {
    expect(applySort(list, null, 'DESC')).toEqual(list);
  });
  it('price uses the highest price', () => {
    expect(names(applySort(list, 'price', 'ASC'))).toEqual(['citroen', 'banaan', 'Appel']);
    expect(names(applySort(list, 'price', 'DESC'))).toEqual(['Appel', 'banaan', 'citroen']);
  });
  it('rating', () => {
    expect(names(applySort(list, 'rating', 'DESC'))).toEqual(['Appel', 'citroen', 'banaan']);
  });
  it('discount', () => {
    expect(names(applySort(list, 'discount', 'DESC'))).toEqual(['citroen', 'banaan', 'Appel']);
  });
  it('alphabetically, case-insensitive', () => {
    expect(names(applySort(list, 'alphabetically', 'ASC'))).toEqual(['Appel', 'banaan', 'citroen']);
    expect(names(applySort(list, 'alphabetically', 'DESC'))).toEqual(['citroen', 'banaan', 'Appel']);
  });
  it('date, newest first by default direction', () => {
    expect(names(applySort(list, 'date', 'DESC'))).toEqual(['banaan', 'citroen', 'Appel']);
    expect(names(applySort(list, 'date', 'ASC'))).toEqual(['Appel', 'citroen', 'banaan']);
  });
  it('is stable: ties keep menu order', () => {
    const a = aProduct({ rawPrice: '2.00' });
    const b = aProduct({ rawPrice: '2.00' });
    const c = aProduct({ rawPrice: '2.00' });
    expect(applySort([a, b, c], 'price', 'DESC')).toEqual([a, b, c]);
    expect(applySort([a, b, c], 'price', 'ASC')).toEqual([a, b, c]);
  });
  it('does not mutate its input', () => {
    const copy = [...list];
    applySort(list, 'price', 'ASC');
    expect(list).toEqual(copy);
  });
});

describe('paginate', () => {
  const items = Array.from({ length: 57 }, (_, i) => i + 1);
  it('cuts pages of 24', () => {
    const p1 = paginate(items, 1, 24);
    expect(p1.items).toHaveLength(24);
    expect(p1.pageCount).toBe(3);
    expect([p1.from, p1.to]).toEqual([1, 24]);
    const p3 = paginate(items, 3, 24);
    expect(p3.items).toEqual(items.slice(48));
    expect([p3.from, p3.to, p3.total]).toEqual([49, 57, 57]);
  });
  it('flags a page past the end', () => {
    const p = paginate(items, 4, 24);
    expect(p.outOfRange).toBe(true);
    expect(p.items).toEqual([]);
  });
  it('has one empty page for an empty list', () => {
    const p = paginate([], 1, 24);
    expect(p.pageCount).toBe(1);
    expect(p.outOfRange).toBe(false);
    expect(p.total).toBe(0);
  });
  it('windows page links', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
  });
});

describe('runShopQuery', () => {
  it('filters, then searches, then sorts, then pages', () => {
    const products = [
      aProduct({ name: 'Frikandel', categories: ['snacks'], rawPrice: '2.80' }),
      aProduct({ name: 'Frikandel XXL', categories: ['snacks'], rawPrice: '4.20' }),
      aProduct({ name: 'Frikandelbroodje', categories: ['broodjes'], rawPrice: '3.50' }),
      aProduct({ name: 'Kroket', categories: ['snacks'], rawPrice: '2.50' }),
    ];
    const query = parseShopQuery(new URLSearchParams('filter=category[snacks]&search=frik&orderby=price&order=DESC'));
    const page = runShopQuery(products, query, { perPage: 1 });
    expect(page.total).toBe(2);
    expect(page.items.map((p) => p.name)).toEqual(['Frikandel XXL']);
  });
});
