import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import * as t from '../src/db/schema/index.js';
import { seedDemoShop } from '../src/modules/demo-shop/demo-shop.js';
import { createTestDatabase, type TestDatabase } from './support/database.js';
import { catalogCaughtUp, graphql, startTestApp } from './support/server.js';

// Saturday 21 November 2026, 10:00 in Brussels.
const NOW = new Date('2026-11-21T09:00:00Z');
const DAY = '2026-11-21';

const FRIES = `{ product(id: "frieten", idType: SLUG) {
  databaseId
  ... on VariableProduct { variations { nodes { databaseId slug } } }
  addons { fieldName name type options { databaseId label } }
} }`;
const ADD = `mutation($productId: Int!, $quantity: Int, $variationId: Int, $addons: [CartAddonInput]) {
  addToCart(input: {productId: $productId, quantity: $quantity, variationId: $variationId, addons: $addons}) {
    cart { total(format: RAW) contents { nodes { quantity total(format: RAW) addons { name value price priceType } } } }
  }
}`;
const CHECKOUT = `mutation($input: CheckoutInput!) { checkout(input: $input) { order {
  databaseId orderKey total(format: RAW) lineItems { nodes { name quantity total addons { name value price } } }
} } }`;

interface Addon {
  fieldName: string;
  name: string;
  type: string;
  options: { databaseId: number; label: string }[];
}

/**
 * The issue 3 order on the demo menu: large fries with two sauces and extras. Sauces and the extra onions
 * are priced per portion, packing the sauces separately once per line; the cart and the order show the same
 * amount per add-on.
 */
describe('demo fries with several sauces and extras', () => {
  let testDb: TestDatabase;
  let app: App;

  beforeEach(async () => {
    testDb = await createTestDatabase('pglite');
    await seedDemoShop(testDb.database.db);
    app = await startTestApp(testDb.database, {}, () => NOW);
  });
  afterEach(async () => {
    await app.close();
    await testDb.cleanup();
  });

  it("prices sauces and extras per portion or per line, in the cart and on the order, in the visitor's language", async () => {
    const response = await graphql(app, FRIES, {}, { 'x-bakje-locale': 'en_US' });
    expect(response.body.errors).toBeUndefined();
    const fries = response.body.data.product;
    const addons = fries.addons as Addon[];
    expect(addons.map((a) => [a.name, a.type])).toEqual([
      ['Remark', 'CUSTOM_TEXT'],
      ['Choose your sauces', 'CHECKBOX'],
      ['Extras', 'CHECKBOX'],
    ]);
    const pick = (field: string, labels: string[]) => {
      const addon = addons.find((a) => a.name === field)!;
      return { fieldName: addon.fieldName, optionIds: labels.map((l) => addon.options.find((o) => o.label === l)!.databaseId) };
    };
    const groot = fries.variations.nodes.find((v: { slug: string }) => v.slug === 'frieten-groot').databaseId;

    let token: string | undefined;
    const call = async (query: string, variables: Record<string, unknown>) => {
      const response = await graphql(app, query, variables, { 'x-bakje-locale': 'en_US', ...(token ? { 'woocommerce-session': `Session ${token}` } : {}) });
      if (typeof response.headers['woocommerce-session'] === 'string') token = response.headers['woocommerce-session'];
      expect(response.body.errors).toBeUndefined();
      return response.body.data;
    };

    const added = await call(ADD, {
      productId: fries.databaseId,
      variationId: groot,
      quantity: 2,
      addons: [pick('Choose your sauces', ['Andalouse', 'Samurai']), pick('Extras', ['Crispy fried onions', 'Sauces packed separately'])],
    });
    // 2 x 4.40 fries + 2 x 1.00 andalouse + 2 x 1.00 samurai + 2 x 0.50 onions + 0.20 once for the packing.
    // Kept in the shop language (as the kitchen reads them), shown in the visitor's.
    const expectedAddons = [
      { name: 'Choose your sauces', value: 'Andalouse', price: '2.00' },
      { name: 'Choose your sauces', value: 'Samurai', price: '2.00' },
      { name: 'Extras', value: 'Crispy fried onions', price: '1.00' },
      { name: 'Extras', value: 'Sauces packed separately', price: '0.20' },
    ];
    const line = added.addToCart.cart.contents.nodes[0];
    expect(line.total).toBe('14.00');
    expect(line.addons.map(({ name, value, price }: Record<string, string>) => ({ name, value, price }))).toEqual(expectedAddons);
    expect(line.addons.map((a: { priceType: string }) => a.priceType)).toEqual(['QUANTITY_BASED', 'QUANTITY_BASED', 'QUANTITY_BASED', 'FLAT_FEE']);

    const slots = (await call(`query($date: String!) { availableTimeSlots(type: TAKEAWAY, date: $date) { id } }`, { date: DAY })).availableTimeSlots;
    const billing = { firstName: 'An', lastName: 'Peeters', phone: '0470 12 34 56' };
    const order = (
      await call(CHECKOUT, {
        input: {
          paymentMethod: 'cod',
          billing,
          metaData: [
            { key: 'fulfilment_type', value: 'takeaway' },
            { key: 'time_slot', value: slots[0].id },
          ],
        },
      })
    ).checkout.order;
    expect(order.total).toBe('14.00');
    expect(order.lineItems.nodes).toHaveLength(1);
    expect(order.lineItems.nodes[0]).toMatchObject({ name: 'Fries - large', quantity: 2, total: '14.00' });
    // Priced like the cart line (line amounts, not the unit price of each add-on).
    expect(order.lineItems.nodes[0].addons).toEqual(expectedAddons);

    // Stored as the kitchen reads it; a French visitor reads French.
    const [stored] = await testDb.database.db.select().from(t.orderLines).where(eq(t.orderLines.orderId, order.databaseId));
    expect(stored!.name).toBe('Frieten - groot');
    expect(stored!.addons.map((a) => a.value)).toEqual(['Andalouse', 'Samurai', 'Gebakken uitjes', 'Sauzen apart verpakt']);
    const ORDER = `query($id: ID!, $key: String) { order(id: $id, idType: DATABASE_ID, orderKey: $key) { lineItems { nodes { name addons { name value } } } } }`;
    const french = await graphql(app, ORDER, { id: order.databaseId, key: order.orderKey }, { 'x-bakje-locale': 'fr_FR' });
    expect(french.body.data.order.lineItems.nodes[0]).toEqual({
      name: 'Frites - grand',
      addons: [
        { name: 'Choisissez vos sauces', value: 'Andalouse' },
        { name: 'Choisissez vos sauces', value: 'Samouraï' },
        { name: 'Suppléments', value: 'Oignons frits' },
        { name: 'Suppléments', value: 'Sauces emballées à part' },
      ],
    });

    // Renamed in the catalogue since: the summary keeps what was ordered rather than the new name.
    await testDb.database.db
      .update(t.products)
      .set({ name: { nl: 'Frieten - XL', fr: 'Frites - XL', en: 'Fries - XL' } })
      .where(eq(t.products.id, groot));
    await testDb.database.db
      .update(t.addonOptions)
      .set({ label: { nl: 'Samoerai', fr: 'Samouraï piquante', en: 'Hot samurai' } })
      .where(eq(t.addonOptions.id, pick('Choose your sauces', ['Samurai']).optionIds[0]!));
    await catalogCaughtUp(app, testDb.database);
    const renamed = await graphql(app, ORDER, { id: order.databaseId, key: order.orderKey }, { 'x-bakje-locale': 'en_US' });
    const renamedLine = renamed.body.data.order.lineItems.nodes[0];
    expect(renamedLine.name).toBe('Frieten - groot');
    expect(renamedLine.addons.map((a: { value: string }) => a.value)).toEqual(['Andalouse', 'Samurai', 'Crispy fried onions', 'Sauces packed separately']);
  });
});
