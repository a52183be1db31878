import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import * as t from '../src/db/schema/index.js';
import { ensureFirstAdmin } from '../src/modules/auth/first-admin.js';
import { loadKitchenOrder } from '../src/modules/order-events/kitchen-order.js';
import { readOrderFor } from '../src/modules/orders/order-read.js';
import { customerTicket, kitchenTicket } from '../src/modules/printing/tickets.js';
import { planRows, readCsv } from '../src/modules/menu-transfer/woocommerce-csv.js';
import { aCategory, aProduct } from './support/builders.js';
import { Browser } from './support/browser.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { DAY, NOW, aShopTakingOrders } from './support/orders.js';
import { catalogCaughtUp, startTestApp } from './support/server.js';

const LOGIN = `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }`;
const ADD = `mutation($productId: Int!) { addToCart(input: {productId: $productId, quantity: 1}) { cart { isEmpty } } }`;
const SLOTS = `query { availableTimeSlots(type: TAKEAWAY, date: "${DAY}") { id } }`;
const CHECKOUT = `mutation($input: CheckoutInput!) { checkout(input: $input) { order { databaseId orderKey paymentMethodTitle } } }`;
const PRODUCT = `query($id: ID!) { product(id: $id, idType: DATABASE_ID) { ageLimit } }`;
const PASSWORD = 'Goed wachtwoord 42';

/** docs/decisions/0071-age-restricted-products-staff-language.md */
describe.each(databaseKinds)('age-restricted products and the staff language (%s)', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let admin: Browser;
  let friesId: number;
  let beerId: number;
  let beers: number;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    const db = testDb.database.db;
    friesId = (await aShopTakingOrders(db)).productId;
    beers = (await aCategory(db, { slug: 'bieren', name: { nl: 'Bieren' } })).id;
    beerId = (await aProduct(db, { slug: 'jupiler', name: { nl: 'Jupiler' }, regularPrice: 280, categoryIds: [beers] })).id;
    app = await startTestApp(testDb.database, {}, () => NOW);
    await ensureFirstAdmin(testDb.database, { email: 'baas@example.be', password: 'De baas van de frituur' });
    admin = new Browser(() => app);
    expect((await admin.graphql(LOGIN, { u: 'baas@example.be', p: 'De baas van de frituur' })).body.data.login.viewer.role).toBe('admin');
  });
  afterAll(async () => {
    await app.close();
    await testDb.cleanup();
  });

  /** A guest's cash takeaway order of `productId`, with the age they confirmed (if any): the GraphQL answer. */
  async function checkout(productId: number, confirmedAge?: number, locale?: string) {
    const customer = new Browser(() => app);
    const headers: Record<string, string> = locale ? { 'x-bakje-locale': locale } : {};
    await customer.graphql(ADD, { productId }, { headers });
    const slot = (await customer.graphql(SLOTS)).body.data.availableTimeSlots[0].id;
    const billing = { firstName: 'An', lastName: 'Peeters', phone: '0470 12 34 56', email: 'an@example.be' };
    const input = {
      paymentMethod: 'cod',
      billing,
      metaData: [
        { key: 'fulfilment_type', value: 'takeaway' },
        { key: 'time_slot', value: slot },
      ],
      ...(confirmedAge !== undefined ? { confirmedAge } : {}),
    };
    return (await customer.graphql(CHECKOUT, { input }, { headers })).body;
  }

  it('marks a category 16+ and a product 18+ over the REST API; the product sells under the strictest mark', async () => {
    const category = await admin.request('PUT', `/wp-json/wc/v3/products/categories/${beers}`, { age_limit: 16 });
    expect(category.statusCode).toBe(200);
    expect(category.json().age_limit).toBe(16);
    await catalogCaughtUp(app, testDb.database);
    const beer = (await admin.request('GET', `/wp-json/wc/v3/products/${beerId}`)).json();
    expect({ own: beer.age_limit, effective: beer.effective_age_limit }).toEqual({ own: null, effective: 16 });
    expect((await admin.graphql(PRODUCT, { id: String(beerId) })).body.data.product.ageLimit).toBe(16);

    // Only 16, 18 or nothing: anything else is refused and changes nothing.
    expect((await admin.request('PUT', `/wp-json/wc/v3/products/${friesId}`, { age_limit: 12 })).statusCode).toBe(400);
    const strong = await admin.request('PUT', `/wp-json/wc/v3/products/${friesId}`, { age_limit: 18 });
    expect(strong.json()).toMatchObject({ age_limit: 18, effective_age_limit: 18 });
    const cleared = await admin.request('PUT', `/wp-json/wc/v3/products/${friesId}`, { age_limit: null });
    expect(cleared.json()).toMatchObject({ age_limit: null, effective_age_limit: null });
    await catalogCaughtUp(app, testDb.database);
  });

  it('refuses a web order with a 16+ product unless the customer confirms the age, and writes nothing', async () => {
    const before = (await testDb.database.db.select().from(t.orders)).length;
    for (const confirmed of [undefined, 0, 15]) {
      const refused = await checkout(beerId, confirmed);
      expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'AGE_CONFIRMATION_REQUIRED', age: 16 });
    }
    expect((await testDb.database.db.select().from(t.orders)).length).toBe(before);
    // Fries alone need no confirmation.
    expect((await checkout(friesId)).errors).toBeUndefined();
  });

  it('places it once confirmed; the kitchen card and both tickets tell staff to check ID', async () => {
    const placed = await checkout(beerId, 16);
    expect(placed.errors).toBeUndefined();
    const orderId = placed.data.checkout.order.databaseId as number;
    const [line] = await testDb.database.db.select().from(t.orderLines).where(eq(t.orderLines.orderId, orderId));
    expect(line!.ageLimit).toBe(16);

    const card = await loadKitchenOrder(testDb.database.db, orderId);
    expect(card).toMatchObject({ ageLimit: 16, lines: [{ name: 'Jupiler', ageLimit: 16 }] });
    const order = (await readOrderFor(testDb.database.db, orderId, { staff: true }))!;
    const context = { seller: { name: 'Frituur', address: [], vatNumber: '' }, timeZone: 'Europe/Brussels', reference: 'r' };
    expect(kitchenTicket(order, context).lines).toContain('  16+: CONTROLEER ID');
    expect(customerTicket(order, context).lines.some((l) => l.includes('*** 16+: CONTROLEER ID ***'))).toBe(true);
    // An order without an age-restricted line carries no mark.
    const fries = await checkout(friesId);
    const plain = (await readOrderFor(testDb.database.db, fries.data.checkout.order.databaseId, { staff: true }))!;
    expect(kitchenTicket(plain, context).lines.join('\n')).not.toContain('CONTROLEER ID');
  });

  it("shows Bakje's own payment methods in the reader's language", async () => {
    const french = await checkout(friesId, undefined, 'fr_FR');
    expect(french.data.checkout.order.paymentMethodTitle).toBe('Espèces');
    const english = await checkout(friesId, undefined, 'en_US');
    expect(english.data.checkout.order.paymentMethodTitle).toBe('Cash');
  });

  it('a staff account has a language: the shop’s by default, set by the staff member or the admin, never by a colleague; its mails follow it', async () => {
    expect((await admin.request('POST', '/api/staff/users', { email: 'keuken@example.be', password: PASSWORD, role: 'kitchen' })).statusCode).toBe(201);
    const kitchen = new Browser(() => app);
    await kitchen.graphql(LOGIN, { u: 'keuken@example.be', p: PASSWORD });
    const language = async (who: Browser) => (await who.request('GET', '/api/auth/session')).json().viewer.language;
    expect(await language(kitchen)).toBe('nl');

    expect((await kitchen.request('PUT', '/api/auth/language', { language: 'fr' })).statusCode).toBe(204);
    expect(await language(kitchen)).toBe('fr');
    expect((await kitchen.request('PUT', '/api/auth/language', { language: 'de' })).statusCode).toBe(400);
    expect(await language(kitchen)).toBe('fr');

    const staff = (await admin.request('GET', '/api/staff/users')).json() as { id: number; email: string; language: string | null }[];
    const cook = staff.find((s) => s.email === 'keuken@example.be')!;
    expect(cook.language).toBe('fr');
    expect(staff.find((s) => s.email === 'baas@example.be')!.language).toBeNull();
    expect((await admin.request('PUT', `/api/staff/users/${cook.id}/language`, { language: 'en' })).statusCode).toBe(204);
    expect(await language(kitchen)).toBe('en');
    expect((await kitchen.request('PUT', `/api/staff/users/${cook.id}/language`, { language: 'nl' })).statusCode).toBe(403);
    // Staff mails follow the account's language, whatever page asked (a Dutch one here).
    const resetSubject = async () => {
      const asked = await new Browser(() => app).graphql(`mutation { sendPasswordResetEmail(input: {username: "keuken@example.be"}) { success } }`);
      expect(asked.body.data.sendPasswordResetEmail.success).toBe(true);
      const mails = (await testDb.database.db.select().from(t.jobs).where(eq(t.jobs.kind, 'mail'))).map(
        (job) => job.payload as { kind: string; subject: string },
      );
      return mails.find((mail) => mail.kind === 'password_reset')?.subject;
    };
    expect(await resetSubject()).toBe('Reset your password');
    expect((await admin.request('PUT', `/api/staff/users/${cook.id}/language`, { language: null })).statusCode).toBe(204);
    expect(await language(kitchen)).toBe('nl');
    // A guest has no staff language to set.
    expect((await new Browser(() => app).request('PUT', '/api/auth/language', { language: 'fr' })).statusCode).toBe(401);
  });
});

describe('menu import problems carry a code and its values, for the viewer’s language', () => {
  it('a price that is not a price', () => {
    const parsed = planRows(readCsv('Type,Name,Regular price,Meta: age_limit\nsimple,Friet,abc,\nsimple,Kriek,2.80,21\n').rows);
    expect(parsed.problems).toEqual([
      { row: 2, column: 'Regular price', code: 'notPrice', params: { value: 'abc' }, message: '"abc" is not a price like 3.50.' },
      { row: 3, column: 'Meta: age_limit', code: 'ageLimit', params: { value: '21' }, message: '"21" is not an age limit: 16, 18 or empty.' },
    ]);
    const beer = planRows(readCsv('Type,Name,Regular price,Meta: age_limit\nsimple,Kriek,2.80,16\n').rows).planned[0];
    expect(beer?.kind === 'product' && beer.body.age_limit).toBe(16);
  });
});
