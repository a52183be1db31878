import { describe, expect, it } from 'vitest';
import type { ListProduct } from '../api/types';
import { pickSuggestions, PER_CATEGORY } from './suggestions';

/** Only the fields the choice reads; the rest of a catalogue product does not matter here. */
const product = (databaseId: number, slugs: string[], stockStatus = 'IN_STOCK', ageLimit: number | null = null) =>
  ({ databaseId, stockStatus, ageLimit, productCategories: { nodes: slugs.map((slug) => ({ slug, name: slug })) } }) as unknown as ListProduct;

describe('kiosk suggestions before paying', () => {
  const menu = [
    product(1, ['frieten']),
    product(2, ['sauzen']),
    product(3, ['sauzen'], 'OUT_OF_STOCK'),
    product(4, ['dranken']),
    product(5, ['sauzen']),
    product(6, ['desserts', 'dranken']),
    ...Array.from({ length: 6 }, (_, i) => product(20 + i, ['snacks'])),
  ];

  it("follows the owner's categories in their order, in stock and not already ordered", () => {
    const ids = (slugs: string[], inCart: number[] = []) => pickSuggestions(menu, slugs, new Set(inCart)).map((p) => p.databaseId);
    expect(ids(['dranken', 'sauzen'])).toEqual([4, 6, 2, 5]);
    expect(ids(['sauzen', 'dranken'], [2])).toEqual([5, 4, 6]);
    expect(ids(['desserts', 'dranken'])).toEqual([6, 4]);
    expect(ids(['snacks'])).toHaveLength(PER_CATEGORY);
    expect(ids([])).toEqual([]);
    expect(ids(['bestaat-niet'])).toEqual([]);
  });

  it('never offers a 16+ or 18+ product, whoever stands at the kiosk', () => {
    const drinks = [product(1, ['dranken']), product(2, ['dranken'], 'IN_STOCK', 16), product(3, ['dranken'], 'IN_STOCK', 18), product(4, ['dranken'])];
    expect(pickSuggestions(drinks, ['dranken'], new Set()).map((p) => p.databaseId)).toEqual([1, 4]);
    // Only beers in the chosen category: nothing is offered (the step is skipped).
    expect(pickSuggestions([product(2, ['bieren'], 'IN_STOCK', 16)], ['bieren'], new Set())).toEqual([]);
  });
});
