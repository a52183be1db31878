import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as t from '../src/db/schema/index.js';
import type { App } from '../src/app.js';
import { createAccount } from '../src/modules/auth/accounts.js';
import { AuthService } from '../src/modules/auth/auth-service.js';
import { KnownDevices } from '../src/modules/auth/known-devices.js';
import { ensureFirstAdmin } from '../src/modules/auth/first-admin.js';
import { can } from '../src/modules/auth/permissions.js';
import { aProduct } from './support/builders.js';
import { Browser } from './support/browser.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { startTestApp } from './support/server.js';
import { waitFor } from './support/wait.js';

const START = new Date('2026-11-21T09:00:00Z');

const REGISTER = `mutation($input: RegisterCustomerInput!) { registerCustomer(input: $input) { customer { databaseId email username firstName role } viewer { databaseId role } } }`;
const LOGIN = `mutation($u: String!, $p: String!, $r: Boolean) { login(input: {username: $u, password: $p, rememberMe: $r}) { sessionToken customer { databaseId email } viewer { databaseId role capabilities } } }`;
const LOGOUT = `mutation { logout(input: {}) { success } }`;
const VIEWER = `{ viewer { databaseId email role } customer { databaseId role } }`;
const ADD = `mutation($productId: Int!, $quantity: Int) { addToCart(input: {productId: $productId, quantity: $quantity}) { cart { contents { itemCount } } } }`;
const CART = `{ cart { contents { itemCount nodes { quantity } } } }`;
const CHECKOUT = `mutation($input: CheckoutInput!) { checkout(input: $input) { order { databaseId orderKey pickupNumber } } }`;
const ORDERS = `{ customer { orders { nodes { databaseId total } } } }`;
const ORDER = `query($id: ID!) { order(id: $id, idType: DATABASE_ID) { databaseId } }`;
const UPDATE_CUSTOMER = `mutation($input: UpdateCustomerInput!) { updateCustomer(input: $input) { customer { firstName billing { city postcode } shipping { address1 city } } } }`;
const UPDATE_USER = `mutation($id: ID!, $p: String, $current: String) { updateUser(input: {id: $id, password: $p, currentPassword: $current}) { user { databaseId } } }`;

const billing = { firstName: 'An', lastName: 'Peeters', phone: '0470 12 34 56', address1: 'Veldstraat 1', city: 'Gent', postcode: '9000' };

describe.each(databaseKinds)('accounts and sessions on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let now: Date;
  let productId: number;
  const browser = () => new Browser(() => app);

  beforeEach(async () => {
    testDb = await createTestDatabase(kind);
    const db = testDb.database.db;
    await db.insert(t.settings).values({ key: 'opening_hours', value: { week: { '6': [{ open: '09:00', close: '23:00' }] } } });
    productId = (await aProduct(db, { slug: 'frikandel', name: { nl: 'Frikandel' }, regularPrice: 280 })).id;
    now = new Date(START);
    app = await startTestApp(testDb.database, {}, () => now);
  });
  afterEach(async () => {
    await app.close();
    await testDb.cleanup();
  });

  async function registered(email = 'an@example.be', password = 'Stoofvlees met friet') {
    const b = browser();
    const result = await b.graphql(REGISTER, { input: { email, password, firstName: 'An', lastName: 'Peeters' } });
    expect(result.body.errors).toBeUndefined();
    return { b, id: result.body.data.registerCustomer.customer.databaseId as number };
  }

  it('registers, logs out and logs in with e-mail or username; cookies are HttpOnly, SameSite=Lax, a new id each login', async () => {
    const { b, id } = await registered();
    expect(b.cookies.get('bakje_session')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const sessionCookie = b.lastSetCookie.find((c) => c.startsWith('bakje_session='))!;
    expect(sessionCookie).toMatch(/HttpOnly/);
    expect(sessionCookie).toMatch(/SameSite=Lax/);
    expect(sessionCookie).not.toMatch(/Secure/);
    expect((await b.graphql(VIEWER)).body.data).toEqual({
      viewer: { databaseId: id, email: 'an@example.be', role: 'customer' },
      customer: { databaseId: id, role: 'customer' },
    });

    const firstId = b.cookies.get('bakje_session')!;
    expect((await b.graphql(LOGOUT)).body.data.logout.success).toBe(true);
    expect(b.cookies.has('bakje_session')).toBe(false);
    expect((await b.graphql(VIEWER)).body.data.viewer).toBeNull();

    // The old cookie is dead on the server, not just forgotten by this browser.
    const replay = browser();
    replay.cookies.set('bakje_session', firstId);
    expect((await replay.graphql(VIEWER)).body.data.viewer).toBeNull();

    const byName = await b.graphql(LOGIN, { u: 'AN', p: 'Stoofvlees met friet' });
    expect(byName.body.errors).toBeUndefined();
    expect(byName.body.data.login.viewer).toMatchObject({ databaseId: id, role: 'customer', capabilities: [] });
    const secondId = b.cookies.get('bakje_session')!;
    expect(secondId).not.toBe(firstId);
    await b.graphql(LOGOUT);
    await b.graphql(LOGIN, { u: ' an@example.be ', p: 'Stoofvlees met friet' });
    expect(b.cookies.get('bakje_session')).not.toBe(secondId);
    expect((await b.graphql(VIEWER)).body.data.viewer.databaseId).toBe(id);
  });

  it('gives the messages of docs/product.md §8 for an unknown account and a wrong password, and refuses weak passwords', async () => {
    await registered();
    const b = browser();
    expect((await b.graphql(LOGIN, { u: 'nobody@example.be', p: 'whatever123' })).body.errors[0].message).toBe(
      'No account found with that username; sign up for a new account.',
    );
    expect((await b.graphql(LOGIN, { u: 'an@example.be', p: 'whatever123' })).body.errors[0].message).toBe('Incorrect password; try again.');
    expect(b.cookies.has('bakje_session')).toBe(false);
    const weak = await b.graphql(REGISTER, { input: { email: 'bert@example.be', password: 'password1' } });
    expect(weak.body.errors[0].message).toMatch(/most common passwords/);
    const short = await b.graphql(REGISTER, { input: { email: 'bert@example.be', password: 'kort' } });
    expect(short.body.errors[0].message).toMatch(/at least 8/);
    const taken = await b.graphql(REGISTER, { input: { email: 'AN@example.be', password: 'Een goed wachtwoord' } });
    expect(taken.body.errors[0].message).toMatch(/already registered/);
    expect(await testDb.database.db.select().from(t.users)).toHaveLength(1);
  });

  it('marks cookies Secure over HTTPS, trusting X-Forwarded-Proto only from a configured proxy', async () => {
    const untrusted = browser();
    await untrusted.graphql(REGISTER, { input: { email: 'x@example.be', password: 'Stoofvlees met friet' } }, { headers: { 'x-forwarded-proto': 'https' } });
    expect(untrusted.lastSetCookie.find((c) => c.startsWith('bakje_session='))).not.toMatch(/Secure/);

    await app.close();
    app = await startTestApp(testDb.database, { BAKJE_TRUST_PROXY: '127.0.0.1' }, () => now);
    const proxied = browser();
    await proxied.graphql(LOGIN, { u: 'x@example.be', p: 'Stoofvlees met friet' }, { headers: { 'x-forwarded-proto': 'https' } });
    expect(proxied.lastSetCookie.find((c) => c.startsWith('bakje_session='))).toMatch(/; Secure/);
  });

  it('refuses a cookie-authenticated change without the CSRF token (403, nothing changes)', async () => {
    const { b } = await registered();
    const missing = await b.graphql(UPDATE_CUSTOMER, { input: { firstName: 'Mallory' } }, { csrf: false });
    expect(missing.status).toBe(403);
    expect(missing.body.code).toBe('csrf_invalid');
    const wrong = await b.graphql(UPDATE_CUSTOMER, { input: { firstName: 'Mallory' } }, { csrf: false, headers: { 'x-csrf-token': 'A'.repeat(43) } });
    expect(wrong.status).toBe(403);
    const [row] = await testDb.database.db.select().from(t.users);
    expect(row!.firstName).toBe('An');
    // The same change with the token goes through; a guest without a session cookie needs none.
    const ok = await b.graphql(UPDATE_CUSTOMER, { input: { firstName: 'Anna' } });
    expect(ok.body.data.updateCustomer.customer.firstName).toBe('Anna');
    expect((await browser().graphql(ADD, { productId, quantity: 1 })).status).toBe(200);
    // The payment provider's notification is exempt (its own signature protects it).
    const notify = await b.request('POST', '/api/payments/notify', {}, { csrf: false });
    expect(notify.statusCode).not.toBe(403);
  });

  const mailJobs = () => testDb.database.db.select().from(t.jobs).where(eq(t.jobs.kind, 'mail'));

  it('limits reset e-mails per account', async () => {
    await registered();
    const b = browser();
    const send = () => b.graphql(`mutation { sendPasswordResetEmail(input: {username: "an@example.be"}) { success } }`);
    for (let i = 0; i < 5; i++) expect((await send()).body.data.sendPasswordResetEmail.success).toBe(true);
    expect((await send()).body.errors[0].extensions.code).toBe('TOO_MANY_ATTEMPTS');
    expect(await mailJobs()).toHaveLength(5);
  });

  it('merges the guest cart into the customer cart at login and gives a new session token', async () => {
    const { b } = await registered();
    await b.graphql(ADD, { productId, quantity: 2 });
    await b.graphql(LOGOUT);
    expect((await b.graphql(CART)).body.data.cart.contents.itemCount).toBe(0);
    await b.graphql(ADD, { productId, quantity: 3 });
    const guestToken = b.token;
    const login = await b.graphql(LOGIN, { u: 'an@example.be', p: 'Stoofvlees met friet' });
    expect(login.body.data.login.sessionToken).toBe(b.token);
    expect(b.token).not.toBe(guestToken);
    expect((await b.graphql(CART)).body.data.cart.contents.nodes).toEqual([{ quantity: 5 }]);
    // The old guest token no longer holds a cart.
    const oldGuest = browser();
    oldGuest.token = guestToken;
    expect((await oldGuest.graphql(CART)).body.data.cart.contents.itemCount).toBe(0);
  });

  it('a customer token without the login cookie does not reach the customer cart', async () => {
    const { b } = await registered();
    await b.graphql(ADD, { productId, quantity: 2 });
    const thief = browser();
    thief.token = b.token;
    expect((await thief.graphql(CART)).body.data.cart.contents.itemCount).toBe(0);
  });

  it('orders belong to the customer: history up to 100, no access for another customer', async () => {
    await testDb.database.db
      .insert(t.timeSlots)
      .values({ type: 'takeaway', startTime: '18:00', endTime: '19:00', intervalMinutes: 15, maxOrders: 10, repeatDays: [6] });
    const { b: an, id: anId } = await registered();
    await an.graphql(ADD, { productId, quantity: 1 });
    const slots = (await an.graphql(`{ availableTimeSlots(type: TAKEAWAY, date: "2026-11-21") { id } }`)).body.data.availableTimeSlots;
    const placed = await an.graphql(CHECKOUT, {
      input: {
        billing,
        metaData: [
          { key: 'fulfilment_type', value: 'takeaway' },
          { key: 'time_slot', value: slots[0].id },
        ],
      },
    });
    expect(placed.body.errors).toBeUndefined();
    const orderId = placed.body.data.checkout.order.databaseId;
    const [row] = await testDb.database.db.select().from(t.orders).where(eq(t.orders.id, orderId));
    expect(row!.customerId).toBe(anId);
    expect((await an.graphql(ORDERS)).body.data.customer.orders.nodes.map((o: { databaseId: number }) => o.databaseId)).toEqual([orderId]);
    expect((await an.graphql(ORDER, { id: String(orderId) })).body.data.order.databaseId).toBe(orderId);

    const { b: bert } = await registered('bert@example.be');
    expect((await bert.graphql(ORDER, { id: String(orderId) })).body.data.order).toBeNull();
    expect((await bert.graphql(ORDERS)).body.data.customer.orders.nodes).toEqual([]);
    // Bert cannot change An's account by id: same answer as an unknown id.
    const other = await bert.graphql(UPDATE_USER, { id: String(anId), p: 'Een ander wachtwoord' });
    expect(other.body.errors[0].extensions.code).toBe('UPDATE_FAILED');
    const unknown = await bert.graphql(UPDATE_USER, { id: '999999', p: 'Een ander wachtwoord' });
    expect(unknown.body.errors[0].message).toBe(other.body.errors[0].message);
    const customerOfOrder = await an.graphql(`query($id: ID!) { order(id: $id) { customer { email } } }`, { id: String(orderId) });
    expect(customerOfOrder.body.data.order.customer.email).toBe('an@example.be');
  });

  it('creates an account at checkout that owns the order, and refuses a weak password before ordering', async () => {
    await testDb.database.db
      .insert(t.timeSlots)
      .values({ type: 'takeaway', startTime: '18:00', endTime: '19:00', intervalMinutes: 15, maxOrders: 10, repeatDays: [6] });
    const b = browser();
    await b.graphql(ADD, { productId, quantity: 1 });
    const slots = (await b.graphql(`{ availableTimeSlots(type: TAKEAWAY, date: "2026-11-21") { id } }`)).body.data.availableTimeSlots;
    const input = {
      billing: { ...billing, email: 'nieuw@example.be' },
      metaData: [
        { key: 'fulfilment_type', value: 'takeaway' },
        { key: 'time_slot', value: slots[0].id },
      ],
    };
    const weak = await b.graphql(CHECKOUT, { input: { ...input, account: { password: '12345678' } } });
    expect(weak.body.errors[0].message).toMatch(/most common/);
    expect(await testDb.database.db.select().from(t.orders)).toHaveLength(0);
    const ok = await b.graphql(CHECKOUT, { input: { ...input, account: { password: 'Frietjes met mayo' } } });
    expect(ok.body.errors).toBeUndefined();
    const [user] = await testDb.database.db.select().from(t.users);
    expect(user).toMatchObject({ email: 'nieuw@example.be', firstName: 'An', role: 'customer' });
    expect((await b.graphql(ORDERS)).body.data.customer.orders.nodes.map((o: { databaseId: number }) => o.databaseId)).toEqual([
      ok.body.data.checkout.order.databaseId,
    ]);
    // The confirmation was queued with the order and reaches the (local) mailbox.
    const [mail] = await waitFor(
      'the confirmation mail',
      async () => (await testDb.database.db.select().from(t.localMailbox)).length === 1 && testDb.database.db.select().from(t.localMailbox),
    );
    // The test app pays through the simulators: the shop is in test mode, and the mail says so (decision 0070).
    expect(mail).toMatchObject({ to: 'nieuw@example.be', subject: `[TEST] Je bestelling #${ok.body.data.checkout.order.databaseId} is ontvangen` });
    expect(mail!.text).toContain('1 x Frikandel');
    expect(mail!.text).toContain(`Je afhaalnummer is ${ok.body.data.checkout.order.pickupNumber}.`);
    // Amounts in the mail's language by the one formatter: a comma, never "€ 4.50" (issue 17).
    expect(mail!.text).toMatch(/1 x Frikandel {2}€\s\d+,\d{2}\n/);
    expect(mail!.text).toMatch(/Totaal: €\s\d+,\d{2}\n/);
  });

  it("keeps a guest's details with the session (shipping country before login); nobody else sees them", async () => {
    const GUEST = `{ customer { id role firstName email billing { country postcode } shipping { country state city } } }`;
    const guest = browser();
    const before = await guest.graphql(GUEST);
    expect(before.body.data.customer).toMatchObject({ role: 'guest', firstName: null, billing: null, shipping: null });

    const set = await guest.graphql(UPDATE_CUSTOMER, {
      input: { firstName: ' Zoë ', billing: { city: 'Gent', postcode: '9000' }, shipping: { address1: 'Veldstraat 1', city: 'Gent' } },
    });
    expect(set.body.errors).toBeUndefined();
    expect(set.body.data.updateCustomer.customer).toEqual({
      firstName: 'Zoë',
      billing: { city: 'Gent', postcode: '9000' },
      shipping: { address1: 'Veldstraat 1', city: 'Gent' },
    });
    // WooGraphQL's ChangeShippingCounty shape: later changes merge into what was there.
    const country = await guest.graphql(
      `mutation { updateCustomer(input: {shipping: {state: "VOV", country: BE}, billing: {country: BE}}) { customer { shipping { country state city } } } }`,
    );
    expect(country.body.data.updateCustomer.customer.shipping).toEqual({ country: 'BE', state: 'VOV', city: 'Gent' });
    expect((await guest.graphql(GUEST)).body.data.customer).toMatchObject({
      firstName: 'Zoë',
      billing: { country: 'BE', postcode: '9000' },
      shipping: { country: 'BE', state: 'VOV', city: 'Gent' },
    });

    // Bad input changes nothing.
    const bad = await guest.graphql(UPDATE_CUSTOMER, { input: { firstName: 'Iemand', email: 'not-an-email' } });
    expect(bad.body.errors[0].message).toBe('Please provide a valid email address.');
    expect((await guest.graphql(GUEST)).body.data.customer.firstName).toBe('Zoë');
    // Another session's id is refused like an unknown one.
    const stranger = browser();
    const strangerId = (await stranger.graphql(GUEST)).body.data.customer.id;
    const foreign = await guest.graphql(`mutation($id: ID) { updateCustomer(input: {id: $id, firstName: "X"}) { customer { firstName } } }`, {
      id: strangerId,
    });
    expect(foreign.body.errors[0].message).toBe('Update failed.');
    expect((await stranger.graphql(GUEST)).body.data.customer).toMatchObject({ firstName: null, shipping: null });

    // The cart is untouched by it and still works.
    expect((await guest.graphql(ADD, { productId, quantity: 2 })).body.data.addToCart.cart.contents.itemCount).toBe(2);
    expect((await guest.graphql(GUEST)).body.data.customer.firstName).toBe('Zoë');
  });

  it('updates personal info and addresses; changing the password ends the other sessions', async () => {
    const { b, id } = await registered();
    const updated = await b.graphql(UPDATE_CUSTOMER, {
      input: { firstName: 'Anna', billing: { city: 'Brugge', postcode: '8000' }, shipping: { address1: 'Markt 1', city: 'Brugge' } },
    });
    expect(updated.body.data.updateCustomer.customer).toEqual({
      firstName: 'Anna',
      billing: { city: 'Brugge', postcode: '8000' },
      shipping: { address1: 'Markt 1', city: 'Brugge' },
    });
    const bad = await b.graphql(UPDATE_CUSTOMER, { input: { email: 'not-an-email' } });
    expect(bad.body.errors[0].message).toBe('Please provide a valid email address.');

    const phone = browser();
    await phone.graphql(LOGIN, { u: 'an', p: 'Stoofvlees met friet' });
    expect((await phone.graphql(VIEWER)).body.data.viewer.databaseId).toBe(id);
    // The current password is asked for: without it or with a wrong one nothing changes (issue 17).
    const without = await b.graphql(UPDATE_USER, { id: String(id), p: 'Nieuw wachtwoord voor An' });
    expect(without.body.errors[0].extensions.code).toBe('CURRENT_PASSWORD_REQUIRED');
    const wrong = await b.graphql(UPDATE_USER, { id: String(id), p: 'Nieuw wachtwoord voor An', current: 'geraden?' });
    expect(wrong.body.errors[0].extensions.code).toBe('CURRENT_PASSWORD_WRONG');
    expect((await phone.graphql(VIEWER)).body.data.viewer.databaseId).toBe(id);
    const changed = await b.graphql(UPDATE_USER, { id: String(id), p: 'Nieuw wachtwoord voor An', current: 'Stoofvlees met friet' });
    expect(changed.body.errors).toBeUndefined();
    expect((await phone.graphql(VIEWER)).body.data.viewer).toBeNull();
    expect((await b.graphql(VIEWER)).body.data.viewer.databaseId).toBe(id);
    expect((await browser().graphql(LOGIN, { u: 'an', p: 'Stoofvlees met friet' })).body.errors[0].message).toBe('Incorrect password; try again.');
    expect((await browser().graphql(LOGIN, { u: 'an', p: 'Nieuw wachtwoord voor An' })).body.errors).toBeUndefined();
    // A guest cannot update an account: naming it is refused, and without an id only the guest's own details change.
    const accountId = Buffer.from(`user:${id}`).toString('base64');
    const guest = browser();
    expect((await guest.graphql(UPDATE_CUSTOMER, { input: { id: accountId, firstName: 'X' } })).body.errors[0].message).toBe('Update failed.');
    expect((await guest.graphql(UPDATE_CUSTOMER, { input: { firstName: 'X' } })).body.data.updateCustomer.customer.firstName).toBe('X');
    const [account] = await testDb.database.db.select({ firstName: t.users.firstName }).from(t.users).where(eq(t.users.id, id));
    expect(account!.firstName).toBe('Anna');
  });

  it('resets a password through the local mailbox: single-use key, other sessions end', async () => {
    const { b: old } = await registered();
    const b = browser();
    const asked = await b.graphql(`mutation { sendPasswordResetEmail(input: {username: "an"}) { success } }`, undefined, {
      headers: { 'x-bakje-locale': 'nl' },
    });
    expect(asked.body.data.sendPasswordResetEmail.success).toBe(true);
    // Unknown accounts get the same answer and no mail.
    expect((await b.graphql(`mutation { sendPasswordResetEmail(input: {username: "nobody"}) { success } }`)).body.data.sendPasswordResetEmail.success).toBe(
      true,
    );
    const [mail] = await waitFor(
      'the reset mail',
      async () => (await mailJobs()).every((j) => j.status === 'done') && testDb.database.db.select().from(t.localMailbox),
    );
    expect(await testDb.database.db.select().from(t.localMailbox)).toHaveLength(1);
    expect(mail).toMatchObject({ to: 'an@example.be', subject: 'Je wachtwoord opnieuw instellen' });
    const link = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]);
    expect(link.pathname).toBe('/my-account/reset-password');
    const key = link.searchParams.get('key')!;
    expect(key.length).toBeGreaterThanOrEqual(43);

    const RESET = `mutation($k: String!, $l: String!, $p: String!) { resetUserPassword(input: {key: $k, login: $l, password: $p}) { user { email } } }`;
    expect((await b.graphql(RESET, { k: key, l: 'bert', p: 'Nieuw wachtwoord voor An' })).body.errors[0].message).toBe(
      'Password reset link is invalid; request a new link.',
    );
    expect((await b.graphql(RESET, { k: key, l: 'an', p: 'password' })).body.errors[0].message).toMatch(/most common/);
    expect((await b.graphql(RESET, { k: key, l: 'an', p: 'Nieuw wachtwoord voor An' })).body.data.resetUserPassword.user.email).toBe('an@example.be');
    expect((await b.graphql(RESET, { k: key, l: 'an', p: 'Nog een ander wachtwoord' })).body.errors[0].message).toBe(
      'Password reset link is invalid; request a new link.',
    );
    expect((await old.graphql(VIEWER)).body.data.viewer).toBeNull();
    expect((await b.graphql(LOGIN, { u: 'an', p: 'Nieuw wachtwoord voor An' })).body.errors).toBeUndefined();
  });

  it('retries a failing mail without failing what queued it', async () => {
    await app.close();
    // Nothing listens on port 1: every attempt fails.
    app = await startTestApp(testDb.database, { BAKJE_SMTP_URL: 'smtp://127.0.0.1:1' }, () => now);
    await registered();
    const asked = await browser().graphql(`mutation { sendPasswordResetEmail(input: {username: "an"}) { success } }`);
    expect(asked.body.data.sendPasswordResetEmail.success).toBe(true);
    let queued = await waitFor('the first attempt', async () => (await mailJobs()).find((j) => j.attempts === 1 && j.status === 'queued'));
    expect(queued.lastError).toBeTruthy();
    // The next attempt is a minute later, not before.
    expect(queued.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(50_000);
    expect(queued.nextAttemptAt.getTime() - Date.now()).toBeLessThanOrEqual(60_000);
    expect(await app.jobs.runner!.drain()).toBe(0);
    // A minute later it is due again and tried again.
    await testDb.database.db
      .update(t.jobs)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(t.jobs.id, queued.id));
    app.jobs.runner!.nudge();
    queued = await waitFor('the second attempt', async () => (await mailJobs()).find((j) => j.attempts === 2 && j.status === 'queued'));
    expect(queued.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(110_000);
  });

  it('staff roles: kitchen is refused manager permissions, manager and admin pass, customers and guests get 401', async () => {
    const created = await ensureFirstAdmin(testDb.database, { email: 'baas@example.be', password: 'De baas van de frituur' });
    expect(created).toEqual({ email: 'baas@example.be', generatedPassword: undefined });
    expect(await ensureFirstAdmin(testDb.database, { email: 'x@example.be', password: undefined })).toBeNull();
    const admin = browser();
    await admin.graphql(LOGIN, { u: 'baas@example.be', p: 'De baas van de frituur' });
    for (const [email, role] of [
      ['keuken@example.be', 'kitchen'],
      ['chef@example.be', 'manager'],
    ]) {
      const made = await admin.request('POST', '/api/staff/users', { email, password: 'Goed wachtwoord 42', role });
      expect(made.statusCode).toBe(201);
    }
    const kitchen = browser();
    const login = await kitchen.graphql(LOGIN, { u: 'keuken@example.be', p: 'Goed wachtwoord 42' });
    expect(login.body.data.login.viewer.capabilities).toEqual(['kitchen.view', 'orders.status', 'dashboard.view', 'products.soldOut', 'ordering.pause']);
    expect((await kitchen.request('GET', '/api/dev/mailbox')).statusCode).toBe(403);
    expect((await kitchen.request('GET', '/api/staff/users')).statusCode).toBe(403);
    expect((await kitchen.request('POST', '/api/staff/users', { email: 'z@example.be', password: 'Goed wachtwoord 42', role: 'admin' })).statusCode).toBe(403);
    const manager = browser();
    await manager.graphql(LOGIN, { u: 'chef@example.be', p: 'Goed wachtwoord 42' });
    expect((await manager.request('GET', '/api/dev/mailbox')).statusCode).toBe(200);
    expect((await manager.request('GET', '/api/staff/users')).statusCode).toBe(403);
    const { b: customer } = await registered();
    expect((await customer.request('GET', '/api/dev/mailbox')).statusCode).toBe(401);
    expect((await browser().request('GET', '/api/dev/mailbox')).statusCode).toBe(401);
    // The old address leads to the dashboard page, which asks anonymous visitors to log in (issue 17).
    const old = await browser().request('GET', '/dev/mailbox');
    expect(old.statusCode).toBe(302);
    expect(old.headers.location).toBe('/dashboard/mailbox');
    const mails = (await manager.request('GET', '/api/dev/mailbox')).json() as Record<string, unknown>[];
    for (const mail of mails) expect(Object.keys(mail).sort()).toEqual(['id', 'receivedAt', 'subject', 'text', 'to']);
    expect((await kitchen.request('GET', '/api/auth/session')).json()).toMatchObject({ viewer: { kind: 'staff', role: 'kitchen' } });

    // Revoking a member's sessions logs them out everywhere at once.
    const [kitchenUser] = await testDb.database.db.select().from(t.users).where(eq(t.users.email, 'keuken@example.be'));
    const revoked = await admin.request('POST', `/api/staff/users/${kitchenUser!.id}/revoke-sessions`);
    expect(revoked.json()).toEqual({ revoked: 1 });
    expect((await kitchen.request('GET', '/api/auth/session')).json()).toEqual({ viewer: { kind: 'guest' }, permissions: [] });
  });

  it('logout everywhere ends every session of the account', async () => {
    const { b } = await registered();
    const phone = browser();
    await phone.graphql(LOGIN, { u: 'an', p: 'Stoofvlees met friet' });
    const other = await registered('bert@example.be');
    expect((await b.graphql(`mutation { logout(input: {everywhere: true}) { success } }`)).body.data.logout.success).toBe(true);
    expect((await phone.graphql(VIEWER)).body.data.viewer).toBeNull();
    expect((await b.graphql(VIEWER)).body.data.viewer).toBeNull();
    // Someone else's session is untouched.
    expect((await other.b.graphql(VIEWER)).body.data.viewer.email).toBe('bert@example.be');
  });

  it('housekeeping forgets ended sessions, not live ones', async () => {
    const { b } = await registered();
    const other = browser();
    await other.graphql(LOGIN, { u: 'an', p: 'Stoofvlees met friet', r: true });
    await b.graphql(LOGOUT);
    now = new Date(START.getTime() + 2 * 24 * 3600_000);
    await new AuthService(testDb.database.db, 'http://localhost', () => now, new KnownDevices('housekeeping-test-secret-0123456789abcdef')).housekeeping();
    expect(await testDb.database.db.select().from(t.authSessions)).toHaveLength(1);
    expect((await other.graphql(VIEWER)).body.data.viewer.email).toBe('an@example.be');
  });

  it('the first admin gets a generated password when none is configured', async () => {
    const created = await ensureFirstAdmin(testDb.database, { email: undefined, password: undefined });
    expect(created!.email).toBe('admin@bakje.local');
    expect(created!.generatedPassword!.length).toBeGreaterThanOrEqual(16);
    const b = browser();
    expect((await b.graphql(LOGIN, { u: 'admin', p: created!.generatedPassword! })).body.data.login.viewer.role).toBe('admin');
  });

  it('wishlist: add, remove, move to cart; each customer sees only their own', async () => {
    const WISH = `mutation($id: Int!) { addToWishlist(input: {productId: $id}) { wishlist { databaseId } } }`;
    const { b: an } = await registered();
    expect((await an.graphql(WISH, { id: productId })).body.data.addToWishlist.wishlist).toEqual([{ databaseId: productId }]);
    expect((await an.graphql(WISH, { id: 999999 })).body.errors[0].message).toBe('This product cannot be added to the wishlist.');
    const { b: bert } = await registered('bert@example.be');
    expect((await bert.graphql('{ wishlist { databaseId } }')).body.data.wishlist).toEqual([]);
    // Bert removing "his" item touches nothing of An's.
    await bert.graphql(`mutation($id: Int!) { removeFromWishlist(input: {productId: $id}) { wishlist { databaseId } } }`, { id: productId });
    expect((await an.graphql('{ wishlist { databaseId } }')).body.data.wishlist).toEqual([{ databaseId: productId }]);
    expect(
      (await bert.graphql(`mutation($id: Int!) { moveWishlistItemToCart(input: {productId: $id}) { cart { isEmpty } } }`, { id: productId })).body.errors[0]
        .message,
    ).toBe('This product is not on your wishlist.');
    const moved = await an.graphql(
      `mutation($id: Int!) { moveWishlistItemToCart(input: {productId: $id}) { wishlist { databaseId } cart { contents { itemCount } } } }`,
      { id: productId },
    );
    expect(moved.body.data.moveWishlistItemToCart).toEqual({ wishlist: [], cart: { contents: { itemCount: 1 } } });
    expect((await browser().graphql(WISH, { id: productId })).body.errors[0].extensions.code).toBe('LOGIN_REQUIRED');
  });

  it('writeReview: docs/product.md §5 validation, verified when bought, guests wait for moderation', async () => {
    const REVIEW = `mutation($input: WriteReviewInput!) { writeReview(input: $input) { rating published review { databaseId verified } } }`;
    const good = { rating: 5, author: 'An', authorEmail: 'an@example.be', content: 'Krokant en heet!', commentOn: productId };
    const guest = browser();
    for (const [change, message] of [
      [{ author: ' ' }, 'Please enter your name.'],
      [{ authorEmail: '' }, 'Please enter your email address.'],
      [{ content: '' }, 'Please write your review.'],
      [{ rating: 0 }, 'The rating must be a whole number from 1 to 5.'],
      [{ rating: 6 }, 'The rating must be a whole number from 1 to 5.'],
      [{ commentOn: 999999 }, 'This product cannot be reviewed.'],
      [{ authorEmail: 'nope' }, 'Please provide a valid email address.'],
      [{ content: 'x'.repeat(2001) }, 'A review can be at most 2000 characters long.'],
    ] as const) {
      expect((await guest.graphql(REVIEW, { input: { ...good, ...change } })).body.errors[0].message).toBe(message);
    }
    expect(await testDb.database.db.select().from(t.reviews)).toHaveLength(0);
    expect((await guest.graphql(REVIEW, { input: good })).body.data.writeReview).toMatchObject({ rating: 5, published: false, review: { verified: false } });

    await testDb.database.db
      .insert(t.timeSlots)
      .values({ type: 'takeaway', startTime: '18:00', endTime: '19:00', intervalMinutes: 15, maxOrders: 10, repeatDays: [6] });
    const { b: an } = await registered();
    await an.graphql(ADD, { productId, quantity: 1 });
    const slots = (await an.graphql(`{ availableTimeSlots(type: TAKEAWAY, date: "2026-11-21") { id } }`)).body.data.availableTimeSlots;
    await an.graphql(CHECKOUT, {
      input: {
        billing,
        metaData: [
          { key: 'fulfilment_type', value: 'takeaway' },
          { key: 'time_slot', value: slots[0].id },
        ],
      },
    });
    const mine = await an.graphql(REVIEW, { input: { ...good, rating: 4 } });
    expect(mine.body.data.writeReview).toMatchObject({ rating: 4, published: true, review: { verified: true } });
    expect((await an.graphql(REVIEW, { input: good })).body.errors[0].message).toBe('You have already reviewed this product.');
    const { b: bert } = await registered('bert@example.be');
    expect((await bert.graphql(REVIEW, { input: { ...good, author: 'Bert' } })).body.data.writeReview.review.verified).toBe(false);
  });

  it('the permission matrix in one function', async () => {
    expect(can('kitchen', 'kitchen.view')).toBe(true);
    expect(can('kitchen', 'products.manage')).toBe(false);
    expect(can('manager', 'products.manage')).toBe(true);
    expect(can('manager', 'keys.manage')).toBe(false);
    expect(can('admin', 'staff.manage')).toBe(true);
    expect(can('customer', 'kitchen.view')).toBe(false);
    const kitchen = await createAccount(testDb.database.db, { email: 'k@example.be', password: 'Goed wachtwoord 42', role: 'kitchen' });
    // A one-letter local part is no username; a neutral one is made.
    expect(kitchen.username).toBe('klant');
  });
});
