import type { LineAddon } from '../../db/schema/index.js';
import { translate, translatedLang, type Lang } from '../i18n/locale.js';
import { addonsFor, type CatalogSnapshot } from './snapshot.js';

/**
 * Cart and order lines keep the product name and the chosen add-ons in the shop language (nl), as the
 * kitchen and the tickets read them. A visitor reads them in their own language where the catalogue still
 * has that product or option under the same Dutch text; a product renamed or removed since keeps the name
 * that was ordered, so a summary never shows something other than what was bought.
 */
export function localizedLineName(catalog: CatalogSnapshot, line: { productId: number; variationId: number | null; name: string }, lang: Lang): string {
  return localizedLine(catalog, line, lang).name;
}

/**
 * The line's name as `localizedLineName` gives it and the language it is in: the reader's, or the one shown
 * for lack of a translation (docs/decisions/0074-untranslated-texts-hyphenation.md); a name kept as ordered
 * is in the shop's language.
 */
export function localizedLine(
  catalog: CatalogSnapshot,
  line: { productId: number; variationId: number | null; name: string },
  lang: Lang,
): { name: string; nameLang: Lang } {
  const record = catalog.products.get(line.variationId ?? line.productId);
  return record && translate(record.row.name, 'nl') === line.name
    ? { name: translate(record.row.name, lang), nameLang: translatedLang(record.row.name, lang) }
    : { name: line.name, nameLang: SHOP_TEXT_LANG };
}

/** The language lines keep their names in (the kitchen's and the tickets'): the shop's, Dutch. */
const SHOP_TEXT_LANG: Lang = 'nl';

/**
 * The add-on's field name and chosen option in `lang`, with the language each is in (another than `lang`
 * when it has no translation); typed text (a remark) stays as typed, its language unknown (null).
 */
export function localizedAddon(
  catalog: CatalogSnapshot,
  productId: number,
  addon: LineAddon,
  lang: Lang,
): { name: string; value: string; nameLang: Lang; valueLang: Lang | null } {
  const product = catalog.products.get(productId);
  const field = product ? addonsFor(catalog, product).find((f) => f.id === addon.fieldId) : undefined;
  const storedValueLang = addon.optionId === null ? null : SHOP_TEXT_LANG;
  if (!field) return { name: addon.name, value: addon.value, nameLang: SHOP_TEXT_LANG, valueLang: storedValueLang };
  const sameName = translate(field.name, 'nl') === addon.name;
  const option = addon.optionId === null ? undefined : field.options.find((o) => o.id === addon.optionId);
  const sameOption = option !== undefined && translate(option.label, 'nl') === addon.value;
  return {
    name: sameName ? translate(field.name, lang) : addon.name,
    nameLang: sameName ? translatedLang(field.name, lang) : SHOP_TEXT_LANG,
    value: sameOption ? translate(option.label, lang) : addon.value,
    valueLang: sameOption ? translatedLang(option.label, lang) : storedValueLang,
  };
}
