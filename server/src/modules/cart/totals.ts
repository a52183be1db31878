import type { FulfilmentType, VatLine } from '../../db/schema/index.js';

/** A cart or order line as the totals see it: gross amounts in cents, VAT included. */
export interface PricedLine {
  /** Unit price × quantity plus every add-on's price. */
  subtotal: number;
  vatRateTakeaway: number;
  vatRateOnSite: number;
  /**
   * A gift card sold (a multi-purpose voucher): outside VAT when sold, VAT is due on what it later pays for
   * (docs/decisions/0054-gift-card-sales-figures.md). Rate 0 on the line, no VAT line, no share of the fee.
   */
  outsideVat?: boolean;
}

export interface CouponDiscount {
  code: string;
  kind: 'percent' | 'fixed_cart' | 'fixed_product';
  /** Percent (whole number) or cents (per cart, or per unit of each line it applies to). */
  amount: number;
  /** Per input line, whether the coupon applies to it (its product restrictions); absent: every line. */
  lines?: boolean[];
  /** Per input line, its quantity (fixed_product discounts per unit); absent: 1. */
  quantities?: number[];
  freeShipping?: boolean;
}

export interface Totals {
  subtotal: number;
  discountTotal: number;
  discounts: { code: string; amount: number }[];
  shippingTotal: number;
  total: number;
  totalTax: number;
  vatLines: VatLine[];
  /** Per input line: its total after its share of the discount, its VAT rate and tax. */
  lines: { total: number; vatRate: number; tax: number }[];
}

/** VAT contained in a gross amount at a rate: gross × r / (100 + r), rounded half up to the cent. */
export function includedVat(gross: number, rate: number): number {
  return Math.round((gross * rate) / (100 + rate));
}

/**
 * Splits `amount` over `weights` in proportion, in whole cents, so that the parts add up exactly
 * (largest remainder). Used for discounts over lines and the delivery fee over VAT rates.
 */
export function allocate(amount: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || amount === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / sum);
  const parts = exact.map(Math.floor);
  let rest = amount - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, frac: x - Math.floor(x) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (rest <= 0) break;
    parts[i]! += 1;
    rest -= 1;
  }
  return parts;
}

/** Eating on site uses the on-site rates; takeaway and delivery the takeaway rates (docs/interfaces.md §6). */
export function vatRateFor(line: Pick<PricedLine, 'vatRateTakeaway' | 'vatRateOnSite'>, fulfilment: FulfilmentType): number {
  return fulfilment === 'dinein' ? line.vatRateOnSite : line.vatRateTakeaway;
}

/**
 * All money of a cart or order, in integer cents: coupons apply in order on what is left, the discount is
 * shared over the lines in proportion, the delivery fee is taxed like the goods it delivers (shared over
 * the VAT rates in proportion), and VAT is computed once per rate on the gross amounts.
 */
export function computeTotals(lines: PricedLine[], fulfilment: FulfilmentType, coupons: CouponDiscount[], shippingFee: number): Totals {
  const subtotal = lines.reduce((sum, line) => sum + line.subtotal, 0);
  // What is left of each line after the coupons before: each coupon takes from the lines it applies to.
  const left = lines.map((l) => l.subtotal);
  const discounts = coupons.map((coupon) => {
    const applies = lines.map((_, i) => coupon.lines?.[i] ?? true);
    const base = left.reduce((sum, value, i) => sum + (applies[i] ? value : 0), 0);
    const wanted =
      coupon.kind === 'percent'
        ? Math.round((base * Math.min(Math.max(coupon.amount, 0), 100)) / 100)
        : coupon.kind === 'fixed_product'
          ? lines.reduce((sum, _, i) => sum + (applies[i] ? Math.max(coupon.amount, 0) * (coupon.quantities?.[i] ?? 1) : 0), 0)
          : Math.max(coupon.amount, 0);
    const amount = Math.min(base, wanted);
    const shares = allocate(
      amount,
      left.map((value, i) => (applies[i] ? value : 0)),
    );
    shares.forEach((share, i) => (left[i]! -= share));
    return { code: coupon.code, amount };
  });
  const remaining = left.reduce((a, b) => a + b, 0);
  const discountTotal = subtotal - remaining;
  if (coupons.some((c) => c.freeShipping)) shippingFee = 0;
  const rates = lines.map((line) => (line.outsideVat ? 0 : vatRateFor(line, fulfilment)));
  const lineTotals = left;

  const grossPerRate = new Map<number, number>();
  lineTotals.forEach((total, i) => {
    if (!lines[i]!.outsideVat) grossPerRate.set(rates[i]!, (grossPerRate.get(rates[i]!) ?? 0) + total);
  });
  const shippingTotal = lines.length ? shippingFee : 0;
  // Delivering only gift cards: the fee is a service taxed at the product's own rate.
  if (shippingTotal > 0 && grossPerRate.size === 0) grossPerRate.set(vatRateFor(lines[0]!, fulfilment), 0);
  if (shippingTotal > 0) {
    const rateKeys = [...grossPerRate.keys()];
    const shares = allocate(
      shippingTotal,
      rateKeys.map((r) => grossPerRate.get(r)!),
    );
    // An order made free by coupons still pays its fee at the first rate.
    if (!shares.some((s) => s > 0) && rateKeys.length) shares[0] = shippingTotal;
    rateKeys.forEach((rate, i) => grossPerRate.set(rate, grossPerRate.get(rate)! + shares[i]!));
  }
  const vatLines = [...grossPerRate.entries()].sort(([a], [b]) => a - b).map(([rate, total]) => ({ rate, total, tax: includedVat(total, rate) }));
  return {
    subtotal,
    discountTotal,
    discounts,
    shippingTotal,
    total: remaining + shippingTotal,
    totalTax: vatLines.reduce((sum, v) => sum + v.tax, 0),
    vatLines,
    lines: lineTotals.map((total, i) => ({ total, vatRate: rates[i]!, tax: includedVat(total, rates[i]!) })),
  };
}
