import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KioskDeviceInput, KioskDeviceView, KioskOrderView, KioskSession } from '@bakje/contract';
import * as t from '../src/db/schema/index.js';
import type { App } from '../src/app.js';
import { JobRunner } from '../src/jobs/job-runner.js';
import { createLogger } from '../src/logger.js';
import { createAccount } from '../src/modules/auth/accounts.js';
import { PAIRING_ALPHABET } from '../src/modules/kiosk/kiosk-devices.js';
import { KIOSK_COOKIE } from '../src/api/rest/kiosk.js';
import { Browser } from './support/browser.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { aShopTakingOrders } from './support/orders.js';
import { startTestApp } from './support/server.js';
import { SseClient } from './support/sse-client.js';
import { waitFor } from './support/wait.js';

const LOGIN = `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }`;
const ADD = `mutation($productId: Int!) { addToCart(input: {productId: $productId, quantity: 2}) { cart { isEmpty } } }`;
const PASSWORD = 'Goed wachtwoord 42';
const COUPON_CART = `cart { total(format: RAW) appliedCoupons { code } couponsNotApplied { code reason } }`;
const APPLY = `mutation($code: String!) { applyCoupon(input: {code: $code}) { ${COUPON_CART} } }`;

const DEVICE: KioskDeviceInput = {
  name: 'Kiosk bij de deur',
  terminalId: 'T-0042',
  printerId: 73001,
  fulfilment: ['takeaway'],
  paymentMethods: ['terminal', 'counter'],
  idleSeconds: 45,
  countdownSeconds: 20,
  attractSeconds: 60,
  confirmationSeconds: 30,
  printCounterOrdersAtOnce: false,
};

describe.each(databaseKinds)('kiosk devices, pairing and kiosk orders on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let runner: JobRunner;
  let productId: number;
  let now = new Date('2026-11-21T09:00:00Z');
  let manager: Browser;
  let kitchen: Browser;
  let accounts = 0;

  const db = () => testDb.database.db;
  const simulator = () => app.payments.simulator!;
  const later = (ms: number) => (now = new Date(now.getTime() + ms));

  async function as(role: 'kitchen' | 'manager') {
    const email = `${role}-${++accounts}@example.be`;
    await createAccount(db(), { email, password: PASSWORD, role });
    const browser = new Browser(() => app);
    expect((await browser.graphql(LOGIN, { u: email, p: PASSWORD })).body.errors).toBeUndefined();
    return browser;
  }

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    ({ productId } = await aShopTakingOrders(db()));
    app = await startTestApp(testDb.database, { BAKJE_JOB_RUNNER: 'false', BAKJE_MSP_TIMEOUT_MS: '2000' }, () => now);
    runner = new JobRunner(db(), testDb.database, app.jobs.handlers, createLogger('silent'), { concurrency: 2, pollMs: 1000, leaseMs: 5000 });
    manager = await as('manager');
    kitchen = await as('kitchen');
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const session = async (kiosk: Browser) => (await kiosk.request('GET', '/api/kiosk/session')).json() as KioskSession;
  async function createDevice(input: Partial<KioskDeviceInput> = {}): Promise<KioskDeviceView> {
    const response = await manager.request('POST', '/api/dashboard/kiosks', { ...DEVICE, ...input });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  /** A kiosk page paired to a new device. */
  async function pairedKiosk(input: Partial<KioskDeviceInput> = {}) {
    const device = await createDevice(input);
    const kiosk = new Browser(() => app);
    const shown = await session(kiosk);
    if (shown.state !== 'unpaired') throw new Error('expected a pairing code');
    const paired = await manager.request('POST', `/api/dashboard/kiosks/${device.id}/pair`, { code: shown.code });
    expect(paired.statusCode, paired.body).toBe(200);
    return { device, kiosk };
  }
  /** Checks the kiosk's cart out, after adding two frikandellen unless `add` is false (the cart kept from a refused try). */
  async function order(kiosk: Browser, body: Record<string, unknown>, add = true) {
    if (add) expect((await kiosk.graphql(ADD, { productId })).body.errors).toBeUndefined();
    return kiosk.request('POST', '/api/kiosk/orders', body, { headers: { 'woocommerce-session': `Session ${kiosk.token}` } });
  }
  const view = async (kiosk: Browser, id: number) => (await kiosk.request('GET', `/api/kiosk/orders/${id}`)).json() as KioskOrderView;
  const orderRow = async (id: number) => (await db().select().from(t.orders).where(eq(t.orders.id, id)))[0]!;
  const tickets = async (id: number) =>
    (await db().select().from(t.jobs).where(eq(t.jobs.kind, 'print'))).filter((j) => (j.payload as { orderId: number }).orderId === id);
  const paidEvents = async (id: number) =>
    (await db().select().from(t.orderEvents).where(eq(t.orderEvents.orderId, id))).filter(
      (e) => e.type === 'order.status-changed' && (e.payload as { action?: string }).action === 'paid',
    ).length;
  /** The terminal answers; its signed notification arrives and the look-up job runs. */
  async function terminalAnswers(providerOrderId: string, outcome: 'completed' | 'declined' | 'cancelled') {
    const before = simulator().deliveries.length;
    const answer = await app.server.inject({ method: 'POST', url: `/simulators/multisafepay/terminals/${providerOrderId}`, payload: { outcome } });
    expect(answer.json()).toEqual({ success: true });
    await waitFor('the notification', async () => simulator().deliveries.length > before);
    await runner.drain();
  }

  describe('pairing', () => {
    it('shows a 6-character code without ambiguous letters on an unpaired page, the same one on reload, in an httpOnly cookie', async () => {
      const kiosk = new Browser(() => app);
      const first = await session(kiosk);
      expect(first.state).toBe('unpaired');
      if (first.state !== 'unpaired') return;
      expect(first.code).toMatch(new RegExp(`^[${PAIRING_ALPHABET}]{6}$`));
      expect(first.code).not.toMatch(/[01OIL2Z5S8B]/);
      expect(new Date(first.expiresAt).getTime() - now.getTime()).toBe(10 * 60_000);
      const cookie = kiosk.lastSetCookie.find((c) => c.startsWith(`${KIOSK_COOKIE}=`))!;
      expect(cookie).toMatch(/HttpOnly/i);
      // Only a hash of the cookie is stored.
      const stored = await db().select().from(t.kioskPairings).where(eq(t.kioskPairings.code, first.code));
      expect(stored[0]!.tokenHash).not.toBe(kiosk.cookies.get(KIOSK_COOKIE));
      expect(stored[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(await session(kiosk)).toEqual(first);
      // A new code on request.
      const fresh = (await kiosk.request('POST', '/api/kiosk/pairing')).json() as KioskSession;
      expect(fresh.state === 'unpaired' && fresh.code).not.toBe(first.code);
    });

    it('pairs with the code: the page gets its device; the code works once', async () => {
      const device = await createDevice();
      expect(device).toMatchObject({ paired: false, lastSeenAt: null });
      const kiosk = new Browser(() => app);
      const shown = await session(kiosk);
      if (shown.state !== 'unpaired') throw new Error('unpaired expected');
      // Typed in lower case with a space: still the code.
      const paired = await manager.request('POST', `/api/dashboard/kiosks/${device.id}/pair`, {
        code: `${shown.code.slice(0, 3).toLowerCase()} ${shown.code.slice(3)}`,
      });
      expect(paired.statusCode, paired.body).toBe(200);
      expect(paired.json()).toMatchObject({ paired: true });
      const now1 = await session(kiosk);
      expect(now1).toMatchObject({
        state: 'paired',
        device: { id: device.id, name: DEVICE.name, hasTerminal: true, fulfilment: ['takeaway'], paymentMethods: ['terminal', 'counter'] },
      });
      const listed = (await manager.request('GET', '/api/dashboard/kiosks')).json() as KioskDeviceView[];
      expect(listed.find((d) => d.id === device.id)).toMatchObject({ paired: true, lastSeenAt: now.toISOString() });

      const other = await createDevice({ name: 'Tweede kiosk' });
      const again = await manager.request('POST', `/api/dashboard/kiosks/${other.id}/pair`, { code: shown.code });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ code: 'PAIRING_CODE_INVALID' });
    });

    it('refuses an expired code (10 minutes)', async () => {
      const device = await createDevice();
      const kiosk = new Browser(() => app);
      const shown = await session(kiosk);
      if (shown.state !== 'unpaired') throw new Error('unpaired expected');
      later(10 * 60_000 + 1000);
      const refused = await manager.request('POST', `/api/dashboard/kiosks/${device.id}/pair`, { code: shown.code });
      expect(refused.json()).toMatchObject({ code: 'PAIRING_CODE_INVALID' });
      // The page shows a new code.
      const next = await session(kiosk);
      expect(next.state === 'unpaired' && next.code).not.toBe(shown.code);
    });

    it('unpairing takes effect at once: the next request of the page is refused and it shows a code again', async () => {
      const { device, kiosk } = await pairedKiosk();
      expect((await kiosk.request('GET', '/api/kiosk/orders/999999')).json()).toMatchObject({ code: 'ORDER_NOT_FOUND' });
      const unpaired = await manager.request('POST', `/api/dashboard/kiosks/${device.id}/unpair`);
      expect(unpaired.json()).toMatchObject({ paired: false, pairedAt: null });
      const refused = await kiosk.request('GET', '/api/kiosk/orders/999999');
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'KIOSK_NOT_PAIRED' });
      expect((await session(kiosk)).state).toBe('unpaired');
    });

    it('tells the page on its event stream: paired (to the code shown), config, unpaired (then the stream ends)', async () => {
      if (!app.server.server.listening) await app.server.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`;
      const cookieOf = (kiosk: Browser) => ({ cookie: `${KIOSK_COOKIE}=${kiosk.cookies.get(KIOSK_COOKIE)}` });
      const stranger = await SseClient.connect(`${base}/api/kiosk/events`);
      expect(stranger.status).toBe(401);
      stranger.close();

      const device = await createDevice();
      const kiosk = new Browser(() => app);
      const shown = await session(kiosk);
      if (shown.state !== 'unpaired') throw new Error('unpaired expected');
      const waiting = await SseClient.connect(`${base}/api/kiosk/events`, cookieOf(kiosk));
      expect(waiting.status).toBe(200);
      await manager.request('POST', `/api/dashboard/kiosks/${device.id}/pair`, { code: shown.code });
      await waiting.waitUntil(() => waiting.events.some((e) => e.event === 'paired') && waiting.ended, 'paired, then the end');

      const paired = await SseClient.connect(`${base}/api/kiosk/events`, cookieOf(kiosk));
      expect(paired.status).toBe(200);
      await manager.request('PUT', `/api/dashboard/kiosks/${device.id}`, { ...DEVICE, name: 'Kiosk terras' });
      await paired.waitUntil(() => paired.events.some((e) => e.event === 'config'), 'config');
      expect(await session(kiosk)).toMatchObject({ state: 'paired', device: { name: 'Kiosk terras' } });
      await manager.request('POST', `/api/dashboard/kiosks/${device.id}/unpair`);
      await paired.waitUntil(() => paired.events.some((e) => e.event === 'unpaired') && paired.ended, 'unpaired, then the end');
    });

    it('validates the device: bad input is refused and changes nothing', async () => {
      const before = ((await manager.request('GET', '/api/dashboard/kiosks')).json() as unknown[]).length;
      for (const bad of [
        { name: '' },
        { fulfilment: [] },
        { paymentMethods: ['terminal'], terminalId: '' },
        { idleSeconds: 5 },
        { countdownSeconds: 500 },
        { fulfilment: ['delivery'] },
      ]) {
        const response = await manager.request('POST', '/api/dashboard/kiosks', { ...DEVICE, ...bad });
        expect(response.statusCode, JSON.stringify(bad)).toBe(400);
        expect(response.json()).toMatchObject({ code: 'INVALID_INPUT' });
      }
      expect(((await manager.request('GET', '/api/dashboard/kiosks')).json() as unknown[]).length).toBe(before);
      expect((await kitchen.request('GET', '/api/dashboard/kiosks')).statusCode).toBe(403);
    });

    it('throttles code guessing: 10 attempts in 10 minutes, then refused', async () => {
      later(11 * 60_000);
      const device = await createDevice();
      const guesses: number[] = [];
      for (let i = 0; i < 11; i++) {
        guesses.push((await manager.request('POST', `/api/dashboard/kiosks/${device.id}/pair`, { code: 'AAAAAA' })).statusCode);
      }
      expect(guesses.slice(0, 10)).toEqual(Array(10).fill(400));
      expect(guesses[10]).toBe(429);
      // Even the right code waits for the window to end.
      const kiosk = new Browser(() => app);
      const shown = await session(kiosk);
      if (shown.state !== 'unpaired') throw new Error('unpaired expected');
      expect((await manager.request('POST', `/api/dashboard/kiosks/${device.id}/pair`, { code: shown.code })).json()).toMatchObject({
        code: 'TOO_MANY_ATTEMPTS',
      });
      later(11 * 60_000);
    });
  });

  describe('kiosk orders', () => {
    it('checks out only on a paired kiosk, with its own fulfilment types and payment methods', async () => {
      const stranger = new Browser(() => app);
      const refused = await order(stranger, { fulfilment: 'takeaway', paymentMethod: 'counter', lang: 'nl' });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'KIOSK_NOT_PAIRED' });

      const { kiosk } = await pairedKiosk({ paymentMethods: ['counter'], terminalId: '' });
      expect((await order(kiosk, { fulfilment: 'dinein', paymentMethod: 'counter', lang: 'nl' })).json()).toMatchObject({
        code: 'KIOSK_OPTION_UNAVAILABLE',
      });
      expect((await order(kiosk, { fulfilment: 'takeaway', paymentMethod: 'terminal', lang: 'nl' }, false)).json()).toMatchObject({
        code: 'KIOSK_OPTION_UNAVAILABLE',
      });
      // A refused checkout kept the cart.
      const placed = await order(kiosk, { fulfilment: 'takeaway', paymentMethod: 'counter', lang: 'fr' }, false);
      expect(placed.statusCode, placed.body).toBe(201);
      const created = placed.json() as KioskOrderView;
      expect(created).toMatchObject({ fulfilment: 'takeaway', paymentMethod: 'counter', status: 'counter_waiting', total: 560 });
      expect(Number(created.pickupNumber)).toBeGreaterThan(0);
      const row = await orderRow(created.orderId);
      expect(row).toMatchObject({ status: 'pending', createdVia: 'kiosk', paymentMethod: 'kiosk_counter', lang: 'fr' });
      // Printed only when staff confirm it paid.
      expect(await tickets(created.orderId)).toHaveLength(0);

      // Another kiosk cannot read it.
      const { kiosk: other } = await pairedKiosk();
      expect((await other.request('GET', `/api/kiosk/orders/${created.orderId}`)).statusCode).toBe(404);
    });

    it('pays on the terminal: a terminal order with the device terminal id, completed → paid, kitchen and receipt once', async () => {
      const { kiosk } = await pairedKiosk();
      const placed = await order(kiosk, { fulfilment: 'takeaway', paymentMethod: 'terminal', lang: 'en' });
      expect(placed.statusCode, placed.body).toBe(201);
      const created = placed.json() as KioskOrderView;
      expect(created.status).toBe('terminal_waiting');
      const sent = simulator().orders.get(String(created.orderId))!.request;
      expect(sent).toMatchObject({ gateway: '', gateway_info: { terminal_id: 'T-0042' }, amount: 560, customer: { locale: 'en_US' } });
      expect(sent.payment_options.redirect_url).toBeUndefined();
      expect(sent.payment_options.cancel_url).toBeUndefined();
      // Asking again while it waits keeps the same terminal order.
      expect((await kiosk.request('POST', `/api/kiosk/orders/${created.orderId}/terminal`)).json()).toMatchObject({ status: 'terminal_waiting' });
      expect(simulator().orders.has(`${created.orderId}-2`)).toBe(false);

      await terminalAnswers(String(created.orderId), 'completed');
      expect(await view(kiosk, created.orderId)).toMatchObject({ status: 'paid' });
      expect(await orderRow(created.orderId)).toMatchObject({ status: 'processing', paymentMethod: 'kiosk_terminal' });
      expect(await paidEvents(created.orderId)).toBe(1);
      const printed = await tickets(created.orderId);
      expect(printed.filter((j) => (j.payload as { ticket: string }).ticket === 'customer')).toHaveLength(1);
      expect((await orderRow(created.orderId)).metaData).toContainEqual({ key: 'receipt_printer', value: '73001' });
      // The same notification again changes nothing.
      await simulator().notify(String(created.orderId), 3);
      await runner.drain();
      expect(await paidEvents(created.orderId)).toBe(1);
    });

    it('declined, then cancelled, then the terminal own 60 s time-out; each can be retried', async () => {
      const { kiosk } = await pairedKiosk();
      const created = (await order(kiosk, { fulfilment: 'takeaway', paymentMethod: 'terminal', lang: 'nl' })).json() as KioskOrderView;
      await terminalAnswers(String(created.orderId), 'declined');
      expect(await view(kiosk, created.orderId)).toMatchObject({ status: 'declined' });
      expect(await orderRow(created.orderId)).toMatchObject({ status: 'pending', datePaid: null });

      expect((await kiosk.request('POST', `/api/kiosk/orders/${created.orderId}/terminal`)).json()).toMatchObject({ status: 'terminal_waiting' });
      expect(simulator().orders.get(`${created.orderId}-2`)!.status).toBe('initialized');
      const cancelled = (await kiosk.request('POST', `/api/kiosk/orders/${created.orderId}/cancel`)).json() as KioskOrderView;
      expect(cancelled.status).toBe('cancelled');
      expect(simulator().orders.get(`${created.orderId}-2`)!.status).toBe('cancelled');

      expect((await kiosk.request('POST', `/api/kiosk/orders/${created.orderId}/terminal`)).json()).toMatchObject({ status: 'terminal_waiting' });
      later(59_000);
      expect(simulator().expireIdleTerminals()).toEqual([]);
      later(1_000);
      const before = simulator().deliveries.length;
      expect(simulator().expireIdleTerminals()).toEqual([`${created.orderId}-3`]);
      await waitFor('the notification', async () => simulator().deliveries.length > before);
      await runner.drain();
      expect(await view(kiosk, created.orderId)).toMatchObject({ status: 'expired' });
      expect(await paidEvents(created.orderId)).toBe(0);
      expect(await tickets(created.orderId)).toHaveLength(0);
      // The customer walked away: reconciliation cancels the order 15 minutes after it was made.
      expect((await app.payments.service!.reconcile()).cancelled).toBe(0);
      later(15 * 60_000);
      await app.payments.service!.reconcile();
      expect(await orderRow(created.orderId)).toMatchObject({ status: 'cancelled' });
      expect(await view(kiosk, created.orderId)).toMatchObject({ status: 'cancelled' });
    });

    it('switches to the counter; staff confirm it paid from the kitchen: it goes to the kitchen and prints, once', async () => {
      const { kiosk } = await pairedKiosk();
      const created = (await order(kiosk, { fulfilment: 'takeaway', paymentMethod: 'terminal', lang: 'nl' })).json() as KioskOrderView;
      const switched = (await kiosk.request('POST', `/api/kiosk/orders/${created.orderId}/counter`)).json() as KioskOrderView;
      expect(switched).toMatchObject({ paymentMethod: 'counter', status: 'counter_waiting' });
      expect(simulator().orders.get(String(created.orderId))!.status).toBe('cancelled');
      expect(await tickets(created.orderId)).toHaveLength(0);

      const guest = new Browser(() => app);
      expect((await guest.request('POST', `/api/kitchen/orders/${created.orderId}/counter-payment`, { method: 'cash' })).statusCode).toBe(401);
      expect((await kitchen.request('POST', `/api/kitchen/orders/${created.orderId}/counter-payment`, { method: 'cheque' })).statusCode).toBe(400);
      const confirmed = await kitchen.request('POST', `/api/kitchen/orders/${created.orderId}/counter-payment`, { method: 'cash' });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toEqual({ orders: [created.orderId] });
      expect(await orderRow(created.orderId)).toMatchObject({ status: 'processing', paymentMethod: 'counter_cash' });
      expect(await view(kiosk, created.orderId)).toMatchObject({ status: 'paid', paymentMethod: 'counter' });
      expect(await paidEvents(created.orderId)).toBe(1);
      expect((await tickets(created.orderId)).length).toBeGreaterThan(0);
      const again = await kitchen.request('POST', `/api/kitchen/orders/${created.orderId}/counter-payment`, { method: 'card' });
      expect(again.statusCode).toBe(409);
      expect(await paidEvents(created.orderId)).toBe(1);
    });

    it('prints a counter order at once when the kiosk is set so, and not again when confirmed', async () => {
      const { kiosk } = await pairedKiosk({ printCounterOrdersAtOnce: true });
      const created = (await order(kiosk, { fulfilment: 'takeaway', paymentMethod: 'counter', lang: 'nl' })).json() as KioskOrderView;
      const atOnce = (await tickets(created.orderId)).length;
      expect(atOnce).toBeGreaterThan(0);
      await kitchen.request('POST', `/api/kitchen/orders/${created.orderId}/counter-payment`, { method: 'card' });
      expect(await tickets(created.orderId)).toHaveLength(atOnce);
      expect(await orderRow(created.orderId)).toMatchObject({ paymentMethod: 'counter_card', status: 'processing' });
    });
  });

  describe('kiosk cart coupons', () => {
    it('a kiosk cart weighs coupons for the kiosk at once (a web-only coupon says so, a kiosk-only one applies); a web cart the other way round', async () => {
      await db()
        .insert(t.coupons)
        .values([
          { code: 'alleenweb', discountType: 'fixed_cart', amount: 100, channels: ['web'] },
          { code: 'alleenkiosk', discountType: 'fixed_cart', amount: 50, channels: ['kiosk'] },
        ]);
      const { kiosk } = await pairedKiosk({ paymentMethods: ['counter'], terminalId: '' });
      expect((await kiosk.graphql(ADD, { productId })).body.errors).toBeUndefined();
      const web = await kiosk.graphql(APPLY, { code: 'alleenweb' });
      expect(web.body.errors).toBeUndefined();
      expect(web.body.data.applyCoupon.cart).toEqual({ total: '5.60', appliedCoupons: [], couponsNotApplied: [{ code: 'alleenweb', reason: 'channel' }] });
      await kiosk.graphql(APPLY, { code: 'alleenkiosk' });
      const cart = (await kiosk.graphql(`{ ${COUPON_CART} }`)).body.data.cart;
      expect(cart).toEqual({ total: '5.10', appliedCoupons: [{ code: 'alleenkiosk' }], couponsNotApplied: [{ code: 'alleenweb', reason: 'channel' }] });
      // The kiosk's checkout charges what its cart showed.
      const placed = await order(kiosk, { fulfilment: 'takeaway', paymentMethod: 'counter', lang: 'nl' }, false);
      expect(placed.statusCode, placed.body).toBe(201);
      expect(await orderRow((placed.json() as KioskOrderView).orderId)).toMatchObject({ total: 510, discountTotal: 50, couponCodes: ['alleenkiosk'] });

      // The web shop, and a page whose kiosk cookie is not (or no longer) paired, weigh them for the web.
      const unpaired = new Browser(() => app);
      expect((await session(unpaired)).state).toBe('unpaired');
      for (const shop of [new Browser(() => app), unpaired]) {
        await shop.graphql(ADD, { productId });
        await shop.graphql(APPLY, { code: 'alleenweb' });
        const seen = (await shop.graphql(APPLY, { code: 'alleenkiosk' })).body.data.applyCoupon.cart;
        expect(seen).toEqual({ total: '4.60', appliedCoupons: [{ code: 'alleenweb' }], couponsNotApplied: [{ code: 'alleenkiosk', reason: 'channel' }] });
      }
    });
  });

  describe('suggestions before paying', () => {
    it("defaults to the demo's sauces and drinks, takes the owner's categories in order, refuses unknown ones and tells paired kiosks", async () => {
      const inserted = await db()
        .insert(t.categories)
        .values([
          { slug: 'dranken', name: { nl: 'Dranken' } },
          { slug: 'sauzen', name: { nl: 'Sauzen' } },
          { slug: 'desserts', name: { nl: 'Desserts' } },
        ])
        .returning();
      const bySlug = (slug: string) => inserted.find((c) => c.slug === slug)!;
      const [sauces, drinks, desserts] = [bySlug('sauzen'), bySlug('dranken'), bySlug('desserts')];
      const { kiosk } = await pairedKiosk();
      const config = async () => {
        const shown = await session(kiosk);
        if (shown.state !== 'paired') throw new Error('expected a paired kiosk');
        return shown.device.suggestedCategories;
      };

      const initial = await manager.request('GET', '/api/dashboard/kiosk-suggestions');
      expect(initial.statusCode).toBe(200);
      expect(initial.json()).toEqual({ categoryIds: [sauces.id, drinks.id], isDefault: true });
      expect(await config()).toEqual(['sauzen', 'dranken']);

      if (!app.server.server.listening) await app.server.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`;
      const events = await SseClient.connect(`${base}/api/kiosk/events`, { cookie: `${KIOSK_COOKIE}=${kiosk.cookies.get(KIOSK_COOKIE)}` });
      expect(events.status).toBe(200);
      const saved = await manager.request('PUT', '/api/dashboard/kiosk-suggestions', { categoryIds: [desserts.id, sauces.id] });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({ categoryIds: [desserts.id, sauces.id], isDefault: false });
      expect(await config()).toEqual(['desserts', 'sauzen']);
      await events.waitUntil(() => events.events.some((e) => e.event === 'config'), 'the config event');
      events.close();

      for (const [body, field] of [
        [{ categoryIds: [desserts.id, 999_999] }, 'categoryIds.1'],
        [{ categoryIds: [sauces.id, sauces.id] }, 'categoryIds'],
        [{ categoryIds: [1, 2, 3, 4, 5, 6, 7] }, 'categoryIds'],
        [{ categoryIds: 'sauzen' }, 'categoryIds'],
        [{ categoryIds: [], extra: true }, 'body'],
      ] as const) {
        const refused = await manager.request('PUT', '/api/dashboard/kiosk-suggestions', body);
        expect(refused.statusCode, JSON.stringify(body)).toBe(400);
        expect(refused.json().data.params).toContain(field);
      }
      expect((await manager.request('GET', '/api/dashboard/kiosk-suggestions')).json()).toEqual({ categoryIds: [desserts.id, sauces.id], isDefault: false });
      expect((await kitchen.request('PUT', '/api/dashboard/kiosk-suggestions', { categoryIds: [] })).statusCode).toBe(403);

      // A deleted category drops out; an empty list turns the step off (no fallback to the default).
      await db().delete(t.categories).where(eq(t.categories.id, desserts.id));
      expect(await config()).toEqual(['sauzen']);
      expect((await manager.request('PUT', '/api/dashboard/kiosk-suggestions', { categoryIds: [] })).json()).toEqual({ categoryIds: [], isDefault: false });
      expect(await config()).toEqual([]);
    });
  });
});
