import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseBelgianVat, type SetupChecklist, type StoreSettingsForm } from '@bakje/contract';
import type { App } from '../src/app.js';
import * as t from '../src/db/schema/index.js';
import { aProduct } from './support/builders.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { catalogCaughtUp, graphql, startTestApp } from './support/server.js';
import { slotsEveryDay, staffBrowsers } from './support/shop-hours.js';

const noText = { nl: '', fr: '', en: '' };

const valid = {
  siteName: 'Frituur De Gouden Friet',
  shortDescription: { nl: 'Verse frieten', fr: 'Frites fraîches', en: '' },
  address: 'Markt 3, 9000 Gent',
  vatNumber: 'be 0123.456.749',
  logo: '/media/uploads/logo-1.png',
  siteImage: null,
  autoOpenCart: true,
  showReviews: false,
  showFilters: false,
  showOrderByDropdown: false,
  showSKU: false,
  showRelatedProducts: false,
  showProductCategoriesOnSingleProduct: false,
  showBreadcrumbOnSingleProduct: false,
  showMoveToWishlist: false,
  saleBadge: 'text',
  contact: { phone: '+32 9 555 12 12', email: 'info@goudenfriet.be', intro: { nl: '<p>Bel ons gerust.</p>', fr: '', en: '' } },
  social: { facebook: 'https://facebook.com/goudenfriet', instagram: '', tiktok: '' },
  pages: {
    terms: noText,
    privacy: {
      nl: '<p>Wij bewaren weinig.</p>',
      fr: '<h2>Vie privée</h2><p onclick="steal()">Nous gardons peu.<script>alert(1)</script></p>',
      en: '<p><br></p>',
    },
  },
};

const STORE_QUERY = `{ storeSettings { siteName logo vatNumber autoOpenCart showReviews showFilters showOrderByDropdown showSKU showRelatedProducts
  showProductCategoriesOnSingleProduct showBreadcrumbOnSingleProduct showMoveToWishlist saleBadge contactIntro termsPage privacyPage
  contact { phone email address facebook instagram tiktok } } }`;

describe('Belgian VAT numbers', () => {
  it('accepts the mod-97 check in the usual spellings and refuses the rest', () => {
    expect(normaliseBelgianVat('BE0123456749')).toBe('BE0123456749');
    expect(normaliseBelgianVat('be 0123.456.749')).toBe('BE0123456749');
    expect(normaliseBelgianVat('0403.123.486')).toBe('BE0403123486');
    expect(normaliseBelgianVat('BE0123456748')).toBeNull();
    expect(normaliseBelgianVat('BE2123456749')).toBeNull();
    expect(normaliseBelgianVat('NL0123456749')).toBeNull();
    expect(normaliseBelgianVat('BE012345674')).toBeNull();
  });
});

describe.each(databaseKinds)('store settings and the setup checklist on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let staff: Awaited<ReturnType<typeof staffBrowsers>>;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    app = await startTestApp(testDb.database);
    staff = await staffBrowsers(testDb.database.db, () => app, `s${kind}`);
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const stored = async () => (await testDb.database.db.select().from(t.settings).where(eq(t.settings.key, 'store')))[0]?.value;
  const checklist = async () => (await staff.manager.request('GET', '/api/settings/setup')).json() as SetupChecklist;
  const step = (list: SetupChecklist, id: string) => list.steps.find((s) => s.id === id)!;

  it('shows a fresh shop everything as left to do, the simulator too', async () => {
    const list = await checklist();
    expect(list.steps.map((s) => [s.id, s.done, s.detail])).toEqual([
      ['identity', false, 'noName'],
      ['hours', false, 'noHours'],
      ['slots', false, 'noSlots'],
      ['menu', false, 'noProducts'],
      ['printer', false, 'noPrinter'],
      // The tests pay against the simulator, which takes no money (docs/decisions/0070-test-and-live-mode.md).
      ['payments', false, 'simulator'],
      ['live', false, 'testMode'],
    ]);
    expect(list.allDone).toBe(false);
    expect(list.dismissed).toBe(false);
    expect(step(list, 'identity').href).toBe('/dashboard/settings');
    expect(step(list, 'payments').href).toBe('/dashboard/payments');
  });

  it('answers the defaults before anything is saved', async () => {
    const form = (await staff.manager.request('GET', '/api/settings/store')).json() as StoreSettingsForm;
    expect(form).toMatchObject({ siteName: 'Bakje', vatNumber: '', showSKU: true, autoOpenCart: false, saleBadge: 'percent', pages: { terms: noText } });
  });

  it("saves a manager's settings (sanitized) and the storefront follows at once; a cook may not", async () => {
    expect((await staff.cook.request('PUT', '/api/settings/store', valid)).statusCode).toBe(403);
    const saved = await staff.manager.request('PUT', '/api/settings/store', valid);
    expect(saved.statusCode, saved.body).toBe(200);
    const form = saved.json() as StoreSettingsForm;
    expect(form.vatNumber).toBe('BE0123456749');
    expect(form.pages.privacy.fr).toBe('<h2>Vie privée</h2><p>Nous gardons peu.</p>');
    // An editor's empty paragraph means "the built-in text".
    expect(form.pages.privacy.en).toBe('');
    expect((await staff.manager.request('GET', '/api/settings/store')).json()).toEqual(form);

    await catalogCaughtUp(app, testDb.database);
    const nl = (await graphql(app, STORE_QUERY)).body.data.storeSettings;
    expect(nl).toEqual({
      siteName: 'Frituur De Gouden Friet',
      logo: '/media/uploads/logo-1.png',
      vatNumber: 'BE 0123.456.749',
      autoOpenCart: true,
      showReviews: false,
      showFilters: false,
      showOrderByDropdown: false,
      showSKU: false,
      showRelatedProducts: false,
      showProductCategoriesOnSingleProduct: false,
      showBreadcrumbOnSingleProduct: false,
      showMoveToWishlist: false,
      saleBadge: 'text',
      contactIntro: '<p>Bel ons gerust.</p>',
      termsPage: null,
      privacyPage: '<p>Wij bewaren weinig.</p>',
      contact: {
        phone: '+32 9 555 12 12',
        email: 'info@goudenfriet.be',
        address: 'Markt 3, 9000 Gent',
        facebook: 'https://facebook.com/goudenfriet',
        instagram: null,
        tiktok: null,
      },
    });
    const fr = (await graphql(app, STORE_QUERY, undefined, { 'x-bakje-locale': 'fr_FR' })).body.data.storeSettings;
    expect(fr.privacyPage).toBe('<h2>Vie privée</h2><p>Nous gardons peu.</p>');
    // A language without its own text shows the built-in page, never another language's text.
    expect(fr.contactIntro).toBeNull();
    const en = (await graphql(app, STORE_QUERY, undefined, { 'x-bakje-locale': 'en_US' })).body.data.storeSettings;
    expect(en.privacyPage).toBeNull();

    // Turning a flag back on shows in the storefront without a restart.
    expect((await staff.manager.request('PUT', '/api/settings/store', { ...valid, showSKU: true })).statusCode).toBe(200);
    await catalogCaughtUp(app, testDb.database);
    expect((await graphql(app, STORE_QUERY)).body.data.storeSettings.showSKU).toBe(true);
  });

  it('refuses bad input naming the field and saves nothing', async () => {
    const before = await stored();
    const bad: [unknown, string][] = [
      [{ ...valid, siteName: '  ' }, 'siteName'],
      [{ ...valid, vatNumber: 'BE0123456748' }, 'vatNumber'],
      [{ ...valid, vatNumber: 'NL123456789B01' }, 'vatNumber'],
      [{ ...valid, logo: 'https://evil.example/logo.png' }, 'logo'],
      [{ ...valid, siteImage: '/media/../etc/passwd' }, 'siteImage'],
      [{ ...valid, social: { ...valid.social, facebook: 'javascript:alert(1)' } }, 'social.facebook'],
      [{ ...valid, social: { ...valid.social, instagram: 'instagram' } }, 'social.instagram'],
      [{ ...valid, contact: { ...valid.contact, email: 'not-an-address' } }, 'contact.email'],
      [{ ...valid, saleBadge: 'big' }, 'saleBadge'],
      [{ ...valid, showSKU: 'yes' }, 'showSKU'],
      [{ ...valid, pages: { terms: { nl: '' } } }, 'pages.terms.fr'],
    ];
    for (const [body, field] of bad) {
      const refused = await staff.manager.request('PUT', '/api/settings/store', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().code).toBe('INVALID_INPUT');
      expect(refused.json().data.fields.map((f: { field: string }) => f.field)).toContain(field);
    }
    expect(await stored()).toEqual(before);
  });

  it('ticks steps off as the shop gets set up, and can be dismissed and shown again', async () => {
    const db = testDb.database.db;
    expect(step(await checklist(), 'identity')).toMatchObject({ done: true, detail: null });
    await db.insert(t.settings).values({ key: 'opening_hours', value: { week: { '5': [{ open: '17:00', close: '22:00' }] } } });
    await slotsEveryDay(db);
    await aProduct(db, { slug: 'friet', name: { nl: 'Friet' }, regularPrice: 400 });
    let list = await checklist();
    expect(list.steps.filter((s) => !s.done).map((s) => s.id)).toEqual(['printer', 'payments', 'live']);
    expect(list.allDone).toBe(false);

    await db.insert(t.settings).values({ key: 'printing', value: { customerPrinter: '192.168.1.50:9100', kitchenPrinter: '192.168.1.50:9100' } });
    list = await checklist();
    // Only the simulator and the switch to live are left: a shop on a simulator is never "ready".
    expect(list.steps.filter((s) => !s.done).map((s) => s.id)).toEqual(['payments', 'live']);
    expect(list.allDone).toBe(false);

    const dismissed = await staff.manager.request('PUT', '/api/settings/setup', { dismissed: true });
    expect(dismissed.json()).toMatchObject({ dismissed: true, allDone: false });
    expect((await checklist()).dismissed).toBe(true);
    expect((await staff.manager.request('PUT', '/api/settings/setup', { dismissed: false })).json().dismissed).toBe(false);
    expect((await staff.cook.request('PUT', '/api/settings/setup', { dismissed: true })).statusCode).toBe(403);
  });
});
