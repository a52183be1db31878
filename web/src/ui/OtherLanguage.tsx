import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useLocale } from '../i18n/LocaleProvider';

/**
 * Texts the shop shows in another language than the reader's when theirs has no translation (the server's
 * `textLangs`, or a text written once in the shop's language such as a slot's message or a closure note):
 * marked with `lang` for screen readers and hyphenation, with a small note in the reader's language
 * (docs/decisions/0074-untranslated-texts-hyphenation.md).
 */

/**
 * The language of texts the owner writes once, without translations (a slot's message, a closure's note): the
 * shop's language, Dutch (contract SHOP_LANGUAGE; not imported, to keep the contract out of the shop's bundle).
 */
export const SHOP_TEXT_LANG = 'nl';

/** The two-letter language of the page. */
export function usePageLang(): string {
  return useLocale().locale.slice(0, 2);
}

/** `text` is in `lang`, not the page's: "néerlandais" on a French page. */
export function useLanguageName(): (lang: string) => string {
  const intl = useIntl();
  return (lang: string) => {
    try {
      return new Intl.DisplayNames([intl.locale], { type: 'language' }).of(lang) ?? lang;
    } catch {
      return lang;
    }
  };
}

/** `lang` when it is not `page`'s language, else undefined (the element inherits the page's). */
export function otherLang(lang: string | null | undefined, page: string): string | undefined {
  return lang && lang !== page ? lang : undefined;
}

export function useOtherLang(lang: string | null | undefined): string | undefined {
  return otherLang(lang, usePageLang());
}

/**
 * `children` in `lang`: with the page's language nothing changes; otherwise a `lang` attribute and, unless
 * `note` is false (a page that says it once), "(en néerlandais)" after it. `block`: children are blocks
 * (a description's paragraphs), so the wrapper and the note are too.
 */
export function InLanguage({
  lang,
  children,
  note = true,
  block = false,
}: {
  lang: string | null | undefined;
  children: ReactNode;
  note?: boolean;
  block?: boolean;
}) {
  const other = useOtherLang(lang);
  const intl = useIntl();
  const languageName = useLanguageName();
  if (!other) return <>{children}</>;
  const Wrapper = block ? 'div' : 'span';
  const Note = block ? 'p' : 'span';
  return (
    <>
      <Wrapper lang={other}>{children}</Wrapper>
      {note ? (
        <Note className="other-language" data-testid="other-language">
          {block ? null : ' '}
          {intl.formatMessage({ id: 'i18n.inLanguage' }, { language: languageName(other) })}
        </Note>
      ) : null}
    </>
  );
}

/** One note for a page that shows some texts in `lang` (the menu's cards and categories, a cart's lines). */
export function OtherLanguageNotice({ lang }: { lang: string | undefined }) {
  const intl = useIntl();
  const languageName = useLanguageName();
  if (!lang) return null;
  return (
    <p className="other-language-notice" data-testid="other-language-notice">
      {intl.formatMessage({ id: 'i18n.someInLanguage' }, { language: languageName(lang) })}
    </p>
  );
}

/**
 * The language the menu shows some of its names, summaries or category names in for lack of a translation
 * (said once above the cards), or undefined when everything is in the page's language.
 */
export function untranslatedLang(
  products: readonly { textLangs?: { name: string; shortDescription: string } | null }[],
  categories: readonly { nameLang?: string | null }[],
  pageLang: string,
): string | undefined {
  const langs = [...products.flatMap((p) => (p.textLangs ? [p.textLangs.name, p.textLangs.shortDescription] : [])), ...categories.map((c) => c.nameLang)];
  return firstOtherLang(langs, pageLang);
}

/** The first of `langs` that is not the page's, or undefined. */
export function firstOtherLang(langs: Iterable<string | null | undefined>, pageLang: string): string | undefined {
  for (const lang of langs) if (lang && lang !== pageLang) return lang;
  return undefined;
}
