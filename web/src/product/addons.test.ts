import { describe, expect, it } from 'vitest';
import { anAddon, anOption } from '../test/builders';
import { lineTotal, maxAllowedQuantity, optionDisplayPrice, validateAddons } from './addons';

describe('add-ons', () => {
  const mayo = anOption({ label: 'Mayonaise', price: 0.9 });
  const ketchup = anOption({ label: 'Ketchup', price: 0.8 });
  const saus = anAddon({ name: 'Saus', type: 'MULTIPLE_CHOICE', required: true, fieldName: 'saus', options: [mayo, ketchup] });
  const uien = anOption({ label: 'Uitjes', price: 0.5 });
  const kaas = anOption({ label: 'Kaas', price: 10, priceType: 'PERCENTAGE_BASED' });
  const extras = anAddon({ name: 'Extra', type: 'CHECKBOX', fieldName: 'extra', options: [uien, kaas] });
  const doos = anOption({ label: 'Doos', price: 0.3, priceType: 'FLAT_FEE' });
  const verpakking = anAddon({ name: 'Verpakking', type: 'CHECKBOX', fieldName: 'verpakking', options: [doos] });
  const heading = anAddon({ name: 'Kies je extra’s', type: 'HEADING', fieldName: 'kop', required: true });
  const naam = anAddon({ name: 'Naam op de doos', type: 'CUSTOM_TEXT', fieldName: 'naam', required: true, maxLength: 10, price: 0.2 });
  const addons = [heading, saus, extras, verpakking, naam];

  it('flags required fields that are empty (headings never)', () => {
    expect(validateAddons(addons, {})).toEqual({ saus: 'required', naam: 'required' });
    expect(validateAddons(addons, { saus: { options: [mayo.databaseId], text: '' }, naam: { options: [], text: '  ' } })).toEqual({ naam: 'required' });
  });

  it('accepts a complete choice and rejects text over maxLength', () => {
    const ok = { saus: { options: [mayo.databaseId], text: '' }, naam: { options: [], text: 'Jan' } };
    expect(validateAddons(addons, ok)).toEqual({});
    expect(validateAddons(addons, { ...ok, naam: { options: [], text: 'Jan Janssens!' } })).toEqual({ naam: 'tooLong' });
  });

  it('shows each option price, percentage of the base price', () => {
    expect(optionDisplayPrice(mayo, 3.2)).toBe(0.9);
    expect(optionDisplayPrice(kaas, 3.2)).toBe(0.32);
    expect(optionDisplayPrice(anOption(), 3.2)).toBeNull();
  });

  it('computes the live total: per-unit add-ons times quantity, flat fees once', () => {
    const choices = {
      saus: { options: [mayo.databaseId], text: '' },
      extra: { options: [uien.databaseId, kaas.databaseId], text: '' },
      verpakking: { options: [doos.databaseId], text: '' },
      naam: { options: [], text: 'Jan' },
    };
    // unit: 3.20 + 0.90 + 0.50 + 0.32 + 0.20 = 5.12; x2 = 10.24; + 0.30 flat
    expect(lineTotal(3.2, addons, choices, 2)).toEqual({ unitCents: 512, flatCents: 30, totalCents: 1054 });
    expect(lineTotal(3.2, addons, {}, 1).totalCents).toBe(320);
  });

  it('limits the quantity by max per order and counted stock', () => {
    expect(maxAllowedQuantity(5, null)).toBe(5);
    expect(maxAllowedQuantity(5, 3)).toBe(3);
    expect(maxAllowedQuantity(null, null)).toBe(99);
    expect(maxAllowedQuantity(0, 0)).toBe(99);
  });
});
