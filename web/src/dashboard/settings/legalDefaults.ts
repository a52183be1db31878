import { createIntl } from 'react-intl';
import { gql } from '../../api/client';
import { toIntlLocale, type LocaleCode } from '../../i18n/locale';
import { loadMessages } from '../../i18n/messages';
import { PaymentMethodsDocument } from '../../pages/info/info.generated';

export const LEGAL_SECTIONS = 5;
const LOCALE_OF = { nl: 'nl_BE', fr: 'fr_FR', en: 'en_US' } as const satisfies Record<string, LocaleCode>;

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The built-in terms or privacy text of one language (what the shop shows while the owner has no own text),
 * as HTML for the editor: the owner starts from it instead of from an empty page.
 */
export async function defaultLegalHtml(kind: 'terms' | 'privacy', lang: keyof typeof LOCALE_OF, values: { site: string; email: string }): Promise<string> {
  const locale = LOCALE_OF[lang];
  const [messages, payment] = await Promise.all([loadMessages(locale), gql(PaymentMethodsDocument, undefined, { locale })]);
  const intl = createIntl({ locale: toIntlLocale(locale), messages });
  const titles = [...new Set([...payment.paymentGateways.nodes, ...payment.multiSafepayGateways.nodes].map((g) => g.title))];
  const methods = intl.formatList(titles, { type: 'disjunction' });
  const parts = [`<p>${escape(intl.formatMessage({ id: `legal.${kind}.intro` }, values))}</p>`];
  for (let i = 1; i <= LEGAL_SECTIONS; i++) {
    parts.push(`<h2>${escape(intl.formatMessage({ id: `legal.${kind}.s${i}.title` }))}</h2>`);
    parts.push(`<p>${escape(intl.formatMessage({ id: `legal.${kind}.s${i}.body` }, { ...values, methods }))}</p>`);
  }
  return parts.join('\n');
}
