import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Figures, LiveModeMissing, ShopModeDetails } from '@bakje/contract';
import * as t from '../src/db/schema/index.js';
import type { App } from '../src/app.js';
import { MSP_BASE_URLS, MSP_SIMULATOR_API_KEY, MSP_SIMULATOR_PATH } from '../src/config.js';
import type { FetchLike } from '../src/integrations/multisafepay/multisafepay-client.js';
import { injectFetch } from '../src/integrations/multisafepay/multisafepay-simulator.js';
import { createAccount } from '../src/modules/auth/accounts.js';
import { readOrderFor } from '../src/modules/orders/order-read.js';
import { PROVIDER_SETTINGS_KEY } from '../src/modules/payments/provider-settings.js';
import { PRINT_SETTINGS_KEY } from '../src/modules/printing/print-settings.js';
import { customerTicket, kitchenTicket, TEST_MARK } from '../src/modules/printing/tickets.js';
import { Browser } from './support/browser.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { aShopTakingOrders, DAY, NOW, placeOrder } from './support/orders.js';
import { catalogCaughtUp, startTestApp } from './support/server.js';

const LOGIN = `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }`;
const PASSWORD = 'Goed wachtwoord 42';
const MODE = '/api/settings/shop-mode';
const SELLER = { name: 'Frituur Test', address: ['Markt 1'], vatNumber: 'BE0123.456.789' };

describe.each(databaseKinds)('test and live mode on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let productId: number;
  let admin: Browser;
  // Tests have no internet: a provider's real address is answered by the in-process simulator.
  const providerFetch: FetchLike = (url, init) => injectFetch(app.server)(url.replace(MSP_BASE_URLS.live, MSP_SIMULATOR_PATH), init);
  const db = () => testDb.database.db;
  const setting = async (key: string, value: unknown) => {
    await db().insert(t.settings).values({ key, value }).onConflictDoUpdate({ target: t.settings.key, set: { value } });
    await catalogCaughtUp(app, testDb.database);
  };
  const figures = async () => (await admin.request('GET', `/api/figures?from=${DAY}&to=${DAY}`)).json() as Figures;
  const goLive = (testPrintConfirmed: boolean) => admin.request('PUT', MODE, { mode: 'live', testPrintConfirmed });
  const missingOf = (response: { json(): unknown }): LiveModeMissing[] =>
    ((response.json() as { data: { fields?: { field: LiveModeMissing['reason']; message: string }[] } }).data.fields ?? []).map((f) => ({
      reason: f.field,
      message: f.message,
    }));

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    ({ productId } = await aShopTakingOrders(db()));
    // The job runner stays off: the tickets and mails an order queues stay in the jobs table to be read.
    app = await startTestApp(testDb.database, { BAKJE_JOB_RUNNER: 'false' }, () => NOW, { providerFetch });
    await createAccount(db(), { email: 'baas@example.be', password: PASSWORD, role: 'admin' });
    admin = new Browser(() => app);
    expect((await admin.graphql(LOGIN, { u: 'baas@example.be', p: PASSWORD })).body.errors).toBeUndefined();
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  it('is test on the simulators with no printer; the checklist says so; switching to live is refused naming what is missing', async () => {
    expect((await new Browser(() => app).request('GET', '/api/shop-mode')).json()).toEqual({ mode: 'test' });
    const details = (await admin.request('GET', MODE)).json() as ShopModeDetails;
    expect(details).toEqual({ mode: 'test', reasons: ['multisafepaySimulator', 'noPrinter', 'notSwitched'] });
    const checklist = (await admin.request('GET', '/api/settings/setup')).json() as { steps: { id: string; done: boolean; detail: string | null }[] };
    expect(checklist.steps.find((s) => s.id === 'payments')).toMatchObject({ done: false, detail: 'simulator' });
    expect(checklist.steps.find((s) => s.id === 'live')).toMatchObject({ done: false, detail: 'testMode' });

    const refused = await goLive(true);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/MultiSafepay runs on the simulator/);
    expect(refused.json().message).toMatch(/No printer takes the tickets/);
    expect(missingOf(refused).map((m) => m.reason)).toEqual(['multisafepaySimulator', 'noPrinter']);
    expect((await admin.request('GET', MODE)).json().mode).toBe('test');
    // The kitchen may not switch.
    await createAccount(db(), { email: 'keuken@example.be', password: PASSWORD, role: 'kitchen' });
    const kitchen = new Browser(() => app);
    await kitchen.graphql(LOGIN, { u: 'keuken@example.be', p: PASSWORD });
    expect((await kitchen.request('PUT', MODE, { mode: 'live', testPrintConfirmed: true })).statusCode).toBe(403);
  });

  it('marks an order placed in test mode: TEST on its tickets and mail, out of the figures, not hidden from the kitchen', async () => {
    const placed = await placeOrder(app, productId);
    const [row] = await db().select().from(t.orders).where(eq(t.orders.id, placed.databaseId));
    expect(row).toMatchObject({ placedInTestMode: true, isTestOrder: false, status: 'processing' });
    const order = (await readOrderFor(db(), placed.databaseId, { orderKey: placed.orderKey }))!;
    const context = { seller: SELLER, timeZone: 'Europe/Brussels', reference: 'r1' };
    expect(customerTicket(order, context).lines[0]).toContain(TEST_MARK);
    expect(kitchenTicket(order, context).lines[0]).toContain(TEST_MARK);
    expect(customerTicket({ ...order, placedInTestMode: false }, context).lines.join('\n')).not.toContain('TEST');
    const [mail] = await db().select().from(t.jobs).where(eq(t.jobs.kind, 'mail'));
    expect((mail!.payload as { subject: string }).subject).toMatch(/^\[TEST\] /);
    expect((mail!.payload as { text: string }).text).toMatch(/^TEST: /);
    const day = await figures();
    expect(day).toMatchObject({ orders: 0, gross: 0 });
    expect(day.excluded.test).toEqual({ orders: 1, gross: row!.total });
  });

  it('checks the provider key with a call and asks for the test print; live orders count', async () => {
    // A wrong key at the live address: the provider refuses it when asked.
    await setting(PROVIDER_SETTINGS_KEY, { environment: 'live', multisafepay: { active: true, apiKey: 'not-the-right-key-1234' } });
    await setting(PRINT_SETTINGS_KEY, { customerPrinter: '192.0.2.10:9100', kitchenPrinter: '192.0.2.10:9100' });
    const wrongKey = await goLive(true);
    expect(wrongKey.statusCode).toBe(409);
    expect(missingOf(wrongKey)).toEqual([{ reason: 'multisafepayKeyRefused', message: 'MultiSafepay refused the API key: Invalid API key.' }]);

    await setting(PROVIDER_SETTINGS_KEY, { environment: 'live', multisafepay: { active: true, apiKey: MSP_SIMULATOR_API_KEY } });
    const noTestPrint = await goLive(false);
    expect(noTestPrint.statusCode).toBe(409);
    expect(missingOf(noTestPrint).map((m) => m.reason)).toEqual(['testPrintNotConfirmed']);

    const live = await goLive(true);
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ mode: 'live', reasons: [] });
    await catalogCaughtUp(app, testDb.database);
    expect((await new Browser(() => app).request('GET', '/api/shop-mode')).json()).toEqual({ mode: 'live' });
    const checklist = (await admin.request('GET', '/api/settings/setup')).json() as { steps: { id: string; done: boolean }[] };
    expect(checklist.steps.find((s) => s.id === 'live')?.done).toBe(true);

    const placed = await placeOrder(app, productId);
    const [row] = await db().select().from(t.orders).where(eq(t.orders.id, placed.databaseId));
    expect(row?.placedInTestMode).toBe(false);
    expect(await figures()).toMatchObject({ orders: 1, gross: row!.total });

    // Back on the simulator (the key removed), the shop is in test again by itself.
    await setting(PROVIDER_SETTINGS_KEY, {});
    expect((await admin.request('GET', MODE)).json()).toEqual({ mode: 'test', reasons: ['multisafepaySimulator'] });
  });
});
