import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../src/db/schema/index.js';
import { buildApp, type App } from '../src/app.js';
import { mediaDir } from '../src/paths.js';
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/logger.js';
import { aProduct } from './support/builders.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { catalogCaughtUp, startTestApp, TEST_PEPPER } from './support/server.js';

/** Enough text per product that the menu is well above the compression threshold. */
const MENU = `query Menu($first: Int) { products(first: $first) { nodes { databaseId name slug description ... on SimpleProduct { price(format: RAW) } } } }`;
const SMALL = `{ allergens { code } }`;
const NOT_CATALOGUE = `{ cart { isEmpty } products(first: 50) { nodes { name description } } }`;

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A plain HTTP request that keeps the bytes exactly as sent (fetch would decode them). */
function request(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

function decoded(answer: RawAnswer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(answer.body).toString('utf8');
  expect(encoding).toBeUndefined();
  return answer.body.toString('utf8');
}

function postGraphQL(base: string, query: string, headers: Record<string, string> = {}, variables: Record<string, unknown> = { first: 100 }) {
  return request(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
}

function getGraphQL(base: string, query: string, headers: Record<string, string> = {}, variables: Record<string, unknown> = { first: 100 }) {
  const search = new URLSearchParams({ query, variables: JSON.stringify(variables) });
  return request(`${base}/graphql?${search.toString()}`, { headers });
}

describe.each(databaseKinds)('compression and HTTP caching (%s)', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let base: string;
  let productId: number;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    for (let i = 0; i < 12; i++) {
      const product = await aProduct(testDb.database.db, {
        slug: `frituursnack-${i}`,
        name: { nl: `Frituursnack ${i}` },
        description: { nl: `<p>Een krokante snack uit de frituur, nummer ${i}, met mayonaise of stoofvleessaus.</p>` },
        regularPrice: 250 + i,
      });
      if (i === 0) productId = product.id;
    }
    app = await startTestApp(testDb.database);
    base = await app.server.listen({ port: 0, host: '127.0.0.1' });
    await catalogCaughtUp(app, testDb.database);
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  it('answers the encoding the client prefers, q-values and identity honoured, and the bytes decode to the same body', async () => {
    const plain = await postGraphQL(base, MENU);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const body = plain.body.toString('utf8');
    expect(JSON.parse(body).data.products.nodes).toHaveLength(12);
    expect(plain.body.length).toBeGreaterThan(1024);

    const cases: [string, string | undefined][] = [
      ['gzip, deflate, br, zstd', 'br'],
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip;q=1.0, br;q=0.5', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['br;q=0, gzip;q=0', undefined],
      ['identity', undefined],
      ['deflate', undefined],
      ['*', 'br'],
    ];
    for (const [acceptEncoding, expected] of cases) {
      const answer = await postGraphQL(base, MENU, { 'accept-encoding': acceptEncoding });
      expect(answer.status, acceptEncoding).toBe(200);
      expect(answer.headers['content-encoding'], acceptEncoding).toBe(expected);
      expect(answer.headers.vary, acceptEncoding).toMatch(/accept-encoding/i);
      expect(Number(answer.headers['content-length']), acceptEncoding).toBe(answer.body.length);
      expect(decoded(answer), acceptEncoding).toBe(body);
      if (expected) expect(answer.body.length, acceptEncoding).toBeLessThan(plain.body.length / 2);
    }
  });

  it('keeps the compressed bytes of a cached catalogue answer', async () => {
    const first = await postGraphQL(base, MENU, { 'accept-encoding': 'br' }, { first: 11 });
    const second = await postGraphQL(base, MENU, { 'accept-encoding': 'br' }, { first: 11 });
    expect(first.headers['x-bakje-cache']).toBe('miss');
    expect(second.headers['x-bakje-cache']).toBe('hit');
    expect(second.headers['content-encoding']).toBe('br');
    expect(second.body.equals(first.body)).toBe(true);
    const gzip = await postGraphQL(base, MENU, { 'accept-encoding': 'gzip' }, { first: 11 });
    expect(gzip.headers['x-bakje-cache']).toBe('hit');
    expect(decoded(gzip)).toBe(decoded(first));
  });

  it('compresses other answers on the fly, leaves small ones alone and never caches a visitor answer', async () => {
    const small = await postGraphQL(base, SMALL, { 'accept-encoding': 'br' });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();

    const visitor = await postGraphQL(base, NOT_CATALOGUE, { 'accept-encoding': 'gzip' }, {});
    expect(visitor.status).toBe(200);
    expect(visitor.headers['content-encoding']).toBe('gzip');
    expect(visitor.headers['cache-control']).toBe('private, no-store');
    expect(visitor.headers.etag).toBeUndefined();
    expect(JSON.parse(decoded(visitor)).data.cart.isEmpty).toBe(true);
  });

  it('tags catalogue answers with a strong ETag, answers 304 over GET, and a catalogue write changes the tag', async () => {
    const first = await getGraphQL(base, MENU, { 'accept-encoding': 'br' });
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await getGraphQL(base, MENU, {}, { first: 99 })).headers.etag).not.toBe(etag);
    expect((await getGraphQL(base, MENU, { 'x-bakje-locale': 'fr_FR' })).headers.etag).not.toBe(etag);

    const revalidated = await getGraphQL(base, MENU, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers.etag).toBe(etag);
    expect((await getGraphQL(base, MENU, { 'if-none-match': `"other", W/${etag}` })).status).toBe(304);
    // POST is never a conditional read.
    expect((await postGraphQL(base, MENU, { 'if-none-match': etag })).status).toBe(200);

    await testDb.database.db.update(t.products).set({ regularPrice: 999 }).where(eq(t.products.id, productId));
    await catalogCaughtUp(app, testDb.database);
    const changed = await getGraphQL(base, MENU, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(decoded(changed)).toContain('"9.99"');
  });

  it('takes catalogue queries over GET and refuses mutations over GET with a clear error', async () => {
    const query = await getGraphQL(base, SMALL, {}, {});
    expect(query.status).toBe(200);
    expect(JSON.parse(decoded(query)).data.allergens).toEqual(expect.any(Array));

    const mutation = await getGraphQL(base, `mutation { addToCart(input: {productId: ${productId}, quantity: 1}) { cart { isEmpty } } }`, {}, {});
    expect(mutation.status).toBe(405);
    expect(mutation.headers.allow).toBe('POST');
    expect(JSON.parse(decoded(mutation))).toEqual({ errors: [{ message: 'Only queries may be sent with GET.' }] });
    const cart = await postGraphQL(base, NOT_CATALOGUE, {}, {});
    expect(JSON.parse(decoded(cart)).data.cart.isEmpty).toBe(true);
  });

  it('compresses the SVG pictures under /media, but not a range of one', async () => {
    const file = fs.readFileSync(path.join(mediaDir, 'demo', 'loaded-friet.svg'), 'utf8');
    expect(file.length).toBeGreaterThan(1024);
    const picture = await request(`${base}/media/demo/loaded-friet.svg`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(picture.status).toBe(200);
    expect(picture.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(picture.headers['content-encoding']).toBe('br');
    expect(picture.headers.vary).toMatch(/accept-encoding/i);
    expect(decoded(picture)).toBe(file);
    const range = await request(`${base}/media/demo/loaded-friet.svg`, { headers: { 'accept-encoding': 'br', range: 'bytes=0-99' } });
    expect(range.status).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.body.toString('utf8')).toBe(file.slice(0, 100));
  });

  it('never compresses an event stream', async () => {
    const answer = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.get(`${base}/api/events/catalog`, { headers: { 'accept-encoding': 'br, gzip' } }, resolve);
      req.on('error', reject);
    });
    try {
      expect(answer.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(answer.headers['content-encoding']).toBeUndefined();
      const firstChunk = await new Promise<string>((resolve) => answer.once('data', (chunk: Buffer) => resolve(chunk.toString('utf8'))));
      expect(firstChunk).toMatch(/^(:|event:|data:|retry:|id:)/m);
    } finally {
      answer.destroy();
    }
  });
});

describe.each(databaseKinds)('BAKJE_CATALOG_CACHE_SIZE=0 (%s)', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let base: string;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    await aProduct(testDb.database.db, { slug: 'cola', name: { nl: 'Cola' }, regularPrice: 260 });
    app = await startTestApp(testDb.database, { BAKJE_CATALOG_CACHE_SIZE: '0' });
    base = await app.server.listen({ port: 0, host: '127.0.0.1' });
    await catalogCaughtUp(app, testDb.database);
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  it('executes every catalogue query and still revalidates with ETags', async () => {
    const answers = [await postGraphQL(base, MENU), await postGraphQL(base, MENU), await postGraphQL(base, MENU)];
    expect(answers.map((a) => a.headers['x-bakje-cache'])).toEqual(['miss', 'miss', 'miss']);
    expect(JSON.parse(decoded(answers[2]!)).data.products.nodes[0].price).toBe('2.60');
    const first = await getGraphQL(base, MENU);
    expect((await getGraphQL(base, MENU, { 'if-none-match': first.headers.etag as string })).status).toBe(304);
  });
});

describe('the built web app', () => {
  let webDist: string;
  let app: App;
  let base: string;
  let testDb: TestDatabase;
  const script = `export const menu = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Frikandel speciaal ${i}` })))};\n`;
  const image = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'bakje-web-dist-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Bakje</title><script type="module" src="/assets/index-Ab12Cd34.js"></script>');
    // What the build writes (web/vite.config.ts): the file, and its brotli and gzip forms beside it.
    fs.writeFileSync(path.join(webDist, 'assets', 'index-Ab12Cd34.js'), script);
    fs.writeFileSync(path.join(webDist, 'assets', 'index-Ab12Cd34.js.br'), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(webDist, 'assets', 'index-Ab12Cd34.js.gz'), zlib.gzipSync(script));
    fs.writeFileSync(path.join(webDist, 'assets', 'logo-Ef56Gh78.png'), image);
    testDb = await createTestDatabase('pglite');
    const config = { ...loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', PORT: '0', BAKJE_API_KEY_PEPPER: TEST_PEPPER }), webDist };
    app = await buildApp(config, testDb.database, createLogger('silent'));
    base = await app.server.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('sends hashed assets precompressed with the right length, Vary, and immutable for a year', async () => {
    for (const [acceptEncoding, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0', undefined],
      ['', undefined],
    ] as const) {
      const answer = await request(`${base}/assets/index-Ab12Cd34.js`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
      expect(answer.status, acceptEncoding).toBe(200);
      expect(answer.headers['content-encoding'], acceptEncoding).toBe(expected);
      expect(answer.headers['content-type'], acceptEncoding).toMatch(/javascript/);
      expect(Number(answer.headers['content-length']), acceptEncoding).toBe(answer.body.length);
      expect(answer.headers.vary, acceptEncoding).toMatch(/accept-encoding/i);
      expect(answer.headers['cache-control'], acceptEncoding).toBe('public, max-age=31536000, immutable');
      expect(decoded(answer), acceptEncoding).toBe(script);
    }
    const picture = await request(`${base}/assets/logo-Ef56Gh78.png`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(picture.status).toBe(200);
    expect(picture.headers['content-encoding']).toBeUndefined();
    expect(picture.body.equals(image)).toBe(true);
  });

  it('revalidates the page with its ETag', async () => {
    const page = await request(`${base}/bestellen`, { headers: { 'accept-encoding': 'br' } });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const etag = page.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(decoded(page)).toContain('/assets/index-Ab12Cd34.js');
    const again = await request(`${base}/bestellen`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect((await request(`${base}/bestellen`, { headers: { 'if-none-match': '"old-build"' } })).status).toBe(200);
  });
});
