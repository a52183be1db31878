import { COUNTER_PAID_METHODS, KIOSK_COUNTER_METHOD, KIOSK_TERMINAL_METHOD } from '@bakje/contract';
import type { Lang } from '../i18n/locale.js';

/**
 * The titles of Bakje's own payment methods in each language. An order stores the title it was placed with
 * (WooCommerce's `payment_method_title`, kept for the REST API); screens show it in the viewer's language
 * instead (docs/decisions/0071-age-restricted-products-staff-language.md). Providers' methods keep their brand
 * name ("Bancontact"), the same in every language.
 */
const OWN_TITLES: Record<string, Record<Lang, string>> = {
  cod: { nl: 'Contant', fr: 'Espèces', en: 'Cash' },
  stripe: { nl: 'Kredietkaart (Stripe)', fr: 'Carte de crédit (Stripe)', en: 'Credit card (Stripe)' },
  [KIOSK_TERMINAL_METHOD]: { nl: 'Betaalterminal', fr: 'Terminal de paiement', en: 'Card terminal' },
  [KIOSK_COUNTER_METHOD]: { nl: 'Betalen aan de toonbank', fr: 'Payer au comptoir', en: 'Pay at the counter' },
  [COUNTER_PAID_METHODS.cash]: { nl: 'Contant aan de toonbank', fr: 'Espèces au comptoir', en: 'Cash at the counter' },
  [COUNTER_PAID_METHODS.card]: { nl: 'Kaart aan de toonbank', fr: 'Carte au comptoir', en: 'Card at the counter' },
};

/** The method's title in `lang`: Bakje's own methods translated, any other the title stored with the order. */
export function paymentMethodTitleIn(method: string, storedTitle: string, lang: Lang): string {
  return OWN_TITLES[method]?.[lang] ?? (storedTitle || method);
}
