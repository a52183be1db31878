import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAYMENT_SURCHARGES_KEY } from '../payments/payment-surcharges.js';
import { computeTotals, includedVat } from './totals.js';
import { transactionCostFor, withTransactionCost } from './transaction-cost.js';

const settingsWith = (methods: Record<string, unknown>) => new Map<string, unknown>([[PAYMENT_SURCHARGES_KEY, { methods }]]);

describe('the transaction cost', () => {
  it('is the fixed part plus the percentage of the base, rounded half up to the cent; none without a base or a surcharge', () => {
    const settings = settingsWith({
      cod: { fixed: 25, percent: 0, vatRate: 21, label: '' },
      bancontact: { fixed: 10, percent: 1.5, vatRate: 6, label: 'Kaart' },
    });
    expect(transactionCostFor(settings, 'cod', 560)).toEqual({ method: 'cod', label: '', total: 25, tax: 4, vatRate: 21 });
    // 1.5 % of 1000 = 15, plus 10; 1.5 % of 1030 = 15.45 -> 15; of 1034 = 15.51 -> 16.
    expect(transactionCostFor(settings, 'bancontact', 1000)?.total).toBe(25);
    expect(transactionCostFor(settings, 'bancontact', 1030)?.total).toBe(25);
    expect(transactionCostFor(settings, 'bancontact', 1034)?.total).toBe(26);
    expect(transactionCostFor(settings, 'cod', 0)).toBeNull();
    expect(transactionCostFor(settings, 'visa', 1000)).toBeNull();
    expect(transactionCostFor(settings, 'giftcard', 1000)).toBeNull();
    expect(transactionCostFor(settings, null, 1000)).toBeNull();
    expect(transactionCostFor(new Map(), 'cod', 1000)).toBeNull();
    // A stored value that is no longer valid counts as none rather than as something else.
    expect(transactionCostFor(settingsWith({ cod: { fixed: -5, percent: 0, vatRate: 21, label: '' } }), 'cod', 1000)).toBeNull();
  });

  it('adds to its rate’s VAT line so that the lines still add up to the order and VAT is once per rate, over 2,000 orders', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ subtotal: fc.integer({ min: 0, max: 50_000 }), vatRateTakeaway: fc.constantFrom(6, 12, 21), vatRateOnSite: fc.constantFrom(6, 12, 21) }),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }).map((p) => p / 100),
        fc.constantFrom(0, 6, 12, 21),
        (lines, fixed, percent, vatRate) => {
          const totals = computeTotals(lines, 'takeaway', [], 0);
          const cost = transactionCostFor(settingsWith({ cod: { fixed, percent, vatRate, label: '' } }), 'cod', totals.total);
          const { vatLines, cost: added } = withTransactionCost(totals.vatLines, cost);
          const fee = added?.total ?? 0;
          expect(vatLines.reduce((sum, v) => sum + v.total, 0)).toBe(totals.total + fee);
          for (const v of vatLines) expect(v.tax).toBe(includedVat(v.total, v.rate));
          expect(vatLines.reduce((sum, v) => sum + v.tax, 0)).toBe(totals.totalTax + (added?.tax ?? 0));
        },
      ),
      { numRuns: 2000, seed: 48 },
    );
  });
});
