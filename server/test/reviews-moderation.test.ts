import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import WooCommerceRestApiModule from '@woocommerce/woocommerce-rest-api';
import type { ReviewModerationPage } from '@bakje/contract';
import * as t from '../src/db/schema/index.js';
import type { App } from '../src/app.js';
import { ApiKeyService, type CreatedApiKey } from '../src/modules/api-keys/api-key-service.js';
import { ensureFirstAdmin } from '../src/modules/auth/first-admin.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { TEST_PEPPER, catalogCaughtUp, graphql, startTestApp } from './support/server.js';
import { Browser } from './support/browser.js';
import { aShopTakingOrders, anOrder } from './support/orders.js';
import { waitFor } from './support/wait.js';

type ClientClass = typeof WooCommerceRestApiModule.default;
const WooCommerceRestApi: ClientClass =
  (WooCommerceRestApiModule as unknown as { default?: ClientClass }).default ?? (WooCommerceRestApiModule as unknown as ClientClass);

const LOGIN = `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }`;
const REGISTER = `mutation($input: RegisterCustomerInput!) { registerCustomer(input: $input) { customer { databaseId } } }`;
const REVIEW = `mutation($input: WriteReviewInput!) { writeReview(input: $input) { published review { databaseId verified } } }`;
const PRODUCT = `query($slug: ID!) { product(id: $slug, idType: SLUG) { reviewCount averageRating
  reviews(first: 20) { averageRating nodes { databaseId content verified reply author { node { name } } } } } }`;
const PASSWORD = 'Stoofvlees met frietjes 2026';
const ADMIN = { email: 'baas@example.be', password: 'De baas van de frituur' };
const NOW = new Date('2026-11-21T09:00:00Z');

describe.each(databaseKinds)('reviews moderation (%s)', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let writer: CreatedApiKey;
  let productId: number;
  let admin: Browser;
  let kitchen: Browser;
  let now = NOW;
  const db = () => testDb.database.db;
  const input = (over: Record<string, unknown> = {}) => ({
    author: 'Gast',
    authorEmail: 'gast@example.be',
    content: 'Lekker!',
    rating: 4,
    commentOn: productId,
    ...over,
  });

  async function storefront() {
    await catalogCaughtUp(app, testDb.database);
    return (await graphql(app, PRODUCT, { slug: 'frikandel' })).body.data.product;
  }

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    ({ productId } = await aShopTakingOrders(db()));
    writer = await new ApiKeyService(db(), () => TEST_PEPPER).create({ scope: 'read_write' });
    app = await startTestApp(testDb.database, { BAKJE_JOB_RUNNER: 'false' }, () => now);
    await ensureFirstAdmin(testDb.database, ADMIN);
    admin = new Browser(() => app);
    await admin.graphql(LOGIN, { u: ADMIN.email, p: ADMIN.password });
    expect((await admin.request('POST', '/api/staff/users', { email: 'keuken@example.be', password: PASSWORD, role: 'kitchen' })).statusCode).toBe(201);
    kitchen = new Browser(() => app);
    await kitchen.graphql(LOGIN, { u: 'keuken@example.be', p: PASSWORD });
    await catalogCaughtUp(app, testDb.database);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  it('a guest review waits; staff approve and reply; the product counts approved reviews only', async () => {
    const written = await graphql(app, REVIEW, { input: input() });
    expect(written.body.data.writeReview).toMatchObject({ published: false });
    const id = written.body.data.writeReview.review.databaseId as number;
    expect(await storefront()).toMatchObject({ reviewCount: 0, averageRating: 0, reviews: { nodes: [] } });

    const pending = (await admin.request('GET', '/api/dashboard/reviews?status=hold')).json() as ReviewModerationPage;
    expect(pending.counts).toEqual({ hold: 1, approved: 0, spam: 0 });
    expect(pending.reviews).toEqual([expect.objectContaining({ id, productName: 'Frikandel', author: 'Gast', status: 'hold', verified: false })]);

    expect((await admin.request('PUT', `/api/dashboard/reviews/${id}`, { status: 'approved', reply: '  Dank je wel!  ' })).json()).toMatchObject({
      status: 'approved',
      reply: 'Dank je wel!',
    });
    await waitFor('the storefront to show the review', async () => (await storefront()).reviewCount === 1);
    expect(await storefront()).toMatchObject({
      reviewCount: 1,
      averageRating: 4,
      reviews: { nodes: [{ databaseId: id, content: '<p>Lekker!</p>', reply: 'Dank je wel!', author: { node: { name: 'Gast' } } }] },
    });

    // A second guest review marked as spam never counts.
    const spam = (await graphql(app, REVIEW, { input: input({ rating: 1, content: 'Koop goedkope horloges' }) })).body.data.writeReview.review.databaseId;
    await admin.request('PUT', `/api/dashboard/reviews/${spam}`, { status: 'spam' });
    expect((await admin.request('GET', '/api/dashboard/reviews?status=spam')).json().reviews.map((r: { id: number }) => r.id)).toEqual([spam]);
    expect(await storefront()).toMatchObject({ reviewCount: 1, averageRating: 4 });

    // Bad input: clear error, nothing changed.
    expect((await admin.request('PUT', `/api/dashboard/reviews/${id}`, { status: 'gone' })).statusCode).toBe(400);
    expect((await admin.request('PUT', `/api/dashboard/reviews/${id}`, { reply: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await admin.request('PUT', '/api/dashboard/reviews/987654', { status: 'approved' })).statusCode).toBe(404);
    expect((await db().select().from(t.reviews).where(eq(t.reviews.id, id)))[0]).toMatchObject({ status: 'approved', reply: 'Dank je wel!' });

    // Delete: gone for good, and from the storefront.
    expect((await admin.request('DELETE', `/api/dashboard/reviews/${id}`)).statusCode).toBe(200);
    await waitFor('the storefront to drop the review', async () => (await storefront()).reviewCount === 0);
    expect((await admin.request('DELETE', `/api/dashboard/reviews/${id}`)).statusCode).toBe(404);
  });

  it('answers review content as escaped HTML, as WooGraphQL renders it; the plain text only when asked for (issue 33 D5)', async () => {
    const text = 'Lekker <script>alert(1)</script>\n<img src=x onerror="alert(2)"> & "krokant"\n\nFrieten <3';
    const escaped =
      '<p>Lekker &lt;script&gt;alert(1)&lt;/script&gt;<br />\n&lt;img src=x onerror=&quot;alert(2)&quot;&gt; &amp; &quot;krokant&quot;</p>\n<p>Frieten &lt;3</p>';
    const written = await graphql(
      app,
      `
        mutation ($input: WriteReviewInput!) {
          writeReview(input: $input) {
            review {
              databaseId
              content
            }
          }
        }
      `,
      {
        input: input({ content: text }),
      },
    );
    const { databaseId: id, content } = written.body.data.writeReview.review as { databaseId: number; content: string };
    expect(content).toBe(escaped);
    await admin.request('PUT', `/api/dashboard/reviews/${id}`, { status: 'approved' });
    await catalogCaughtUp(app, testDb.database);
    const both = `query($slug: ID!) { product(id: $slug, idType: SLUG) { reviews(first: 20) { nodes { databaseId content raw: content(format: RAW) rendered: content(format: RENDERED) } } } }`;
    await waitFor(
      'the storefront to show the review',
      async () => (await graphql(app, both, { slug: 'frikandel' })).body.data.product.reviews.nodes.length > 0,
    );
    const [node] = (await graphql(app, both, { slug: 'frikandel' })).body.data.product.reviews.nodes;
    expect(node).toEqual({ databaseId: id, content: escaped, raw: text, rendered: escaped });
    // Whatever a storefront makes of it, no element or attribute but the paragraphs and line breaks.
    expect(node.content.match(/<[a-z]+/g)).toEqual(['<p', '<br', '<p']);
    expect(node.content).not.toMatch(/<(script|img)/i);
    await admin.request('DELETE', `/api/dashboard/reviews/${id}`);
    await waitFor('the storefront to drop the review', async () => (await storefront()).reviewCount === 0);
  });

  it('only reviews.manage moderates', async () => {
    expect((await kitchen.request('GET', '/api/dashboard/reviews')).statusCode).toBe(403);
    expect((await kitchen.request('PUT', '/api/dashboard/review-settings', { publishVerifiedAtOnce: false })).statusCode).toBe(403);
    expect((await new Browser(() => app).request('GET', '/api/dashboard/reviews')).statusCode).toBe(401);
    expect((await kitchen.request('GET', '/wp-json/wc/v3/products/reviews')).statusCode).toBe(403);
    expect((await admin.request('GET', '/wp-json/wc/v3/products/reviews?status=all')).statusCode).toBe(200);
  });

  it("verified buyers' reviews are published at once when the setting says so; others wait", async () => {
    const customer = async (email: string) => {
      const b = new Browser(() => app);
      const id = (await b.graphql(REGISTER, { input: { email, password: PASSWORD, firstName: 'Klant', lastName: 'X' } })).body.data.registerCustomer.customer
        .databaseId;
      return { b, id: id as number };
    };
    expect((await admin.request('GET', '/api/dashboard/review-settings')).json()).toEqual({ publishVerifiedAtOnce: true });
    const buyer = await customer('koper@example.be');
    await anOrder(db(), { customerId: buyer.id, status: 'completed' }, productId);
    const published = await buyer.b.graphql(REVIEW, { input: input({ author: 'Koper', authorEmail: 'koper@example.be', rating: 5 }) });
    expect(published.body.data.writeReview).toMatchObject({ published: true, review: { verified: true } });

    const browser = await customer('kijker@example.be');
    const unverified = await browser.b.graphql(REVIEW, { input: input({ author: 'Kijker', authorEmail: 'kijker@example.be' }) });
    expect(unverified.body.data.writeReview).toMatchObject({ published: false, review: { verified: false } });

    expect((await admin.request('PUT', '/api/dashboard/review-settings', { publishVerifiedAtOnce: 'ja' })).statusCode).toBe(400);
    expect((await admin.request('PUT', '/api/dashboard/review-settings', { publishVerifiedAtOnce: false })).json()).toEqual({ publishVerifiedAtOnce: false });
    const buyer2 = await customer('koper2@example.be');
    await anOrder(db(), { customerId: buyer2.id, status: 'processing' }, productId);
    const held = await buyer2.b.graphql(REVIEW, { input: input({ author: 'Koper 2', authorEmail: 'koper2@example.be' }) });
    expect(held.body.data.writeReview).toMatchObject({ published: false, review: { verified: true } });
    await waitFor('the storefront to show the review', async () => (await storefront()).reviewCount === 1);
    expect((await storefront()).reviews.nodes).toEqual([expect.objectContaining({ verified: true, author: { node: { name: 'Koper' } } })]);
  });

  it('the official WooCommerce REST client lists by status, reads, updates, deletes and batches reviews', async () => {
    now = new Date(); // OAuth 1.0a signatures carry the real time.
    const address = await app.server.listen({ port: 0, host: '127.0.0.1' });
    const client = new WooCommerceRestApi({ url: address, consumerKey: writer.consumerKey, consumerSecret: writer.consumerSecret, version: 'wc/v3' });

    const held = await client.get('products/reviews', { status: 'hold' });
    expect(held.headers['x-wp-total']).toBe(String(held.data.length));
    expect(held.data.map((r: { status: string }) => r.status)).toEqual(held.data.map(() => 'hold'));
    const [first, second] = held.data as { id: number; product_id: number; reviewer: string; verified: boolean }[];
    expect(first).toMatchObject({ product_id: productId, product_name: 'Frikandel', product_permalink: expect.stringMatching(/\/product\/frikandel$/) });
    // Default: approved only.
    expect((await client.get('products/reviews')).data.every((r: { status: string }) => r.status === 'approved')).toBe(true);

    expect((await client.get(`products/reviews/${first!.id}`)).data).toMatchObject({ id: first!.id, reviewer: first!.reviewer });
    expect((await client.put(`products/reviews/${first!.id}`, { status: 'approved' })).data).toMatchObject({ status: 'approved' });
    await expect(client.put(`products/reviews/${first!.id}`, { rating: 9 })).rejects.toMatchObject({ response: { status: 400 } });
    await expect(client.get('products/reviews/987654')).rejects.toMatchObject({
      response: { status: 404, data: { code: 'woocommerce_rest_review_invalid_id' } },
    });
    await expect(client.delete(`products/reviews/${first!.id}`)).rejects.toMatchObject({ response: { status: 400 } });

    const batch = await client.post('products/reviews/batch', {
      update: [
        { id: second!.id, status: 'spam' },
        { id: 987654, status: 'approved' },
      ],
      delete: [first!.id],
    });
    expect(batch.data.update[0]).toMatchObject({ id: second!.id, status: 'spam' });
    expect(batch.data.update[1]).toMatchObject({ id: 987654, error: { code: 'woocommerce_rest_review_invalid_id' } });
    expect(batch.data.delete[0]).toMatchObject({ id: first!.id });
    expect(await db().select().from(t.reviews).where(eq(t.reviews.id, first!.id))).toEqual([]);

    const deleted = await client.delete(`products/reviews/${second!.id}`, { force: true });
    expect(deleted.data).toMatchObject({ deleted: true, previous: { id: second!.id } });
    expect(await db().select().from(t.reviews).where(eq(t.reviews.id, second!.id))).toEqual([]);
    now = NOW;
  });
});
