import { describe, expectTypeOf, it } from 'vitest';
import type { ListProductFieldsFragment } from './catalog.generated';
import type { Flat, ListProduct } from './types';

// Checked by `npm run typecheck` (tsc reads the test files); at run time these assertions do nothing.
describe('Flat', () => {
  it('merges the per-type members of an inline-fragment selection into one object', () => {
    expectTypeOf<ListProduct['databaseId']>().toEqualTypeOf<number>();
    // Only SimpleProduct and VariableProduct select rawPrice: optional on the merged object.
    expectTypeOf<ListProduct>().toHaveProperty('rawPrice');
    expectTypeOf<ListProduct['rawPrice']>().toEqualTypeOf<string | null | undefined>();
    // Nested: attributes are GlobalProductAttribute (with slug) or LocalProductAttribute (without).
    expectTypeOf<ListProduct['attributes']['nodes'][number]['slug']>().toEqualTypeOf<string | undefined>();
  });

  it('accepts every member of the union it was made from', () => {
    expectTypeOf<ListProductFieldsFragment>().toExtend<ListProduct>();
    expectTypeOf<null>().toExtend<Flat<{ a: number } | null>>();
    expectTypeOf<NonNullable<Flat<{ a: number } | null>>['a']>().toEqualTypeOf<number>();
  });
});
