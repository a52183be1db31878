import { describe, expect, it } from 'vitest';
import { excerpt, stripMarkup } from './excerpt.js';
import { centsToDecimal, discountPercentage, formatEuro } from './money.js';
import { pickLang } from '../i18n/locale.js';

describe('excerpt', () => {
  it('keeps short text as it is, without markup', () => {
    expect(excerpt('<p>Krokant &amp; <strong>vers</strong></p>')).toBe('Krokant & vers');
  });
  it('cuts after 88 characters and adds an ellipsis', () => {
    const text = 'a'.repeat(100);
    expect(excerpt(`<em>${text}</em>`)).toBe(`${'a'.repeat(88)}…`);
    expect(excerpt('b'.repeat(88))).toBe('b'.repeat(88));
  });
  it('collapses whitespace left by tags', () => {
    expect(stripMarkup('<p>een</p>\n<p>twee</p>')).toBe('een twee');
  });
});

describe('money', () => {
  it('writes cents as WooCommerce decimal strings', () => {
    expect(centsToDecimal(320)).toBe('3.20');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(-150)).toBe('-1.50');
    expect(formatEuro(1250)).toBe('€12.50');
  });
  it('rounds the sale percentage and ignores non-sales', () => {
    expect(discountPercentage(500, 450)).toBe(10);
    expect(discountPercentage(300, 199)).toBe(34);
    expect(discountPercentage(300, null)).toBe(0);
    expect(discountPercentage(300, 300)).toBe(0);
  });
});

describe('pickLang', () => {
  it('prefers the header, then the cookie, then Accept-Language, then Dutch', () => {
    expect(pickLang('fr_FR', 'en_US', 'nl')).toBe('fr');
    expect(pickLang(undefined, 'en_US', 'fr')).toBe('en');
    expect(pickLang(undefined, undefined, 'de-DE,fr;q=0.8')).toBe('fr');
    expect(pickLang(undefined, 'xx', undefined)).toBe('nl');
  });
});
