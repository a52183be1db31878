import { describe, expect, it } from 'vitest';
import type { StoreSettingsForm } from '@bakje/contract';
import { bodyOf, formFieldOf, formOf, storeSettingsFormSchema } from './storeSettingsForm';

const noText = { nl: '', fr: '', en: '' };
const stored: StoreSettingsForm = {
  siteName: "Frituur 't Bakje",
  shortDescription: { nl: 'Verse frieten', fr: '', en: '' },
  address: 'Kerkstraat 12, 9000 Gent',
  vatNumber: 'BE0123456749',
  logo: '/media/uploads/logo.png',
  siteImage: null,
  autoOpenCart: false,
  showReviews: true,
  showFilters: true,
  showOrderByDropdown: true,
  showSKU: false,
  showRelatedProducts: true,
  showProductCategoriesOnSingleProduct: true,
  showBreadcrumbOnSingleProduct: true,
  showMoveToWishlist: true,
  saleBadge: 'text',
  contact: { phone: '+32 9 123 45 67', email: 'hallo@bakje.example', intro: noText },
  social: { facebook: 'https://facebook.com/bakje', instagram: '', tiktok: '' },
  pages: { terms: noText, privacy: { nl: '', fr: '<p>Vie privée</p>', en: '' } },
};

describe('store settings form', () => {
  it('sends back exactly what it loaded when nothing changed', () => {
    const parsed = storeSettingsFormSchema.parse(formOf(stored));
    const { contact, social, pages, ...rest } = bodyOf(parsed);
    const { contact: c, social: s, pages: p, ...storedRest } = stored;
    expect(rest).toEqual(storedRest);
    expect({ contact, social, pages }).toEqual({ contact: c, social: s, pages: p });
  });

  it('names the field of each mistake with a message id', () => {
    const result = storeSettingsFormSchema.safeParse({
      ...formOf(stored),
      siteName: ' ',
      vatNumber: 'BE 0123.456.748',
      facebook: 'facebook.com/bakje',
      email: 'geen adres',
    });
    expect(result.success).toBe(false);
    const issues = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(issues).toEqual({
      siteName: 'form.required',
      vatNumber: 'dashboard.settings.error.vat',
      facebook: 'dashboard.settings.error.url',
      email: 'dashboard.settings.error.email',
    });
  });

  it("maps the server's field paths to the form's fields", () => {
    expect(formFieldOf('showSKU')).toBe('flags.showSKU');
    expect(formFieldOf(['social', 'tiktok'].join('.'))).toBe('tiktok');
    expect(formFieldOf(['contact', 'email'].join('.'))).toBe('email');
    expect(formFieldOf(['pages', 'privacy', 'fr'].join('.'))).toBe('privacy.fr');
    expect(formFieldOf(['contact', 'intro', 'en'].join('.'))).toBe('contactIntro.en');
    expect(formFieldOf('vatNumber')).toBe('vatNumber');
    expect(formFieldOf('body')).toBeUndefined();
  });
});
