/** The three shop languages. Dutch (Belgium) is the default. */
export type LocaleCode = 'nl_BE' | 'fr_FR' | 'en_US';
export type IntlLocale = 'nl-BE' | 'fr-FR' | 'en-US';

export const LOCALES: readonly LocaleCode[] = ['nl_BE', 'fr_FR', 'en_US'];
export const DEFAULT_LOCALE: LocaleCode = 'nl_BE';
export const LOCALE_COOKIE = 'bakje-locale';
export const LOCALE_HEADER = 'x-bakje-locale';
/** docs/product.md §9: the locale cookie lasts 365 days. */
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export const LOCALE_LABELS: Record<LocaleCode, { short: string; name: string }> = {
  nl_BE: { short: 'NL', name: 'Nederlands' },
  fr_FR: { short: 'FR', name: 'Français' },
  en_US: { short: 'EN', name: 'English' },
};

export function toIntlLocale(code: LocaleCode): IntlLocale {
  return code.replace('_', '-') as IntlLocale;
}

/** The two-letter language, for <html lang> we use the full BCP 47 tag. */
export function htmlLang(code: LocaleCode): string {
  return toIntlLocale(code);
}

/** Accepts nl_BE, nl-BE, nl, FR_fr, en-GB ...; anything else is null. */
export function parseLocale(value: string | null | undefined): LocaleCode | null {
  if (!value) return null;
  const prefix = value.trim().slice(0, 2).toLowerCase();
  if (prefix === 'nl') return 'nl_BE';
  if (prefix === 'fr') return 'fr_FR';
  if (prefix === 'en') return 'en_US';
  return null;
}

export function readCookie(cookieString: string, name: string): string | null {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function localeCookie(code: LocaleCode, secure = false): string {
  return `${LOCALE_COOKIE}=${code}; Max-Age=${LOCALE_COOKIE_MAX_AGE}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The browser's first shop language (what it sends as Accept-Language), or null. */
export function browserLocale(languages: readonly string[] | undefined): LocaleCode | null {
  for (const language of languages ?? []) {
    const code = parseLocale(language);
    if (code) return code;
  }
  return null;
}

/**
 * The locale the customer chose (the cookie), else the browser's language until they choose (issue 31), else
 * Dutch. The server's first paint picks the same (server/src/modules/first-paint/first-paint.ts firstPaintLang).
 */
export function initialLocale(): LocaleCode {
  if (typeof document === 'undefined') return DEFAULT_LOCALE;
  const languages = typeof navigator === 'undefined' ? undefined : navigator.languages?.length ? navigator.languages : [navigator.language];
  return parseLocale(readCookie(document.cookie, LOCALE_COOKIE)) ?? browserLocale(languages) ?? DEFAULT_LOCALE;
}

export function storeLocale(code: LocaleCode): void {
  document.cookie = localeCookie(code, window.location.protocol === 'https:');
  document.documentElement.lang = htmlLang(code);
}
