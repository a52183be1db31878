import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import * as t from '../src/db/schema/index.js';
import { deliveryRuleFor } from '../src/modules/delivery/delivery-rules.js';
import { toKitchenOrder } from '../src/modules/order-events/kitchen-order.js';
import { kitchenTicket } from '../src/modules/printing/tickets.js';
import { deliverySettingsSchema } from '../src/modules/settings/shop-settings.js';
import { aProduct } from './support/builders.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { catalogCaughtUp, startTestApp } from './support/server.js';
import { aCustomer, codeOf, slotsEveryDay, staffBrowsers } from './support/shop-hours.js';

// Saturday 21 November 2026, 10:00 in Brussels.
const NOW = new Date('2026-11-21T09:00:00Z');
const DAY = '2026-11-21';

const rules = {
  enabled: true,
  minimumOrder: 1500,
  fee: 250,
  maximumDistanceKm: 8,
  shopAddress: 'Veldstraat 1, 9000 Gent',
  origin: { lat: 51.0543, lon: 3.7174 },
  roadFactor: 1.3,
  zones: [
    { name: 'Centrum', postcodes: ['9000'], minimumOrder: 1000, fee: 0 },
    // Far away, but served as a zone: no distance limit for it.
    { name: 'Aalst', postcodes: ['9300'], minimumOrder: 3000, fee: 500 },
  ],
};

describe('delivery rule for a postcode', () => {
  it('takes the zone first, else the distance rule', () => {
    const settings = deliverySettingsSchema.parse(rules);
    expect(deliveryRuleFor(settings, '9000')).toMatchObject({ minimumOrder: 1000, fee: 0 });
    expect(deliveryRuleFor(settings, ' 9300 ')).toMatchObject({ minimumOrder: 3000, fee: 500 });
    expect(deliveryRuleFor(settings, '9050')).toEqual({ zone: null, minimumOrder: 1500, fee: 250 });
    expect(deliveryRuleFor(settings, null)).toEqual({ zone: null, minimumOrder: 1500, fee: 250 });
  });
});

describe.each(databaseKinds)('delivery rules on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let staff: Awaited<ReturnType<typeof staffBrowsers>>;
  let productId: number;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    const db = testDb.database.db;
    // € 4,00 a portion.
    productId = (await aProduct(db, { slug: 'friet', name: { nl: 'Friet' }, regularPrice: 400, maxQuantity: 60 })).id;
    await slotsEveryDay(db);
    await db.insert(t.settings).values({ key: 'opening_hours', value: { week: { '6': [{ open: '09:00', close: '23:00' }] } } });
    app = await startTestApp(testDb.database, {}, () => NOW);
    staff = await staffBrowsers(db, () => app, `d${kind}`);
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const stored = async () => (await testDb.database.db.select().from(t.settings).where(eq(t.settings.key, 'delivery')))[0]?.value;

  it('lets a manager save rules and zones; others may not; bad input names the field and saves nothing', async () => {
    expect((await staff.cook.request('PUT', '/api/settings/delivery', rules)).statusCode).toBe(403);
    const saved = await staff.manager.request('PUT', '/api/settings/delivery', rules);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await staff.manager.request('GET', '/api/settings/delivery')).json()).toEqual(rules);
    const before = await stored();
    const bad: [unknown, string][] = [
      [{ ...rules, zones: [{ name: 'X', postcodes: ['900'], minimumOrder: 0, fee: 0 }] }, 'zones.0.postcodes.0'],
      [{ ...rules, zones: [{ name: 'X', postcodes: ['90000'], minimumOrder: 0, fee: 0 }] }, 'zones.0.postcodes.0'],
      [{ ...rules, zones: [{ name: 'X', postcodes: ['0999'], minimumOrder: 0, fee: 0 }] }, 'zones.0.postcodes.0'],
      [{ ...rules, zones: [{ name: 'X', postcodes: [], minimumOrder: 0, fee: 0 }] }, 'zones.0.postcodes'],
      [{ ...rules, zones: [...rules.zones, { name: 'Y', postcodes: ['9000'], minimumOrder: 0, fee: 0 }] }, 'zones.2.postcodes.0'],
      [{ ...rules, zones: [{ name: 'X', postcodes: ['9000'], minimumOrder: -1, fee: 0 }] }, 'zones.0.minimumOrder'],
      [{ ...rules, fee: 2.5 }, 'fee'],
      [{ ...rules, maximumDistanceKm: -3 }, 'maximumDistanceKm'],
    ];
    for (const [body, field] of bad) {
      const refused = await staff.manager.request('PUT', '/api/settings/delivery', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().message).toContain(field);
    }
    expect(await stored()).toEqual(before);
    await catalogCaughtUp(app, testDb.database);
  });

  it("charges the zone's fee and minimum, else the distance rule's", async () => {
    // Zone 9000: free delivery from € 10. Two portions (€ 8) are too little, three (€ 12) enough.
    const small = await aCustomer(() => app, productId, 2);
    const slot = (await small.slots('delivery', DAY))[0]!.id;
    const below = await small.checkout('delivery', slot);
    expect(codeOf(below)).toBe('DELIVERY_BELOW_MINIMUM');
    expect(below.errors?.[0]?.message).toBe('The minimum order for delivery is €10.00; please add more items.');
    const centre = await aCustomer(() => app, productId, 3);
    const placed = await centre.checkout('delivery', slot);
    expect(placed.errors).toBeUndefined();
    expect(placed.data?.checkout.order.shippingTotal).toBe('0.00');

    // 9050 (Gentbrugge) is in no zone: the distance rule's € 15 minimum and € 2,50 fee.
    const gentbrugge = { address1: 'Brusselsesteenweg 5', city: 'Gentbrugge', postcode: '9050' };
    const three = await aCustomer(() => app, productId, 3);
    expect(codeOf(await three.checkout('delivery', slot, { address: gentbrugge }))).toBe('DELIVERY_BELOW_MINIMUM');
    const four = await aCustomer(() => app, productId, 4);
    const far = await four.checkout('delivery', slot, { address: gentbrugge });
    expect(far.errors).toBeUndefined();
    expect(far.data?.checkout.order.shippingTotal).toBe('2.50');
    expect(far.data?.checkout.order.total).toBe('18.50');

    // 9300 (Aalst, about 30 km) is too far by distance, but it is a zone: € 30 minimum, € 5 fee.
    const aalst = { address1: 'Grote Markt 1', city: 'Aalst', postcode: '9300' };
    const seven = await aCustomer(() => app, productId, 7);
    expect(codeOf(await seven.checkout('delivery', slot, { address: aalst }))).toBe('DELIVERY_BELOW_MINIMUM');
    const eight = await aCustomer(() => app, productId, 8);
    const inZone = await eight.checkout('delivery', slot, { address: aalst });
    expect(inZone.errors).toBeUndefined();
    expect(inZone.data?.checkout.order.shippingTotal).toBe('5.00');
    expect(inZone.data?.checkout.order.total).toBe('37.00');
    // Brugge: no zone and 40 km: too far.
    const brugge = await aCustomer(() => app, productId, 8);
    expect(codeOf(await brugge.checkout('delivery', slot, { address: { address1: 'Markt 1', city: 'Brugge', postcode: '8000' } }))).toBe('DELIVERY_TOO_FAR');
  });

  it('answers the distance check with the zone: a far zone is within range, with its minimum and fee', async () => {
    const ask = async (query: string) => (await app.server.inject({ url: `/api/calculate-distance?${query}` })).json();
    expect(await ask('address_1=Grote%20Markt%201&city=Aalst&postcode=9300')).toMatchObject({
      within_range: true,
      zone: 'Aalst',
      minimum_order: '30.00',
      fee: '5.00',
    });
    expect(await ask('address_1=Markt%201&city=Brugge&postcode=8000')).toMatchObject({ within_range: false, zone: null, fee: '2.50' });
  });

  it('shows the zone fee in the cart once the address is known', async () => {
    const customer = await aCustomer(() => app, productId, 5);
    const rate = async () => {
      const body = await customer.shipping('delivery');
      return body.data.updateShippingMethod.cart.availableShippingMethods[0].rates.find((r: { id: string }) => r.id === 'delivery').cost;
    };
    // No address yet: the distance rule's fee.
    expect(await rate()).toBe('2.50');
    const update = await customer.browser.graphql(
      `mutation { updateCustomer(input: {shipping: {address1: "Grote Markt 1", city: "Aalst", postcode: "9300"}}) { customer { shipping { postcode } } } }`,
    );
    expect(update.body.errors).toBeUndefined();
    expect(await rate()).toBe('5.00');
  });

  it("prices the cart by the checkout's delivery postcode (updateDeliveryPostcode) before the order exists", async () => {
    const customer = await aCustomer(() => app, productId, 2);
    await customer.shipping('delivery');
    const CART = 'cart { shippingTotal(format: RAW) total(format: RAW) deliveryMinimumShortfall deliveryRule { zone minimumOrder fee } }';
    const setPostcode = async (postcode: string) =>
      (await customer.browser.graphql(`mutation($p: String!) { updateDeliveryPostcode(input: {postcode: $p}) { ${CART} } }`, { p: postcode })).body;
    // Aalst's zone: € 5 fee, € 30 minimum (two portions of € 4 miss € 22).
    const aalst = await setPostcode('9300');
    expect(aalst.errors).toBeUndefined();
    expect(aalst.data.updateDeliveryPostcode.cart).toEqual({
      shippingTotal: '5.00',
      total: '13.00',
      deliveryMinimumShortfall: '22.00',
      deliveryRule: { zone: 'Aalst', minimumOrder: '30.00', fee: '5.00' },
    });
    // The cart read afterwards is priced the same way (kept with the cart).
    const read = (await customer.browser.graphql(`{ ${CART} }`)).body;
    expect(read.data.cart.shippingTotal).toBe('5.00');
    // No zone: the distance rule. An empty postcode forgets it.
    expect((await setPostcode('9050')).data.updateDeliveryPostcode.cart.deliveryRule).toEqual({ zone: null, minimumOrder: '15.00', fee: '2.50' });
    expect((await setPostcode('9000')).data.updateDeliveryPostcode.cart.shippingTotal).toBe('0.00');
    expect((await setPostcode('')).data.updateDeliveryPostcode.cart.shippingTotal).toBe('2.50');
    // A malformed postcode is refused and changes nothing.
    await setPostcode('9300');
    const bad = await setPostcode('9;drop');
    expect(codeOf(bad)).toBe('INVALID_POSTCODE');
    expect((await customer.browser.graphql(`{ ${CART} }`)).body.data.cart.shippingTotal).toBe('5.00');
  });

  it('checks and charges a delivery by the shipping address when the customer ships to another address', async () => {
    const slot = (await (await aCustomer(() => app, productId, 1)).slots('delivery', DAY))[0]!.id;
    const brugge = { address1: 'Markt 1', city: 'Brugge', postcode: '8000' };
    const aalst = { firstName: 'Mia', lastName: 'Claes', address1: 'Grote Markt 1', city: 'Aalst', postcode: '9300' };
    // Billing in Brugge (too far), delivered in Aalst's zone: accepted with Aalst's fee.
    const eight = await aCustomer(() => app, productId, 8);
    const placed = await eight.checkout('delivery', slot, { address: brugge, shipping: aalst });
    expect(placed.errors).toBeUndefined();
    expect(placed.data?.checkout.order.shippingTotal).toBe('5.00');
    const [order] = await testDb.database.db.select().from(t.orders).where(eq(t.orders.id, placed.data!.checkout.order.databaseId));
    expect(order!.shipToDifferentAddress).toBe(true);
    expect(order!.shipping).toMatchObject(aalst);
    expect(order!.billing).toMatchObject(brugge);
    // The kitchen view and the tickets show where it goes (order-events/kitchen-order.ts, printing/tickets.ts).
    const lines = await testDb.database.db.select().from(t.orderLines).where(eq(t.orderLines.orderId, order!.id));
    expect(toKitchenOrder(order!, lines).address).toEqual(['Grote Markt 1', '9300 Aalst']);
    const ticket = kitchenTicket({ ...order!, lines }, { seller: { name: 'Bakje', address: [], vatNumber: '' }, timeZone: 'Europe/Brussels', reference: 'r' });
    expect(ticket.lines).toEqual(expect.arrayContaining(['Grote Markt 1', '9300 Aalst']));
    // Billing in the centre, delivered in Brugge: too far, though the billing address is close.
    const other = await aCustomer(() => app, productId, 8);
    expect(codeOf(await other.checkout('delivery', slot, { address: { address1: 'Veldstraat 2', city: 'Gent', postcode: '9000' }, shipping: brugge }))).toBe(
      'DELIVERY_TOO_FAR',
    );
  });
});
