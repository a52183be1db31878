import type { Translated } from '../../db/schema/index.js';

/** The three shop languages. 'nl' is the default and the fallback for missing translations. */
export type Lang = 'nl' | 'fr' | 'en';
export const LOCALES = { nl: 'nl_BE', fr: 'fr_FR', en: 'en_US' } as const satisfies Record<Lang, string>;
export const LOCALE_COOKIE = 'bakje-locale';
export const LOCALE_HEADER = 'x-bakje-locale';

/** Accepts nl_BE, nl-BE, nl, fr_FR, FR_FR, en-US ...; anything else is null. */
export function parseLang(value: string | undefined | null): Lang | null {
  if (!value) return null;
  const prefix = value.trim().slice(0, 2).toLowerCase();
  return prefix === 'nl' || prefix === 'fr' || prefix === 'en' ? prefix : null;
}

/** Picks the request's language: explicit header, then cookie, then Accept-Language, then Dutch. */
export function pickLang(header?: string, cookie?: string, acceptLanguage?: string): Lang {
  // Accept-Language is read only when neither the header nor the cookie decides (every GraphQL request asks).
  return parseLang(header) ?? parseLang(cookie) ?? langFromAccept(acceptLanguage) ?? 'nl';
}

function langFromAccept(acceptLanguage: string | undefined): Lang | undefined {
  return (
    acceptLanguage
      ?.split(',')
      .map((part) => parseLang(part.split(';')[0]))
      .find((lang) => lang !== null) ?? undefined
  );
}

export function translate(value: Translated | null | undefined, lang: Lang): string {
  if (!value) return '';
  return value[lang] || value.nl || value.en || value.fr || '';
}

/**
 * The language of the text `translate` gives for `lang`: `lang` itself when it has a translation (or when the
 * text is empty everywhere), else the one shown in its place. A page marks such a text as being in another
 * language (docs/decisions/0074-untranslated-texts-hyphenation.md).
 */
export function translatedLang(value: Translated | null | undefined, lang: Lang): Lang {
  if (!value || value[lang]) return lang;
  return (['nl', 'en', 'fr'] as const).find((other) => value[other]) ?? lang;
}
