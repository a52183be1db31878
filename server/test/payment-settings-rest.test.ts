import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { createAccount } from '../src/modules/auth/accounts.js';
import { DEFAULT_PAYMENT_SETTINGS, readPaymentSettings, type PaymentSettings } from '../src/modules/payments/payment-settings.js';
import { Browser } from './support/browser.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { startTestApp } from './support/server.js';

const LOGIN = `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }`;
const PASSWORD = 'Goed wachtwoord 42';
const URL = '/api/settings/payments';

/** The defaults with Bancontact only for takeaway on the web, and a cut-off of 15 minutes. */
function changed(): PaymentSettings {
  return {
    cutoffMinutes: 15,
    methods: { ...DEFAULT_PAYMENT_SETTINGS.methods, bancontact: { enabled: true, fulfilment: ['takeaway'], channels: ['web'] } },
  };
}

describe.each(databaseKinds)('payment settings API on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    app = await startTestApp(testDb.database);
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  let accounts = 0;
  async function as(role: 'kitchen' | 'manager' | 'admin' | 'customer') {
    const email = `${role}-${++accounts}@example.be`;
    await createAccount(testDb.database.db, { email, password: PASSWORD, role });
    const browser = new Browser(() => app);
    const login = await browser.graphql(LOGIN, { u: email, p: PASSWORD });
    expect(login.body.errors).toBeUndefined();
    return browser;
  }

  it('is for settings.manage only: guests and customers 401, the kitchen 403, managers and admins read and save', async () => {
    const guest = new Browser(() => app);
    const customer = await as('customer');
    const kitchen = await as('kitchen');
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', changed()],
    ] as const) {
      expect((await guest.request(method, URL, body)).statusCode, `guest ${method}`).toBe(401);
      expect((await customer.request(method, URL, body)).statusCode, `customer ${method}`).toBe(401);
      const refused = await kitchen.request(method, URL, body);
      expect(refused.statusCode, `kitchen ${method}`).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'PERMISSION_DENIED', data: { permission: 'settings.manage' } });
    }
    expect(await readPaymentSettings(testDb.database.db)).toEqual(DEFAULT_PAYMENT_SETTINGS);

    const manager = await as('manager');
    const read = await manager.request('GET', URL);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(DEFAULT_PAYMENT_SETTINGS);

    const admin = await as('admin');
    const saved = await admin.request('PUT', URL, changed());
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(changed());
    expect((await manager.request('GET', URL)).json()).toEqual(changed());
    // A state change without the CSRF token does nothing.
    expect((await admin.request('PUT', URL, { ...changed(), cutoffMinutes: 30 }, { csrf: false })).statusCode).toBe(403);
    expect((await readPaymentSettings(testDb.database.db)).cutoffMinutes).toBe(15);
  });

  it('refuses bad input naming the fields, and saves nothing', async () => {
    const admin = await as('admin');
    await admin.request('PUT', URL, changed());
    const bad: [unknown, string[]][] = [
      [{ ...changed(), cutoffMinutes: -1 }, ['cutoffMinutes']],
      [{ ...changed(), cutoffMinutes: 2.5 }, ['cutoffMinutes']],
      [{ ...changed(), cutoffMinutes: 24 * 60 + 1 }, ['cutoffMinutes']],
      [{ methods: changed().methods }, ['cutoffMinutes']],
      [{ ...changed(), methods: { ...changed().methods, paypal: { enabled: true, fulfilment: [], channels: [] } } }, ['methods.paypal']],
      [{ ...changed(), methods: { ...changed().methods, visa: { enabled: 'yes', fulfilment: ['takeaway'], channels: ['web'] } } }, ['methods.visa.enabled']],
      [
        { ...changed(), methods: { ...changed().methods, visa: { enabled: true, fulfilment: ['teleport'], channels: ['web'] } } },
        ['methods.visa.fulfilment.0'],
      ],
      [
        { ...changed(), methods: { ...changed().methods, visa: { enabled: true, fulfilment: ['takeaway'], channels: ['phone'] } } },
        ['methods.visa.channels.0'],
      ],
      [{ ...changed(), methods: { visa: changed().methods.visa } }, ['methods.bancontact', 'methods.ideal']],
      ['not an object', ['body']],
    ];
    for (const [body, fields] of bad) {
      const answer = await admin.request('PUT', URL, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      const error = answer.json() as { code: string; message: string };
      expect(error.code).toBe('INVALID_INPUT');
      for (const field of fields) expect(error.message, JSON.stringify(body)).toContain(field);
      expect(await readPaymentSettings(testDb.database.db)).toEqual(changed());
    }
  });

  it('counts the setup checklist payments step as card payments (here the simulator) while a card method is offered, cash only when none is', async () => {
    const admin = await as('admin');
    const paymentsStep = async () =>
      ((await admin.request('GET', '/api/settings/setup')).json() as { steps: { id: string; done: boolean; detail: string | null }[] }).steps.find(
        (step) => step.id === 'payments',
      );
    await admin.request('PUT', URL, changed());
    // The tests' MultiSafepay is the simulator: offered, it takes no money (docs/decisions/0070-test-and-live-mode.md).
    expect(await paymentsStep()).toMatchObject({ done: false, detail: 'simulator' });
    const none = Object.fromEntries(Object.entries(changed().methods).map(([id, method]) => [id, { ...method, enabled: false }]));
    expect((await admin.request('PUT', URL, { ...changed(), methods: none })).statusCode).toBe(200);
    expect(await paymentsStep()).toMatchObject({ done: true, detail: 'cashOnly' });
  });
});
