// Cash rounding (docs/decisions/0080-cash-rounding.md): a total paid in cash in Belgium is rounded to the
// nearest 5 cents (Code of Economic Law art. VI.7/1, compulsory since 1 December 2019 by the law of 2019 on
// rounding cash payments); a card payment never is. VAT is computed on the unrounded amounts: the rounding is a
// line of its own, outside VAT.
import { COUNTER_PAID_METHODS, KIOSK_COUNTER_METHOD } from './kiosk.js';

/**
 * The payment methods paid in cash: the web's cash on collection (`cod`, also "pay cash instead"), a kiosk
 * order waiting to be paid at the counter, and a counter payment staff took in cash. Staff confirming a counter
 * payment by card (`counter_card`) takes the rounding off again.
 */
export const CASH_METHODS: readonly string[] = ['cod', KIOSK_COUNTER_METHOD, COUNTER_PAID_METHODS.cash];

/** The id of the rounding in the storefront's fee lists (GraphQL `Cart.fees`); the store REST API names it "Afronding". */
export const CASH_ROUNDING_FEE_ID = 'cash-rounding';

export function isCashMethod(method: string | null | undefined): boolean {
  return !!method && CASH_METHODS.includes(method);
}

/**
 * What rounding `cents` to the nearest 5 cents adds (negative: takes off): a last digit of 1 or 2 goes down
 * to 0, 3 to 7 to 5, 8 or 9 up to 10. Always between -2 and +2.
 */
export function cashRoundingOf(cents: number): number {
  const rest = ((cents % 5) + 5) % 5;
  if (rest === 0) return 0;
  return rest <= 2 ? -rest : 5 - rest;
}

/** Only an amount to pay of more than this is rounded (the rule's own threshold: 1 to 5 cents stay as they are). */
export const CASH_ROUNDING_MINIMUM = 5;

/**
 * The rounding a payment by `method` of `unrounded` cents gets: none for a card, none for 5 cents or less to
 * pay (what gift cards left, for example).
 */
export function cashRoundingFor(method: string | null | undefined, unrounded: number): number {
  if (!isCashMethod(method) || unrounded <= CASH_ROUNDING_MINIMUM) return 0;
  return cashRoundingOf(unrounded);
}

/** The rounding line's name in each shop language (the printed ticket and the store REST API use the Dutch). */
export const CASH_ROUNDING_LABELS: Readonly<Record<'nl' | 'fr' | 'en', string>> = { nl: 'Afronding', fr: 'Arrondi', en: 'Rounding' };
