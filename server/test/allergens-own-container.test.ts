import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import * as t from '../src/db/schema/index.js';
import { seedAllergens } from '../src/db/seed/allergens.js';
import { ApiKeyService } from '../src/modules/api-keys/api-key-service.js';
import { loadKitchenOrders } from '../src/modules/order-events/kitchen-order.js';
import { moveOrder } from '../src/modules/orders/lifecycle.js';
import { readOrdersForStaffWithSetting } from '../src/modules/orders/order-read.js';
import { customerTicket, kitchenTicket, labelTicket, type TicketContext } from '../src/modules/printing/tickets.js';
import { aCategory, aProduct } from './support/builders.js';
import { Browser } from './support/browser.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { TEST_PEPPER, catalogCaughtUp, startTestApp } from './support/server.js';
import { aSaturdayShop, staffBrowsers } from './support/shop-hours.js';
import { waitFor } from './support/wait.js';

// Issue 38 points 4 and 5 and the cash leftovers of point 2 (docs/decisions/0084-allergens-at-the-door-own-container.md):
// the allergens of each line (product and chosen add-ons) on the customer ticket, the delivery/takeaway label and
// the confirmation mail; "Ik breng mijn eigen pot mee" kept per line and printed; the kiosk's counter total
// rounded; a cash refund gives back what was paid.

// Saturday 21 November 2026, 10:00 in Brussels.
const NOW = new Date('2026-11-21T09:00:00Z');
const DAY = '2026-11-21';
const SHOP_ADDRESS = 'Markt 1, 9000 Gent';

const ADD = `mutation($productId: Int!, $quantity: Int, $addons: [CartAddonInput]) {
  addToCart(input: {productId: $productId, quantity: $quantity, addons: $addons}) { cart { isEmpty } } }`;
const SLOTS = `query($type: FulfilmentTypeEnum!) { availableTimeSlots(type: $type, date: "${DAY}") { id start } }`;
const CHECKOUT = `mutation($input: CheckoutInput!) { checkout(input: $input) { order { databaseId pickupNumber total(format: RAW) } } }`;
const CART = `query($method: String) { cart(paymentMethod: $method) { total(format: RAW) cashRounding(format: RAW) } }`;
const CONTEXT: TicketContext = { seller: { name: 'Frituur Test', address: [SHOP_ADDRESS], vatNumber: '' }, timeZone: 'Europe/Brussels', reference: 'ref' };

/** What each language says for the stew with mayonnaise: the product's gluten and celery, the sauce's eggs and mustard. */
const MAIL = {
  nl_BE: { allergens: 'Allergenen: Gluten, Eieren, Selder, Mosterd', none: 'Allergenen: geen van de 14 EU-allergenen', pot: 'je brengt je eigen pot mee' },
  fr_FR: {
    allergens: 'Allergènes: Gluten, Œufs, Céleri, Moutarde',
    none: 'Allergènes: aucun des 14 allergènes UE',
    pot: 'vous apportez votre propre récipient',
  },
  en_US: { allergens: 'Allergens: Gluten, Eggs, Celery, Mustard', none: 'Allergens: none of the 14 EU allergens', pot: 'you bring your own container' },
} as const;
type Locale = keyof typeof MAIL;

describe.each(databaseKinds)('allergens at the door, own container, cash refunds on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let stew: number;
  let frikandel: number;
  let sauceField: number;
  let mayo: number;
  let potCategory: number;
  let staff: Awaited<ReturnType<typeof staffBrowsers>>;
  let apiAuth: string;
  let codes: Map<string, number>;
  const db = () => testDb.database.db;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    await seedAllergens(db());
    codes = new Map((await db().select().from(t.allergens)).map((a) => [a.code, a.id]));
    potCategory = (await aCategory(db(), { slug: 'stoofvlees', name: { nl: 'Stoofvlees' }, ownContainer: true })).id;
    const snacks = (await aCategory(db(), { slug: 'snacks', name: { nl: 'Snacks' } })).id;
    stew = (
      await aProduct(db(), {
        slug: 'stoofvlees',
        name: { nl: 'Stoofvlees' },
        regularPrice: 1199,
        maxQuantity: 60,
        categoryIds: [potCategory],
        allergenIds: [codes.get('celery')!, codes.get('gluten')!],
      })
    ).id;
    frikandel = (await aProduct(db(), { slug: 'frikandel', name: { nl: 'Frikandel' }, regularPrice: 300, maxQuantity: 60, categoryIds: [snacks] })).id;
    const [field] = await db()
      .insert(t.addonFields)
      .values({ productId: stew, kind: 'multiple_choice', name: { nl: 'Saus', fr: 'Sauce' } })
      .returning();
    sauceField = field!.id;
    const [option] = await db()
      .insert(t.addonOptions)
      .values({ fieldId: sauceField, position: 0, label: { nl: 'Mayonaise' }, price: 80 })
      .returning();
    mayo = option!.id;
    await db()
      .insert(t.addonOptionAllergens)
      .values([
        { optionId: mayo, allergenId: codes.get('mustard')! },
        { optionId: mayo, allergenId: codes.get('eggs')! },
      ]);
    await aSaturdayShop(db(), { siteName: 'Frituur Test', address: SHOP_ADDRESS });
    app = await startTestApp(testDb.database, {}, () => NOW);
    await catalogCaughtUp(app, testDb.database);
    staff = await staffBrowsers(db(), () => app, `pot-${kind}`);
    const key = await new ApiKeyService(db(), () => TEST_PEPPER).create({ scope: 'read_write' });
    apiAuth = `Basic ${Buffer.from(`${key.consumerKey}:${key.consumerSecret}`).toString('base64')}`;
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  /** A customer in `locale` with a stew with mayonnaise and a frikandel in the cart. */
  function customer(locale: Locale) {
    const browser = new Browser(() => app);
    const call = async (query: string, variables: Record<string, unknown> = {}) => {
      const response = await browser.graphql(query, variables, { headers: { 'x-bakje-locale': locale } });
      if (response.body.errors) throw new Error(JSON.stringify(response.body.errors));
      return response.body.data;
    };
    const fill = async () => {
      await call(ADD, { productId: stew, quantity: 1, addons: [{ fieldName: `addon-${sauceField}`, optionIds: [mayo] }] });
      await call(ADD, { productId: frikandel, quantity: 2 });
    };
    const checkout = async (fulfilment: 'takeaway' | 'delivery' | 'dinein', email: string, extra: Record<string, unknown> = {}) => {
      const slots = (await call(SLOTS, { type: fulfilment.toUpperCase() })).availableTimeSlots as { id: string; start: string }[];
      const slot = slots.find((s) => s.start.includes('T18:00'))!;
      return (
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
            metaData: [
              { key: 'fulfilment_type', value: fulfilment },
              { key: 'time_slot', value: slot.id },
            ],
            ...extra,
          },
        })
      ).checkout.order as { databaseId: number; pickupNumber: number; total: string };
    };
    return { call, fill, checkout };
  }

  const readOrder = async (id: number) => (await readOrdersForStaffWithSetting(db(), [id], 'printing')).orders.get(id)!;
  const mailTo = (to: string) => waitFor(`the mail to ${to}`, async () => (await db().select().from(t.localMailbox).where(eq(t.localMailbox.to, to)))[0]);

  it('a delivery order keeps each line’s allergens (product and add-on) and the pot; ticket, label and kitchen print them from the order', async () => {
    const shopper = customer('nl_BE');
    await shopper.fill();
    const placed = await shopper.checkout('delivery', `levering-${kind}@example.be`, { ownContainer: true });
    const order = await readOrder(placed.databaseId);
    // Annex II order; the pot only on the line whose category allows it.
    expect(order.lines.map((l) => ({ name: l.name, allergens: l.allergens, ownContainer: l.ownContainer }))).toEqual([
      { name: 'Stoofvlees', allergens: ['gluten', 'eggs', 'celery', 'mustard'], ownContainer: true },
      { name: 'Frikandel', allergens: [], ownContainer: false },
    ]);
    // The label is queued with the customer ticket for a delivery.
    const keys = (await db().select({ key: t.jobs.idempotencyKey }).from(t.jobs).where(eq(t.jobs.kind, 'print'))).map((j) => j.key);
    expect(keys).toEqual(expect.arrayContaining([`o${placed.databaseId}-c1`, `o${placed.databaseId}-l1`, `o${placed.databaseId}-k1`]));

    // The catalogue changes afterwards: what was sold is what prints.
    await db().delete(t.productAllergens).where(eq(t.productAllergens.productId, stew));
    const later = await readOrder(placed.databaseId);
    const customerLines = customerTicket(later, CONTEXT).lines;
    expect(customerLines).toContain('    Allergenen: Gluten, Eieren, Selder, Mosterd');
    expect(customerLines).toContain('    ** EIGEN POT **');
    const label = labelTicket(later, CONTEXT);
    expect(label.kind).toBe('label');
    expect(label.lines).toContain(`#${placed.pickupNumber}${' '.repeat(48 - `#${placed.pickupNumber}`.length - 'LEVERING'.length)}LEVERING`);
    expect(label.lines).toEqual(
      expect.arrayContaining([
        '  Sint-Pietersnieuwstraat 25',
        '1x  Stoofvlees',
        '    + Saus: Mayonaise',
        '    Allergenen: Gluten, Eieren, Selder, Mosterd',
        '    ** EIGEN POT **',
        '2x  Frikandel',
        '    Allergenen: geen',
      ]),
    );
    for (const line of [...customerLines, ...label.lines]) expect(line.length).toBeLessThanOrEqual(48);
    const kitchenLines = kitchenTicket(later, CONTEXT).lines;
    expect(kitchenLines).toContain('    ** EIGEN POT **');
    expect(kitchenLines.join('\n')).not.toContain('Allergenen');
    const [card] = await loadKitchenOrders(db(), [placed.databaseId]);
    expect(card!.lines.map((l) => l.ownContainer ?? false)).toEqual([true, false]);
    await db()
      .insert(t.productAllergens)
      .values(['celery', 'gluten'].map((code) => ({ productId: stew, allergenId: codes.get(code)! })));
    await catalogCaughtUp(app, testDb.database);
  });

  it.each(Object.keys(MAIL) as Locale[])('the confirmation in %s lists each line’s allergens and the pot', async (locale) => {
    const shopper = customer(locale);
    await shopper.fill();
    const to = `mail-${kind}-${locale}@example.be`.toLowerCase().replace(/_/g, '-');
    await shopper.checkout('takeaway', to, { ownContainer: true });
    const mail = await mailTo(to);
    const say = MAIL[locale];
    expect(mail.text).toContain(`   ${say.allergens}\n   ${say.pot}`);
    expect(mail.text).toContain(`   ${say.none}`);
    expect(mail.html).toContain(`<small>${say.allergens.replace(/'/g, '&#39;')}<br>${say.pot}</small>`);
  });

  it('no pot for dine-in or when not asked; the category setting goes through the store REST API', async () => {
    const shopper = customer('nl_BE');
    await shopper.fill();
    const placed = await shopper.checkout('takeaway', `geen-pot-${kind}@example.be`);
    expect((await readOrder(placed.databaseId)).lines.map((l) => l.ownContainer)).toEqual([false, false]);

    const rest = (method: 'GET' | 'PUT', payload?: unknown) =>
      app.server.inject({
        method,
        url: `/wp-json/wc/v3/products/categories/${potCategory}`,
        headers: { authorization: apiAuth, 'content-type': 'application/json' },
        ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
      });
    expect((await rest('GET')).json()).toMatchObject({ id: potCategory, own_container: true });
    const off = await rest('PUT', { own_container: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ own_container: false });
    expect((await rest('PUT', { own_container: 'ja' })).statusCode).toBe(400);
    await rest('PUT', { own_container: true });
    await catalogCaughtUp(app, testDb.database);
  });

  it('the kiosk counter is priced rounded to 5 cents, the terminal to the cent; a cash refund gives back the rounded amount', async () => {
    const shopper = customer('nl_BE');
    // 11.99 + 0.80 + 2 x 3.00 = 18.79: in cash 18.80.
    await shopper.fill();
    expect((await shopper.call(CART, { method: 'kiosk_counter' })).cart).toEqual({ total: '18.80', cashRounding: '0.01' });
    expect((await shopper.call(CART, { method: 'kiosk_terminal' })).cart).toEqual({ total: '18.79', cashRounding: '0.00' });

    const placed = await shopper.checkout('takeaway', `terug-${kind}@example.be`);
    const id = placed.databaseId;
    expect(placed.total).toBe('18.80');
    const refund = (body: Record<string, unknown>) => staff.manager.request('POST', `/api/orders/${id}/refunds`, body);
    // Not paid yet: the cash was not taken.
    const early = await refund({ reason: 'te vroeg' });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('REFUND_NOT_PAID');

    await db().transaction((tx) => moveOrder(tx, id, { kind: 'set-status', status: 'completed' }, { now: NOW }));
    // A part is handed out in coins: 1.02 asked, 1.00 given back.
    const part = await refund({ amount: 102, reason: 'saus vergeten', idempotencyKey: `part-${kind}` });
    expect(part.statusCode).toBe(201);
    expect(part.json()).toMatchObject({ amount: 100, status: 'succeeded' });
    // The same key again answers the same refund.
    expect((await refund({ amount: 102, reason: 'saus vergeten', idempotencyKey: `part-${kind}` })).json()).toMatchObject({ amount: 100 });
    const details = await staff.manager.request('GET', `/api/orders/${id}`);
    expect(details.json()).toMatchObject({ refundable: 1780 });
    // The rest: what was paid (the rounded 18.80) less the part, exactly.
    const rest = await refund({ reason: 'klacht' });
    expect(rest.json()).toMatchObject({ amount: 1780, status: 'succeeded' });
    const rows = await db()
      .select()
      .from(t.refunds)
      .where(inArray(t.refunds.orderId, [id]));
    expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe(1880);
    expect(rows.every((r) => r.paymentId === null)).toBe(true);
    const [after] = await db().select({ status: t.orders.status }).from(t.orders).where(eq(t.orders.id, id));
    expect(after!.status).toBe('refunded');
    expect((await refund({ amount: 5, reason: 'nog eens' })).json().code).toBe('REFUND_TOO_MUCH');
  });
});
