import { describe, expect, it } from 'vitest';
import { changeByPercent, formatPrice, parsePrice, toCents } from './money';

describe('dashboard prices', () => {
  it('read what staff type with a comma (or a point) as the API decimal', () => {
    expect(parsePrice('3,50')).toBe('3.50');
    expect(parsePrice('3,5')).toBe('3.50');
    expect(parsePrice(' 12 ')).toBe('12.00');
    expect(parsePrice('3.5')).toBe('3.50');
    expect(parsePrice('0,09')).toBe('0.09');
    expect(parsePrice('007,10')).toBe('7.10');
    expect(parsePrice('€ 4,20')).toBe('4.20');
    expect(parsePrice('3,')).toBe('3.00');
    expect(parsePrice('')).toBe('');
    expect(parsePrice('   ')).toBe('');
  });

  it('refuse what is not a price', () => {
    for (const bad of ['-1', '3,505', '1.234,50', 'abc', '3,50 euro', '1234567', ',50', '1e3']) expect(parsePrice(bad)).toBeNull();
  });

  it('show API decimals with a comma', () => {
    expect(formatPrice('3.50')).toBe('3,50');
    expect(formatPrice('3')).toBe('3,00');
    expect(formatPrice('12.5')).toBe('12,50');
    expect(formatPrice('')).toBe('');
    expect(formatPrice(null)).toBe('');
    expect(parsePrice(formatPrice('9.99'))).toBe('9.99');
  });

  it('count cents and change prices by a percentage, rounded to the cent', () => {
    expect(toCents('3,50')).toBe(350);
    expect(toCents('')).toBeNull();
    expect(changeByPercent('3.50', 10)).toBe('3.85');
    expect(changeByPercent('2.99', -15)).toBe('2.54');
    expect(changeByPercent('1.00', -200)).toBe('0.00');
    expect(changeByPercent('', 10)).toBe('');
  });
});
