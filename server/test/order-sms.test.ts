import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { loadConfig, TWILIO_SIMULATOR_AUTH_TOKEN } from '../src/config.js';
import * as t from '../src/db/schema/index.js';
import { twilioSignature } from '../src/integrations/twilio/twilio-client.js';
import { queueOrderNotifications } from '../src/modules/notifications/notify.js';
import { TWILIO_STATUS_PATH } from '../src/modules/notifications/sms-sender.js';
import { aProduct } from './support/builders.js';
import { Browser } from './support/browser.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { catalogCaughtUp, startTestApp, TEST_PEPPER } from './support/server.js';
import { aSaturdayShop, staffBrowsers } from './support/shop-hours.js';
import { waitFor } from './support/wait.js';

// Issue 35 points 3 and 5 (docs/decisions/0083-order-notifications-sms.md): each status change texts the
// customer who opted in, once, in their language, through the Twilio simulator; quiet hours, the cap of 3 per
// order, the signed status callback and retries of a failed send.

// Saturday 21 November 2026, 10:00 in Brussels; the kitchen's moves run at whatever `now` is set to.
const MORNING = new Date('2026-11-21T09:00:00Z');
const NIGHT = new Date('2026-11-21T21:30:00Z'); // 22:30 in Brussels
const DAY = '2026-11-21';

const ADD = `mutation($productId: Int!) { addToCart(input: {productId: $productId, quantity: 2}) { cart { isEmpty } } }`;
const SLOTS = `query { availableTimeSlots(type: TAKEAWAY, date: "${DAY}") { id start } }`;
const CHECKOUT = `mutation($input: CheckoutInput!) { checkout(input: $input) { redirect order { databaseId pickupNumber } } }`;

describe.each(databaseKinds)('order SMS on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let productId: number;
  let now = MORNING;
  let staff: Awaited<ReturnType<typeof staffBrowsers>>;
  const db = () => testDb.database.db;
  const sim = () => app.notifications.twilioSimulator!;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    productId = (await aProduct(db(), { slug: 'frikandel', name: { nl: 'Frikandel' }, regularPrice: 600, maxQuantity: 60 })).id;
    await aSaturdayShop(db(), { siteName: 'Frituur Bakje' });
    app = await startTestApp(testDb.database, {}, () => now);
    await catalogCaughtUp(app, testDb.database);
    staff = await staffBrowsers(db(), () => app, `sms-${kind}`);
    // The manager switches SMS on with every kind (the simulator stands in for Twilio).
    const view = (await staff.manager.request('GET', '/api/settings/notifications')).json();
    expect(view.sms.twilio).toMatchObject({ source: 'simulator', ready: true, authToken: { set: false } });
    const saved = await staff.manager.request('PUT', '/api/settings/notifications', {
      sms: {
        enabled: true,
        kinds: { ...view.sms.kinds, accepted: true },
        texts: view.sms.texts,
        twilio: { accountSid: '', from: '', messagingServiceSid: '' },
      },
    });
    expect(saved.json()).toMatchObject({ sms: { enabled: true, kinds: { accepted: true } } });
    await catalogCaughtUp(app, testDb.database);
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  /** A customer ordering for 18:00 in `locale`, asking texts at `smsPhone`; cash, or card (pending until paid). */
  async function order(locale: string, smsPhone: string | null, paymentMethod = 'cod') {
    const browser = new Browser(() => app);
    const call = async (query: string, variables?: Record<string, unknown>) => {
      const response = await browser.graphql(query, variables, { headers: { 'x-bakje-locale': locale } });
      return response.body as {
        data: { availableTimeSlots: { id: string; start: string }[]; checkout: { order: { databaseId: number; pickupNumber: number } } };
        errors?: { extensions?: { code?: string } }[];
      };
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
        ...(smsPhone === null ? {} : { smsPhone }),
      },
    });
    return placed;
  }
  const placed = async (...args: Parameters<typeof order>) => {
    const answer = await order(...args);
    if (answer.errors) throw new Error(JSON.stringify(answer.errors));
    return answer.data.checkout.order as { databaseId: number; pickupNumber: number };
  };

  const textsTo = (to: string) => sim().messages.filter((m) => m.to === to);
  const texts = (to: string, count: number) => waitFor(`${count} SMS to ${to}`, async () => (textsTo(to).length >= count ? textsTo(to) : undefined));
  const smsJobs = (orderId: number) =>
    db()
      .select()
      .from(t.jobs)
      .where(eq(t.jobs.lane, `sms:${orderId}`))
      .orderBy(t.jobs.id);
  /** Every SMS job of the order has ended (sent, skipped or failed). */
  const settled = (orderId: number, count: number) =>
    waitFor(`${count} SMS jobs of order ${orderId} settled`, async () => {
      const jobs = await smsJobs(orderId);
      return jobs.length === count && jobs.every((j) => j.status !== 'queued' && j.status !== 'running') ? jobs : undefined;
    });
  const kitchen = (orderId: number, action: string, body?: unknown) => staff.cook.request('POST', `/api/kitchen/orders/${orderId}/${action}`, body);

  it('texts each enabled change once, in the customer’s language; a replay, a rerun job or a second "ready" sends nothing more', async () => {
    // A landline cannot take texts: the checkout says so and places nothing.
    expect((await order('fr_FR', '09 123 45 67')).errors?.[0]?.extensions?.code).toBe('SMS_PHONE_INVALID');

    const card = await order('fr_FR', '+32 470 11 22 33', 'bancontact');
    const { databaseId: id, pickupNumber: n } = card.data.checkout.order;
    const [stored] = await db().select({ phone: t.orders.notifyPhone, status: t.orders.status }).from(t.orders).where(eq(t.orders.id, id));
    expect(stored).toEqual({ phone: '+32470112233', status: 'pending' });
    // Not paid yet: nothing to tell.
    expect(await smsJobs(id)).toHaveLength(0);

    app.payments.simulator!.setStatus(String(id), 'completed');
    const [accepted] = await texts('+32470112233', 1);
    expect(accepted!.body).toBe(`Frituur Bakje : votre commande #${n} est confirmée. Prévue vers 18:00.`);

    expect((await kitchen(id, 'delay', { minutes: 10 })).statusCode).toBe(200);
    expect((await texts('+32470112233', 2))[1]!.body).toBe(`Frituur Bakje : votre commande #${n} aura 10 min de retard, vers 18:10. Désolés !`);
    expect((await kitchen(id, 'ready')).statusCode).toBe(200);
    expect((await texts('+32470112233', 3))[2]!.body).toBe(`Frituur Bakje : votre commande #${n} vous attend. A tout de suite !`);
    const jobs = await settled(id, 3);
    expect(jobs.map((j) => j.idempotencyKey).sort()).toEqual([`sms:accepted:${id}`, `sms:delayed:${id}:10`, `sms:ready:${id}`]);
    // The simulator's list as JSON, each message timed to the millisecond (what bench/notifications.mjs reads).
    const listed = (await app.server.inject({ method: 'GET', url: '/simulators/twilio/messages.json' })).json() as Array<{
      to: string;
      body: string;
      created: string;
    }>;
    expect(listed.filter((m) => m.to === '+32470112233').map((m) => m.body)).toEqual(textsTo('+32470112233').map((m) => m.body));
    expect(listed[0]!.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    // The status callbacks (signed) record delivery on each message.
    await sim().callbacksDone();
    const rows = await db().select().from(t.smsMessages).where(eq(t.smsMessages.orderId, id));
    expect(rows.map((r) => [r.kind, r.lang, r.status])).toEqual(
      expect.arrayContaining([
        ['accepted', 'fr', 'delivered'],
        ['delayed', 'fr', 'delivered'],
        ['ready', 'fr', 'delivered'],
      ]),
    );

    // Replayed: the same change queued again is the same job; the same job run again (its runner died after
    // Twilio took the message) finds the message sent; back from the archive and ready again is the same "ready".
    const [row] = await db().select().from(t.orders).where(eq(t.orders.id, id));
    await db().transaction((tx) => queueOrderNotifications(tx, row!, { kind: 'ready' }, now));
    const readyJob = jobs.find((j) => j.idempotencyKey === `sms:ready:${id}`)!;
    const rerun = await app.jobs.handlers
      .get('sms')!
      .handle(
        { ...readyJob, payload: readyJob.payload, attempts: 2, interrupted: true, createdAt: readyJob.createdAt },
        { db: db(), log: app.server.log as never },
      );
    expect(rerun).toEqual({ result: { sid: textsTo('+32470112233')[2]!.sid } });
    expect((await kitchen(id, 'recover')).statusCode).toBe(200);
    expect((await kitchen(id, 'ready')).statusCode).toBe(200);
    await settled(id, 3);
    expect(textsTo('+32470112233')).toHaveLength(3);

    // English and Dutch customers read their own language; a cancel carries the reason; no number, no text.
    const en = await placed('en_US', '0470 44 55 66');
    const nl = await placed('nl_BE', '0032 470 77 88 99');
    const none = await placed('nl_BE', null);
    expect((await kitchen(en.databaseId, 'ready')).statusCode).toBe(200);
    expect((await staff.manager.request('POST', `/api/kitchen/orders/${nl.databaseId}/cancel`, { reason: 'De friteuse is stuk.' })).statusCode).toBe(200);
    expect((await kitchen(none.databaseId, 'ready')).statusCode).toBe(200);
    expect((await texts('+32470445566', 1))[0]!.body).toBe(`Frituur Bakje: your order #${en.pickupNumber} is ready. See you soon!`);
    expect((await texts('+32470778899', 1))[0]!.body).toBe(`Frituur Bakje: je bestelling #${nl.pickupNumber} is geannuleerd. De friteuse is stuk.`);
    expect(await smsJobs(none.databaseId)).toHaveLength(0);
  });

  it('keeps quiet from 22:00 to 08:00 except for "ready", and never sends more than 3 per order', async () => {
    const late = await placed('nl_BE', '0470 10 10 10');
    const capped = await placed('nl_BE', '0470 20 20 20');
    now = NIGHT;
    try {
      expect((await kitchen(late.databaseId, 'delay', { minutes: 10 })).statusCode).toBe(200);
      expect((await kitchen(late.databaseId, 'ready')).statusCode).toBe(200);
      const jobs = await settled(late.databaseId, 2);
      expect(jobs.find((j) => j.idempotencyKey?.startsWith('sms:delayed'))).toMatchObject({ status: 'skipped', lastError: 'quiet hours' });
      expect((await texts('+32470101010', 1)).map((m) => m.body)).toEqual([`Frituur Bakje: je bestelling #${late.pickupNumber} is klaar. Tot zo!`]);
    } finally {
      now = MORNING;
    }

    // Two delays, then a third that would leave no room for "ready"; "ready" takes the third place; a cancel after it gets none.
    for (const minutes of [10, 10, 10]) expect((await kitchen(capped.databaseId, 'delay', { minutes })).statusCode).toBe(200);
    expect((await kitchen(capped.databaseId, 'ready')).statusCode).toBe(200);
    expect((await staff.manager.request('POST', `/api/kitchen/orders/${capped.databaseId}/cancel`, { reason: 'Niet afgehaald.' })).statusCode).toBe(200);
    const jobs = await settled(capped.databaseId, 5);
    expect(jobs.filter((j) => j.status === 'done')).toHaveLength(3);
    expect(jobs.filter((j) => j.status === 'skipped').map((j) => j.lastError)).toEqual([
      'the last of 3 messages is kept for "ready"',
      'already 3 messages for this order',
    ]);
    expect((await texts('+32470202020', 3)).map((m) => m.body.split(': ')[1])).toEqual([
      `je bestelling #${capped.pickupNumber} is 10 min later klaar, rond 18:10. Sorry!`,
      `je bestelling #${capped.pickupNumber} is 10 min later klaar, rond 18:20. Sorry!`,
      `je bestelling #${capped.pickupNumber} is klaar. Tot zo!`,
    ]);
  });

  it('retries a send the provider failed, and takes only status callbacks signed with the auth token', async () => {
    const order = await placed('en_US', '+33 6 12 34 56 78');
    sim().controls.failNext = 1;
    expect((await kitchen(order.databaseId, 'ready')).statusCode).toBe(200);
    const [message] = await texts('+33612345678', 1);
    const [job] = await settled(order.databaseId, 1);
    expect(job).toMatchObject({ status: 'done', attempts: 2 });
    expect(job!.lastError).toBeNull();
    await sim().callbacksDone();

    // Twilio's callback as it would come: right signature moves the status; a wrong one is refused and changes nothing.
    const params = { MessageSid: message!.sid, MessageStatus: 'undelivered', AccountSid: 'AC00000000000000000000000000000000', ErrorCode: '30005' };
    const body = new URLSearchParams(params).toString();
    // The address the app signs and checks against: its site URL, as startTestApp configures it.
    const siteUrl = loadConfig({ NODE_ENV: 'test', PORT: '0', BAKJE_API_KEY_PEPPER: TEST_PEPPER }).siteUrl;
    const post = (signature: string) =>
      app.server.inject({
        method: 'POST',
        url: TWILIO_STATUS_PATH,
        payload: body,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
      });
    const forged = await post(twilioSignature('another-token', `${siteUrl}${TWILIO_STATUS_PATH}`, params));
    expect(forged.statusCode).toBe(403);
    const status = async () => (await db().select().from(t.smsMessages).where(eq(t.smsMessages.providerId, message!.sid)))[0]!;
    expect((await status()).status).toBe('delivered');
    // A later "undelivered" never moves a delivered message back; on a message still "sent" it is recorded.
    await db().update(t.smsMessages).set({ status: 'sent' }).where(eq(t.smsMessages.providerId, message!.sid));
    const signed = await post(twilioSignature(TWILIO_SIMULATOR_AUTH_TOKEN, `${siteUrl}${TWILIO_STATUS_PATH}`, params));
    expect(signed.statusCode).toBe(204);
    expect(await status()).toMatchObject({ status: 'undelivered', error: 'Twilio error 30005' });
  });
  it('sends a change committed just before the process stopped exactly once after the restart', async () => {
    const order = await placed('nl_BE', '0470 30 30 30');
    // The runner is stopped (as a killed process leaves it): the move commits its job, nothing sends it.
    await app.jobs.runner!.stop();
    expect((await kitchen(order.databaseId, 'ready')).statusCode).toBe(200);
    expect(await smsJobs(order.databaseId)).toMatchObject([{ status: 'queued', idempotencyKey: `sms:ready:${order.databaseId}` }]);
    expect(textsTo('+32470303030')).toHaveLength(0);
    await app.close();
    // A new process on the same database: its runner takes the job; its simulator is the one Twilio.
    app = await startTestApp(testDb.database, {}, () => now);
    expect((await texts('+32470303030', 1)).map((m) => m.body)).toEqual([`Frituur Bakje: je bestelling #${order.pickupNumber} is klaar. Tot zo!`]);
    await settled(order.databaseId, 1);
    expect(textsTo('+32470303030')).toHaveLength(1);
  });
});
