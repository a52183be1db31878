import type { LineAddon } from '../../db/schema/index.js';
import { translate, type Lang } from '../i18n/locale.js';
import { addonsFor, type CatalogSnapshot } from './snapshot.js';

/**
 * Cart and order lines keep the product name and the chosen add-ons in the shop language (nl), as the
 * kitchen and the tickets read them. A visitor reads them in their own language where the catalogue still
 * has that product or option under the same Dutch text; a product renamed or removed since keeps the name
 * that was ordered, so a summary never shows something other than what was bought.
 */
export function localizedLineName(catalog: CatalogSnapshot, line: { productId: number; variationId: number | null; name: string }, lang: Lang): string {
  const record = catalog.products.get(line.variationId ?? line.productId);
  return record && translate(record.row.name, 'nl') === line.name ? translate(record.row.name, lang) : line.name;
}

/** The add-on's field name and chosen option in `lang`; typed text (a remark) stays as typed. */
export function localizedAddon(catalog: CatalogSnapshot, productId: number, addon: LineAddon, lang: Lang): { name: string; value: string } {
  const product = catalog.products.get(productId);
  const field = product ? addonsFor(catalog, product).find((f) => f.id === addon.fieldId) : undefined;
  if (!field) return { name: addon.name, value: addon.value };
  const name = translate(field.name, 'nl') === addon.name ? translate(field.name, lang) : addon.name;
  const option = addon.optionId === null ? undefined : field.options.find((o) => o.id === addon.optionId);
  const value = option && translate(option.label, 'nl') === addon.value ? translate(option.label, lang) : addon.value;
  return { name, value };
}
