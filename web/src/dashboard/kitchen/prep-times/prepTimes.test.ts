import { describe, expect, it } from 'vitest';
import { formValues, inherited, prepTimesSchema, toBody } from './prepTimes';

describe('the preparation times form', () => {
  it('fills every listed category and product, empty without minutes of its own, and sends only the filled ones', () => {
    const values = formValues(
      { prepMinutes: 8, categoryPrepMinutes: { '3': 20, '99': 4 }, productPrepMinutes: { '40': 2 }, arrivalCategoryIds: [4, 99], arrivalDefaultMinutes: 15 },
      [3, 4],
      [40, 41],
    );
    expect(values).toEqual({
      prepMinutes: '8',
      categories: { c3: '20', c4: '' },
      products: { p40: '2', p41: '' },
      arrivalDefaultMinutes: '15',
      waits: { w3: false, w4: true },
    });
    const parsed = prepTimesSchema.parse({ ...values, categories: { c3: '20', c4: ' 0 ' }, waits: { w3: true, w4: true } });
    // Category 99 is no longer listed: dropped.
    expect(toBody(parsed)).toEqual({
      prepMinutes: 8,
      categoryPrepMinutes: { '3': 20, '4': 0 },
      productPrepMinutes: { '40': 2 },
      arrivalCategoryIds: [3, 4],
      arrivalDefaultMinutes: 15,
    });
    // "Ik kom eraan" offers 5, 10, 15 or 20 minutes first, nothing else.
    expect(prepTimesSchema.safeParse({ ...values, arrivalDefaultMinutes: '12' }).success).toBe(false);
  });

  it('refuses anything but whole minutes from 0 to 240, naming the field', () => {
    for (const bad of ['', '-1', '2.5', '241', 'acht']) {
      const result = prepTimesSchema.safeParse({ prepMinutes: bad, categories: {}, products: {}, arrivalDefaultMinutes: '10', waits: {} });
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ path: ['prepMinutes'], message: 'dashboard.prepTimes.invalid' });
    }
    const product = prepTimesSchema.safeParse({ prepMinutes: '8', categories: { c3: '' }, products: { p40: '300' }, arrivalDefaultMinutes: '10', waits: {} });
    expect(product.error?.issues[0]?.path).toEqual(['products', 'p40']);
  });

  it("shows what a product inherits: the longest of its categories' minutes, else the default", () => {
    expect(inherited([3, 4], { c3: '20', c4: '5' }, '8')).toBe('20');
    expect(inherited([4], { c4: '' }, '8')).toBe('8');
    expect(inherited([], {}, '8')).toBe('8');
  });
});
