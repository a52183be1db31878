import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import OAuth from 'oauth-1.0a';
import WooCommerceRestApiModule from '@woocommerce/woocommerce-rest-api';
import * as t from '../src/db/schema/index.js';
import { ApiKeyService, type CreatedApiKey } from '../src/modules/api-keys/api-key-service.js';
import type { App } from '../src/app.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { TEST_PEPPER, catalogCaughtUp, startTestApp } from './support/server.js';
import { aCategory, aProduct } from './support/builders.js';
import { anOrder } from './support/orders.js';

// A CommonJS package: Node and the type-checker see its default export at different depths.
type ClientClass = typeof WooCommerceRestApiModule.default;
const WooCommerceRestApi: ClientClass =
  (WooCommerceRestApiModule as unknown as { default?: ClientClass }).default ?? (WooCommerceRestApiModule as unknown as ClientClass);

const basic = (key: CreatedApiKey) => `Basic ${Buffer.from(`${key.consumerKey}:${key.consumerSecret}`).toString('base64')}`;

/** Signs a URL the way the official client does (OAuth 1.0a one-legged, query string). */
function signed(key: { consumerKey: string; consumerSecret: string }, method: string, url: string, algorithm: 'sha256' | 'sha1' = 'sha256') {
  const oauth = new OAuth({
    consumer: { key: key.consumerKey, secret: key.consumerSecret },
    signature_method: algorithm === 'sha256' ? 'HMAC-SHA256' : 'HMAC-SHA1',
    hash_function: (base, k) => createHmac(algorithm, k).update(base).digest('base64'),
  });
  const params = oauth.authorize({ url, method });
  const full = new URL(url);
  for (const [name, value] of Object.entries(params)) full.searchParams.set(name, String(value));
  return `${full.pathname}${full.search}`;
}

describe.each(databaseKinds)('store REST API and API keys (%s)', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let keys: ApiKeyService;
  let readKey: CreatedApiKey;
  let writeKey: CreatedApiKey;
  let readWriteKey: CreatedApiKey;
  let categoryId: number;
  let friesId: number;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    const db = testDb.database.db;
    const category = await aCategory(db, { slug: 'frieten', name: { nl: 'Frieten' } });
    const other = await aCategory(db, { slug: 'drank', name: { nl: 'Drank' } });
    categoryId = category.id;
    friesId = (await aProduct(db, { slug: 'friet-groot', name: { nl: 'Friet groot' }, categoryIds: [category.id] })).id;
    for (let i = 0; i < 11; i++) await aProduct(db, { name: { nl: `Cola ${i}` }, categoryIds: [other.id] });
    keys = new ApiKeyService(db, () => TEST_PEPPER);
    readKey = await keys.create({ scope: 'read', description: 'boekhouding' });
    writeKey = await keys.create({ scope: 'write' });
    readWriteKey = await keys.create({ scope: 'read_write' });
    // Requests "from another machine" come through the proxy at 203.0.113.7, trusted for X-Forwarded-Proto.
    app = await startTestApp(testDb.database, { BAKJE_TRUST_PROXY: '203.0.113.7' });
    await catalogCaughtUp(app, testDb.database);
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const get = (url: string, headers: Record<string, string> = {}, remoteAddress?: string) =>
    app.server.inject({ method: 'GET', url, headers, ...(remoteAddress ? { remoteAddress } : {}) });

  describe('keys', () => {
    it('creates ck_/cs_ keys with 160 random bits, shown once and stored only as hashes', async () => {
      expect(readKey.consumerKey).toMatch(/^ck_[0-9a-f]{40}$/);
      expect(readKey.consumerSecret).toMatch(/^cs_[0-9a-f]{40}$/);
      expect(readKey.consumerKey).not.toBe(writeKey.consumerKey);
      const rows = await testDb.database.db.select().from(t.apiKeys);
      const stored = JSON.stringify(rows);
      for (const key of [readKey, writeKey, readWriteKey]) {
        expect(stored).not.toContain(key.consumerKey);
        expect(stored).not.toContain(key.consumerSecret);
        expect(stored).not.toContain(key.consumerSecret.slice(3));
      }
      const listed = await keys.list();
      expect(listed.find((k) => k.id === readKey.id)).toMatchObject({ scope: 'read', description: 'boekhouding', truncatedKey: readKey.consumerKey.slice(-7) });
      expect(JSON.stringify(listed)).not.toContain(readKey.consumerSecret);
    });

    it('refuses a bad scope or description and writes nothing', async () => {
      const before = (await keys.list()).length;
      await expect(keys.create({ scope: 'admin' })).rejects.toThrow(/scope must be one of/);
      await expect(keys.create({ scope: 'read', description: 'x'.repeat(201) })).rejects.toThrow(/description/);
      expect((await keys.list()).length).toBe(before);
    });

    it('a revoked key stops working at once and its last access was recorded', async () => {
      const key = await keys.create({ scope: 'read' });
      expect((await get('/wp-json/wc/v3/products', { authorization: basic(key) })).statusCode).toBe(200);
      const [row] = await testDb.database.db.select().from(t.apiKeys).where(eq(t.apiKeys.id, key.id));
      expect(row!.lastAccess).toBeInstanceOf(Date);
      await keys.revoke(key.id);
      const response = await get('/wp-json/wc/v3/products', { authorization: basic(key) });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        code: 'woocommerce_rest_authentication_error',
        message: 'Consumer key is invalid.',
        data: { status: 401, code: 'API_KEY_REJECTED' },
      });
      await expect(keys.revoke(999_999)).rejects.toThrow(/No API key/);
    });
  });

  describe('authentication', () => {
    it('accepts HTTP Basic from this machine and over HTTPS, refuses it over plain remote HTTP', async () => {
      expect((await get('/wp-json/wc/v3/products', { authorization: basic(readKey) })).statusCode).toBe(200);
      const remote = await get('/wp-json/wc/v3/products', { authorization: basic(readKey) }, '203.0.113.7');
      expect(remote.statusCode).toBe(401);
      expect(remote.json().message).toMatch(/only accepted over HTTPS/);
      const viaTls = await get('/wp-json/wc/v3/products', { authorization: basic(readKey), 'x-forwarded-proto': 'https' }, '203.0.113.7');
      expect(viaTls.statusCode).toBe(200);
      expect(viaTls.headers['strict-transport-security']).toMatch(/max-age=/);
    });

    it('accepts consumer_key/consumer_secret in the query string and tells a wrong secret apart', async () => {
      const ok = await get(`/wp-json/wc/v3/products?consumer_key=${readKey.consumerKey}&consumer_secret=${readKey.consumerSecret}`);
      expect(ok.statusCode).toBe(200);
      const bad = await get(`/wp-json/wc/v3/products?consumer_key=${readKey.consumerKey}&consumer_secret=${writeKey.consumerSecret}`);
      expect(bad.statusCode).toBe(401);
      expect(bad.json().message).toBe('Consumer secret is invalid.');
    });

    it('without credentials: 401 in the WooCommerce shape', async () => {
      const response = await get('/wp-json/wc/v3/products');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        code: 'woocommerce_rest_cannot_view',
        message: 'Sorry, you cannot list resources.',
        data: { status: 401, code: 'API_KEY_REQUIRED' },
      });
    });

    it('accepts OAuth 1.0a HMAC-SHA256 and HMAC-SHA1 signatures from a remote client over plain HTTP', async () => {
      for (const algorithm of ['sha256', 'sha1'] as const) {
        const url = signed(readKey, 'GET', `http://localhost:80/wp-json/wc/v3/products?per_page=2&search=cola`, algorithm);
        const response = await get(url, {}, '203.0.113.7');
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toHaveLength(2);
      }
    });

    it('accepts the OAuth parameters in an Authorization: OAuth header too', async () => {
      const oauth = new OAuth({
        consumer: { key: readKey.consumerKey, secret: readKey.consumerSecret },
        signature_method: 'HMAC-SHA256',
        hash_function: (base, k) => createHmac('sha256', k).update(base).digest('base64'),
      });
      const url = 'http://localhost:80/wp-json/wc/v3/products?per_page=3';
      const header = oauth.toHeader(oauth.authorize({ url, method: 'GET' }));
      const response = await get('/wp-json/wc/v3/products?per_page=3', { authorization: header.Authorization }, '203.0.113.7');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toHaveLength(3);
    });

    it('refuses a replayed nonce, a stale timestamp, a wrong signature and a changed parameter', async () => {
      const url = signed(readKey, 'GET', 'http://localhost:80/wp-json/wc/v3/products?per_page=1');
      expect((await get(url)).statusCode).toBe(200);
      const replay = await get(url);
      expect(replay.statusCode).toBe(401);
      expect(replay.json().message).toBe('Invalid nonce - nonce has already been used.');

      const tampered = signed(readKey, 'GET', 'http://localhost:80/wp-json/wc/v3/products?per_page=1').replace('per_page=1', 'per_page=5');
      expect((await get(tampered)).json().message).toBe('Invalid signature - provided signature does not match.');

      const forged = signed({ consumerKey: readKey.consumerKey, consumerSecret: writeKey.consumerSecret }, 'GET', 'http://localhost:80/wp-json/wc/v3/products');
      expect((await get(forged)).statusCode).toBe(401);

      const stale = new URL(signed(readKey, 'GET', 'http://localhost:80/wp-json/wc/v3/products'), 'http://localhost');
      stale.searchParams.set('oauth_timestamp', String(Math.floor(Date.now() / 1000) - 16 * 60));
      expect((await get(`${stale.pathname}${stale.search}`)).json().message).toBe('Invalid timestamp.');
    });
  });

  describe('scopes', () => {
    it('a read key cannot write and the order stays as it was; a write-only key cannot read', async () => {
      const order = await anOrder(testDb.database.db, {}, friesId);
      const attempt = await app.server.inject({
        method: 'PUT',
        url: `/wp-json/wc/v3/orders/${order.id}`,
        headers: { authorization: basic(readKey), 'content-type': 'application/json' },
        payload: { status: 'completed' },
      });
      expect(attempt.statusCode).toBe(401);
      expect(attempt.json()).toMatchObject({ code: 'woocommerce_rest_authentication_error', message: 'The API key provided does not have write permissions.' });
      const [after] = await testDb.database.db.select().from(t.orders).where(eq(t.orders.id, order.id));
      expect(after!.status).toBe('processing');

      const read = await get(`/wp-json/wc/v3/orders/${order.id}`, { authorization: basic(writeKey) });
      expect(read.statusCode).toBe(401);
      expect(read.json().message).toBe('The API key provided does not have read permissions.');
    });

    it('a read_write key updates an order status; bad input is refused and changes nothing', async () => {
      const order = await anOrder(testDb.database.db, {}, friesId);
      const put = (payload: unknown) =>
        app.server.inject({
          method: 'PUT',
          url: `/wp-json/wc/v3/orders/${order.id}`,
          headers: { authorization: basic(readWriteKey), 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
      const bad = await put({ status: 'shipped' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'rest_invalid_param', data: { status: 400 } });
      const done = await put({ status: 'completed', customer_note: 'extra zout' });
      expect(done.statusCode).toBe(200);
      expect(done.json()).toMatchObject({ id: order.id, status: 'completed', customer_note: 'extra zout' });
      expect(done.json().date_paid).not.toBeNull();
      const cancelled = await put({ status: 'cancelled' });
      expect(cancelled.json().status).toBe('cancelled');
      const revive = await put({ status: 'processing' });
      expect(revive.statusCode).toBe(400);
      expect(revive.json().code).toBe('woocommerce_rest_invalid_order_status');
    });
  });

  describe('resources', () => {
    const auth = () => ({ authorization: basic(readKey) });

    it('lists products with paging headers, Link, search and category filters', async () => {
      const page1 = await get('/wp-json/wc/v3/products?per_page=5&orderby=id&order=asc', auth());
      expect(page1.statusCode).toBe(200);
      expect(page1.headers['x-wp-total']).toBe('12');
      expect(page1.headers['x-wp-totalpages']).toBe('3');
      expect(page1.headers.link).toContain('rel="next"');
      expect(page1.json()).toHaveLength(5);
      const page3 = await get('/wp-json/wc/v3/products?per_page=5&page=3', auth());
      expect(page3.json()).toHaveLength(2);
      expect(page3.headers.link).toContain('rel="prev"');

      const inCategory = (await get(`/wp-json/wc/v3/products?category=${categoryId}`, auth())).json();
      expect(inCategory.map((p: { slug: string }) => p.slug)).toEqual(['friet-groot']);
      const found = (await get('/wp-json/wc/v3/products?search=FRIET', auth())).json();
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({ id: friesId, name: 'Friet groot', type: 'simple', status: 'publish', stock_status: 'instock' });
      expect(found[0].price).toMatch(/^\d+\.\d{2}$/);
      expect(found[0].categories).toEqual([{ id: categoryId, name: 'Frieten', slug: 'frieten' }]);
    });

    it('per_page outside 1..100 is rest_invalid_param; unknown routes are rest_no_route', async () => {
      for (const bad of ['per_page=0', 'per_page=101', 'page=0', 'per_page=abc', 'orderby=nonsense']) {
        const response = await get(`/wp-json/wc/v3/products?${bad}`, auth());
        expect(response.statusCode, bad).toBe(400);
        expect(response.json().code).toBe('rest_invalid_param');
      }
      const none = await get('/wp-json/wc/v3/nothing-here', auth());
      expect(none.statusCode).toBe(404);
      expect(none.json().code).toBe('rest_no_route');
    });

    it('reads one product and the categories; unknown ids are 404', async () => {
      expect((await get(`/wp-json/wc/v3/products/${friesId}`, auth())).json().slug).toBe('friet-groot');
      const missing = await get('/wp-json/wc/v3/products/999999', auth());
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe('woocommerce_rest_product_invalid_id');
      const categories = await get('/wp-json/wc/v3/products/categories?orderby=name', auth());
      expect(categories.json().map((c: { slug: string }) => c.slug)).toEqual(['drank', 'frieten']);
      expect(categories.headers['x-wp-total']).toBe('2');
      expect((await get(`/wp-json/wc/v3/products/categories/${categoryId}`, auth())).json()).toMatchObject({ name: 'Frieten', count: 1, parent: 0 });
    });

    it('lists orders newest first with lines, filters by status', async () => {
      const order = await anOrder(testDb.database.db, { status: 'on-hold' }, friesId);
      const list = await get('/wp-json/wc/v3/orders?status=on-hold', auth());
      expect(list.statusCode).toBe(200);
      const ids = list.json().map((o: { id: number }) => o.id);
      expect(ids).toContain(order.id);
      const one = (await get(`/wp-json/wc/v3/orders/${order.id}`, auth())).json();
      expect(one).toMatchObject({ status: 'on-hold', total: '10.00', order_key: order.orderKey, currency: 'EUR' });
      expect(one.line_items[0]).toMatchObject({ name: 'Friet groot', quantity: 2, total: '10.00', product_id: friesId });
      expect(one.billing.email).toMatch(/@example.test$/);
      expect((await get('/wp-json/wc/v3/orders?status=bogus', auth())).statusCode).toBe(400);
    });
  });

  describe('product updates', () => {
    const put = (key: CreatedApiKey, id: number, payload: unknown) =>
      app.server.inject({
        method: 'PUT',
        url: `/wp-json/wc/v3/products/${id}`,
        headers: { authorization: basic(key), 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });

    it('a read_write key changes price, stock and name; the answer and the next reads show it at once', async () => {
      const product = await aProduct(testDb.database.db, { name: { nl: 'Bicky', fr: 'Bicky FR', en: 'Bicky EN' }, regularPrice: 450 });
      await catalogCaughtUp(app, testDb.database);
      const response = await put(readWriteKey, product.id, {
        name: 'Bicky burger',
        regular_price: '4.80',
        sale_price: '4.20',
        stock_status: 'outofstock',
        menu_order: 3,
        id: 999,
        permalink: 'ignored',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        id: product.id,
        name: 'Bicky burger',
        regular_price: '4.80',
        sale_price: '4.20',
        price: '4.20',
        on_sale: true,
        stock_status: 'outofstock',
        menu_order: 3,
      });
      const read = (await get(`/wp-json/wc/v3/products/${product.id}`, { authorization: basic(readKey) })).json();
      expect(read.name).toBe('Bicky burger');
      const [row] = await testDb.database.db.select().from(t.products).where(eq(t.products.id, product.id));
      expect(row).toMatchObject({
        regularPrice: 480,
        salePrice: 420,
        stockStatus: 'OUT_OF_STOCK',
        name: { nl: 'Bicky burger', fr: 'Bicky FR', en: 'Bicky EN' },
      });
      const cleared = await put(readWriteKey, product.id, { sale_price: '' });
      expect(cleared.json()).toMatchObject({ sale_price: '', price: '4.80', on_sale: false });
    });

    it('refuses bad values, unknown ids and read keys, changing nothing', async () => {
      const [before] = await testDb.database.db.select().from(t.products).where(eq(t.products.id, friesId));
      for (const bad of [{ regular_price: '3,50' }, { regular_price: 3.5 }, { status: 'gone' }, { name: '' }, { stock_quantity: 1.5 }, { featured: 'yes' }]) {
        const response = await put(readWriteKey, friesId, bad);
        expect(response.statusCode, JSON.stringify(bad)).toBe(400);
        expect(response.json().code).toBe('rest_invalid_param');
      }
      expect((await put(readWriteKey, 999_999, { name: 'x' })).statusCode).toBe(404);
      expect((await put(readKey, friesId, { name: 'x' })).statusCode).toBe(401);
      const [after] = await testDb.database.db.select().from(t.products).where(eq(t.products.id, friesId));
      expect(after).toEqual(before);
    });
  });

  it('the official @woocommerce/woocommerce-rest-api client lists products over plain HTTP (OAuth)', async () => {
    const address = await app.server.listen({ port: 0, host: '127.0.0.1' });
    const client = new WooCommerceRestApi({
      url: address,
      consumerKey: readWriteKey.consumerKey,
      consumerSecret: readWriteKey.consumerSecret,
      version: 'wc/v3',
    });
    const response = await client.get('products', { per_page: 20, category: categoryId });
    expect(response.status).toBe(200);
    expect(response.headers['x-wp-total']).toBe('1');
    expect(response.data[0].name).toBe('Friet groot');
    // Two calls in a row get fresh nonces, so both pass.
    expect((await client.get('products/categories')).data).toHaveLength(2);

    const order = await anOrder(testDb.database.db, {}, friesId);
    const updated = await client.put(`orders/${order.id}`, { status: 'completed' });
    expect(updated.data.status).toBe('completed');

    const reader = new WooCommerceRestApi({ url: address, consumerKey: readKey.consumerKey, consumerSecret: readKey.consumerSecret, version: 'wc/v3' });
    const refused = await reader
      .put(`orders/${order.id}`, { status: 'processing' })
      .catch((error: { response: { status: number; data: unknown } }) => error.response);
    expect(refused.status).toBe(401);
    expect(refused.data).toMatchObject({ code: 'woocommerce_rest_authentication_error' });
  });
});
