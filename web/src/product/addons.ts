/**
 * Add-on form logic (pure): which option costs what, validation of required fields, the live total.
 * Money is computed in cents to avoid float drift.
 */
import type { Addon, AddonOption, AddonPriceType } from '../api/types';

export interface AddonChoice {
  /** Chosen option ids (databaseId) for multiple choice and checkbox fields. */
  options: number[];
  /** Text of a short-text field. */
  text: string;
}

export type AddonChoices = Record<string, AddonChoice>;
export type AddonErrors = Record<string, 'required' | 'tooLong'>;

export const EMPTY_CHOICE: AddonChoice = { options: [], text: '' };

const cents = (euros: number | null | undefined) => Math.round((euros ?? 0) * 100);

/** What one unit of the product costs extra for this price (flat fees are per line, not per unit). */
export function priceDeltaCents(price: number | null | undefined, priceType: AddonPriceType, baseCents: number): number {
  if (!price) return 0;
  if (priceType === 'PERCENTAGE_BASED') return Math.round((baseCents * price) / 100);
  return cents(price);
}

/** The amount shown beside an option ("+€0,90"), in euros; null when free. */
export function optionDisplayPrice(option: Pick<AddonOption, 'price' | 'priceType'>, baseEuros: number): number | null {
  const delta = priceDeltaCents(option.price, option.priceType, cents(baseEuros));
  return delta ? delta / 100 : null;
}

export function choiceFor(choices: AddonChoices, field: string): AddonChoice {
  return choices[field] ?? EMPTY_CHOICE;
}

export function validateAddons(addons: readonly Addon[], choices: AddonChoices): AddonErrors {
  const errors: AddonErrors = {};
  for (const addon of addons) {
    if (addon.type === 'HEADING') continue;
    const choice = choiceFor(choices, addon.fieldName);
    if (addon.type === 'CUSTOM_TEXT') {
      const text = choice.text.trim();
      if (addon.required && !text) errors[addon.fieldName] = 'required';
      else if (addon.maxLength && text.length > addon.maxLength) errors[addon.fieldName] = 'tooLong';
    } else if (addon.required && choice.options.length === 0) {
      errors[addon.fieldName] = 'required';
    }
  }
  return errors;
}

export interface LineTotal {
  unitCents: number;
  flatCents: number;
  totalCents: number;
}

/** Unit price with quantity-based and percentage add-ons, times quantity, plus flat fees once. */
export function lineTotal(baseEuros: number, addons: readonly Addon[], choices: AddonChoices, quantity: number): LineTotal {
  const base = cents(baseEuros);
  let unit = base;
  let flat = 0;
  const add = (price: number | null | undefined, type: AddonPriceType) => {
    const delta = priceDeltaCents(price, type, base);
    if (type === 'FLAT_FEE') flat += delta;
    else unit += delta;
  };
  for (const addon of addons) {
    if (addon.type === 'HEADING') continue;
    const choice = choiceFor(choices, addon.fieldName);
    if (addon.type === 'CUSTOM_TEXT') {
      if (choice.text.trim()) add(addon.price, addon.priceType);
      continue;
    }
    for (const id of choice.options) {
      const option = addon.options.find((o) => o.databaseId === id);
      if (option) add(option.price, option.priceType);
    }
  }
  const qty = Math.max(1, Math.floor(quantity));
  return { unitCents: unit, flatCents: flat, totalCents: unit * qty + flat };
}

/** The highest quantity one order line may have: the product's maximum, the stock when counted, else 99. */
export function maxAllowedQuantity(maxQuantity: number | null | undefined, stockQuantity: number | null | undefined): number {
  const limits = [maxQuantity, stockQuantity].filter((n): n is number => typeof n === 'number' && n > 0);
  return limits.length ? Math.min(...limits) : 99;
}
