import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, computeTotals, includedVat, type CouponDiscount, type PricedLine } from './totals.js';

const line = fc.record({
  subtotal: fc.integer({ min: 0, max: 500_000 }),
  vatRateTakeaway: fc.constantFrom(6, 12, 21),
  vatRateOnSite: fc.constantFrom(6, 12, 21),
});
const coupon: fc.Arbitrary<CouponDiscount> = fc.oneof(
  fc.record({ code: fc.constant('pct'), kind: fc.constant('percent' as const), amount: fc.integer({ min: 0, max: 100 }) }),
  fc.record({ code: fc.constant('fix'), kind: fc.constant('fixed_cart' as const), amount: fc.integer({ min: 0, max: 100_000 }) }),
);
const fulfilment = fc.constantFrom('delivery' as const, 'takeaway' as const, 'dinein' as const);

describe('computeTotals', () => {
  it('total = lines - discount + fee, VAT per rate adds up, nothing negative (1,000 random carts)', () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 100 }),
        fulfilment,
        fc.array(coupon, { maxLength: 3 }),
        fc.integer({ min: 0, max: 1000 }),
        (lines, type, coupons, fee) => {
          const t = computeTotals(lines, type, coupons, fee);
          const sumLines = lines.reduce((s, l) => s + l.subtotal, 0);
          expect(t.subtotal).toBe(sumLines);
          expect(t.total).toBe(sumLines - t.discountTotal + t.shippingTotal);
          expect(t.discountTotal).toBe(t.discounts.reduce((s, d) => s + d.amount, 0));
          expect(t.discountTotal).toBeGreaterThanOrEqual(0);
          expect(t.discountTotal).toBeLessThanOrEqual(sumLines);
          expect(t.total).toBeGreaterThanOrEqual(0);
          // Cents never drift: discounted lines plus the fee are exactly the VAT lines' gross amounts.
          expect(t.lines.reduce((s, l) => s + l.total, 0)).toBe(sumLines - t.discountTotal);
          expect(t.vatLines.reduce((s, v) => s + v.total, 0)).toBe(t.total);
          expect(t.totalTax).toBe(t.vatLines.reduce((s, v) => s + v.tax, 0));
          for (const v of t.vatLines) {
            expect(Number.isInteger(v.tax)).toBe(true);
            expect(v.tax).toBe(includedVat(v.total, v.rate));
          }
          for (const l of t.lines) expect(l.total).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('uses on-site rates for dine-in and takeaway rates otherwise', () => {
    const lines: PricedLine[] = [{ subtotal: 1060, vatRateTakeaway: 6, vatRateOnSite: 12 }];
    expect(computeTotals(lines, 'takeaway', [], 0).vatLines).toEqual([{ rate: 6, total: 1060, tax: 60 }]);
    expect(computeTotals(lines, 'dinein', [], 0).vatLines).toEqual([{ rate: 12, total: 1060, tax: 114 }]);
  });

  it('keeps a gift card sold outside VAT: rate 0 on its line, no VAT line, no share of the delivery fee', () => {
    const card: PricedLine = { subtotal: 2500, vatRateTakeaway: 6, vatRateOnSite: 12, outsideVat: true };
    const fries: PricedLine = { subtotal: 1060, vatRateTakeaway: 6, vatRateOnSite: 12 };
    const t = computeTotals([card, fries], 'delivery', [], 300);
    expect(t.total).toBe(3860);
    expect(t.lines[0]).toEqual({ total: 2500, vatRate: 0, tax: 0 });
    expect(t.vatLines).toEqual([{ rate: 6, total: 1360, tax: 77 }]);
    // Only gift cards delivered: the fee is taxed at the product's own rate.
    expect(computeTotals([card], 'delivery', [], 300).vatLines).toEqual([{ rate: 6, total: 300, tax: 17 }]);
    expect(computeTotals([card], 'takeaway', [], 0).vatLines).toEqual([]);
  });

  it('allocates exactly', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(0, [5, 5])).toEqual([0, 0]);
    expect(allocate(7, [0, 0])).toEqual([0, 0]);
  });
});
