import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import WooCommerceRestApiModule from '@woocommerce/woocommerce-rest-api';
import type { Figures } from '@bakje/contract';
import * as t from '../src/db/schema/index.js';
import type { App } from '../src/app.js';
import { ApiKeyService, type CreatedApiKey } from '../src/modules/api-keys/api-key-service.js';
import { ensureFirstAdmin } from '../src/modules/auth/first-admin.js';
import { JobRunner } from '../src/jobs/job-runner.js';
import { createLogger } from '../src/logger.js';
import { enqueueGuestOrderRetention } from '../src/modules/retention/guest-orders.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { TEST_PEPPER, catalogCaughtUp, startTestApp } from './support/server.js';
import { Browser } from './support/browser.js';
import { aShopTakingOrders, anOrder, DAY } from './support/orders.js';

type ClientClass = typeof WooCommerceRestApiModule.default;
const WooCommerceRestApi: ClientClass =
  (WooCommerceRestApiModule as unknown as { default?: ClientClass }).default ?? (WooCommerceRestApiModule as unknown as ClientClass);

const LOGIN = `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }`;
const REGISTER = `mutation($input: RegisterCustomerInput!) { registerCustomer(input: $input) { customer { databaseId } } }`;
const REVIEW = `mutation($input: WriteReviewInput!) { writeReview(input: $input) { published } }`;
const WISH = `mutation($productId: Int!) { addToWishlist(input: {productId: $productId}) { clientMutationId } }`;
const VIEWER = `{ viewer { databaseId } }`;
const PASSWORD = 'Stoofvlees met frietjes 2026';
const ADMIN = { email: 'baas@example.be', password: 'De baas van de frituur' };
// Saturday 21 November 2026, 10:00 in Brussels (the shop's day in support/orders.ts).
const NOW = new Date('2026-11-21T09:00:00Z');

describe.each(databaseKinds)('customers and privacy rights (%s)', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let writer: CreatedApiKey;
  let productId: number;
  let admin: Browser;
  let kitchen: Browser;
  let adminId: number;
  let now = NOW;
  const db = () => testDb.database.db;
  const customers = new Map<string, { b: Browser; id: number }>();

  async function register(email: string, firstName: string, lastName: string) {
    const b = new Browser(() => app);
    const result = await b.graphql(REGISTER, { input: { email, password: PASSWORD, firstName, lastName } });
    expect(result.body.errors).toBeUndefined();
    const customer = { b, id: result.body.data.registerCustomer.customer.databaseId as number };
    customers.set(email, customer);
    return customer;
  }

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    ({ productId } = await aShopTakingOrders(db()));
    writer = await new ApiKeyService(db(), () => TEST_PEPPER).create({ scope: 'read_write' });
    app = await startTestApp(testDb.database, { BAKJE_JOB_RUNNER: 'false' }, () => now);
    await ensureFirstAdmin(testDb.database, ADMIN);
    adminId = (await db().select().from(t.users).where(eq(t.users.email, ADMIN.email)))[0]!.id;
    admin = new Browser(() => app);
    expect((await admin.graphql(LOGIN, { u: ADMIN.email, p: ADMIN.password })).body.data.login.viewer.role).toBe('admin');
    expect((await admin.request('POST', '/api/staff/users', { email: 'keuken@example.be', password: PASSWORD, role: 'kitchen' })).statusCode).toBe(201);
    kitchen = new Browser(() => app);
    await kitchen.graphql(LOGIN, { u: 'keuken@example.be', p: PASSWORD });
    await register('an@example.be', 'An', 'Peeters');
    await register('bert@example.be', 'Bert', 'Janssens');
    await catalogCaughtUp(app, testDb.database);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const an = () => customers.get('an@example.be')!;
  const bert = () => customers.get('bert@example.be')!;
  const figures = async () => (await admin.request('GET', `/api/figures?from=${DAY}&to=${DAY}`)).json() as Figures;

  it('the official WooCommerce REST client lists customers by e-mail and search, reads and updates one', async () => {
    // OAuth 1.0a signatures carry the real time, which the shop checks against its clock.
    now = new Date();
    const address = await app.server.listen({ port: 0, host: '127.0.0.1' });
    const client = new WooCommerceRestApi({ url: address, consumerKey: writer.consumerKey, consumerSecret: writer.consumerSecret, version: 'wc/v3' });

    const byEmail = await client.get('customers', { email: 'an@example.be' });
    expect(byEmail.data).toHaveLength(1);
    expect(byEmail.data[0]).toMatchObject({ id: an().id, email: 'an@example.be', first_name: 'An', role: 'customer', is_paying_customer: false });
    expect((await client.get('customers', { email: 'niemand@example.be' })).data).toEqual([]);
    const searched = await client.get('customers', { search: 'JANS' });
    expect(searched.data.map((c: { id: number }) => c.id)).toEqual([bert().id]);
    expect(searched.headers['x-wp-total']).toBe('1');
    // Staff accounts are not customers.
    expect((await client.get('customers', { search: 'baas' })).data).toEqual([]);

    expect((await client.get(`customers/${an().id}`)).data).toMatchObject({ id: an().id, last_name: 'Peeters' });
    const updated = await client.put(`customers/${an().id}`, { first_name: 'Anna', billing: { city: 'Brugge', phone: '0470 11 22 33' } });
    expect(updated.data).toMatchObject({ first_name: 'Anna', billing: { city: 'Brugge', phone: '0470 11 22 33' } });

    // Bad input: another customer's e-mail, an invalid e-mail, an unknown id; nothing changes.
    await expect(client.put(`customers/${an().id}`, { email: 'bert@example.be', first_name: 'X' })).rejects.toMatchObject({ response: { status: 409 } });
    await expect(client.put(`customers/${an().id}`, { email: 'geen-mail' })).rejects.toMatchObject({ response: { status: 400 } });
    await expect(client.get('customers/987654')).rejects.toMatchObject({ response: { status: 404, data: { code: 'woocommerce_rest_invalid_id' } } });
    const [row] = await db().select().from(t.users).where(eq(t.users.id, an().id));
    expect(row).toMatchObject({ email: 'an@example.be', firstName: 'Anna' });
    // No password field is ever accepted or shown.
    await client.put(`customers/${an().id}`, { password: 'Iets heel anders 123' });
    expect((await db().select().from(t.users).where(eq(t.users.id, an().id)))[0]!.passwordHash).toBe(row!.passwordHash);
    expect(JSON.stringify((await client.get(`customers/${an().id}`)).data)).not.toMatch(/password/);
    now = NOW;
  });

  it('staff see a customer with orders, total spent and notes, and send a reset mail without seeing a password', async () => {
    await anOrder(db(), { customerId: an().id, total: 1250, createdAt: NOW, pickupDay: DAY }, productId);
    await anOrder(db(), { customerId: an().id, total: 900, status: 'cancelled', createdAt: NOW, pickupDay: DAY }, productId);
    const list = (await admin.request('GET', '/api/dashboard/customers?search=peeters')).json();
    expect(list).toMatchObject({ total: 1, customers: [{ id: an().id, orderCount: 2, totalSpent: 1250 }] });
    expect((await kitchen.request('GET', '/api/dashboard/customers')).statusCode).toBe(403);
    expect((await an().b.request('GET', '/api/dashboard/customers')).statusCode).toBe(401);

    const noted = await admin.request('POST', `/api/dashboard/customers/${an().id}/notes`, { text: '  Allergisch voor selder  ' });
    expect(noted.statusCode).toBe(201);
    expect((await admin.request('POST', `/api/dashboard/customers/${an().id}/notes`, { text: '   ' })).statusCode).toBe(400);
    const detail = (await admin.request('GET', `/api/dashboard/customers/${an().id}`)).json();
    expect(detail).toMatchObject({ email: 'an@example.be', totalSpent: 1250, paidOrderCount: 1, billing: { city: 'Brugge' } });
    expect(detail.orders).toHaveLength(2);
    expect(detail.notes).toEqual([expect.objectContaining({ text: 'Allergisch voor selder', author: ADMIN.email })]);

    const reset = await admin.request('POST', `/api/dashboard/customers/${an().id}/password-reset`);
    expect(reset.json()).toEqual({ sent: true });
    const mails = await db().select().from(t.jobs).where(eq(t.jobs.kind, 'mail'));
    const resetMail = mails.map((m) => m.payload as { to: string; kind: string; text: string }).find((m) => m.kind === 'password_reset');
    expect(resetMail).toMatchObject({ to: 'an@example.be' });
    expect(resetMail!.text).toMatch(/\/my-account\/reset-password\?key=/);
    expect((await admin.request('POST', '/api/dashboard/customers/987654/password-reset')).statusCode).toBe(404);
  });

  it('a customer downloads their data: profile, addresses, orders, reviews and wishlist, never staff notes', async () => {
    expect(
      (await an().b.graphql(REVIEW, { input: { author: 'An', authorEmail: 'an@example.be', content: 'Heerlijk', rating: 5, commentOn: productId } })).body
        .errors,
    ).toBeUndefined();
    expect((await an().b.graphql(WISH, { productId })).body.errors).toBeUndefined();
    const response = await an().b.request('GET', '/api/account/privacy/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = response.json();
    expect(data.profile).toMatchObject({ id: an().id, email: 'an@example.be', firstName: 'Anna', lastName: 'Peeters' });
    expect(data.addresses.billing).toMatchObject({ city: 'Brugge' });
    expect(data.orders).toHaveLength(2);
    expect(data.orders[0]).toMatchObject({ billing: expect.objectContaining({ email: expect.stringContaining('@') }) });
    expect(data.reviews).toEqual([expect.objectContaining({ productId, content: 'Heerlijk', rating: 5 })]);
    expect(data.wishlist).toEqual([expect.objectContaining({ productId })]);
    expect(JSON.stringify(data)).not.toMatch(/Allergisch|passwordHash|password_hash/);
    // The payment method in the customer's language, as their order summary shows it (stored: "Cash"; issue 31).
    expect(data.orders.map((o: { paymentMethod: string }) => o.paymentMethod)).toEqual(['Contant', 'Contant']);
    an().b.cookies.set('bakje-locale', 'fr_FR');
    const french = (await an().b.request('GET', '/api/account/privacy/export')).json();
    an().b.cookies.delete('bakje-locale');
    expect(french.orders.map((o: { paymentMethod: string }) => o.paymentMethod)).toEqual(['Espèces', 'Espèces']);
    // Only for the logged-in customer themselves.
    expect((await new Browser(() => app).request('GET', '/api/account/privacy/export')).statusCode).toBe(401);
    expect((await admin.request('GET', '/api/account/privacy/export')).statusCode).toBe(401);
  });

  it('an erasure request for another customer is refused and changes nothing', async () => {
    const refused = await an().b.request('POST', '/api/account/privacy/erasure', { customerId: bert().id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'ERASURE_NOT_ALLOWED', message: 'You can only ask to erase your own data.' });
    expect(await db().select().from(t.erasureRequests)).toEqual([]);
    expect((await new Browser(() => app).request('POST', '/api/account/privacy/erasure', {})).statusCode).toBe(401);
    expect(await db().select().from(t.erasureRequests)).toEqual([]);
  });

  it('staff confirm an erasure: orders anonymised and kept in the figures, the rest deleted, with a record', async () => {
    const before = await figures();
    expect(before.orders).toBeGreaterThan(0);
    const asked = await an().b.request('POST', '/api/account/privacy/erasure', {});
    expect(asked.statusCode).toBe(202);
    // Asking twice is the same request.
    expect((await an().b.request('POST', '/api/account/privacy/erasure', { customerId: an().id })).json().erasureRequest.id).toBe(
      asked.json().erasureRequest.id,
    );
    expect((await an().b.request('GET', '/api/account/privacy')).json().erasureRequest).toMatchObject({ status: 'pending' });

    const pending = (await admin.request('GET', '/api/dashboard/erasure-requests')).json();
    expect(pending.pending).toEqual([expect.objectContaining({ userId: an().id, email: 'an@example.be' })]);
    const requestId = pending.pending[0].id as number;
    expect((await kitchen.request('POST', `/api/dashboard/erasure-requests/${requestId}/confirm`)).statusCode).toBe(403);
    expect((await an().b.request('POST', `/api/dashboard/erasure-requests/${requestId}/confirm`)).statusCode).toBe(401);

    const orderIds = (await db().select({ id: t.orders.id }).from(t.orders).where(eq(t.orders.customerId, an().id))).map((o) => o.id);
    expect(orderIds).toHaveLength(2);
    now = new Date(NOW.getTime() + 3600_000);
    const confirmed = await admin.request('POST', `/api/dashboard/erasure-requests/${requestId}/confirm`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'done', ordersAnonymised: 2 });

    const kept = await db().select().from(t.orders).where(inArray(t.orders.id, orderIds));
    expect(kept).toHaveLength(2);
    for (const order of kept) {
      expect(order.billing).toMatchObject({ firstName: 'Anonymised', lastName: '', email: '', phone: '', address1: '', postcode: '', city: '' });
      expect(order.shipping).toMatchObject({ firstName: 'Anonymised', email: '', phone: '', address1: '' });
      expect(order.customerNote).toBe('');
      expect(order.customerId).toBeNull();
      expect(order.anonymisedAt).toEqual(now);
    }
    expect(JSON.stringify(kept)).not.toMatch(/an@example|Peeters|Voornaam|Straat/);
    expect(kept.map((o) => o.total).sort()).toEqual([1250, 900].sort());
    expect(await figures()).toEqual(before);

    expect(await db().select().from(t.users).where(eq(t.users.id, an().id))).toEqual([]);
    expect(await db().select().from(t.wishlistItems).where(eq(t.wishlistItems.userId, an().id))).toEqual([]);
    expect(await db().select().from(t.authSessions).where(eq(t.authSessions.userId, an().id))).toEqual([]);
    expect(await db().select().from(t.customerNotes).where(eq(t.customerNotes.userId, an().id))).toEqual([]);
    const reviews = await db().select().from(t.reviews).where(eq(t.reviews.productId, productId));
    expect(reviews).toEqual([expect.objectContaining({ author: 'Former customer', authorEmail: '', customerId: null, content: 'Heerlijk' })]);
    // The old session is gone: the browser is a guest now.
    expect((await an().b.graphql(VIEWER)).body.data.viewer).toBeNull();

    const record = (await admin.request('GET', '/api/dashboard/erasure-requests')).json();
    expect(record.pending).toEqual([]);
    expect(record.done).toEqual([expect.objectContaining({ id: requestId, confirmedBy: ADMIN.email, confirmedAt: now.toISOString(), ordersAnonymised: 2 })]);
    const [stored] = await db().select().from(t.erasureRequests).where(eq(t.erasureRequests.id, requestId));
    expect(stored).toMatchObject({ status: 'done', confirmedBy: adminId });
    // Confirming twice: nothing left to do.
    expect((await admin.request('POST', `/api/dashboard/erasure-requests/${requestId}/confirm`)).statusCode).toBe(404);
    // Bert is untouched.
    expect(await db().select().from(t.users).where(eq(t.users.id, bert().id))).toHaveLength(1);
  });

  it('guest orders lose their personal data after the retention period, by a job on a simulated clock; the figures stay', async () => {
    const oldDay = '2024-11-01';
    const old = await anOrder(db(), { createdAt: new Date('2024-11-01T12:00:00Z'), pickupDay: oldDay, total: 700 }, productId);
    const recent = await anOrder(db(), { createdAt: new Date('2026-11-01T12:00:00Z'), pickupDay: '2026-11-01', total: 800 }, productId);
    const oldFigures = (await admin.request('GET', `/api/figures?from=${oldDay}&to=${oldDay}`)).json() as Figures;
    expect(oldFigures.orders).toBe(1);

    // Not yet two years (730 days) old on 2026-10-31.
    const runner = new JobRunner(db(), testDb.database, app.jobs.handlers, createLogger('silent'), { concurrency: 1, pollMs: 1000, leaseMs: 5000 });
    await runner.drain(); // the earlier tests' mails
    now = new Date('2026-10-31T12:00:00Z');
    expect(await enqueueGuestOrderRetention(db(), now)).toBe(1);
    expect(await runner.drain()).toBe(1);
    expect((await db().select().from(t.orders).where(eq(t.orders.id, old.id)))[0]!.anonymisedAt).toBeNull();

    now = new Date('2026-11-02T12:00:00Z');
    expect(await enqueueGuestOrderRetention(db(), now)).toBe(1);
    // The same day again adds no second job.
    expect(await enqueueGuestOrderRetention(db(), now)).toBe(0);
    expect(await runner.drain()).toBe(1);
    const [job] = await db().select().from(t.jobs).where(eq(t.jobs.idempotencyKey, 'guest-orders:2026-11-02'));
    expect(job).toMatchObject({ status: 'done', result: { anonymised: 1 } });
    const [oldNow] = await db().select().from(t.orders).where(eq(t.orders.id, old.id));
    expect(oldNow!.billing).toMatchObject({ firstName: 'Anonymised', email: '', phone: '', address1: '', country: 'BE' });
    expect(oldNow!.total).toBe(700);
    const [recentNow] = await db().select().from(t.orders).where(eq(t.orders.id, recent.id));
    expect(recentNow!.anonymisedAt).toBeNull();
    expect(recentNow!.billing.email).toMatch(/@example\.test$/);
    expect((await admin.request('GET', `/api/figures?from=${oldDay}&to=${oldDay}`)).json()).toEqual(oldFigures);

    // The retention period is a setting: 30 days takes the recent one too.
    expect((await admin.request('PUT', '/api/dashboard/privacy-settings', { guestOrderRetentionDays: 10 })).statusCode).toBe(400);
    expect((await admin.request('PUT', '/api/dashboard/privacy-settings', { guestOrderRetentionDays: 30 })).json()).toEqual({ guestOrderRetentionDays: 30 });
    now = new Date('2026-12-05T12:00:00Z');
    await enqueueGuestOrderRetention(db(), now);
    await runner.drain();
    expect((await db().select().from(t.orders).where(eq(t.orders.id, recent.id)))[0]!.anonymisedAt).toEqual(now);
  });
});
