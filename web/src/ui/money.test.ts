import { formatCents, formatMoney } from '@bakje/contract/money';
import { describe, expect, it } from 'vitest';

describe('the one money formatter', () => {
  it('writes euros per shop language', () => {
    expect(formatMoney(4.5, 'nl-BE')).toBe('€\u00a04,50');
    expect(formatMoney(4.5, 'nl')).toBe('€\u00a04,50');
    expect(formatMoney(4.5, 'fr-FR')).toMatch(/^4,50\s€$/);
    expect(formatMoney(4.5, 'en-US')).toBe('€4.50');
    expect(formatCents(123450, 'nl')).toBe('€\u00a01.234,50');
  });

  it('puts a real minus sign before the currency of a negative amount (a discount line)', () => {
    expect(formatMoney(-2.22, 'nl')).toBe('\u2212€\u00a02,22');
    expect(formatMoney(-2.22, 'en')).toBe('\u2212€2.22');
  });

  it('signs a surcharge on request and rounds to the cent', () => {
    expect(formatMoney(0.9, 'nl', { signed: true })).toBe('+€\u00a00,90');
    expect(formatMoney(0.1 + 0.2, 'en')).toBe('€0.30');
    expect(formatMoney(0, 'nl', { signed: true })).toBe('+€\u00a00,00');
  });
});
