import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { App } from '../src/app.js';
import { UNPAIRED_SURROGATE_MESSAGE } from '../src/api/http/unstorable-text.js';
import { ApiKeyService } from '../src/modules/api-keys/api-key-service.js';
import { ensureFirstAdmin } from '../src/modules/auth/first-admin.js';
import { Browser } from './support/browser.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { captureLog, secretsIn } from './support/log-capture.js';
import { DAY, NOW, aShopTakingOrders, anOrder } from './support/orders.js';
import { TEST_PEPPER, startTestApp } from './support/server.js';

const billing = {
  firstName: 'Zegerina',
  lastName: 'Vandersmissen',
  phone: '0499 88 77 66',
  email: 'zegerina@example.be',
  address1: 'Kouterstraat 99',
  city: 'Oudenaarde',
  postcode: '9700',
};
const CHECKOUT = 'mutation($input: CheckoutInput!) { checkout(input: $input) { order { databaseId orderKey billing { firstName } } } }';

describe.each(databaseKinds)('text the database cannot store, and what the log says about failures (%s)', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let productId: number;
  let logged: ReturnType<typeof captureLog>;

  beforeEach(async () => {
    testDb = await createTestDatabase(kind);
    ({ productId } = await aShopTakingOrders(testDb.database.db));
    logged = captureLog('info');
    app = await startTestApp(testDb.database, {}, () => NOW, undefined, logged.log);
  });
  afterEach(async () => {
    await app.close();
    await testDb.cleanup();
  });

  async function guestWithCart() {
    const guest = new Browser(() => app);
    await guest.graphql('mutation($p: Int!) { addToCart(input: {productId: $p, quantity: 1}) { cart { isEmpty } } }', { p: productId });
    const slot = (await guest.graphql(`query { availableTimeSlots(type: TAKEAWAY, date: "${DAY}") { id } }`)).body.data.availableTimeSlots[0].id;
    const metaData = [
      { key: 'fulfilment_type', value: 'takeaway' },
      { key: 'time_slot', value: slot },
    ];
    return { guest, metaData };
  }

  it('refuses an unpaired surrogate in GraphQL variables and document literals with a 400, and keeps real pairs', async () => {
    const { guest, metaData } = await guestWithCart();
    const variable = await guest.graphql(CHECKOUT, { input: { billing: { ...billing, firstName: 'Zeg\ud800' }, metaData } });
    expect(variable.status).toBe(400);
    expect(variable.body.errors[0].message).toBe(UNPAIRED_SURROGATE_MESSAGE);

    const escaped = await guest.graphql('mutation { updateCustomer(input: {firstName: "Zeg\\udc00"}) { customer { id } } }');
    expect(escaped.status).toBe(400);
    expect(escaped.body.errors[0].message).toMatch(/Invalid Unicode escape sequence/);
    const raw = await guest.graphql('mutation { updateCustomer(input: {firstName: "Zeg\ud800"}) { customer { id } } }');
    expect(raw.status).toBe(400);
    expect(raw.body.errors[0].message).toBe(UNPAIRED_SURROGATE_MESSAGE);

    // A surrogate pair is one character (🍟): stored and read back as sent.
    const order = await guest.graphql(CHECKOUT, { input: { billing: { ...billing, firstName: 'Zegerina \ud83c\udf5f' }, metaData } });
    expect(order.body.errors).toBeUndefined();
    expect(order.body.data.checkout.order.billing.firstName).toBe('Zegerina 🍟');
  });

  it("refuses it in REST bodies and query strings with a 400 in each API's error shape", async () => {
    await ensureFirstAdmin(testDb.database, { email: 'baas@example.be', password: 'De baas van de frituur' });
    const admin = new Browser(() => app);
    await admin.graphql('mutation { login(input: {username: "baas@example.be", password: "De baas van de frituur"}) { viewer { role } } }');
    const staff = await admin.request('POST', '/api/staff/users', {
      email: 'kok@example.be',
      password: 'Stoofvlees met frietjes',
      role: 'kitchen',
      firstName: 'K\udbffok',
    });
    expect(staff.statusCode).toBe(400);
    expect(staff.json()).toEqual({ code: 'bad_request', message: UNPAIRED_SURROGATE_MESSAGE, data: { status: 400 } });

    const key = await new ApiKeyService(testDb.database.db, () => TEST_PEPPER).create({ scope: 'read_write' });
    const order = await anOrder(testDb.database.db, {}, productId);
    const wc = await app.server.inject({
      method: 'PUT',
      url: `/wp-json/wc/v3/orders/${order.id}`,
      headers: { authorization: `Basic ${Buffer.from(`${key.consumerKey}:${key.consumerSecret}`).toString('base64')}`, 'content-type': 'application/json' },
      payload: '{"customer_note":"zonder ui \\ud800"}',
    });
    expect(wc.statusCode).toBe(400);
    expect(wc.json()).toMatchObject({ code: 'rest_invalid_param', message: `Invalid parameter(s): ${UNPAIRED_SURROGATE_MESSAGE}` });

    const distance = await app.server.inject({ method: 'GET', url: '/api/calculate-distance?postcode=9700&city=%00' });
    expect(distance.statusCode).toBe(400);
  });

  it('logs a failed statement with its text and error code, never its values (names, keys, addresses)', async () => {
    // Any statement the database refuses will do: here every new order breaks a constraint.
    await testDb.database.db.execute(sql.raw('alter table orders add constraint refuse_new_orders check (total < 0) not valid'));
    const { guest, metaData } = await guestWithCart();
    const failed = await guest.graphql(CHECKOUT, { input: { billing, metaData, customerNote: 'bel aan bij Zegerina' } });
    expect(failed.body.errors[0].extensions.code).toBe('INTERNAL_SERVER_ERROR');

    const errorLine = logged.lines
      .map((line) => JSON.parse(line) as { level: number; err?: { message: string; cause?: { code?: string } } })
      .find((line) => line.level === 50);
    expect(errorLine?.err?.message).toMatch(/^Failed query: insert into "orders"/);
    expect(errorLine?.err?.cause?.code).toBe('23514');
    expect(secretsIn(logged.text(), [...Object.values(billing).filter((v) => v.length >= 6), 'bel aan bij Zegerina', guest.token!])).toEqual([]);
  });
});
