/** The `byPayment` key of what gift cards paid (the others are the payment methods' titles). */
export const FIGURES_GIFT_CARD = 'gift_card';

/** Money in euro cents. */
export interface FiguresBucket {
  key: string;
  orders: number;
  gross: number;
}

export interface FiguresVatRate {
  rate: number;
  net: number;
  tax: number;
  gross: number;
}

/** GET /api/figures?from=YYYY-MM-DD&to=YYYY-MM-DD (pickup days in the shop's time zone). */
export interface Figures {
  from: string;
  to: string;
  timeZone: string;
  orders: number;
  /**
   * The VAT turnover: the orders' goods and delivery however they were paid (a gift card is a means of payment),
   * without gift cards sold, less the refunds made on these days (docs/decisions/0039-refunds.md, 0054).
   */
  gross: number;
  tax: number;
  net: number;
  /** Per order, before refunds. */
  average: number;
  /** Per VAT rate, less the refunds made on these days. */
  vat: FiguresVatRate[];
  /** Refunds made on these days (by the day of the refund, not of the order): negative amounts per rate. */
  refunds: { count: number; gross: number; tax: number; net: number; vat: FiguresVatRate[] };
  byChannel: FiguresBucket[];
  byFulfilment: FiguresBucket[];
  /**
   * What was paid by each means: the payment method's title, and `gift_card` (FIGURES_GIFT_CARD) for what gift cards
   * paid. An order paid partly by gift card is in both; the buckets add up to `gross` before refunds plus `giftCardsSold`
   * plus `cashRounding`.
   */
  byPayment: FiguresBucket[];
  /**
   * The cash rounding of the counted orders (docs/decisions/0080-cash-rounding.md): cents the rounding to 5 cents
   * added (negative: took off) in all. Outside VAT: not in `gross` or `vat`, but in the cash methods' `byPayment`.
   */
  cashRounding: number;
  /** Gift cards sold (multi-purpose vouchers: outside VAT when sold, not in `gross` or `vat`): cards and their price. */
  giftCardsSold: { count: number; amount: number };
  /** Per day for a range, per hour of the slot (or of the order when it has none) for one day. */
  series: FiguresBucket[];
  bestSellers: { name: string; quantity: number; gross: number }[];
  busiestSlots: { slot: string; orders: number }[];
  /** Not counted above, shown apart. */
  excluded: { cancelled: { orders: number; gross: number }; test: { orders: number; gross: number }; pending: { orders: number; gross: number } };
}
