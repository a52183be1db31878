import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import * as t from '../src/db/schema/index.js';
import type { App } from '../src/app.js';
import type { DbOrTx } from '../src/db/client.js';
import { ApiKeyService, type CreatedApiKey } from '../src/modules/api-keys/api-key-service.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { TEST_PEPPER, catalogCaughtUp, startTestApp } from './support/server.js';
import { aCategory, anAllergen } from './support/builders.js';
import { CATALOG_TABLES } from './support/catalog-checksum.js';
import { fuzzOptions, fuzzRuns } from './support/fuzz-depth.js';

const RUNS = fuzzRuns(1000);

/** The whole catalogue in one query (cheaper than one per table, as this runs around every case). */
async function checksum(db: DbOrTx): Promise<string> {
  const parts = CATALOG_TABLES.map((table) => `select '${table}:' || t::text as r from ${table} t`).join(' union all ');
  const result = await db.execute(sql.raw(`select count(*)::text || ':' || coalesce(md5(string_agg(r, '|' order by r)), '') as h from (${parts}) x`));
  const row = (Array.isArray(result) ? result[0] : (result as { rows: unknown[] }).rows[0]) as { h: string };
  return row.h;
}

const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom('', ' ', '0', '-1', '1e309', 'NaN', '3,50', '3.505', '-0.01', '999999.99', '\u0000', "' or 1=1 --", '<script>x</script>', 'a'.repeat(5000)),
);
const scalar = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const loose = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.jsonValue({ maxDepth: 2 }));

describe.each(databaseKinds)('fuzzing the catalogue writes: no 5xx, no change on refusal (%s)', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let key: CreatedApiKey;
  let categoryId: number;
  let allergenId: number;
  let productId: number;
  let parentId: number;
  let variationId: number;
  let formaat: number;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    const db = testDb.database.db;
    categoryId = (await aCategory(db, { slug: 'frieten' })).id;
    allergenId = (await anAllergen(db, 'gluten')).id;
    const [attribute] = await db
      .insert(t.attributes)
      .values({ slug: 'pa_formaat', name: { nl: 'Formaat' } })
      .returning();
    formaat = attribute!.id;
    await db.insert(t.attributeTerms).values([
      { attributeId: formaat, slug: 'klein', name: { nl: 'Klein' } },
      { attributeId: formaat, slug: 'groot', name: { nl: 'Groot' } },
    ]);
    key = await new ApiKeyService(db, () => TEST_PEPPER).create({ scope: 'read_write' });
    app = await startTestApp(testDb.database);
    productId = (await post('/products', { name: 'Bicky', regular_price: '4.50', sku: 'BICKY' })).json().id;
    parentId = (
      await post('/products', { name: 'Frieten', type: 'variable', attributes: [{ id: formaat, variation: true, options: ['klein', 'groot'] }] })
    ).json().id;
    variationId = (await post(`/products/${parentId}/variations`, { regular_price: '3.00', attributes: [{ id: formaat, option: 'klein' }] })).json().id;
    await catalogCaughtUp(app, testDb.database);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const authorization = () => `Basic ${Buffer.from(`${key.consumerKey}:${key.consumerSecret}`).toString('base64')}`;
  function post(url: string, body: unknown) {
    return send('POST', url, body);
  }
  function send(method: 'POST' | 'PUT' | 'PATCH', url: string, body: unknown, headers: Record<string, string> = {}) {
    return app.server.inject({
      method,
      url: `/wp-json/wc/v3${url}`,
      headers: { authorization: authorization(), 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    });
  }

  /** A body that is mostly right: a valid one with some fields replaced by junk, dropped, or junk added. */
  const mutated = (valid: fc.Arbitrary<Record<string, unknown>>) =>
    fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc
        .tuple(
          valid,
          fc.array(
            fc.tuple(
              fc.oneof(
                fc.constantFrom(
                  'name',
                  'regular_price',
                  'sale_price',
                  'categories',
                  'images',
                  'type',
                  'attributes',
                  'addons',
                  'sku',
                  'slug',
                  'meta_data',
                  'date_on_sale_from',
                  'vat_rates',
                  'stock_quantity',
                  'upsell_ids',
                  'allergens',
                  'status',
                ),
                fc.string({ maxLength: 8 }),
              ),
              loose,
            ),
            { maxLength: 3 },
          ),
          fc.array(fc.string({ maxLength: 12 }), { maxLength: 2 }),
        )
        .map(([body, replaced, dropped]) => {
          const copy: Record<string, unknown> = { ...body };
          for (const [name, value] of replaced) copy[name] = value;
          for (const name of dropped) delete copy[name];
          return copy;
        }),
      valid,
    );

  const price = fc.oneof(
    fc.constant(''),
    fc.integer({ min: 0, max: 99_999 }).map((c) => (c / 100).toFixed(2)),
  );
  const validProduct = fc.record(
    {
      name: fc.string({ minLength: 1, maxLength: 40 }),
      regular_price: price,
      sale_price: price,
      sku: fc.string({ maxLength: 8 }),
      slug: fc.stringMatching(/^[a-z0-9]{1,8}(-[a-z0-9]{1,4})?$/),
      type: fc.constantFrom('simple', 'variable', 'grouped', 'external'),
      status: fc.constantFrom('publish', 'draft', 'private'),
      categories: fc.array(
        fc.constantFrom({ id: 1 }, { id: 999_999 }).map((c) => (c.id === 1 ? { id: categoryId } : c)),
        { maxLength: 2 },
      ),
      allergens: fc.array(
        fc.constantFrom(1, 999_999).map((id) => (id === 1 ? allergenId : id)),
        { maxLength: 2 },
      ),
      images: fc.array(
        fc.oneof(
          fc.record({ id: fc.integer({ min: 1, max: 5 }) }),
          fc.record({ src: fc.constantFrom('/media/a.svg', 'https://example.com/b.png', 'javascript:alert(1)') }),
        ),
        { maxLength: 2 },
      ),
      translations: fc.record(
        { name: fc.record({ fr: fc.string({ maxLength: 20 }), en: fc.string({ maxLength: 20 }) }, { requiredKeys: [] }) },
        { requiredKeys: [] },
      ),
      description: fc.oneof(fc.string({ maxLength: 50 }), fc.constant('<p>ok</p><script>bad()</script>')),
      date_on_sale_from: fc.oneof(fc.constant(null), fc.constantFrom('2026-12-01T00:00:00', '2026-13-01', '2026-12-01')),
      date_on_sale_to: fc.oneof(fc.constant(null), fc.constantFrom('2026-11-01T00:00:00', '2027-01-01')),
      stock_quantity: fc.oneof(fc.integer({ min: -5, max: 100 }), fc.constant(null)),
      vat_rates: fc.record({ takeaway: fc.constantFrom(6, 12, 21, 7), on_site: fc.constantFrom(6, 12, 21) }, { requiredKeys: [] }),
      upsell_ids: fc.array(
        fc.constantFrom(1, 999_999).map((id) => (id === 1 ? productId : id)),
        { maxLength: 2 },
      ),
      addons: fc.array(
        fc.record({
          name: fc.string({ maxLength: 10 }),
          type: fc.constantFrom('multiple_choice', 'checkbox', 'heading', 'custom_text', 'other'),
          options: fc.array(
            fc.record({
              label: fc.string({ maxLength: 10 }),
              price,
              allergens: fc.array(
                fc.constantFrom(-1, 999_999).map((id) => (id === -1 ? allergenId : id)),
                { maxLength: 1 },
              ),
            }),
            { maxLength: 2 },
          ),
        }),
        { maxLength: 2 },
      ),
      attributes: fc.array(
        fc.record(
          {
            id: fc.constantFrom(0, -1, 999_999).map((id) => (id === -1 ? formaat : id)),
            name: fc.string({ maxLength: 6 }),
            options: fc.array(fc.constantFrom('klein', 'groot', 'reuze'), { maxLength: 2 }),
          },
          { requiredKeys: [] },
        ),
        { maxLength: 2 },
      ),
      meta_data: fc.array(fc.record({ key: fc.constantFrom('max_amount', 'is_promotion', 'english_translation', 'product_allergens', 'own'), value: loose }), {
        maxLength: 2,
      }),
    },
    { requiredKeys: [] },
  );
  const validVariation = fc.record(
    {
      regular_price: price,
      sale_price: price,
      sku: fc.string({ maxLength: 8 }),
      stock_status: fc.constantFrom('instock', 'outofstock', 'onbackorder', 'gone'),
      attributes: fc.array(
        fc.record(
          {
            id: fc.constantFrom(-1, 0, 999_999).map((id) => (id === -1 ? formaat : id)),
            name: fc.constantFrom('pa_formaat', 'x'),
            option: fc.constantFrom('klein', 'Groot', 'reuze'),
          },
          { requiredKeys: ['option'] },
        ),
        { maxLength: 2 },
      ),
      image: fc.oneof(fc.constant(null), fc.record({ id: fc.integer({ min: 1, max: 5 }) })),
      menu_order: fc.oneof(fc.integer(), fc.double()),
    },
    { requiredKeys: [] },
  );
  const ifMatch = fc.oneof(fc.constant(undefined), fc.constantFrom('"1"', '*', 'W/"2"', 'junk', '"999"'));

  /** Sends the case; refused (4xx) means nothing changed; never 5xx; errors in WooCommerce's shape. */
  async function check(method: 'POST' | 'PUT' | 'PATCH', url: string, body: unknown, match?: string) {
    const db = testDb.database.db;
    const before = await checksum(db);
    const response = await send(method, url, body, match ? { 'if-match': match } : {});
    expect(response.statusCode, response.body).toBeLessThan(500);
    if (response.statusCode >= 400) {
      const answer = response.json();
      expect(Object.keys(answer).sort()).toEqual(['code', 'data', 'message']);
      expect(answer.data.status).toBe(response.statusCode);
      expect(await checksum(db), `${url} ${JSON.stringify(body)} -> ${response.body}`).toBe(before);
    }
    return response;
  }

  it(`POST /products (${RUNS} cases)`, async () => {
    await fc.assert(
      fc.asyncProperty(mutated(validProduct), async (body) => {
        await check('POST', '/products', body);
      }),
      fuzzOptions(1000),
    );
  }, 600_000);

  it(`PUT/PATCH /products/{id} (${RUNS} cases)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('PUT', 'PATCH') as fc.Arbitrary<'PUT' | 'PATCH'>, mutated(validProduct), ifMatch, async (method, body, match) => {
        await check(method, `/products/${productId}`, body, match);
      }),
      fuzzOptions(1000),
    );
  }, 600_000);

  it(`POST /products/batch (${RUNS} cases)`, async () => {
    const item = mutated(validProduct);
    const batch = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.record(
        {
          create: fc.array(item, { maxLength: 3 }),
          update: fc.array(
            fc
              .tuple(fc.oneof(fc.constant(productId), loose), item)
              .map(([id, b]) => (typeof b === 'object' && b !== null && !Array.isArray(b) ? { ...b, id } : b)),
            { maxLength: 3 },
          ),
          delete: fc.array(fc.oneof(fc.constant(999_999), loose), { maxLength: 2 }),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(batch, async (body) => {
        const response = await check('POST', '/products/batch', body);
        if (response.statusCode === 200) {
          for (const list of Object.values(response.json() as Record<string, unknown[]>)) {
            for (const entry of list) {
              const e = entry as { id: number; error?: { code: string; data: { status: number } } };
              expect(typeof e.id).toBe('number');
              if (e.error) expect(e.error.data.status).toBeLessThan(500);
            }
          }
        }
      }),
      fuzzOptions(1000),
    );
  }, 600_000);

  it(`variations: create, update, batch (${RUNS} cases)`, async () => {
    const route = fc.constantFrom('create', 'update', 'batch');
    await fc.assert(
      fc.asyncProperty(route, mutated(validVariation), ifMatch, async (which, body, match) => {
        if (which === 'create') await check('POST', `/products/${parentId}/variations`, body);
        else if (which === 'update') await check('PUT', `/products/${parentId}/variations/${variationId}`, body, match);
        else
          await check('POST', `/products/${parentId}/variations/batch`, {
            create: [body],
            update: [{ ...(typeof body === 'object' && body ? body : {}), id: variationId }],
          });
      }),
      fuzzOptions(1000),
    );
  }, 600_000);
});
