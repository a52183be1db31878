import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, validate, specifiedRules } from 'graphql';
import type { App } from '../src/app.js';
import { schema } from '../src/api/graphql/schema.js';
import { depthLimit } from '../src/api/graphql/depth-limit.js';
import { queryLimits, type CostBounds } from '../src/api/graphql/query-limits.js';
import { MAX_ALIASES, MAX_COST } from '../src/api/graphql/endpoint.js';
import { createTestDatabase, type TestDatabase } from './support/database.js';
import { TEST_PEPPER, graphql, startTestApp } from './support/server.js';
import { ApiKeyService } from '../src/modules/api-keys/api-key-service.js';

/** A catalogue far larger than a fry shop's: the storefront's own documents must still pass. */
const LARGE_SHOP: CostBounds = {
  maxQueryAmount: 1000,
  products: 600,
  variations: 2000,
  variationsPerProduct: 20,
  linksPerProduct: 10,
  reviewsPerProduct: 200,
  galleryPerProduct: 20,
  categories: 60,
  terms: 300,
  categoriesPerProduct: 5,
  termsPerProduct: 20,
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('HTTP hardening', () => {
  let testDb: TestDatabase;
  let app: App;
  beforeAll(async () => {
    testDb = await createTestDatabase('pglite');
    // The proxy in front (here: the test itself on loopback) is trusted for X-Forwarded-Proto.
    app = await startTestApp(testDb.database, { BAKJE_TRUST_PROXY: '127.0.0.1' });
    // Routes that fail the way a bug would: the global error handler must hide every detail.
    app.server.get('/test/throws-sql', async () => {
      const error = new Error('duplicate key value violates unique constraint "orders_pkey" in: insert into "orders" ("id") values ($1)');
      Object.assign(error, { code: '23505', detail: 'Key (id)=(1) already exists.', query: 'insert into "orders"' });
      throw error;
    });
    app.server.post('/test/echo', async (request) => ({ size: JSON.stringify(request.body).length }));
  });
  afterAll(async () => {
    await app.close();
    await testDb.cleanup();
  });

  describe('security headers', () => {
    it.each(['/', '/bestellen', '/api/health', '/graphql?query=%7B__typename%7D', '/wp-json/wc/v3/products', '/no-such-page'])('are on %s', async (url) => {
      const response = await app.server.inject(url);
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("default-src 'self'");
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'))!;
      expect(scriptSrc.trim()).toBe("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      // Obsolete headers, not sent (docs/security.md).
      for (const obsolete of ['x-xss-protection', 'x-download-options', 'x-dns-prefetch-control']) expect(response.headers[obsolete]).toBeUndefined();
      // Plain HTTP: no HSTS (it would pin a name to HTTPS that does not serve it).
      expect(response.headers['strict-transport-security']).toBeUndefined();
    });

    it('API answers stay same-site for cross-origin readers; product images may be shown anywhere', async () => {
      expect((await app.server.inject('/api/health')).headers['cross-origin-resource-policy']).toBe('same-site');
      expect((await app.server.inject('/media/does-not-exist.svg')).headers['cross-origin-resource-policy']).toBe('cross-origin');
    });

    it('sends HSTS when the request came over HTTPS through the proxy', async () => {
      const response = await app.server.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    });

    it('the web app needs no inline script (source index.html and, when built, the Vite output)', () => {
      const files = [path.join(root, 'web/index.html'), path.join(root, 'web/dist/index.html')].filter((f) => fs.existsSync(f));
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) {
        const html = fs.readFileSync(file, 'utf8');
        const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
        expect(scripts.length, file).toBeGreaterThan(0);
        for (const [, attributes, body] of scripts) {
          expect(attributes, file).toMatch(/\bsrc=/);
          expect(body!.trim(), file).toBe('');
        }
        expect(html, file).not.toMatch(/\son[a-z]+=/i);
      }
    });
  });

  describe('GraphQL limits', () => {
    it('refuses too many aliases before running anything', async () => {
      const fields = Array.from({ length: MAX_ALIASES + 1 }, (_, i) => `a${i}: catalogVersion`).join(' ');
      const response = await graphql(app, `{ ${fields} }`);
      expect(response.status).toBe(400);
      expect(response.body.errors[0].message).toBe(`The query uses too many aliases (${MAX_ALIASES + 1}; at most ${MAX_ALIASES}).`);
      const fine = await graphql(app, `{ ${fields.split(' a').slice(0, MAX_ALIASES).join(' a')} }`);
      expect(fine.status).toBe(200);
    });

    it('counts aliases hidden in fragments', async () => {
      const response = await graphql(
        app,
        `query { ...F ...F } fragment F on RootQuery { ${Array.from({ length: 30 }, (_, i) => `x${i}: catalogVersion`).join(' ')} }`,
      );
      expect(response.status).toBe(400);
      expect(response.body.errors[0].message).toMatch(/too many aliases \(60;/);
    });

    it('refuses an expensive query: nested pages multiply', async () => {
      // 100 orders of up to 100 lines each, asked three times: the bounds hold whatever the catalogue.
      const orders = `customer { orders { nodes { lineItems { nodes { product { node { image { id } } } variation { node { image { id } } } } } } } }`;
      const query = `{ a: ${orders} b: ${orders} c: ${orders} }`;
      const response = await graphql(app, query);
      expect(response.status).toBe(400);
      expect(response.body.errors).toHaveLength(1);
      expect(response.body.errors[0].message).toBe(`The query is too expensive (cost over ${MAX_COST}; ask for fewer nested lists).`);
    });

    it("keeps the storefront's own documents well inside the limits", () => {
      // Every operation of the web app (its .graphql files), with the fragments of its own file.
      const files = fs.readdirSync(path.join(root, 'web/src'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.graphql'));
      expect(files.length).toBeGreaterThan(3);
      let operations = 0;
      for (const file of files) {
        const document = parse(fs.readFileSync(path.join(root, 'web/src', file), 'utf8'));
        operations += document.definitions.filter((d) => d.kind === 'OperationDefinition').length;
        const errors = validate(schema, document, [
          ...specifiedRules,
          depthLimit(12),
          queryLimits({ maxAliases: MAX_ALIASES, maxCost: MAX_COST / 2, bounds: () => LARGE_SHOP }),
        ]);
        expect(
          errors.map((e) => e.message),
          file,
        ).toEqual([]);
      }
      expect(operations).toBeGreaterThan(20);
    });
  });

  describe('body size limits', () => {
    const big = JSON.stringify({ query: '{ __typename }', variables: { pad: 'x'.repeat(1_100_000) } });
    it('GraphQL: 413 with a GraphQL error', async () => {
      const response = await app.server.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' }, payload: big });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ errors: [{ message: 'The request body is too large.' }] });
    });
    it('REST: 413 in the WooCommerce shape (after the key is checked: anonymous bodies are never read)', async () => {
      const key = await new ApiKeyService(testDb.database.db, () => TEST_PEPPER).create({ scope: 'read_write' });
      const authorization = `Basic ${Buffer.from(`${key.consumerKey}:${key.consumerSecret}`).toString('base64')}`;
      const anonymous = await app.server.inject({
        method: 'PUT',
        url: '/wp-json/wc/v3/orders/1',
        headers: { 'content-type': 'application/json' },
        payload: big,
      });
      expect(anonymous.statusCode).toBe(401);
      const response = await app.server.inject({
        method: 'PUT',
        url: '/wp-json/wc/v3/orders/1',
        headers: { 'content-type': 'application/json', authorization },
        payload: big,
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ code: 'rest_request_too_large', data: { status: 413 } });
    });
    it('any other route: 413 in the common error shape', async () => {
      const response = await app.server.inject({ method: 'POST', url: '/test/echo', headers: { 'content-type': 'application/json' }, payload: big });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ code: 'request_too_large', data: { status: 413 } });
    });
  });

  describe('NUL characters (PostgreSQL text cannot hold them; found by fuzzing)', () => {
    it('GraphQL: refused in variables and in string literals, before any database work', async () => {
      const mutation = 'mutation C($input: ApplyCouponInput!) { applyCoupon(input: $input) { applied { code } } }';
      const inVariables = await graphql(app, mutation, { input: { code: 'a\u0000b' } });
      expect(inVariables.status).toBe(400);
      expect(inVariables.body).toEqual({ errors: [{ message: 'Text may not contain NUL (U+0000) characters.' }] });
      const inLiteral = await graphql(app, 'mutation { applyCoupon(input: {code: "a\\u0000"}) { applied { code } } }');
      expect(inLiteral.status).toBe(400);
    });

    it('REST: refused as rest_invalid_param', async () => {
      const key = await new ApiKeyService(testDb.database.db, () => TEST_PEPPER).create({ scope: 'read' });
      const authorization = `Basic ${Buffer.from(`${key.consumerKey}:${key.consumerSecret}`).toString('base64')}`;
      const response = await app.server.inject({ url: '/wp-json/wc/v3/orders?search=a%00b', headers: { authorization } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'rest_invalid_param', data: { status: 400 } });
    });
  });

  describe('errors', () => {
    it('a failing route answers 500 without message, stack or SQL', async () => {
      const response = await app.server.inject('/test/throws-sql');
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ code: 'internal_error', message: 'Internal server error', data: { status: 500 } });
      expect(response.body).not.toMatch(/insert|orders_pkey|23505|at .*\.ts|Error:/);
    });

    it('malformed JSON is a 400 that names no internals', async () => {
      const response = await app.server.inject({ method: 'POST', url: '/test/echo', headers: { 'content-type': 'application/json' }, payload: '{"a":' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'bad_request', data: { status: 400 } });
      expect(response.body).not.toMatch(/node_modules|at .*\.js/);
    });
  });
});
