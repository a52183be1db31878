import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { App } from '../src/app.js';
import * as t from '../src/db/schema/index.js';
import { errorCodes, errorKinds, isErrorCode } from '../src/errors/codes.js';
import { DomainError } from '../src/errors/domain-error.js';
import { httpStatusOf, restError } from '../src/api/http/error-handler.js';
import { graphqlErrorOf } from '../src/api/graphql/errors.js';
import { woocommerceCodeOf } from '../src/api/rest/wc/errors.js';
import { ApiKeyService } from '../src/modules/api-keys/api-key-service.js';
import { aProduct } from './support/builders.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { anOrder } from './support/orders.js';
import { TEST_PEPPER, catalogCaughtUp, graphql, startTestApp } from './support/server.js';

describe('the error mapping', () => {
  it('gives every kind one HTTP status', () => {
    expect(Object.fromEntries(errorKinds.map((kind) => [kind, httpStatusOf[kind]]))).toEqual({
      invalid: 400,
      unauthenticated: 401,
      forbidden: 403,
      not_found: 404,
      conflict: 409,
      rate_limited: 429,
      unavailable: 503,
    });
  });

  it('names every code in SCREAMING_SNAKE with a known kind', () => {
    for (const [code, kind] of Object.entries(errorCodes)) {
      expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
      expect(errorKinds).toContain(kind);
      expect(isErrorCode(code)).toBe(true);
    }
    expect(isErrorCode('slot_taken')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
  });

  it('answers REST in the WooCommerce shape: our code on our routes, WooCommerce code plus data.code on theirs', () => {
    const taken = new DomainError('SLOT_TAKEN', 'The time slot was just booked by someone else; choose another.');
    expect(taken.kind).toBe('conflict');
    expect(restError(taken)).toEqual({
      status: 409,
      body: { code: 'SLOT_TAKEN', message: 'The time slot was just booked by someone else; choose another.', data: { status: 409 } },
    });
    const missing = new DomainError('PRODUCT_NOT_FOUND', 'Invalid ID.');
    expect(restError(missing, woocommerceCodeOf(missing, 'GET'))).toEqual({
      status: 404,
      body: { code: 'woocommerce_rest_product_invalid_id', message: 'Invalid ID.', data: { status: 404, code: 'PRODUCT_NOT_FOUND' } },
    });
    const anonymous = new DomainError('API_KEY_REQUIRED', 'Sorry, you cannot list resources.');
    expect(woocommerceCodeOf(anonymous, 'GET')).toBe('woocommerce_rest_cannot_view');
    expect(woocommerceCodeOf(anonymous, 'PUT')).toBe('woocommerce_rest_cannot_edit');
    // Details travel in data, next to the status (never over it).
    const tooFar = new DomainError('DELIVERY_TOO_FAR', 'far', { distance: 51.2, maximum: 8, status: 'ignored' });
    expect(restError(tooFar).body.data).toEqual({ distance: 51.2, maximum: 8, status: 400 });
  });

  it('answers GraphQL with the message as it is and extensions.code from the same mapping', () => {
    const error = graphqlErrorOf(new DomainError('DELIVERY_TOO_FAR', 'We do not deliver this far.', { distance: 51.2, maximum: 8 }));
    expect(error.toJSON()).toEqual({
      message: 'We do not deliver this far.',
      extensions: { code: 'DELIVERY_TOO_FAR', status: 400, distance: 51.2, maximum: 8 },
    });
    expect(graphqlErrorOf(new DomainError('LOGIN_REQUIRED', 'x')).extensions).toMatchObject({ code: 'LOGIN_REQUIRED', status: 401 });
  });
});

describe.each(databaseKinds)('bad input over HTTP on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let auth: string;
  let productId: number;
  let orderId: number;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    const db = testDb.database.db;
    productId = (await aProduct(db, { slug: 'bicky', regularPrice: 450 })).id;
    orderId = (await anOrder(db, {}, productId)).id;
    const key = await new ApiKeyService(db, () => TEST_PEPPER).create({ scope: 'read_write' });
    auth = `Basic ${Buffer.from(`${key.consumerKey}:${key.consumerSecret}`).toString('base64')}`;
    app = await startTestApp(testDb.database, {}, undefined, { authorizeStaff: async (request) => request.headers['x-test-staff'] === 'kitchen' });
    await catalogCaughtUp(app, testDb.database);
  });
  afterAll(async () => {
    await app.close();
    await testDb.cleanup();
  });

  const wc = (method: 'GET' | 'PUT', url: string, payload?: unknown) =>
    app.server.inject({
      method,
      url: `/wp-json/wc/v3${url}`,
      headers: { authorization: auth },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it.each([
    ['a bad id', 'GET', '/products/abc', undefined, ['id']],
    ['id 0', 'GET', '/orders/0', undefined, ['id']],
    ['a bad query', 'GET', '/orders?per_page=0', undefined, ['per_page']],
    ['a bad list in the query', 'GET', '/products?include=1,x', undefined, ['include']],
    ['an unknown status in the query', 'GET', '/orders?status=processing,lost', undefined, ['status']],
  ] as const)('WooCommerce routes: %s is 400 rest_invalid_param naming the parameter', async (_name, method, url, body, params) => {
    const response = await wc(method, url, body);
    expect(response.statusCode).toBe(400);
    const answer = response.json();
    expect(answer).toEqual({
      code: 'rest_invalid_param',
      message: expect.stringMatching(new RegExp(`^Invalid parameter\\(s\\): ${params.join(', ')}`)),
      data: { status: 400, code: 'INVALID_INPUT', params },
    });
  });

  it('a bad body or id on a write is 400 and changes nothing', async () => {
    const db = testDb.database.db;
    const productBefore = await db.select().from(t.products).where(eq(t.products.id, productId));
    const orderBefore = await db.select().from(t.orders).where(eq(t.orders.id, orderId));
    for (const [url, body, param] of [
      [`/products/${productId}`, { name: 'Bicky XL', regular_price: 'gratis' }, 'regular_price'],
      [`/products/${productId}`, ['name'], 'body'],
      ['/products/-1', { name: 'Bicky XL' }, 'id'],
      [`/orders/${orderId}`, { status: 'eaten', customer_note: 'snel' }, 'status'],
      [`/orders/${orderId}`, { customer_note: 'x'.repeat(2001) }, 'customer_note'],
    ] as const) {
      const response = await wc('PUT', url, body);
      expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(response.json()).toMatchObject({ code: 'rest_invalid_param', data: { status: 400, code: 'INVALID_INPUT', params: [param] } });
    }
    expect(await db.select().from(t.products).where(eq(t.products.id, productId))).toEqual(productBefore);
    expect(await db.select().from(t.orders).where(eq(t.orders.id, orderId))).toEqual(orderBefore);
  });

  it('our own routes: 400 INVALID_INPUT in the same shape', async () => {
    const staff = { 'x-test-staff': 'kitchen' };
    const badId = await app.server.inject({ method: 'POST', url: '/api/kitchen/orders/12x/send', headers: staff });
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toEqual({
      code: 'INVALID_INPUT',
      message: 'Invalid parameter(s): id (must be a positive whole number)',
      data: { status: 400, params: ['id'] },
    });
    const badBody = await app.server.inject({ method: 'POST', url: '/api/kitchen/orders/ready', headers: staff, payload: { ids: [orderId, 'x'] } });
    expect(badBody.json()).toMatchObject({ code: 'INVALID_INPUT', data: { status: 400, params: ['ids'] } });
    const [order] = await testDb.database.db.select({ status: t.orders.status }).from(t.orders).where(eq(t.orders.id, orderId));
    expect(order!.status).toBe('processing');
    const incomplete = await app.server.inject({ url: '/api/calculate-distance?address_1=Veldstraat%201&city=Gent' });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json()).toMatchObject({
      code: 'INCOMPLETE_ADDRESS',
      message: 'Please provide a complete address to proceed with the delivery.',
      data: { title: 'Incomplete address' },
    });
  });

  it('GraphQL: a domain error keeps its message and carries its code', async () => {
    const add = await graphql(
      app,
      `
        mutation {
          addToCart(input: { productId: 987654, quantity: 1 }) {
            cart {
              isEmpty
            }
          }
        }
      `,
    );
    expect(add.body.errors[0]).toMatchObject({ message: 'This product cannot be ordered.', extensions: { code: 'NOT_PURCHASABLE', status: 400 } });
    const foreign = await graphql(
      app,
      `
        query {
          cart {
            isEmpty
          }
        }
      `,
      {},
      { 'woocommerce-session': 'Session not-a-token' },
    );
    expect(foreign.body.errors[0]).toMatchObject({ message: 'Invalid session token', extensions: { code: 'INVALID_SESSION', status: 401 } });
  });
});
