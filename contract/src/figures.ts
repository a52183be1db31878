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
  /** The orders' totals less the refunds made on these days (docs/decisions/0039-refunds.md). */
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
  byPayment: FiguresBucket[];
  /** Per day for a range, per hour of the slot (or of the order when it has none) for one day. */
  series: FiguresBucket[];
  bestSellers: { name: string; quantity: number; gross: number }[];
  busiestSlots: { slot: string; orders: number }[];
  /** Not counted above, shown apart. */
  excluded: { cancelled: { orders: number; gross: number }; test: { orders: number; gross: number }; pending: { orders: number; gross: number } };
}
