import type { LineAddon } from '../../db/schema/index.js';
import { addonsFor, type CatalogSnapshot, type ProductRecord } from '../catalog/snapshot.js';
import { translate } from '../i18n/locale.js';
import { DomainError } from '../../errors/domain-error.js';
import { FIELD_REQUIRED, INVALID_ADDON } from './errors.js';

export interface AddonChoice {
  fieldName: string;
  optionIds?: number[] | null;
  value?: string | null;
}

const MAX_TEXT = 500;

/**
 * Checks the customer's add-on choices against the product's own add-ons and the global add-ons of its
 * categories, and prices them as they are now. Required fields must be filled.
 */
export function resolveAddonChoices(snapshot: CatalogSnapshot, product: ProductRecord, choices: AddonChoice[]): LineAddon[] {
  const fields = addonsFor(snapshot, product);
  const byName = new Map(fields.map((f) => [`addon-${f.id}`, f]));
  const chosen = new Map<string, AddonChoice>();
  for (const choice of choices) {
    if (!byName.has(choice.fieldName) || chosen.has(choice.fieldName)) throw new DomainError('INVALID_ADDON', INVALID_ADDON);
    chosen.set(choice.fieldName, choice);
  }
  const result: LineAddon[] = [];
  for (const field of fields) {
    const choice = chosen.get(`addon-${field.id}`);
    const fieldName = translate(field.name, 'nl');
    if (field.kind === 'heading') continue;
    if (field.kind === 'custom_text') {
      const text = (choice?.value ?? '').trim();
      if (choice?.optionIds?.length) throw new DomainError('INVALID_ADDON', INVALID_ADDON);
      if (!text) {
        if (field.required) throw new DomainError('FIELD_REQUIRED', FIELD_REQUIRED);
        continue;
      }
      if (text.length > (field.maxLength ?? MAX_TEXT)) {
        throw new DomainError('ADDON_TOO_LONG', `"${fieldName}" may be at most ${field.maxLength ?? MAX_TEXT} characters.`);
      }
      result.push({ fieldId: field.id, optionId: null, name: fieldName, value: text, price: field.price, priceType: field.priceType });
      continue;
    }
    const optionIds = [...new Set(choice?.optionIds ?? [])];
    if (choice?.value) throw new DomainError('INVALID_ADDON', INVALID_ADDON);
    if (optionIds.length === 0) {
      if (field.required) throw new DomainError('FIELD_REQUIRED', FIELD_REQUIRED);
      continue;
    }
    if (field.kind === 'multiple_choice' && optionIds.length > 1) throw new DomainError('INVALID_ADDON', INVALID_ADDON);
    for (const optionId of optionIds) {
      const option = field.options.find((o) => o.id === optionId);
      if (!option) throw new DomainError('INVALID_ADDON', INVALID_ADDON);
      result.push({
        fieldId: field.id,
        optionId: option.id,
        name: fieldName,
        value: translate(option.label, 'nl'),
        price: option.price ?? 0,
        priceType: option.priceType,
      });
    }
  }
  return result;
}

/** What an add-on adds to a line of `quantity` units at `unitPrice` cents. */
export function addonAmount(addon: LineAddon, unitPrice: number, quantity: number): number {
  switch (addon.priceType) {
    case 'flat_fee':
      return addon.price;
    case 'percentage_based':
      // The price field holds a whole percent of the product's unit price.
      return Math.round((unitPrice * addon.price) / 100) * quantity;
    default:
      return addon.price * quantity;
  }
}

export function lineSubtotal(unitPrice: number, quantity: number, addons: LineAddon[]): number {
  return unitPrice * quantity + addons.reduce((sum, addon) => sum + addonAmount(addon, unitPrice, quantity), 0);
}
