import type { OrderTransactionCost, VatLine } from '../../db/schema/index.js';
import type { Lang } from '../i18n/locale.js';
import { isSurchargeMethod, paymentSurchargesFrom } from '../payments/payment-surcharges.js';
import { includedVat } from './totals.js';

/** The transaction cost of a cart or order for its payment method (docs/decisions/0048-transaction-cost.md). */
export interface TransactionCost {
  method: string;
  /** The owner's label, or empty for the default text in the reader's language (transactionCostLabel). */
  label: string;
  /** Cents, VAT included. */
  total: number;
  tax: number;
  vatRate: number;
}

const DEFAULT_LABELS: Record<Lang, string> = { nl: 'Transactiekosten', fr: 'Frais de transaction', en: 'Transaction cost' };

export function transactionCostLabel(cost: Pick<TransactionCost, 'label'>, lang: Lang): string {
  return cost.label || DEFAULT_LABELS[lang];
}

/** Whether `method` carries a transaction cost at all (a cart priced without it is then the same). */
export function chargesTransactionCost(settings: Map<string, unknown>, method: string | null | undefined): boolean {
  if (!method || !isSurchargeMethod(method)) return false;
  const surcharge = paymentSurchargesFrom(settings).methods[method];
  return surcharge.fixed > 0 || surcharge.percent > 0;
}

/**
 * The one computation of a transaction cost: `base` is what the method pays before it (the goods after
 * discounts, plus the delivery fee, minus what gift cards pay); the fixed part plus the percentage of the base,
 * rounded half up to the cent, VAT included at the method's rate. Nothing to pay by the method: no cost.
 */
export function transactionCostFor(settings: Map<string, unknown>, method: string | null | undefined, base: number): TransactionCost | null {
  if (!method || !isSurchargeMethod(method) || base <= 0) return null;
  const surcharge = paymentSurchargesFrom(settings).methods[method];
  // In hundredths of a percent (settings allow two decimals): an exact integer product, so a half cent rounds up.
  const total = surcharge.fixed + Math.round((base * Math.round(surcharge.percent * 100)) / 10_000);
  if (total <= 0) return null;
  return { method, label: surcharge.label, total, tax: includedVat(total, surcharge.vatRate), vatRate: surcharge.vatRate };
}

/**
 * The VAT lines with the transaction cost added at its rate (the ticket's VAT table and the day's figures read
 * them). VAT is computed once per rate on the gross amount (docs/interfaces.md §6), as for the goods, so the
 * cost's own tax is what it adds to its rate's line (it can differ by a cent from its VAT alone).
 */
export function withTransactionCost(vatLines: VatLine[], cost: TransactionCost | null): { vatLines: VatLine[]; cost: TransactionCost | null } {
  if (!cost) return { vatLines, cost };
  const byRate = new Map(vatLines.map((v) => [v.rate, { ...v }]));
  const at = byRate.get(cost.vatRate) ?? { rate: cost.vatRate, total: 0, tax: 0 };
  const taxBefore = at.tax;
  at.total += cost.total;
  at.tax = includedVat(at.total, cost.vatRate);
  byRate.set(cost.vatRate, at);
  return { vatLines: [...byRate.values()].sort((a, b) => a.rate - b.rate), cost: { ...cost, tax: at.tax - taxBefore } };
}

/** An order's money as stored (cents): what `repriceForMethod` changes. */
export interface OrderMoney {
  total: number;
  totalTax: number;
  vatLines: VatLine[];
  transactionCost: OrderTransactionCost | null;
}

/**
 * The order's money when it is paid by `method` instead of the method it was placed with (a card order paid
 * cash instead): the old method's transaction cost comes off its VAT line and the new one's is added, on the
 * same base (what is left to pay after gift cards).
 */
export function repriceForMethod(order: OrderMoney, settings: Map<string, unknown>, method: string): OrderMoney {
  const old = order.transactionCost;
  const base = order.total - (old?.total ?? 0);
  let vatLines = order.vatLines;
  if (old) {
    vatLines = vatLines
      .map((v) => (v.rate === old.vatRate ? { rate: v.rate, total: v.total - old.total, tax: includedVat(v.total - old.total, v.rate) } : v))
      .filter((v) => v.total !== 0);
  }
  const added = withTransactionCost(vatLines, transactionCostFor(settings, method, base));
  const cost = added.cost;
  return {
    total: base + (cost?.total ?? 0),
    totalTax: added.vatLines.reduce((sum, v) => sum + v.tax, 0),
    vatLines: added.vatLines,
    transactionCost: cost ? { label: cost.label, total: cost.total, tax: cost.tax, vatRate: cost.vatRate } : null,
  };
}
