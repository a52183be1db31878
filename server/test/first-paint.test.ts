import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../src/db/schema/index.js';
import { formatCents } from '@bakje/contract/money';
import { buildApp, type App } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/logger.js';
import { firstPaintRoute } from '../src/modules/first-paint/first-paint.js';
import { renderCheckoutFirstPaint } from '../src/modules/first-paint/checkout.js';
import { FIRST_PAINT_TEXT_IDS, FIRST_PAINT_TEXTS } from '../src/modules/first-paint/texts.js';
import { aCategory, aProduct } from './support/builders.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { catalogCaughtUp, TEST_PEPPER } from './support/server.js';

const webMessages = (locale: string) =>
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../web/src/i18n/messages', `${locale}.json`), 'utf8')) as Record<string, string>;

/** Prices as the app writes them (one formatter, @bakje/contract/money): the spaces in them are no-break spaces. */
const nl = (cents: number) => formatCents(cents, 'nl-BE');
const fr = (cents: number) => formatCents(cents, 'fr-FR');
const en = (cents: number) => formatCents(cents, 'en-US');

/** The built index.html's shape (web/index.html): an empty root the app renders into. */
const INDEX_HTML = `<!doctype html>
<html lang="nl-BE">
  <head><title>Bakje</title><script type="module" src="/assets/index-Ab12Cd34.js"></script></head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/**
 * The build's chunk graph (web/vite.config.ts `build.manifest`) in the shape Vite writes it: the entry, the app
 * it starts, the checkout's lazy page with a chunk it shares with the app, and the French messages.
 */
const MANIFEST = {
  'index.html': { file: 'assets/index-Ab12Cd34.js', isEntry: true, css: ['assets/index-Ef56.css'], dynamicImports: ['src/app/start.tsx'] },
  'src/app/start.tsx': { file: 'assets/start-St12.js', isDynamicEntry: true, imports: ['_vendor-Vd34.js'] },
  '_vendor-Vd34.js': { file: 'assets/vendor-Vd34.js' },
  'src/checkout/CheckoutPage.tsx': {
    file: 'assets/CheckoutPage-Ck56.js',
    isDynamicEntry: true,
    imports: ['_vendor-Vd34.js', 'src/app/start.tsx', '_useZodForm-Zf78.js'],
    css: ['assets/checkout-Cc90.css'],
  },
  '_useZodForm-Zf78.js': { file: 'assets/useZodForm-Zf78.js', imports: ['_vendor-Vd34.js'] },
  'src/i18n/messages/fr-FR.json': { file: 'assets/fr-FR-Fr12.js', isDynamicEntry: true },
};

/** The first paint's markup alone: what a phone shows before the script runs. */
function firstPaintOf(html: string): string {
  const start = html.indexOf('<div id="first-paint"');
  return start < 0 ? '' : html.slice(start);
}

describe('the first paint texts', () => {
  it('are the web app’s texts word for word in all three languages', () => {
    for (const [lang, locale] of [
      ['nl', 'nl-BE'],
      ['fr', 'fr-FR'],
      ['en', 'en-US'],
    ] as const) {
      const messages = webMessages(locale);
      for (const id of FIRST_PAINT_TEXT_IDS) expect(FIRST_PAINT_TEXTS[lang][id], `${locale} ${id}`).toBe(messages[id]);
    }
  });

  it('cover home, the shop and its pages, and product pages; not a filtered shop', () => {
    expect(firstPaintRoute('/')).toEqual({ kind: 'home' });
    expect(firstPaintRoute('/bestellen')).toEqual({ kind: 'shop', page: 1 });
    expect(firstPaintRoute('/bestellen/page/3/')).toEqual({ kind: 'shop', page: 3 });
    expect(firstPaintRoute('/bestellen?category=frieten')).toBeUndefined();
    expect(firstPaintRoute('/product/bicky%20burger')).toEqual({ kind: 'product', slug: 'bicky burger' });
    expect(firstPaintRoute('/product/%E0%A4%A')).toBeUndefined();
    expect(firstPaintRoute('/checkout')).toBeUndefined();
  });
});

describe.each(databaseKinds)('the shop’s first paint (%s)', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let webDist: string;
  let slug: string;
  let productId: number;
  const HASH = '0123456789abcdef0123456789abcdef';

  const page = async (url: string, headers: Record<string, string> = {}) => {
    const response = await app.server.inject({ method: 'GET', url, headers });
    return { status: response.statusCode, html: response.body, etag: response.headers.etag as string | undefined };
  };

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'bakje-first-paint-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
    fs.mkdirSync(path.join(webDist, '.vite'));
    fs.writeFileSync(path.join(webDist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    testDb = await createTestDatabase(kind);
    const db = testDb.database.db;
    const category = await aCategory(db, { slug: 'snacks-fp', name: { nl: 'Snacks NL', fr: 'Snacks FR', en: 'Snacks EN' } });
    const [image] = await db
      .insert(t.media)
      .values({ src: `/media/u/${HASH}/1200x900.jpg`, altText: 'Een bicky in zijn doos', mimeType: 'image/jpeg', width: 1200, height: 900 })
      .returning();
    const bicky = await aProduct(db, {
      slug: 'bicky-burger-fp',
      name: { nl: 'Bicky burger', fr: 'Burger bicky', en: 'Bicky burger EN' },
      shortDescription: { nl: 'Met <b>bickysaus</b>', fr: 'Avec sauce bicky', en: 'With bicky sauce' },
      regularPrice: 450,
      menuOrder: -10,
      imageId: image!.id,
      categoryIds: [category.id],
    });
    slug = bicky.slug;
    productId = bicky.id;
    await aProduct(db, {
      slug: 'frikandel-fp',
      name: { nl: 'Frikandel <speciaal>', fr: 'Fricadelle', en: 'Frikandel EN' },
      regularPrice: 300,
      salePrice: 250,
      categoryIds: [category.id],
    });
    // Dutch only: shown in Dutch to French and English readers, marked so (issue 31).
    await aProduct(db, {
      slug: 'stoofvleessaus-fp',
      name: { nl: 'Stoofvleessaus' },
      shortDescription: { nl: 'Huisgemaakt.' },
      regularPrice: 90,
      menuOrder: 50,
      categoryIds: [category.id],
    });
    await aProduct(db, {
      slug: 'verborgen-fp',
      name: { nl: 'Verborgen snack', fr: 'Caché', en: 'Hidden' },
      catalogVisibility: 'hidden',
      categoryIds: [category.id],
    });
    const config = { ...loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', PORT: '0', BAKJE_API_KEY_PEPPER: TEST_PEPPER }), webDist };
    app = await buildApp(config, testDb.database, createLogger('silent'));
    await catalogCaughtUp(app, testDb.database);
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('puts /bestellen’s products with their prices in the HTML, in menu order, hidden ones left out', async () => {
    const { status, html } = await page('/bestellen');
    expect(status).toBe(200);
    const paint = firstPaintOf(html);
    expect(paint).toContain('<h1 class="shop__title">Onze kaart</h1>');
    expect(paint).toContain('Bicky burger');
    expect(paint).toContain(nl(450));
    // On sale: the regular price struck through, then the price to pay; markup in a name is text.
    expect(paint).toContain('Frikandel &lt;speciaal&gt;');
    expect(paint).toContain(`<del class="price__regular">${nl(300)}</del> <ins class="price__current">${nl(250)}</ins>`);
    expect(paint).toContain('Met bickysaus');
    expect(paint).not.toContain('Verborgen snack');
    expect(paint.indexOf('Bicky burger')).toBeLessThan(paint.indexOf('Frikandel'));
    expect(paint).toContain(`href="/product/${slug}"`);
    // The app's root stays empty (it renders there) and hidden until it has rendered.
    expect(html).toContain('<body class="has-first-paint">');
    expect(html).toContain('<div id="root"></div><div id="first-paint"');
  });

  it('preloads the first card’s image in every served width and offers the sizes the card shows', async () => {
    const { html } = await page('/bestellen');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(
      `<link rel="preload" as="image" type="image/avif" imagesrcset="/media/u/${HASH}/160.avif 160w, /media/u/${HASH}/320.avif 320w, /media/u/${HASH}/640.avif 640w, /media/u/${HASH}/full.avif 1200w"`,
    );
    expect(head).toContain('imagesizes="(max-width: 600px) 100vw, (max-width: 1000px) 50vw, 400px"');
    expect(firstPaintOf(html)).toContain(`<source type="image/webp" srcset="/media/u/${HASH}/160.webp 160w,`);
    // Only that image is fetched first; the rest of the first row loads at once, the rows below lazily.
    expect(firstPaintOf(html).match(/fetchpriority="high"/g)).toHaveLength(1);
  });

  it('speaks the language of the locale cookie, as the app does, and says so on <html>', async () => {
    const french = await page('/bestellen', { cookie: 'bakje-locale=fr_FR' });
    expect(french.html).toContain('<html lang="fr-FR">');
    expect(firstPaintOf(french.html)).toContain('Notre carte');
    expect(firstPaintOf(french.html)).toContain('Burger bicky');
    expect(firstPaintOf(french.html)).toContain(fr(450));
    const english = await page('/bestellen', { cookie: 'bakje-locale=en_US', 'accept-language': 'fr' });
    expect(firstPaintOf(english.html)).toContain('Our menu');
    expect(firstPaintOf(english.html)).toContain('Bicky burger EN');
    expect(firstPaintOf(english.html)).toContain(en(450));
    // No cookie: the browser's first shop language until the customer chooses (issue 31; the app does the same).
    const browser = await page('/bestellen', { 'accept-language': 'de-DE,fr-BE;q=0.8,nl;q=0.5' });
    expect(browser.html).toContain('<html lang="fr-FR">');
    expect(firstPaintOf(browser.html)).toContain('Notre carte');
    const response = await app.server.inject({ method: 'GET', url: '/bestellen', headers: { 'accept-language': 'fr' } });
    expect(String(response.headers.vary)).toMatch(/accept-language/i);
    // Neither: Dutch.
    const none = await page('/bestellen', { 'accept-language': 'de-DE' });
    expect(firstPaintOf(none.html)).toContain('Onze kaart');
    expect(none.etag).not.toBe(french.etag);
  });

  it('renders a product page with its name, price, description and preloaded image', async () => {
    const { status, html } = await page(`/product/${slug}`, { cookie: 'bakje-locale=fr_FR' });
    expect(status).toBe(200);
    const paint = firstPaintOf(html);
    expect(paint).toContain('<h1 class="product__title">Burger bicky</h1>');
    expect(paint).toContain(fr(450));
    expect(paint).toContain('Avec sauce bicky');
    expect(html.slice(0, html.indexOf('</head>'))).toContain(`imagesrcset="/media/u/${HASH}/160.avif 160w`);
    // An unknown product has no first paint (the app shows its "not found").
    expect(firstPaintOf((await page('/product/bestaat-niet')).html)).toBe('');
  });

  it('marks texts shown in Dutch for lack of a translation as the app does: lang, a note after each, or one for the menu', async () => {
    const menu = firstPaintOf((await page('/bestellen', { cookie: 'bakje-locale=fr_FR' })).html);
    expect(menu).toContain('<h2 class="card__title" lang="nl">Stoofvleessaus</h2>');
    expect(menu).toContain('<p class="card__excerpt" lang="nl">Huisgemaakt.</p>');
    expect(menu).toContain('<h2 class="card__title">Burger bicky</h2>');
    // Once, above the cards (web/src/shop/ShopPage.tsx).
    expect(menu).toContain(
      '<h1 class="shop__title">Notre carte</h1></div><p class="other-language-notice">Tout n’est pas encore traduit : certains textes sont en néerlandais.</p><div class="grid">',
    );
    const product = firstPaintOf((await page('/product/stoofvleessaus-fp', { cookie: 'bakje-locale=en_US' })).html);
    expect(product).toContain('<h1 class="product__title"><span lang="nl">Stoofvleessaus</span><span class="other-language"> (in Dutch)</span></h1>');
    expect(product).toContain('<div lang="nl"><p class="product__short">Huisgemaakt.</p></div><p class="other-language">(in Dutch)</p>');
    // In the reader's own language nothing is marked.
    const dutch = firstPaintOf((await page('/bestellen', { cookie: 'bakje-locale=nl_BE' })).html);
    expect(dutch).toContain('Stoofvleessaus');
    expect(dutch).not.toMatch(/ lang="|other-language/);
  });

  it('renders home with the hero and the shop’s categories', async () => {
    const { html } = await page('/', { cookie: 'bakje-locale=en_US' });
    const paint = firstPaintOf(html);
    expect(paint).toContain('Welcome to');
    expect(paint).toContain('Snacks EN');
    expect(paint).toContain('href="/bestellen?category=snacks-fp"');
  });

  it('has no first paint for a filtered shop, a page past the end, or other routes', async () => {
    expect(firstPaintOf((await page('/bestellen?category=snacks-fp')).html)).toBe('');
    expect(firstPaintOf((await page('/bestellen/page/40')).html)).toBe('');
    const login = await page('/login');
    expect(firstPaintOf(login.html)).toBe('');
    expect(login.html).not.toContain('has-first-paint');
  });

  it('loads the app after a first paint, at low priority, and preloads nothing more', async () => {
    const { html } = await page('/bestellen', { cookie: 'bakje-locale=fr_FR' });
    expect(html).toContain('<script type="module" fetchpriority="low" src="/assets/index-Ab12Cd34.js">');
    expect(html).not.toContain('modulepreload');
  });

  it('preloads the app and its language’s messages from the build manifest on a page without a first paint, each once', async () => {
    const { status, html } = await page('/login', { cookie: 'bakje-locale=fr_FR' });
    expect(status).toBe(200);
    const head = html.slice(0, html.indexOf('</head>'));
    const preloaded = [...head.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    expect(preloaded).toEqual(['/assets/start-St12.js', '/assets/vendor-Vd34.js', '/assets/fr-FR-Fr12.js']);
    // The entry is in the page already.
    expect(head).not.toContain('modulepreload" crossorigin href="/assets/index-Ab12Cd34.js"');
    expect(head).not.toContain('fetchpriority="low"');
    expect(head).not.toContain('CheckoutPage');
    // In Dutch (bundled with the app) no messages.
    expect((await page('/login')).html).not.toContain('fr-FR-Fr12.js');
    // The manifest itself is never served.
    expect((await app.server.inject({ method: 'GET', url: '/.vite/manifest.json' })).statusCode).toBe(404);
  });

  it('changes with the catalogue: a new name and price show at once, with a new ETag; an unchanged catalogue answers 304', async () => {
    const before = await page('/bestellen');
    const again = await app.server.inject({ method: 'GET', url: '/bestellen', headers: { 'if-none-match': before.etag! } });
    expect(again.statusCode).toBe(304);
    const versionBefore = (await app.catalog.get()).version;
    await testDb.database.db
      .update(t.products)
      .set({ name: { nl: 'Bicky burger XL', fr: 'Burger bicky XL', en: 'Bicky XL' }, regularPrice: 590 })
      .where(eq(t.products.id, productId));
    await catalogCaughtUp(app, testDb.database);
    expect((await app.catalog.get()).version).toBeGreaterThan(versionBefore);
    const after = await page('/bestellen');
    expect(after.etag).not.toBe(before.etag);
    const paint = firstPaintOf(after.html);
    expect(paint).toContain('Bicky burger XL');
    expect(paint).toContain(nl(590));
    expect(paint).not.toContain(nl(450));
    expect(paint).toContain(`data-catalog-version="${(await app.catalog.get()).version}"`);
    const product = await page(`/product/${slug}`);
    expect(firstPaintOf(product.html)).toContain('Bicky burger XL');
  });

  describe('the checkout’s first paint (docs/decisions/0056-checkout-first-paint.md)', () => {
    const ADD = 'mutation($id: Int!, $qty: Int) { addToCart(input: {productId: $id, quantity: $qty}) { cart { isEmpty } } }';
    /** A new guest cart holding `quantity` of a product: the cookie the web app keeps its token in. */
    const cartWith = async (slugOf: string, quantity: number) => {
      const product = (await app.catalog.get()).productsBySlug.get(slugOf)!;
      const response = await app.server.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json' },
        payload: { query: ADD, variables: { id: product.row.id, qty: quantity } },
      });
      expect(response.json().errors).toBeUndefined();
      return `woocommerce-session=${encodeURIComponent(response.headers['woocommerce-session'] as string)}`;
    };

    it('shows the session’s own cart: its lines and total, the fulfilment choice, the checkout’s stylesheet; never stored', async () => {
      const mine = await cartWith('frikandel-fp', 2);
      const theirs = await cartWith(slug, 1);
      const response = await app.server.inject({ method: 'GET', url: '/checkout', headers: { cookie: mine } });
      expect(response.statusCode).toBe(200);
      // Written for this visitor alone: no shared cache, and no ETag another cart's page could match.
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.headers.etag).toBeUndefined();
      const again = await app.server.inject({ method: 'GET', url: '/checkout', headers: { cookie: mine, 'if-none-match': '*' } });
      expect(again.statusCode).toBe(200);
      const html = response.body;
      const paint = firstPaintOf(html);
      expect(paint).toContain('<h1 class="page-title">Afrekenen</h1>');
      expect(paint).toContain('Afhalen, levering of ter plaatse');
      expect(paint).toMatch(/<label class="fulfilment is-selected"><input type="radio" name="first-paint-fulfilment" value="takeaway" checked \/>/);
      expect(paint).toContain('<span class="summary-line__qty">2×</span><span class="summary-line__name">Frikandel &lt;speciaal&gt;</span>');
      expect(paint).toContain(`<dt>Totaal</dt><dd><span class="price price--md"><span class="price__current">${nl(500)}</span>`);
      expect(paint).not.toContain('Bicky burger');
      // The form needs the app; without JavaScript the page says so.
      expect(paint).toContain('<noscript>');
      expect(paint).toContain(' inert>');
      // The checkout's own stylesheet is linked (the markup uses its classes); its code is not fetched early.
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head).toContain('<link rel="stylesheet" href="/assets/checkout-Cc90.css">');
      expect(head).not.toContain('modulepreload');
      expect(html).toContain('<script type="module" fetchpriority="low" src="/assets/index-Ab12Cd34.js">');
      expect(html).toContain('<body class="has-first-paint">');

      const other = firstPaintOf((await page('/checkout', { cookie: theirs })).html);
      expect(other).toContain('<span class="summary-line__qty">1×</span><span class="summary-line__name">Bicky burger');
      expect(other).not.toContain('Frikandel');
    });

    it('marks a line shown in Dutch for lack of a translation and says so once under the lines, as the app does', async () => {
      const cookie = `${await cartWith('stoofvleessaus-fp', 1)}; bakje-locale=fr_FR`;
      const paint = firstPaintOf((await page('/checkout', { cookie })).html);
      expect(paint).toContain('<span class="summary-line__name"><span lang="nl">Stoofvleessaus</span></span>');
      expect(paint).toContain(
        '</ul><p class="other-language-notice">Tout n’est pas encore traduit : certains textes sont en néerlandais.</p><dl class="totals">',
      );
      const translated = firstPaintOf((await page('/checkout', { cookie: `${await cartWith('frikandel-fp', 1)}; bakje-locale=fr_FR` })).html);
      expect(translated).not.toMatch(/ lang="|other-language/);
    });

    it('speaks the locale cookie’s language', async () => {
      const cookie = `${await cartWith('frikandel-fp', 1)}; bakje-locale=fr_FR`;
      const { html } = await page('/checkout', { cookie });
      expect(html).toContain('<html lang="fr-FR">');
      const paint = firstPaintOf(html);
      expect(paint).toContain('<h1 class="page-title">Paiement</h1>');
      expect(paint).toContain('À emporter, livraison ou sur place');
      expect(paint).toContain('Fricadelle');
      expect(paint).toContain(fr(250));
      expect(paint).toContain('JavaScript est nécessaire');
    });

    it('draws the shell’s notice line as the app will: closed now, and when it opens', async () => {
      const snapshot = await app.catalog.get();
      // 03:00 in Brussels: before any opening hours of the day.
      const night = new Date('2026-11-24T02:00:00Z');
      const paint = renderCheckoutFirstPaint({ snapshot, cart: null, lang: 'nl', now: night, timeZone: 'Europe/Brussels' });
      expect(paint.body).toMatch(
        /<div class="shop-status" role="status"><p class="shop-status__line shop-status__line--info">Nu gesloten(, we openen [^<]+)?\.<\/p><\/div><main/,
      );
      const english = renderCheckoutFirstPaint({ snapshot, cart: null, lang: 'en', now: night, timeZone: 'Europe/Brussels' });
      expect(english.body).toContain('Closed now');
    });

    it('shows the empty cart without a cart, with an empty one, or with a token that is not this server’s', async () => {
      for (const cookie of [undefined, 'woocommerce-session=not-a-token']) {
        const { status, html } = await page('/checkout', cookie ? { cookie } : {});
        expect(status).toBe(200);
        const paint = firstPaintOf(html);
        expect(paint).toContain('<h2 class="state__title">Je winkelmandje is leeg</h2>');
        expect(paint).toContain('<a class="btn btn--primary btn--md" href="/bestellen">Naar de kaart</a>');
        expect(paint).not.toContain('summary-line');
      }
    });
  });
});
