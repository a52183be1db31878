import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import * as t from '../src/db/schema/index.js';
import { aProduct } from './support/builders.js';
import { Browser } from './support/browser.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { catalogCaughtUp, startTestApp } from './support/server.js';
import { aSaturdayShop, staffBrowsers } from './support/shop-hours.js';
import { waitFor } from './support/wait.js';

// Issue 35 point 1 (docs/decisions/0081-confirmation-when-and-where.md): the confirmation answers "when and
// where" in the customer's language; a kitchen delay sends one update. Mails go through the job runner to the
// local mailbox, as in the demo.

// Saturday 21 November 2026, 10:00 in Brussels; slots every 15 minutes from 11:00, 20 minutes' lead time.
const NOW = new Date('2026-11-21T09:00:00Z');
const DAY = '2026-11-21';
const SHOP_ADDRESS = 'Markt 1, 9000 Gent';

const ADD = `mutation($productId: Int!) { addToCart(input: {productId: $productId, quantity: 2}) { cart { isEmpty } } }`;
const SLOTS = `query($type: FulfilmentTypeEnum!) { availableTimeSlots(type: $type, date: "${DAY}") { id start } }`;
const CHECKOUT = `mutation($input: CheckoutInput!) { checkout(input: $input) { order { databaseId orderKey pickupNumber } } }`;
const ORDER = `query($id: ID!) { order(id: $id, idType: DATABASE_ID) {
  fulfilmentType asap delayMinutes paymentState pickupNumber timeSlot { start end } } }`;

/** What each language must say, written out here rather than taken from the templates. */
const EXPECTED = {
  nl_BE: {
    lang: 'nl',
    takeaway: 'Afhalen',
    delivery: 'Levering',
    day: 'zaterdag 21 november',
    pickupNumber: 'Je afhaalnummer is',
    orderNumber: 'Je bestelnummer is',
    where: `Afhaaladres: ${SHOP_ADDRESS}`,
    deliverTo: 'Leveradres: An Peeters, Sint-Pietersnieuwstraat 25, 9000 Gent',
    asap: 'Zo snel mogelijk, klaar rond 11:00',
    cash: 'Cash te betalen bij het afhalen',
    cashDelivery: 'Cash te betalen bij de levering',
    follow: 'Volg je bestelling',
  },
  fr_FR: {
    lang: 'fr',
    takeaway: 'À emporter',
    delivery: 'Livraison',
    day: 'samedi 21 novembre',
    pickupNumber: 'Votre numéro de retrait est',
    orderNumber: 'Votre numéro de commande est',
    where: `Adresse de retrait: ${SHOP_ADDRESS}`,
    deliverTo: 'Adresse de livraison: An Peeters, Sint-Pietersnieuwstraat 25, 9000 Gent',
    asap: 'Dès que possible, prête vers 11:00',
    cash: 'À payer en espèces au retrait',
    cashDelivery: 'À payer en espèces à la livraison',
    follow: 'Suivre votre commande',
  },
  en_US: {
    lang: 'en',
    takeaway: 'Takeaway',
    delivery: 'Delivery',
    day: 'Saturday, 21 November',
    pickupNumber: 'Your pickup number is',
    orderNumber: 'Your order number is',
    where: `Pickup address: ${SHOP_ADDRESS}`,
    deliverTo: 'Delivery address: An Peeters, Sint-Pietersnieuwstraat 25, 9000 Gent',
    asap: 'As soon as possible, ready around 11:00',
    cash: 'To pay in cash when you pick it up',
    cashDelivery: 'To pay in cash on delivery',
    follow: 'Follow your order',
  },
} as const;
type Locale = keyof typeof EXPECTED;

describe.each(databaseKinds)('order mails: when and where on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let productId: number;
  let staff: Awaited<ReturnType<typeof staffBrowsers>>;
  const db = () => testDb.database.db;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    productId = (await aProduct(db(), { slug: 'frikandel', name: { nl: 'Frikandel' }, regularPrice: 600, maxQuantity: 60 })).id;
    await aSaturdayShop(db(), { siteName: 'Frituur <Het Bakje>', address: SHOP_ADDRESS });
    app = await startTestApp(testDb.database, {}, () => NOW);
    await catalogCaughtUp(app, testDb.database);
    staff = await staffBrowsers(db(), () => app, `mails-${kind}`);
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  /** A customer ordering in `locale`: takeaway or delivery, at 18:00 or (no slot) as soon as possible. */
  async function order(locale: Locale, fulfilment: 'takeaway' | 'delivery', at: '18:00' | 'asap', email: string) {
    const browser = new Browser(() => app);
    const headers = { headers: { 'x-bakje-locale': locale } };
    const call = async (query: string, variables: Record<string, unknown>) => {
      const response = await browser.graphql(query, variables, headers);
      if (response.body.errors) throw new Error(JSON.stringify(response.body.errors));
      return response.body.data;
    };
    await call(ADD, { productId });
    const slots = (await call(SLOTS, { type: fulfilment.toUpperCase() })).availableTimeSlots as { id: string; start: string }[];
    const slot = at === 'asap' ? null : slots.find((s) => s.start.includes('T18:00'))!;
    const placed = (
      await call(CHECKOUT, {
        input: {
          paymentMethod: 'cod',
          billing: {
            firstName: 'An',
            lastName: 'Peeters',
            phone: '0470 12 34 56',
            email,
            address1: 'Sint-Pietersnieuwstraat 25',
            city: 'Gent',
            postcode: '9000',
          },
          metaData: [{ key: 'fulfilment_type', value: fulfilment }, ...(slot ? [{ key: 'time_slot', value: slot.id }] : [])],
        },
      })
    ).checkout.order as { databaseId: number; orderKey: string; pickupNumber: number };
    return { ...placed, read: async () => (await call(ORDER, { id: String(placed.databaseId) })).order };
  }

  const mailsTo = (to: string) => db().select().from(t.localMailbox).where(eq(t.localMailbox.to, to));
  const delivered = (to: string, count: number) =>
    waitFor(`${count} mail(s) to ${to}`, async () => {
      const mails = await mailsTo(to);
      return mails.length >= count ? mails : undefined;
    });

  it.each(Object.keys(EXPECTED) as Locale[])('the confirmation in %s tells fulfilment, day, time or ASAP estimate, number and address', async (locale) => {
    const say = EXPECTED[locale];
    const tag = `${kind}-${locale}`.toLowerCase().replace(/_/g, '-');

    const takeaway = await order(locale, 'takeaway', '18:00', `afhalen-${tag}@example.be`);
    const delivery = await order(locale, 'delivery', '18:00', `levering-${tag}@example.be`);
    const asap = await order(locale, 'takeaway', 'asap', `asap-${tag}@example.be`);

    const [slotMail] = await delivered(`afhalen-${tag}@example.be`, 1);
    expect(slotMail!.text).toContain(`${say.pickupNumber} ${takeaway.pickupNumber}.`);
    expect(slotMail!.text).toContain(say.takeaway);
    expect(slotMail!.text).toContain(`${say.day}, 18:00 – 18:15`);
    expect(slotMail!.text).toContain(say.where);
    expect(slotMail!.text).toContain(say.cash);
    expect(slotMail!.text).toContain(`${say.follow}: http`);
    expect(slotMail!.text).toContain(`/checkout/order-received/${takeaway.databaseId}?key=${takeaway.orderKey}`);
    // The HTML part says the same, escaped, with the link to follow the order.
    expect(slotMail!.html).toContain(`<strong>${takeaway.pickupNumber}</strong>`);
    expect(slotMail!.html).toContain(`${say.day}, 18:00 – 18:15`);
    expect(slotMail!.html).toContain(`href="http`);

    const [deliveryMail] = await delivered(`levering-${tag}@example.be`, 1);
    expect(deliveryMail!.text).toContain(`${say.orderNumber} ${delivery.pickupNumber}.`);
    expect(deliveryMail!.text).toContain(say.delivery);
    expect(deliveryMail!.text).toContain(`${say.day}, 18:00 – 18:15`);
    expect(deliveryMail!.text).toContain(say.deliverTo);
    expect(deliveryMail!.text).toContain(say.cashDelivery);
    // A delivery is not fetched: the shop's address is not its "where".
    expect(deliveryMail!.text).not.toContain(SHOP_ADDRESS);

    const [asapMail] = await delivered(`asap-${tag}@example.be`, 1);
    expect(asapMail!.text).toContain(`${say.pickupNumber} ${asap.pickupNumber}.`);
    expect(asapMail!.text).toContain(`${say.asap} (${say.day})`);
    expect(asapMail!.text).toContain(say.where);

    // The order page reads the same facts.
    expect(await asap.read()).toMatchObject({ fulfilmentType: 'takeaway', asap: true, delayMinutes: 0, paymentState: 'CASH' });
    expect((await takeaway.read()).timeSlot).toEqual({ start: `${DAY}T18:00:00+01:00`, end: `${DAY}T18:15:00+01:00` });
  });

  it('a kitchen delay moves the time and sends one update in the order’s language; a refused one sends none', async () => {
    const placed = await order('fr_FR', 'takeaway', '18:00', `plus-tard-${kind}@example.be`);
    const to = `plus-tard-${kind}@example.be`;
    await delivered(to, 1);

    const delayed = await staff.cook.request('POST', `/api/kitchen/orders/${placed.databaseId}/delay`, { minutes: 20 });
    expect(delayed.statusCode).toBe(200);
    expect(delayed.json()).toEqual({ orders: [placed.databaseId] });

    const mails = await delivered(to, 2);
    const update = mails.find((m) => m.subject.includes('Nouvelle heure'))!;
    expect(update.subject).toContain(`Nouvelle heure pour votre commande n° ${placed.databaseId}`);
    expect(update.text).toContain(`numéro de retrait ${placed.pickupNumber}) sera prête 20 minutes plus tard que prévu`);
    expect(update.text).toContain('samedi 21 novembre, 18:20 – 18:35');
    expect(update.text).toContain(`Adresse de retrait: ${SHOP_ADDRESS}`);
    expect(update.text).toContain(`/checkout/order-received/${placed.databaseId}?key=${placed.orderKey}`);
    expect(await placed.read()).toMatchObject({ delayMinutes: 20, timeSlot: { start: `${DAY}T18:20:00+01:00`, end: `${DAY}T18:35:00+01:00` } });

    // One job per change, keyed by order, kind and the change: nothing else was queued for this order.
    const jobs = await db()
      .select()
      .from(t.jobs)
      .where(and(eq(t.jobs.kind, 'mail'), eq(t.jobs.idempotencyKey, `mail:order_time_changed:${placed.databaseId}:20`)));
    expect(jobs).toHaveLength(1);
    const [confirmation] = await db()
      .select()
      .from(t.jobs)
      .where(eq(t.jobs.idempotencyKey, `mail:order_confirmation:${placed.databaseId}`));
    expect(confirmation).toBeDefined();

    // The kitchen event carries the new delay for every screen.
    const events = await db().select().from(t.orderEvents).where(eq(t.orderEvents.orderId, placed.databaseId));
    expect(events.map((e) => (e.payload as { action?: string }).action)).toContain('delay');

    // A finished order cannot be delayed: refused, no mail.
    expect((await staff.cook.request('POST', `/api/kitchen/orders/${placed.databaseId}/ready`)).statusCode).toBe(200);
    expect((await staff.cook.request('POST', `/api/kitchen/orders/${placed.databaseId}/delay`, { minutes: 10 })).statusCode).toBe(409);
    expect((await staff.cook.request('POST', `/api/kitchen/orders/${placed.databaseId}/delay`, { minutes: 0 })).statusCode).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await mailsTo(to)).toHaveLength(2);
  });
});
