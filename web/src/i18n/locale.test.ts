import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserLocale, initialLocale, localeCookie, parseLocale, readCookie, toIntlLocale } from './locale';

describe('locale', () => {
  it('parses the cookie and header spellings', () => {
    expect(parseLocale('nl_BE')).toBe('nl_BE');
    expect(parseLocale('fr-FR')).toBe('fr_FR');
    expect(parseLocale('EN_us')).toBe('en_US');
    expect(parseLocale('de_DE')).toBeNull();
    expect(parseLocale('')).toBeNull();
  });

  it('writes a 365-day, site-wide, SameSite=Lax cookie', () => {
    expect(localeCookie('fr_FR')).toBe('bakje-locale=fr_FR; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(localeCookie('en_US', true)).toContain('; Secure');
  });

  it('reads one cookie among others', () => {
    expect(readCookie('a=1; bakje-locale=en_US; b=2', 'bakje-locale')).toBe('en_US');
    expect(readCookie('a=1', 'bakje-locale')).toBeNull();
  });

  it("starts in the customer's choice, else the browser's first shop language, else Dutch (issue 31)", () => {
    expect(browserLocale(['de-DE', 'fr-BE', 'en'])).toBe('fr_FR');
    expect(browserLocale(['de-DE'])).toBeNull();
    vi.stubGlobal('navigator', { languages: ['fr-FR', 'fr'], language: 'fr-FR' });
    vi.stubGlobal('document', { cookie: '' });
    expect(initialLocale()).toBe('fr_FR');
    vi.stubGlobal('document', { cookie: 'bakje-locale=nl_BE' });
    expect(initialLocale()).toBe('nl_BE');
    vi.stubGlobal('navigator', { languages: ['de-DE'], language: 'de-DE' });
    vi.stubGlobal('document', { cookie: '' });
    expect(initialLocale()).toBe('nl_BE');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('formats prices per locale', () => {
    const fmt = (code: 'nl_BE' | 'fr_FR' | 'en_US') =>
      new Intl.NumberFormat(toIntlLocale(code), { style: 'currency', currency: 'EUR' }).format(3.2).replace(/\s/g, ' ');
    expect(fmt('nl_BE')).toBe('€ 3,20');
    expect(fmt('fr_FR')).toBe('3,20 €');
    expect(fmt('en_US')).toBe('€3.20');
  });
});
