/**
 * Prices in the dashboard: staff see and type a comma as the decimal separator ("3,50"); the store REST API
 * takes and gives decimal strings with a point ("3.50", docs/interfaces.md §2), and "" for no price.
 */

/** Up to six digits of euros and two of cents, a comma or a point between them. */
const TYPED = /^(\d{1,6})(?:[.,](\d{0,2}))?$/;

/** What staff typed ("3,5", " 3,50 ", "3.50", "3") as the API's decimal ("3.50"); "" stays ""; anything else is null. */
export function parsePrice(input: string): string | null {
  const text = input.trim().replace(/^€\s*/, '');
  if (text === '') return '';
  const match = TYPED.exec(text);
  if (!match) return null;
  const euros = String(Number(match[1]));
  const cents = (match[2] ?? '').padEnd(2, '0');
  return `${euros}.${cents}`;
}

/** The API's decimal ("3.50", "3", "") as staff read it ("3,50", "3,00", ""). */
export function formatPrice(decimal: string | null | undefined): string {
  if (decimal === null || decimal === undefined || decimal === '') return '';
  const cents = toCents(decimal);
  if (cents === null) return decimal;
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
}

/** A decimal or typed price in cents, or null when it is empty or not a price. */
export function toCents(value: string): number | null {
  const decimal = parsePrice(value);
  if (decimal === null || decimal === '') return null;
  const [euros, cents] = decimal.split('.') as [string, string];
  return Number(euros) * 100 + Number(cents);
}

/** Cents as the API's decimal string (1234 → "12.34"). */
export function centsToDecimal(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * A price changed by a percentage (+10 or -15), rounded to the cent, never below zero; "" stays "".
 * Used by the list's bulk price change, which previews every new price before it is sent.
 */
export function changeByPercent(decimal: string, percent: number): string {
  const cents = toCents(decimal);
  if (cents === null) return decimal;
  return centsToDecimal(Math.max(0, Math.round((cents * (100 + percent)) / 100)));
}
