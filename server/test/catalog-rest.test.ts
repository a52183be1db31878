import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as t from '../src/db/schema/index.js';
import type { App } from '../src/app.js';
import { ApiKeyService, type CreatedApiKey } from '../src/modules/api-keys/api-key-service.js';
import { ensureFirstAdmin } from '../src/modules/auth/first-admin.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { TEST_PEPPER, catalogCaughtUp, graphql, startTestApp } from './support/server.js';
import { aCategory, anAllergen } from './support/builders.js';
import { Browser } from './support/browser.js';
import { catalogChecksum } from './support/catalog-checksum.js';
import { waitFor } from './support/wait.js';
import { setSoldOut } from '../src/modules/catalog/sold-out.js';

const basic = (key: CreatedApiKey) => `Basic ${Buffer.from(`${key.consumerKey}:${key.consumerSecret}`).toString('base64')}`;
const LOGIN = `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }`;

describe.each(databaseKinds)('store REST API: product and variation writes (%s)', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let writer: CreatedApiKey;
  let reader: CreatedApiKey;
  let frieten: number;
  let sauzen: number;
  let gluten: number;
  let mosterd: number;
  let mediaId: number;
  let formaat: number;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    const db = testDb.database.db;
    frieten = (await aCategory(db, { slug: 'frieten', name: { nl: 'Frieten' } })).id;
    sauzen = (await aCategory(db, { slug: 'sauzen', name: { nl: 'Sauzen' } })).id;
    gluten = (await anAllergen(db, 'gluten')).id;
    mosterd = (await anAllergen(db, 'mosterd')).id;
    const [media] = await db.insert(t.media).values({ src: '/media/demo/frieten.svg', title: 'Frieten' }).returning();
    mediaId = media!.id;
    const [attribute] = await db
      .insert(t.attributes)
      .values({ slug: 'pa_formaat', name: { nl: 'Formaat' } })
      .returning();
    formaat = attribute!.id;
    await db.insert(t.attributeTerms).values([
      { attributeId: formaat, slug: 'klein', name: { nl: 'Klein' } },
      { attributeId: formaat, slug: 'groot', name: { nl: 'Groot' } },
    ]);
    const keys = new ApiKeyService(db, () => TEST_PEPPER);
    writer = await keys.create({ scope: 'read_write', description: 'kassa' });
    reader = await keys.create({ scope: 'read' });
    app = await startTestApp(testDb.database);
    await catalogCaughtUp(app, testDb.database);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}, key = writer) =>
    app.server.inject({
      method,
      url: `/wp-json/wc/v3${url}`,
      headers: { authorization: basic(key), ...(payload !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
    });

  const checksum = () => catalogChecksum(testDb.database.db);

  it('creates a product with every editor field, reads it back with context=edit, and records who did it', async () => {
    const created = await call('POST', '/products', {
      name: 'Stoofvleessaus',
      translations: { name: { fr: 'Sauce carbonnade', en: 'Stew sauce' }, description: { en: '<p>Rich</p><script>alert(1)</script>' } },
      description: '<p>Huisgemaakt <strong>volgens</strong> oma</p><img src="x" onerror="alert(1)">',
      short_description: 'Lekker',
      sku: 'SAUS-STOOF',
      regular_price: '2.50',
      sale_price: '2.00',
      date_on_sale_from: '2026-12-01T00:00:00',
      date_on_sale_to: '2026-12-31T23:59:59',
      stock_status: 'instock',
      manage_stock: true,
      stock_quantity: 40,
      vat_rates: { takeaway: 6, on_site: 12 },
      allergens: [gluten, mosterd],
      max_quantity: 5,
      is_promotion: true,
      featured: true,
      catalog_visibility: 'visible',
      status: 'publish',
      menu_order: 7,
      categories: [{ id: sauzen }],
      images: [{ id: mediaId }, { src: '/media/demo/saus.svg', alt: 'Saus' }],
      addons: [
        {
          name: 'Extra',
          name_translations: { fr: 'Supplément', en: 'Extra' },
          type: 'multiple_choice',
          required: true,
          options: [{ label: 'Ui', price: '0.30', image: { id: mediaId }, allergens: [mosterd] }, { label: 'Geen' }],
        },
      ],
      meta_data: [{ key: 'cloudpos_product_id', value: 'P-7' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json();
    expect(product).toMatchObject({
      name: 'Stoofvleessaus',
      slug: 'stoofvleessaus',
      sku: 'SAUS-STOOF',
      type: 'simple',
      regular_price: '2.50',
      sale_price: '2.00',
      date_on_sale_from: '2026-12-01T00:00:00',
      date_on_sale_to: '2026-12-31T23:59:59',
      stock_quantity: 40,
      manage_stock: true,
      vat_rates: { takeaway: 6, on_site: 12 },
      allergens: [gluten, mosterd],
      max_quantity: 5,
      is_promotion: true,
      featured: true,
      menu_order: 7,
      categories: [{ id: sauzen, slug: 'sauzen' }],
      revision: 1,
      translations: { name: { nl: 'Stoofvleessaus', fr: 'Sauce carbonnade', en: 'Stew sauce' } },
      last_changed: { by: { type: 'api_key', name: expect.stringContaining('kassa') } },
    });
    expect(product.description).toBe('<p>Huisgemaakt <strong>volgens</strong> oma</p><img src="x" />');
    expect(product.translations.description.en).toBe('<p>Rich</p>');
    expect(product.images.map((i: { src: string }) => i.src)).toEqual(['/media/demo/frieten.svg', '/media/demo/saus.svg']);
    expect(product.addons[0]).toMatchObject({ name: 'Extra', required: true, name_translations: { fr: 'Supplément' } });
    expect(product.addons[0].options[0]).toMatchObject({ label: 'Ui', price: '0.30', allergens: [mosterd], image: { id: mediaId } });
    expect(product.meta_data).toEqual(expect.arrayContaining([{ id: expect.any(Number), key: 'cloudpos_product_id', value: 'P-7' }]));

    const read = await call('GET', `/products/${product.id}?context=edit`, undefined, {}, reader);
    expect(read.statusCode).toBe(200);
    expect(read.headers.etag).toBe('"1"');
    expect(read.json().translations.name.fr).toBe('Sauce carbonnade');
    expect((await call('GET', `/products/${product.id}`, undefined, {}, reader)).json().translations).toBeUndefined();

    // The storefront sees it at once (GraphQL reads the same catalogue).
    const shop = await graphql(
      app,
      `
        {
          product(id: "stoofvleessaus", idType: SLUG) {
            name
          }
        }
      `,
    );
    expect(shop.body.data.product.name).toBe('Stoofvleessaus');

    const history = await call('GET', `/products/${product.id}/changes`, undefined, {}, reader);
    expect(history.json()).toHaveLength(1);
    expect(history.json()[0]).toMatchObject({ action: 'create', entity_type: 'product', actor: { type: 'api_key' } });
    expect(history.json()[0].changes.regular_price).toEqual({ before: null, after: 250 });
  });

  it('updates every verb (PUT, POST, PATCH) field by field, keeping what was not sent, and records before/after', async () => {
    const id = (await call('POST', '/products', { name: 'Bicky', regular_price: '4.50', categories: [{ id: frieten }] })).json().id;
    const put = await call('PUT', `/products/${id}`, { regular_price: '4.80', translations: { name: { fr: 'Bicky FR' } } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ name: 'Bicky', regular_price: '4.80', revision: 2, categories: [{ id: frieten }] });
    expect((await call('POST', `/products/${id}`, { categories: [{ id: sauzen }] })).json().categories).toEqual([expect.objectContaining({ id: sauzen })]);
    expect((await call('PATCH', `/products/${id}`, { stock_status: 'outofstock' })).json()).toMatchObject({ stock_status: 'outofstock', revision: 4 });
    const history = (await call('GET', `/products/${id}/changes`)).json();
    expect(history.map((c: { action: string }) => c.action)).toEqual(['update', 'update', 'update', 'create']);
    expect(history[3 - 1].changes).toEqual({
      regular_price: { before: 450, after: 480 },
      name: { before: { nl: 'Bicky' }, after: { nl: 'Bicky', fr: 'Bicky FR' } },
    });
    expect(history[1].changes.categories).toEqual({ before: [frieten], after: [sauzen] });
  });

  it("saving a product's own add-ons keeps the ids of fields and options sent with their id, and an option's sold-out mark", async () => {
    const created = await call('POST', '/products', {
      name: 'Burger',
      addons: [
        {
          name: 'Extra',
          type: 'checkbox',
          options: [
            { label: 'Kaas', price: '0.50', allergens: [gluten] },
            { label: 'Spek', price: '0.80' },
          ],
        },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const field = created.json().addons[0];
    const [cheese, bacon] = field.options;
    const until = new Date(Date.now() + 3_600_000);
    await setSoldOut(testDb.database.db, { addonOptionId: cheese.id }, true, until);

    // Field renamed, cheese changed (price and allergens not sent: kept), bacon dropped, onion added.
    const saved = await call('PUT', `/products/${id}`, {
      addons: [
        {
          id: field.id,
          name: 'Extra’s',
          type: 'checkbox',
          options: [
            { id: cheese.id, label: 'Cheddar' },
            { label: 'Ui', price: '0.30' },
          ],
        },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const addon = saved.json().addons[0];
    expect(addon).toMatchObject({ id: field.id, name: 'Extra’s' });
    expect(addon.options[0]).toMatchObject({ id: cheese.id, label: 'Cheddar', price: '0.50', allergens: [gluten] });
    expect(addon.options[1]).toMatchObject({ label: 'Ui', price: '0.30' });
    expect(addon.options[1].id).not.toBe(bacon.id);
    const rows = await testDb.database.db.select().from(t.addonOptions).where(eq(t.addonOptions.fieldId, field.id));
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([cheese.id, addon.options[1].id].sort((a, b) => a - b));
    expect(rows.find((r) => r.id === cheese.id)?.soldOutUntil?.getTime()).toBe(until.getTime());

    // An id that is not this product's field or option is refused, naming it, and nothing changes.
    const other = (await call('POST', '/products', { name: 'Ander', addons: [{ name: 'X', type: 'checkbox', options: [{ label: 'Y' }] }] })).json();
    const before = await checksum();
    for (const [addons, param] of [
      [[{ id: other.addons[0].id, name: 'A', type: 'checkbox', options: [{ label: 'B' }] }], 'addons[0].id'],
      [[{ id: field.id, name: 'A', type: 'checkbox', options: [{ id: bacon.id, label: 'B' }] }], 'addons[0].options[0].id'],
      [[{ id: field.id, name: 'A', type: 'checkbox', options: [{ id: other.addons[0].options[0].id, label: 'B' }] }], 'addons[0].options[0].id'],
      [
        [
          {
            id: field.id,
            name: 'A',
            type: 'checkbox',
            options: [
              { id: cheese.id, label: 'B' },
              { id: cheese.id, label: 'C' },
            ],
          },
        ],
        'addons[0].options[1].id',
      ],
    ] as const) {
      const refused = await call('PUT', `/products/${id}`, { addons });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().data.params).toEqual([param]);
    }
    expect(await checksum()).toBe(before);
  });

  it('refuses bad input with the WooCommerce shape naming the field, changing nothing', async () => {
    const existing = (await call('POST', '/products', { name: 'Frikandel', sku: 'FRIK', slug: 'frikandel', regular_price: '3.00' })).json();
    const before = await checksum();
    const cases: [string, unknown, string][] = [
      ['POST', { regular_price: '1.00' }, 'name'],
      ['POST', { name: 42 }, 'name'],
      ['POST', { name: 'X', regular_price: '-1.00' }, 'regular_price'],
      ['POST', { name: 'X', regular_price: 'abc' }, 'regular_price'],
      ['POST', { name: 'X', regular_price: '2.00', sale_price: '3.00' }, 'sale_price'],
      ['POST', { name: 'X', categories: [{ id: 999_999 }] }, 'categories'],
      ['POST', { name: 'X', upsell_ids: [999_999] }, 'upsell_ids'],
      ['POST', { name: 'X', allergens: [999_999] }, 'allergens'],
      ['POST', { name: 'X', images: [{ id: 999_999 }] }, 'images'],
      ['POST', { name: 'X', sku: 'FRIK' }, 'sku'],
      ['POST', { name: 'X', slug: 'frikandel' }, 'slug'],
      ['POST', { name: 'X', vat_rates: { takeaway: 7 } }, 'vat_rates'],
      ['POST', { name: 'X', type: 'bundle' }, 'type'],
      ['POST', { name: 'X', type: 'variable', regular_price: '2.00' }, 'regular_price'],
      ['POST', { name: 'X', date_on_sale_from: '2026-12-31', date_on_sale_to: '2026-12-01' }, 'date_on_sale_to'],
      ['POST', { name: 'X', addons: [{ name: 'A', type: 'checkbox', options: [{ label: 'B', allergens: [999_999] }] }] }, 'addons'],
      ['PUT', { sale_price: '3.50' }, 'sale_price'],
      ['PUT', { featured: 'yes' }, 'featured'],
      ['PUT', { grouped_products: [existing.id] }, 'grouped_products'],
    ];
    for (const [method, body, field] of cases) {
      const response = await call(method as 'POST' | 'PUT', method === 'POST' ? '/products' : `/products/${existing.id}`, body);
      expect(response.statusCode, `${JSON.stringify(body)}: ${response.body}`).toBe(400);
      const answer = response.json();
      expect(Object.keys(answer).sort()).toEqual(['code', 'data', 'message']);
      expect(answer.data.status).toBe(400);
      expect(answer.data.params, JSON.stringify(body)).toContain(field);
    }
    expect((await call('PUT', '/products/999999', { name: 'x' })).statusCode).toBe(404);
    expect((await call('PUT', `/products/${existing.id}`, { name: 'x' }, {}, reader)).statusCode).toBe(401);
    expect(await checksum()).toBe(before);
  });

  it('a second manager saving the same product gets 409 PRODUCT_CHANGED instead of overwriting; no If-Match still works', async () => {
    const created = await call('POST', '/products', { name: 'Curryworst', regular_price: '3.00' });
    const id = created.json().id;
    const etag = (await call('GET', `/products/${id}`)).headers.etag as string;
    const first = await call('PUT', `/products/${id}`, { regular_price: '3.20' }, { 'if-match': etag });
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).not.toBe(etag);
    const before = await checksum();
    const second = await call('PUT', `/products/${id}`, { regular_price: '3.40' }, { 'if-match': etag });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'PRODUCT_CHANGED', data: { status: 409, code: 'PRODUCT_CHANGED', revision: 2 } });
    expect(await checksum()).toBe(before);
    expect((await call('PUT', `/products/${id}`, { regular_price: '3.40' }, { 'if-match': 'garbage' })).statusCode).toBe(400);
    expect((await call('PUT', `/products/${id}`, { regular_price: '3.40' }, { 'if-match': first.headers.etag as string })).statusCode).toBe(200);
    expect((await call('PUT', `/products/${id}`, { regular_price: '3.60' })).json().regular_price).toBe('3.60');

    // Two saves of the same read at the same moment: one wins, the other is told.
    const current = (await call('GET', `/products/${id}`)).headers.etag as string;
    const both = await Promise.all([
      call('PUT', `/products/${id}`, { regular_price: '4.00' }, { 'if-match': current }),
      call('PUT', `/products/${id}`, { regular_price: '5.00' }, { 'if-match': current }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = both.find((r) => r.statusCode === 200)!.json().regular_price;
    expect((await call('GET', `/products/${id}`)).json().regular_price).toBe(winner);
  });

  it('a sale price applies only between its dates; the shop follows when the sale ends without any write', async () => {
    const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19);
    const later = await call('POST', '/products', {
      name: 'Later',
      regular_price: '3.00',
      sale_price: '2.00',
      date_on_sale_from: iso(Date.now() + 86_400_000),
    });
    expect(later.json()).toMatchObject({ sale_price: '2.00', price: '3.00', on_sale: false });
    // The sale ends 5 s from now (whole seconds, as WooCommerce stores them).
    const saleEnds = Math.floor((Date.now() + 5_000) / 1000) * 1000;
    const ending = await call('POST', '/products', {
      name: 'Bijna voorbij',
      regular_price: '3.00',
      sale_price: '2.00',
      date_on_sale_from: iso(Date.now() - 86_400_000),
      date_on_sale_to_gmt: `${iso(saleEnds)}Z`,
    });
    expect(ending.json()).toMatchObject({ price: '2.00', on_sale: true });
    const query = `{ product(id: "${ending.json().slug}", idType: SLUG) { onSale } }`;
    const onSaleBeforeTheEnd = (await graphql(app, query)).body.data.product.onSale;
    // A machine too loaded to ask within the sale's 5 s cannot see it on sale; the end is what this test is about.
    if (Date.now() < saleEnds - 500) expect(onSaleBeforeTheEnd).toBe(true);
    await waitFor('the sale to end', async () => (await graphql(app, query)).body.data.product.onSale === false);
    expect((await call('GET', `/products/${ending.json().id}`)).json()).toMatchObject({ sale_price: '2.00', price: '3.00', on_sale: false });
  });

  it('deletes to the trash, then for good with force=true', async () => {
    const id = (await call('POST', '/products', { name: 'Mexicano', regular_price: '3.00' })).json().id;
    const trashed = await call('DELETE', `/products/${id}`);
    expect(trashed.statusCode).toBe(200);
    expect(trashed.json().status).toBe('trash');
    const listed = (await call('GET', '/products?per_page=100')).json().map((p: { id: number }) => p.id);
    expect(listed).not.toContain(id);
    expect((await call('GET', `/products?status=trash`)).json().map((p: { id: number }) => p.id)).toContain(id);
    expect((await call('PUT', `/products/${id}`, { status: 'draft' })).json().status).toBe('draft');
    expect((await call('DELETE', `/products/${id}`)).json().status).toBe('trash');
    const gone = await call('DELETE', `/products/${id}?force=true`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toMatchObject({ id, name: 'Mexicano' });
    expect((await call('GET', `/products/${id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/products/${id}?force=true`)).statusCode).toBe(404);
    const history = (await call('GET', `/products/${id}/changes`)).json();
    expect(history.map((c: { action: string }) => c.action)).toEqual(['delete', 'trash', 'update', 'trash', 'create']);
  });

  it('batch: create, update and delete in one request; a bad item is answered with its own error and leaves nothing', async () => {
    const keep = (await call('POST', '/products', { name: 'Berenpoot', regular_price: '3.00' })).json().id;
    const drop = (await call('POST', '/products', { name: 'Boulet', regular_price: '3.00' })).json().id;
    const response = await call('POST', '/products/batch', {
      create: [
        { name: 'Viandel', regular_price: '3.10' },
        { name: 'Kapot', regular_price: '-2' },
        { name: 'Kapot 2', categories: [{ id: 999_999 }] },
      ],
      update: [
        { id: keep, regular_price: '3.30' },
        { id: 999_999, regular_price: '1.00' },
      ],
      delete: [drop, 999_998],
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer.create[0]).toMatchObject({ name: 'Viandel', regular_price: '3.10' });
    expect(answer.create[1]).toMatchObject({ id: 0, error: { code: 'rest_invalid_param', data: { status: 400, params: ['regular_price'] } } });
    expect(answer.create[2].error).toMatchObject({ code: 'PRODUCT_INVALID', data: { status: 400, params: ['categories'] } });
    expect(answer.update[0]).toMatchObject({ id: keep, regular_price: '3.30' });
    expect(answer.update[1]).toMatchObject({ id: 999_999, error: { code: 'woocommerce_rest_product_invalid_id', data: { status: 404 } } });
    expect(answer.delete[0]).toMatchObject({ id: drop, name: 'Boulet' });
    expect(answer.delete[1].error.data.status).toBe(404);
    const names = (await call('GET', '/products?per_page=100&search=kapot')).json();
    expect(names).toEqual([]);
    expect((await call('GET', `/products/${drop}`)).statusCode).toBe(404);

    const tooMany = await call('POST', '/products/batch', { create: Array.from({ length: 101 }, (_, i) => ({ name: `P${i}` })) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().code).toBe('rest_invalid_param');
  });

  it('a variation sold out today shows the mark as products do, and echoing it back stores nothing', async () => {
    const parent = (
      await call('POST', '/products', { name: 'Kroket', type: 'variable', attributes: [{ id: formaat, variation: true, options: ['klein'] }] })
    ).json();
    const variation = (
      await call('POST', `/products/${parent.id}/variations`, { regular_price: '2.00', attributes: [{ id: formaat, option: 'klein' }] })
    ).json();
    expect(variation.meta_data.map((m: { key: string }) => m.key)).not.toContain('_bakje_sold_out_until');
    const until = new Date(Date.now() + 3_600_000);
    await setSoldOut(testDb.database.db, { variationId: variation.id }, true, until);
    await catalogCaughtUp(app, testDb.database);
    const read = (await call('GET', `/products/${parent.id}/variations/${variation.id}`)).json();
    expect(read.stock_status).toBe('instock');
    expect(read.meta_data).toContainEqual(expect.objectContaining({ key: '_bakje_sold_out_until', value: until.toISOString() }));
    expect((await call('GET', `/products/${parent.id}/variations`)).json()[0].meta_data).toContainEqual(
      expect.objectContaining({ key: '_bakje_sold_out_until' }),
    );

    const echoed = await call('PUT', `/products/${parent.id}/variations/${variation.id}`, { meta_data: read.meta_data });
    expect(echoed.statusCode, echoed.body).toBe(200);
    const [row] = await testDb.database.db.select().from(t.products).where(eq(t.products.id, variation.id));
    expect(row!.metaData.map((m) => m.key)).not.toContain('_bakje_sold_out_until');
  });

  it('variations: create, list, read, update, delete, batch; at most 100 per product', async () => {
    const parent = await call('POST', '/products', {
      name: 'Frieten',
      type: 'variable',
      attributes: [{ id: formaat, variation: true, options: ['Klein', 'groot'] }],
      default_attributes: [{ id: formaat, option: 'klein' }],
    });
    expect(parent.statusCode, parent.body).toBe(201);
    const pid = parent.json().id;
    expect(parent.json().attributes[0]).toMatchObject({ id: formaat, options: ['klein', 'groot'], variation: true });

    const small = await call('POST', `/products/${pid}/variations`, { regular_price: '3.00', attributes: [{ id: formaat, option: 'Klein' }], sku: 'FR-K' });
    expect(small.statusCode, small.body).toBe(201);
    expect(small.json()).toMatchObject({ parent_id: pid, name: 'Frieten - klein', regular_price: '3.00', attributes: [{ id: formaat, option: 'Klein' }] });
    const vid = small.json().id;
    expect((await call('POST', `/products/${pid}/variations`, { regular_price: '3.00', attributes: [{ id: formaat, option: 'reuze' }] })).statusCode).toBe(400);
    expect((await call('POST', `/products/${pid}/variations`, { regular_price: '3.00', sale_price: '4.00' })).json().data.params).toEqual(['sale_price']);

    const list = await call('GET', `/products/${pid}/variations`);
    expect(list.headers['x-wp-total']).toBe('1');
    const read = await call('GET', `/products/${pid}/variations/${vid}`);
    expect(read.json().sku).toBe('FR-K');
    const etag = read.headers.etag as string;
    expect((await call('PUT', `/products/${pid}/variations/${vid}`, { regular_price: '3.20' }, { 'if-match': etag })).json().regular_price).toBe('3.20');
    expect((await call('PUT', `/products/${pid}/variations/${vid}`, { regular_price: '3.40' }, { 'if-match': etag })).statusCode).toBe(409);
    expect((await call('GET', `/products/${pid}`)).json()).toMatchObject({ variations: [vid], price: '3.20' });

    const batch = await call('POST', `/products/${pid}/variations/batch`, {
      create: [{ regular_price: '4.00', attributes: [{ name: 'pa_formaat', option: 'groot' }] }, { regular_price: 'x' }],
      update: [{ id: vid, stock_status: 'outofstock' }],
    });
    expect(batch.statusCode, batch.body).toBe(200);
    expect(batch.json().create[0]).toMatchObject({ name: 'Frieten - groot' });
    expect(batch.json().create[1].error.data.params).toEqual(['regular_price']);
    expect(batch.json().update[0]).toMatchObject({ id: vid, stock_status: 'outofstock' });

    // Fill up to 100, then the 101st is refused.
    const db = testDb.database.db;
    const count = (await db.select().from(t.products).where(eq(t.products.parentId, pid))).length;
    const fill = await call('POST', `/products/${pid}/variations/batch`, { create: Array.from({ length: 100 - count }, () => ({ regular_price: '1.00' })) });
    expect(fill.json().create.every((v: { error?: unknown }) => !v.error)).toBe(true);
    const before = await checksum();
    const refused = await call('POST', `/products/${pid}/variations`, { regular_price: '1.00' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ data: { code: 'TOO_MANY_VARIATIONS', params: ['variations'] } });
    expect(await checksum()).toBe(before);

    const deleted = await call('DELETE', `/products/${pid}/variations/${vid}?force=true`);
    expect(deleted.json()).toMatchObject({ id: vid });
    expect((await call('GET', `/products/${pid}/variations/${vid}`)).statusCode).toBe(404);
    expect((await call('PUT', `/products/${pid}`, { type: 'simple' })).json().data.params).toEqual(['type']);
  });

  it('a variable product is priced from its cheapest variation, as the shop shows it', async () => {
    const parent = await call('POST', '/products', {
      name: 'Bickyburger',
      type: 'variable',
      attributes: [{ id: formaat, variation: true, options: ['groot', 'klein'] }],
    });
    const pid = parent.json().id;
    await call('POST', `/products/${pid}/variations`, { regular_price: '4.50', attributes: [{ id: formaat, option: 'groot' }] });
    await call('POST', `/products/${pid}/variations`, { regular_price: '3.20', sale_price: '2.80', attributes: [{ id: formaat, option: 'klein' }] });
    expect((await call('GET', `/products/${pid}`)).json()).toMatchObject({ type: 'variable', price: '2.80' });
    expect((await call('GET', `/products?include=${pid}&status=any`)).json()).toMatchObject([{ id: pid, price: '2.80' }]);
  });

  it('a manager signed in to the dashboard writes with the session cookie and CSRF header; the history names them', async () => {
    await ensureFirstAdmin(testDb.database, { email: 'baas@example.be', password: 'De baas van de frituur' });
    const admin = new Browser(() => app);
    await admin.graphql(LOGIN, { u: 'baas@example.be', p: 'De baas van de frituur' });
    expect(
      (
        await admin.request('POST', '/api/staff/users', {
          email: 'chef@example.be',
          password: 'Goed wachtwoord 42',
          role: 'manager',
          firstName: 'Jo',
          lastName: 'Peeters',
        })
      ).statusCode,
    ).toBe(201);
    const manager = new Browser(() => app);
    await manager.graphql(LOGIN, { u: 'chef@example.be', p: 'Goed wachtwoord 42' });
    const created = await manager.request('POST', '/wp-json/wc/v3/products', { name: 'Cervela' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().last_changed.by).toMatchObject({ type: 'staff', name: 'Jo Peeters' });
    expect(created.json().meta_data).toEqual(expect.arrayContaining([expect.objectContaining({ key: 'last_changed_by', value: 'Jo Peeters' })]));
    const anonymous = await app.server.inject({ method: 'POST', url: '/wp-json/wc/v3/products', payload: { name: 'Anoniem' } });
    expect(anonymous.statusCode).toBe(401);
    expect((await admin.request('POST', '/api/staff/users', { email: 'keuken@example.be', password: 'Goed wachtwoord 42', role: 'kitchen' })).statusCode).toBe(
      201,
    );
    const kitchen = new Browser(() => app);
    await kitchen.graphql(LOGIN, { u: 'keuken@example.be', p: 'Goed wachtwoord 42' });
    const before = await checksum();
    const refused = await kitchen.request('POST', '/wp-json/wc/v3/products', { name: 'Keuken' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'PERMISSION_DENIED', data: { status: 403, permission: 'products.manage' } });
    // Without the CSRF header the manager's write is refused too.
    expect((await manager.request('POST', '/wp-json/wc/v3/products', { name: 'Zonder CSRF' }, { csrf: false })).statusCode).toBe(403);
    expect(await checksum()).toBe(before);
  });
});
