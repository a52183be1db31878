import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, like } from 'drizzle-orm';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { stringify } from 'csv-stringify/sync';
import * as t from '../src/db/schema/index.js';
import type { App } from '../src/app.js';
import { createAccount } from '../src/modules/auth/accounts.js';
import { ApiKeyService } from '../src/modules/api-keys/api-key-service.js';
import { CSV_COLUMNS } from '../src/modules/menu-transfer/woocommerce-csv.js';
import { Browser } from './support/browser.js';
import { catalogChecksum } from './support/catalog-checksum.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { TEST_PEPPER, catalogCaughtUp, graphql, startTestApp } from './support/server.js';
import { waitFor } from './support/wait.js';

const LOGIN = `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }`;
const PASSWORD = 'Goed wachtwoord 42';
const PRODUCTS = `{ products(first: 500) { nodes { name slug type ... on SimpleProduct { regularPrice(format: RAW) salePrice(format: RAW) }
  ... on VariableProduct { variations(first: 50) { nodes { name regularPrice(format: RAW) } } }
  productCategories { nodes { name } } } } }`;

type Cells = Partial<Record<(typeof CSV_COLUMNS)[number], string>>;
const csvOf = (rows: Cells[]) => stringify(rows, { header: true, columns: [...CSV_COLUMNS] });

/** The WooCommerce sample's shape: simple products in nested categories, a variable one with its variations. */
function sampleRows(count: number): Cells[] {
  const rows: Cells[] = [];
  for (let i = 1; i <= count - 4; i++) {
    rows.push({
      ID: String(i),
      Type: 'simple',
      SKU: `SNACK-${i}`,
      Name: `Snack ${i}`,
      Published: '1',
      'Short description': 'Lekker',
      'In stock?': '1',
      'Regular price': `${2 + (i % 5)}.50`,
      'Sale price': i % 10 === 0 ? '2.00' : '',
      Categories: i % 2 ? 'Snacks > Warm' : 'Snacks, Promoties',
      Position: String(i),
      'Meta: english_translation': `Snack ${i} (en)`,
      'Meta: cloudpos_tax': '6',
    });
  }
  rows.push({
    ID: '9001',
    Type: 'variable',
    SKU: 'FRIET',
    Name: 'Friet',
    Published: '1',
    Categories: 'Frieten',
    'Attribute 1 name': 'Formaat',
    'Attribute 1 value(s)': 'Klein, Middel, Groot',
    'Attribute 1 visible': '1',
    'Attribute 1 global': '0',
  });
  rows.push({
    Type: 'variation',
    SKU: 'FRIET-K',
    Name: 'Friet',
    Parent: 'id:9001',
    'Regular price': '3.00',
    'Attribute 1 name': 'Formaat',
    'Attribute 1 value(s)': 'Klein',
  });
  rows.push({
    Type: 'variation',
    SKU: 'FRIET-M',
    Name: 'Friet',
    Parent: 'id:9001',
    'Regular price': '3.80',
    'Attribute 1 name': 'Formaat',
    'Attribute 1 value(s)': 'Middel',
  });
  rows.push({
    Type: 'variation',
    SKU: 'FRIET-G',
    Name: 'Friet',
    Parent: 'FRIET',
    'Regular price': '4.50',
    'Attribute 1 name': 'Formaat',
    'Attribute 1 value(s)': 'Groot',
  });
  return rows;
}

/** A shop's image server: /img/<n>.png a small PNG of its own colour, /missing.png 404, /text.png not an image. */
async function startImageServer() {
  const pngs = new Map<string, Buffer>();
  for (const n of [1, 2, 3]) {
    pngs.set(
      String(n),
      await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: n * 60, g: 120, b: 200 - n * 40 } } })
        .png()
        .toBuffer(),
    );
  }
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    requests.push(url.pathname + url.search);
    const png = /^\/img\/(\d+)\.png$/.exec(url.pathname);
    const data = png ? pngs.get(png[1]!) : undefined;
    if (data) {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': data.length });
      response.end(data);
    } else if (url.pathname === '/text.png') {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end('dit is geen afbeelding');
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe.each(databaseKinds)('menu import and export (%s)', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let manager: Browser;
  let images: Awaited<ReturnType<typeof startImageServer>>;
  const mediaDirs: string[] = [];
  const mediaEnv = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bakje-import-media-'));
    mediaDirs.push(dir);
    return { BAKJE_MEDIA_DIR: dir };
  };

  beforeAll(async () => {
    images = await startImageServer();
    testDb = await createTestDatabase(kind);
    app = await startTestApp(testDb.database, { BAKJE_JOB_POLL_MS: '50', ...mediaEnv() });
    await createAccount(testDb.database.db, { email: 'beheer@example.be', password: PASSWORD, role: 'manager' });
    manager = new Browser(() => app);
    expect((await manager.graphql(LOGIN, { u: 'beheer@example.be', p: PASSWORD })).body.errors).toBeUndefined();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
    await images?.close();
    for (const dir of mediaDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const upload = async (csv: string) => {
    return manager.request('POST', '/api/admin/menu/import?fileName=menu.csv', undefined, { headers: { 'content-type': 'text/csv' }, raw: csv });
  };

  it('previews 200 sample rows with bad ones: names each bad row and column, writes nothing, refuses to apply', async () => {
    const rows = sampleRows(200);
    rows[10] = { ...rows[10], 'Regular price': 'twee euro' };
    rows[20] = { ...rows[20], Name: '' };
    rows[30] = { ...rows[30], 'Sale price': '9.00', 'Regular price': '3.00' };
    rows[40] = { ...rows[40], Type: 'bundle' };
    rows[50] = { ...rows[50], Stock: 'veel' };
    rows.push({
      Type: 'variation',
      SKU: 'WEES',
      Name: 'Wees',
      Parent: 'id:424242',
      'Regular price': '1.00',
      'Attribute 1 name': 'Formaat',
      'Attribute 1 value(s)': 'Klein',
    });
    const before = await catalogChecksum(testDb.database.db);
    const response = await upload(csvOf(rows));
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json();
    expect(preview.status).toBe('preview');
    expect(preview.problems.map((p: { row: number; column: string }) => [p.row, p.column])).toEqual([
      [12, 'Regular price'],
      [22, 'Name'],
      [32, 'Sale price'],
      [42, 'Type'],
      [52, 'Stock'],
      [202, 'Parent'],
    ]);
    expect(await catalogChecksum(testDb.database.db)).toBe(before);
    const apply = await manager.request('POST', `/api/admin/menu/import/${preview.id}/apply`);
    expect(apply.statusCode).toBe(409);
    expect(apply.json().code).toBe('MENU_IMPORT_HAS_PROBLEMS');
    expect(await catalogChecksum(testDb.database.db)).toBe(before);
  });

  it('applies a clean file all at once: categories made, variations under their parent, translations and prices kept', { timeout: 60_000 }, async () => {
    const preview = (await upload(csvOf(sampleRows(40)))).json();
    expect(preview.problems).toEqual([]);
    expect(preview.total).toBe(40);
    const apply = await manager.request('POST', `/api/admin/menu/import/${preview.id}/apply`);
    expect(apply.statusCode, apply.body).toBe(200);
    const done = await waitFor(
      'the import to finish',
      async () => {
        const view = (await manager.request('GET', `/api/admin/menu/import/${preview.id}`)).json();
        return view.status === 'done' || view.status === 'failed' ? view : undefined;
      },
      undefined,
      60_000,
    );
    expect(done.result).toEqual({ created: 37, updated: 0, variations: 3, categories: 4, images: 0, imageProblems: [] });
    expect(done.applied).toBe(40);
    const [snack] = await testDb.database.db.select().from(t.products).where(eq(t.products.sku, 'SNACK-7'));
    expect(snack).toMatchObject({ regularPrice: 450, name: { nl: 'Snack 7', en: 'Snack 7 (en)' } });
    await catalogCaughtUp(app, testDb.database);
    const friet = (
      await graphql(
        app,
        `
          {
            product(id: "friet", idType: SLUG) {
              ... on VariableProduct {
                variations {
                  nodes {
                    regularPrice(format: RAW)
                  }
                }
              }
            }
          }
        `,
      )
    ).body;
    expect(friet.data.product.variations.nodes.map((n: { regularPrice: string }) => n.regularPrice).sort()).toEqual(['3.00', '3.80', '4.50']);
    // A second apply of the same file is refused; reading it in again updates by SKU instead of duplicating.
    expect((await manager.request('POST', `/api/admin/menu/import/${preview.id}/apply`)).statusCode).toBe(409);
  });

  it('exports the catalogue as CSV and JSON, and the CSV brings the same menu into another shop', async () => {
    const csv = await manager.request('GET', '/api/admin/menu/export.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const json = (await manager.request('GET', '/api/admin/menu/export.json')).json();
    expect(json.format).toBe('bakje-menu');
    expect(json.products).toHaveLength(37);
    expect(json.categories.map((c: { path: string }) => c.path)).toContain('Snacks > Warm');

    const other = await createTestDatabase(kind);
    const otherApp = await startTestApp(other.database, { BAKJE_JOB_POLL_MS: '50', ...mediaEnv() });
    try {
      await createAccount(other.database.db, { email: 'beheer@example.be', password: PASSWORD, role: 'manager' });
      const otherManager = new Browser(() => otherApp);
      await otherManager.graphql(LOGIN, { u: 'beheer@example.be', p: PASSWORD });
      const preview = (
        await otherManager.request('POST', '/api/admin/menu/import', undefined, { headers: { 'content-type': 'text/csv' }, raw: csv.body })
      ).json();
      expect(preview.problems).toEqual([]);
      await otherManager.request('POST', `/api/admin/menu/import/${preview.id}/apply`);
      await waitFor(
        'the import into the other shop',
        async () => (await otherManager.request('GET', `/api/admin/menu/import/${preview.id}`)).json().status === 'done',
        undefined,
        60_000,
      );
      await catalogCaughtUp(app, testDb.database);
      await catalogCaughtUp(otherApp, other.database);
      const menu = async (a: App) => {
        const nodes = (await graphql(a, PRODUCTS)).body.data.products.nodes as { name: string; productCategories: { nodes: { name: string }[] } }[];
        return nodes
          .map((n) => ({ ...n, productCategories: n.productCategories.nodes.map((c) => c.name).sort() }))
          .sort((a, b) => a.name.localeCompare(b.name));
      };
      expect(await menu(otherApp)).toEqual(await menu(app));
    } finally {
      await otherApp.close();
      await other.cleanup();
    }
  }, 120_000);

  it('applies all or nothing: a row refused while applying leaves the catalogue as it was and says which row', { timeout: 60_000 }, async () => {
    const before = await catalogChecksum(testDb.database.db);
    const rows: Cells[] = [
      { Type: 'simple', SKU: 'NIEUW-1', Name: 'Nieuwe snack', 'Regular price': '2.00', Categories: 'Nieuw' },
      // The SKU of a variation imported before: only the shop knows it is taken.
      { Type: 'simple', SKU: 'FRIET-K', Name: 'Dubbele SKU', 'Regular price': '2.00' },
    ];
    const preview = (await upload(csvOf(rows))).json();
    expect(preview.problems).toEqual([]);
    await manager.request('POST', `/api/admin/menu/import/${preview.id}/apply`);
    const failed = await waitFor('the import to fail', async () => {
      const view = (await manager.request('GET', `/api/admin/menu/import/${preview.id}`)).json();
      return view.status === 'failed' ? view : undefined;
    });
    expect(failed.result).toEqual({ row: 3, error: 'Invalid or duplicated SKU.' });
    expect(await catalogChecksum(testDb.database.db)).toBe(before);
  });

  it(
    'brings the images of a file into the media library: each content once, a failing image named with its row, the row kept',
    { timeout: 90_000 },
    async () => {
      const rows: Cells[] = [
        { Type: 'simple', SKU: 'BEELD-1', Name: 'Bicky burger', 'Regular price': '4.00', Images: `${images.base}/img/1.png` },
        // The same address again, and the same picture at another address: one library item.
        { Type: 'simple', SKU: 'BEELD-2', Name: 'Bicky cheese', 'Regular price': '4.50', Images: `${images.base}/img/1.png` },
        { Type: 'simple', SKU: 'BEELD-3', Name: 'Bicky kip', 'Regular price': '4.50', Images: `${images.base}/img/1.png?kopie=1, ${images.base}/img/2.png` },
        { Type: 'simple', SKU: 'BEELD-4', Name: 'Mexicano', 'Regular price': '3.00', Images: `${images.base}/missing.png` },
        { Type: 'simple', SKU: 'BEELD-5', Name: 'Boulet', 'Regular price': '3.20', Images: `${images.base}/text.png, ${images.base}/img/2.png` },
      ];
      const apply = async () => {
        const preview = (await upload(csvOf(rows))).json();
        expect(preview.problems).toEqual([]);
        await manager.request('POST', `/api/admin/menu/import/${preview.id}/apply`);
        return waitFor(
          'the import with images',
          async () => {
            const view = (await manager.request('GET', `/api/admin/menu/import/${preview.id}`)).json();
            return view.status === 'done' || view.status === 'failed' ? view : undefined;
          },
          undefined,
          60_000,
        );
      };
      const libraryItems = () => testDb.database.db.select().from(t.media).where(like(t.media.src, '/media/u/%'));
      const before = (await libraryItems()).length;
      const fetchesBefore = images.requests.length;
      const done = await apply();
      expect(done.status).toBe('done');
      expect(done.result).toMatchObject({ created: 5, images: 3 });
      expect(done.result.imageProblems).toEqual([
        {
          row: 5,
          column: 'Images',
          code: 'imageFailed',
          params: { src: `${images.base}/missing.png`, error: 'the address answered 404' },
          message: `${images.base}/missing.png: the address answered 404`,
        },
        {
          row: 6,
          column: 'Images',
          code: 'imageFailed',
          params: expect.objectContaining({ src: `${images.base}/text.png` }),
          message: expect.stringMatching(new RegExp(`^${images.base}/text.png: .*(unsupported|not|image)`, 'i')),
        },
      ]);
      // Each address was asked for once.
      expect(images.requests.slice(fetchesBefore).sort()).toEqual(['/img/1.png', '/img/1.png?kopie=1', '/img/2.png', '/missing.png', '/text.png']);
      const stored = await libraryItems();
      expect(stored.length - before).toBe(2);
      const product = async (sku: string) => {
        const [row] = await testDb.database.db.select().from(t.products).where(eq(t.products.sku, sku));
        const gallery = await testDb.database.db.select().from(t.productGallery).where(eq(t.productGallery.productId, row!.id));
        const src = (id: number | null) => stored.find((m) => m.id === id)?.src;
        return [src(row!.imageId), ...gallery.map((g) => src(g.mediaId))];
      };
      const [one, two] = [(await product('BEELD-1'))[0], (await product('BEELD-3'))[1]];
      expect(one).toMatch(/^\/media\/u\/[0-9a-f]{32}\/64x48\.png$/);
      expect(two).toMatch(/^\/media\/u\//);
      expect(two).not.toBe(one);
      expect(await product('BEELD-2')).toEqual([one]);
      expect(await product('BEELD-3')).toEqual([one, two]);
      // The rows whose image failed are there, without it (or with the one that worked).
      expect(await product('BEELD-4')).toEqual([undefined]);
      expect(await product('BEELD-5')).toEqual([two]);
      const file = await app.server.inject({ method: 'GET', url: one! });
      expect(file.statusCode).toBe(200);
      // Their resized copies are queued once the import is done (not while it runs).
      const variantJobs = await testDb.database.db
        .select({ key: t.jobs.idempotencyKey })
        .from(t.jobs)
        .where(
          inArray(
            t.jobs.idempotencyKey,
            [...new Set([one, two])].map((src) => `media-variants:${stored.find((m) => m.src === src)!.id}`),
          ),
        );
      expect(variantJobs).toHaveLength(2);

      // The same file again: the products are updated and the pictures are the same two library items.
      const again = await apply();
      expect(again.result).toMatchObject({ created: 0, updated: 5, images: 3 });
      expect((await libraryItems()).length - before).toBe(2);
      expect(await product('BEELD-3')).toEqual([one, two]);
    },
  );

  it('imports the catalogue of another shop over its REST API: the same storefront menu, and a second run adds nothing', { timeout: 120_000 }, async () => {
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.server.address() as AddressInfo;
    const key = await new ApiKeyService(testDb.database.db, () => TEST_PEPPER).create({ scope: 'read', description: 'export' });
    const other = await createTestDatabase(kind);
    const otherApp = await startTestApp(other.database, { BAKJE_JOB_POLL_MS: '50', ...mediaEnv() });
    try {
      await createAccount(other.database.db, { email: 'beheer@example.be', password: PASSWORD, role: 'manager' });
      const otherManager = new Browser(() => otherApp);
      await otherManager.graphql(LOGIN, { u: 'beheer@example.be', p: PASSWORD });
      const run = async () => {
        const started = await otherManager.request('POST', '/api/admin/menu/shop-import', {
          url: `http://127.0.0.1:${port}`,
          consumer_key: key.consumerKey,
          consumer_secret: key.consumerSecret,
        });
        expect(started.statusCode, started.body).toBe(200);
        return waitFor(
          'the shop import',
          async () => {
            const view = (await otherManager.request('GET', `/api/admin/menu/shop-import/${started.json().id}`)).json();
            return view.status === 'done' || view.status === 'failed' ? view : undefined;
          },
          undefined,
          60_000,
        );
      };
      // In the source: a global add-on group for the snacks with an option's picture, and a product whose picture is gone.
      const [snacks] = await testDb.database.db.select().from(t.categories).where(eq(t.categories.slug, 'snacks'));
      const [picture] = await testDb.database.db.select().from(t.media).where(like(t.media.src, '/media/u/%')).limit(1);
      const addon = await manager.request('POST', '/wp-json/wc-product-add-ons/v2/global-add-ons', {
        name: 'Sauzen',
        translations: { fr: 'Sauces', en: 'Sauces' },
        priority: 5,
        restrict_to_categories: [snacks!.id],
        fields: [
          {
            name: 'Saus',
            translations: { fr: 'Sauce' },
            type: 'multiple_choice',
            required: true,
            options: [
              { label: 'Mayonaise', price: '0.80', image: picture!.id },
              { label: 'Ketchup', price: '0.70', translations: { en: 'Ketchup' } },
            ],
          },
          { name: 'Opmerking', type: 'custom_text', max: 40 },
        ],
      });
      expect(addon.statusCode, addon.body).toBe(201);
      const gone = await manager.request('POST', '/wp-json/wc/v3/products', {
        name: 'Stoofvlees',
        regular_price: '9.50',
        images: [{ src: `${images.base}/missing.png` }],
      });
      expect(gone.statusCode, gone.body).toBe(201);

      const first = await run();
      expect(first).toMatchObject({ status: 'done', error: null, counts: { skipped: 0, addons: 1, imageFailures: 1 } });
      expect(first.counts.imageProblems).toEqual([{ item: 'Stoofvlees', src: `${images.base}/missing.png`, message: 'the address answered 404' }]);
      const addonsHere = async () => (await otherManager.request('GET', '/wp-json/wc-product-add-ons/v2/global-add-ons')).json();
      const copied = await addonsHere();
      expect(copied).toHaveLength(1);
      const [otherSnacks] = await other.database.db.select().from(t.categories).where(eq(t.categories.slug, 'snacks'));
      expect(copied[0]).toMatchObject({
        name: 'Sauzen',
        translations: { fr: 'Sauces', en: 'Sauces' },
        priority: 5,
        restrict_to_categories: { [String(otherSnacks!.id)]: 'Snacks' },
        fields: [
          {
            name: 'Saus',
            type: 'multiple_choice',
            required: true,
            options: [
              { label: 'Mayonaise', price: '0.80', image_src: expect.stringMatching(/^\/media\/u\/[0-9a-f]{32}\//) },
              { label: 'Ketchup', price: '0.70', translations: { fr: '', en: 'Ketchup' }, image_src: null },
            ],
          },
          { name: 'Opmerking', type: 'custom_text', max: 40 },
        ],
      });
      // The source's pictures are in this shop's own library now; the one that failed left its product without.
      const [bicky] = await other.database.db.select().from(t.products).where(eq(t.products.sku, 'BEELD-1'));
      const [bickyImage] = await other.database.db.select().from(t.media).where(eq(t.media.id, bicky!.imageId!));
      expect(bickyImage!.src).toMatch(/^\/media\/u\/[0-9a-f]{32}\//);
      const [stoofvlees] = await other.database.db.select().from(t.products).where(eq(t.products.slug, 'stoofvlees'));
      expect(stoofvlees).toMatchObject({ imageId: null, regularPrice: 950 });
      await catalogCaughtUp(app, testDb.database);
      await catalogCaughtUp(otherApp, other.database);
      const menu = async (a: App) => {
        const nodes = (await graphql(a, PRODUCTS)).body.data.products.nodes as { name: string; productCategories: { nodes: { name: string }[] } }[];
        return nodes
          .map((n) => ({ ...n, productCategories: n.productCategories.nodes.map((c) => c.name).sort() }))
          .sort((a, b) => a.name.localeCompare(b.name));
      };
      expect(await menu(otherApp)).toEqual(await menu(app));
      const count = async () => (await other.database.db.select({ id: t.products.id }).from(t.products)).length;
      const before = await count();
      const mediaBefore = (await other.database.db.select({ id: t.media.id }).from(t.media)).length;
      const second = await run();
      expect(second.status).toBe('done');
      expect(await count()).toBe(before);
      // The same group with the same field and option ids (cart lines refer to them), and no second copy of a picture.
      expect(await addonsHere()).toEqual(copied);
      expect((await other.database.db.select({ id: t.media.id }).from(t.media)).length).toBe(mediaBefore);
      // The key and secret are not kept once the import has ended.
      const [stored] = await other.database.db.select().from(t.shopImports).where(eq(t.shopImports.id, second.id));
      expect(stored).toMatchObject({ consumerKey: null, consumerSecret: null });
    } finally {
      await otherApp.close();
      await other.cleanup();
    }
  });

  it('is for products.manage only', async () => {
    const kitchen = new Browser(() => app);
    await createAccount(testDb.database.db, { email: 'kok@example.be', password: PASSWORD, role: 'kitchen' });
    await kitchen.graphql(LOGIN, { u: 'kok@example.be', p: PASSWORD });
    expect((await kitchen.request('GET', '/api/admin/menu/export.csv')).statusCode).toBe(403);
    expect((await new Browser(() => app).request('GET', '/api/admin/menu/export.json')).statusCode).toBe(401);
  });
});
