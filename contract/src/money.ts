// The one way an amount of money is written for people, in every channel: the shop, the account, e-mails and
// the dashboard (issue 17: "€ 4.50" in Dutch e-mails, "€ -2,22" for a discount). Value-importable by the web
// (`@bakje/contract/money`): it has no dependencies.

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(locale: string): Intl.NumberFormat {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
    formatters.set(locale, formatter);
  }
  return formatter;
}

/** The shop languages' number conventions: Belgian Dutch and French, English with the euro. */
export function moneyLocale(language: string): string {
  const lang = language.slice(0, 2).toLowerCase();
  return lang === 'nl' ? 'nl-BE' : lang === 'fr' ? 'fr-BE' : 'en-IE';
}

export interface MoneyFormatOptions {
  /** "+€ 0,90" for an add-on's surcharge. */
  signed?: boolean;
}

/**
 * An amount in euros for `language` (nl, fr, en or a locale such as nl-BE). A negative amount starts with a
 * real minus sign before the currency ("−€ 2,22"), as a discount line reads.
 */
export function formatMoney(euros: number, language: string, options: MoneyFormatOptions = {}): string {
  const rounded = Math.round(euros * 100) / 100;
  const text = formatterFor(moneyLocale(language)).format(Math.abs(rounded));
  if (rounded < 0) return `\u2212${text}`;
  return options.signed ? `+${text}` : text;
}

/** Cents (as the server stores money) in the same way. */
export function formatCents(cents: number, language: string, options: MoneyFormatOptions = {}): string {
  return formatMoney(cents / 100, language, options);
}
