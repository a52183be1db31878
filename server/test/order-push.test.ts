import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderPushPayload } from '@bakje/contract';
import type { App } from '../src/app.js';
import type { WebPushSimulator } from '../src/integrations/webpush/webpush-simulator.js';
import * as t from '../src/db/schema/index.js';
import { queueOrderNotifications } from '../src/modules/notifications/notify.js';
import { VAPID_SETTINGS_KEY } from '../src/modules/notifications/web-push.js';
import { aProduct } from './support/builders.js';
import { Browser } from './support/browser.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { catalogCaughtUp, startTestApp } from './support/server.js';
import { aSaturdayShop, staffBrowsers } from './support/shop-hours.js';
import { waitFor } from './support/wait.js';

// Issue 35 point 2 (docs/decisions/0086-order-web-push.md): the order page's browser subscribes; each change is
// pushed once, encrypted (RFC 8291) and VAPID-signed, to the push service simulator, which decrypts it; a 410
// removes the subscription, and an order's subscriptions go when it ends.

const MORNING = new Date('2026-11-21T09:00:00Z'); // Saturday 10:00 in Brussels
const DAY = '2026-11-21';

const ADD = `mutation($productId: Int!) { addToCart(input: {productId: $productId, quantity: 1}) { cart { isEmpty } } }`;
const SLOTS = `query { availableTimeSlots(type: TAKEAWAY, date: "${DAY}") { id start } }`;
const CHECKOUT = `mutation($input: CheckoutInput!) { checkout(input: $input) { order { databaseId pickupNumber orderKey } } }`;
const KEY = `query { webPushPublicKey }`;
const SUBSCRIBE = `mutation($input: SubscribeOrderPushInput!) { subscribeOrderPush(input: $input) { subscribed } }`;

interface Placed {
  databaseId: number;
  pickupNumber: number;
  orderKey: string;
  browser: Browser;
}

describe.each(databaseKinds)('order web push on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let productId: number;
  let staff: Awaited<ReturnType<typeof staffBrowsers>>;
  const db = () => testDb.database.db;
  const sim = () => app.notifications.webPushSimulator!;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    productId = (await aProduct(db(), { slug: 'frikandel', name: { nl: 'Frikandel' }, regularPrice: 600, maxQuantity: 60 })).id;
    await aSaturdayShop(db(), { siteName: 'Frituur Bakje' });
    app = await startTestApp(testDb.database, {}, () => MORNING);
    await catalogCaughtUp(app, testDb.database);
    staff = await staffBrowsers(db(), () => app, `push-${kind}`);
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  async function place(locale: string, paymentMethod = 'cod'): Promise<Placed> {
    const browser = new Browser(() => app);
    const call = async (query: string, variables?: Record<string, unknown>) =>
      (await browser.graphql(query, variables, { headers: { 'x-bakje-locale': locale } })).body as {
        data: { availableTimeSlots: { id: string; start: string }[]; checkout: { order: Omit<Placed, 'browser'> } };
      };
    await call(ADD, { productId });
    const slot = (await call(SLOTS)).data.availableTimeSlots.find((s) => s.start.includes('T18:00'))!;
    const placed = await call(CHECKOUT, {
      input: {
        paymentMethod,
        billing: {
          firstName: 'An',
          lastName: 'Peeters',
          phone: '09 123 45 67',
          email: 'an@example.be',
          address1: 'Veldstraat 1',
          city: 'Gent',
          postcode: '9000',
        },
        metaData: [
          { key: 'fulfilment_type', value: 'takeaway' },
          { key: 'time_slot', value: slot.id },
        ],
      },
    });
    return { ...placed.data.checkout.order, browser };
  }

  /** The order page's browser subscribes (a subscription the simulator holds the keys of). */
  async function subscribe(
    order: Placed,
    {
      as = order.browser,
      orderKey,
      subscription = sim().subscribe(),
    }: { as?: Browser; orderKey?: string; subscription?: ReturnType<WebPushSimulator['subscribe']> } = {},
  ) {
    const answer = await as.graphql(SUBSCRIBE, {
      input: { orderId: order.databaseId, ...(orderKey ? { orderKey } : {}), endpoint: subscription.endpoint, ...subscription.keys },
    });
    return { subscription, answer: answer.body as { data?: { subscribeOrderPush: { subscribed: boolean } }; errors?: { extensions?: { code?: string } }[] } };
  }

  const pushed = (endpoint: string) =>
    sim()
      .pushesTo(endpoint)
      .map((p) => JSON.parse(p.payload) as OrderPushPayload);
  const pushes = (endpoint: string, count: number) =>
    waitFor(`${count} pushes`, async () => (sim().pushesTo(endpoint).length >= count ? pushed(endpoint) : undefined));
  const pushJobs = (orderId: number) =>
    db()
      .select()
      .from(t.jobs)
      .where(eq(t.jobs.lane, `push:${orderId}`))
      .orderBy(t.jobs.id);
  const settled = (orderId: number, count: number) =>
    waitFor(`${count} push jobs of order ${orderId} settled`, async () => {
      const jobs = await pushJobs(orderId);
      return jobs.length === count && jobs.every((j) => j.status !== 'queued' && j.status !== 'running') ? jobs : undefined;
    });
  const subscriptionsOf = (orderId: number) => db().select().from(t.pushSubscriptions).where(eq(t.pushSubscriptions.orderId, orderId));
  const kitchen = (orderId: number, action: string, body?: unknown) => staff.cook.request('POST', `/api/kitchen/orders/${orderId}/${action}`, body);

  it('pushes each change once in the customer’s language, decrypted by the push service; a replay pushes nothing more; the order’s end deletes the subscription', async () => {
    // The key was made at start and is kept: the same on every ask.
    const [vapid] = await db().select().from(t.settings).where(eq(t.settings.key, VAPID_SETTINGS_KEY));
    const key = ((await new Browser(() => app).graphql(KEY)).body as { data: { webPushPublicKey: string } }).data.webPushPublicKey;
    expect(key).toBe((vapid!.value as { publicKey: string }).publicKey);
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);

    const card = await place('fr_FR', 'bancontact');
    const id = card.databaseId;
    const n = card.pickupNumber;
    const { subscription, answer } = await subscribe(card);
    expect(answer.errors).toBeUndefined();
    // The same subscription again is one row.
    expect((await subscribe(card, { subscription })).answer.errors).toBeUndefined();
    expect(await subscriptionsOf(id)).toHaveLength(1);

    app.payments.simulator!.setStatus(String(id), 'completed');
    expect((await pushes(subscription.endpoint, 1))[0]).toEqual({
      title: `Commande #${n} confirmée`,
      body: 'Frituur Bakje a bien reçu votre commande. Prête vers 18:00.',
      url: `/checkout/order-received/${id}?key=${encodeURIComponent(card.orderKey)}`,
      tag: `order-${id}`,
      kind: 'accepted',
    });
    expect((await kitchen(id, 'delay', { minutes: 10 })).statusCode).toBe(200);
    expect((await pushes(subscription.endpoint, 2))[1]).toMatchObject({
      title: `Commande #${n} : 10 min de retard`,
      body: 'Désolés ! Votre commande chez Frituur Bakje sera prête vers 18:10.',
    });
    // The lifecycle's "out for delivery" is a delivery order's ready (decision 0083); its push is queued as the lifecycle does.
    const [row] = await db().select().from(t.orders).where(eq(t.orders.id, id));
    await db().transaction((tx) => queueOrderNotifications(tx, row!, { kind: 'out-for-delivery' }, MORNING));
    expect((await pushes(subscription.endpoint, 3))[2]).toMatchObject({ title: `Commande #${n} en route`, kind: 'out-for-delivery' });
    // Ready ends a takeaway order (completed): its push goes, then the subscription.
    expect((await kitchen(id, 'ready')).statusCode).toBe(200);
    expect((await pushes(subscription.endpoint, 4))[3]).toMatchObject({ title: `Commande #${n} prête`, kind: 'ready' });
    const sent = await settled(id, 5);
    expect(sent.map((j) => [j.kind, j.idempotencyKey, j.status])).toEqual([
      ['push', `push:accepted:${id}`, 'done'],
      ['push', `push:delayed:${id}:10`, 'done'],
      ['push', `push:out-for-delivery:${id}`, 'done'],
      ['push', `push:ready:${id}`, 'done'],
      ['push-end', null, 'done'],
    ]);
    // Pushed as RFC 8030 asks: a TTL, and high urgency for "ready".
    expect(
      sim()
        .pushesTo(subscription.endpoint)
        .map((p) => [p.ttl, p.urgency])[3],
    ).toEqual([3600, 'high']);
    expect(await subscriptionsOf(id)).toHaveLength(0);
    // A finished order takes no new subscription.
    expect((await subscribe(card)).answer.errors?.[0]?.extensions?.code).toBe('ORDER_ACTION_REFUSED');

    // Replayed: the same change queued again is the same job; taken back, subscribed again and ready again is the
    // same "ready" (not pushed again), and that subscription goes at this end too.
    await db().transaction((tx) => queueOrderNotifications(tx, row!, { kind: 'ready' }, MORNING));
    expect((await kitchen(id, 'recover')).statusCode).toBe(200);
    expect((await subscribe(card, { subscription })).answer.errors).toBeUndefined();
    expect((await kitchen(id, 'ready')).statusCode).toBe(200);
    expect((await settled(id, 6)).map((j) => j.kind)).toEqual(['push', 'push', 'push', 'push', 'push-end', 'push-end']);
    expect(await subscriptionsOf(id)).toHaveLength(0);
    expect(sim().pushesTo(subscription.endpoint)).toHaveLength(4);

    // English and Dutch customers read their own language; a cancel carries its reason, then the subscription goes.
    const en = await place('en_US');
    const nl = await place('nl_BE');
    const enSub = (await subscribe(en)).subscription;
    const nlSub = (await subscribe(nl)).subscription;
    expect((await kitchen(en.databaseId, 'ready')).statusCode).toBe(200);
    expect((await staff.manager.request('POST', `/api/kitchen/orders/${nl.databaseId}/cancel`, { reason: 'De friteuse is stuk.' })).statusCode).toBe(200);
    expect((await pushes(enSub.endpoint, 1))[0]).toMatchObject({
      title: `Order #${en.pickupNumber} is ready`,
      body: 'Your order is ready at Frituur Bakje. See you soon!',
    });
    expect((await pushes(nlSub.endpoint, 1))[0]).toMatchObject({
      title: `Bestelling #${nl.pickupNumber} geannuleerd`,
      body: 'Frituur Bakje heeft je bestelling geannuleerd. De friteuse is stuk.',
    });
    expect((await settled(nl.databaseId, 2)).map((j) => [j.kind, j.status])).toEqual([
      ['push', 'done'],
      ['push-end', 'done'],
    ]);
    await settled(en.databaseId, 2);
    expect(await subscriptionsOf(nl.databaseId)).toHaveLength(0);
    expect(await subscriptionsOf(en.databaseId)).toHaveLength(0);
  });

  it('removes a subscription the push service says is gone, and takes none for an order the browser may not open', async () => {
    const order = await place('nl_BE');
    const gone = (await subscribe(order)).subscription;
    const alive = (await subscribe(order)).subscription;
    sim().markGone(gone.endpoint);
    expect((await kitchen(order.databaseId, 'delay', { minutes: 5 })).statusCode).toBe(200);
    const [job] = await settled(order.databaseId, 1);
    expect(job).toMatchObject({ status: 'done', result: { sent: 1, removed: 1 } });
    expect((await subscriptionsOf(order.databaseId)).map((s) => s.endpoint)).toEqual([alive.endpoint]);
    expect(await pushes(alive.endpoint, 1)).toHaveLength(1);
    expect(sim().pushesTo(gone.endpoint)).toHaveLength(0);

    // Another customer's browser hears the order does not exist; with the order's key (its link) it may.
    const stranger = new Browser(() => app);
    expect((await subscribe(order, { as: stranger })).answer.errors?.[0]?.extensions?.code).toBe('ORDER_NOT_FOUND');
    expect((await subscribe(order, { as: stranger, orderKey: 'not-the-key' })).answer.errors?.[0]?.extensions?.code).toBe('ORDER_NOT_FOUND');
    expect((await subscribe(order, { as: stranger, orderKey: order.orderKey })).answer.errors).toBeUndefined();
    expect(await subscriptionsOf(order.databaseId)).toHaveLength(2);
    // Not a subscription: refused by the field.
    const bad = await order.browser.graphql(SUBSCRIBE, { input: { orderId: order.databaseId, endpoint: 'nope', p256dh: 'x', auth: 'y' } });
    expect((bad.body as { errors?: { extensions?: { code?: string } }[] }).errors?.[0]?.extensions?.code).toBe('INVALID_INPUT');
  });
});
