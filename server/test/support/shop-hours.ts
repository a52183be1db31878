import type { App } from '../../src/app.js';
import type { DbOrTx } from '../../src/db/client.js';
import * as t from '../../src/db/schema/index.js';
import { createAccount } from '../../src/modules/auth/accounts.js';
import { Browser } from './browser.js';

const LOGIN = `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }`;
const ADD = `mutation($productId: Int!, $quantity: Int) { addToCart(input: {productId: $productId, quantity: $quantity}) { cart { isEmpty } } }`;
export const SLOTS = `query($type: FulfilmentTypeEnum!, $date: String!) { availableTimeSlots(type: $type, date: $date) { id start } }`;
const CHECKOUT = `mutation($input: CheckoutInput!) { checkout(input: $input) { order { databaseId shippingTotal(format: RAW) total(format: RAW) } } }`;
const SHIPPING = `mutation($m: [String]!) { updateShippingMethod(input: {shippingMethods: $m}) { cart { shippingTotal(format: RAW) availableShippingMethods { rates { id cost } } } } }`;

const PASSWORD = 'Goed wachtwoord 42';

/** A manager and a kitchen cook, logged in. */
export async function staffBrowsers(db: DbOrTx, app: () => App, prefix: string) {
  const as = async (role: 'manager' | 'kitchen') => {
    const email = `${prefix}-${role}@example.be`;
    await createAccount(db, { email, password: PASSWORD, role });
    const browser = new Browser(app);
    const login = await browser.graphql(LOGIN, { u: email, p: PASSWORD });
    if (login.body.errors) throw new Error(JSON.stringify(login.body.errors));
    return browser;
  };
  return { manager: await as('manager'), cook: await as('kitchen') };
}

export const billing = { firstName: 'An', lastName: 'Peeters', phone: '0470 12 34 56', address1: 'Veldstraat 1', city: 'Gent', postcode: '9000' };

/** A customer with `quantity` of a product in the cart. */
export async function aCustomer(app: () => App, productId: number, quantity = 2) {
  const browser = new Browser(app);
  const added = await browser.graphql(ADD, { productId, quantity });
  if (added.body.errors) throw new Error(JSON.stringify(added.body.errors));
  return {
    browser,
    slots: async (type: string, date: string): Promise<{ id: string; start: string }[]> => {
      const r = await browser.graphql(SLOTS, { type: type.toUpperCase(), date });
      if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
      return r.body.data.availableTimeSlots;
    },
    shipping: async (method: string) => (await browser.graphql(SHIPPING, { m: [method] })).body,
    checkout: async (
      type: string,
      slotId: string,
      extra: { address?: Partial<typeof billing>; shipping?: Partial<typeof billing>; createdVia?: string } = {},
    ) => {
      const r = await browser.graphql(CHECKOUT, {
        input: {
          paymentMethod: 'cod',
          billing: { ...billing, ...extra.address },
          ...(extra.shipping ? { shipToDifferentAddress: true, shipping: extra.shipping } : {}),
          createdVia: extra.createdVia,
          metaData: [
            { key: 'fulfilment_type', value: type },
            { key: 'time_slot', value: slotId },
          ],
        },
      });
      return r.body as {
        data?: { checkout: { order: { databaseId: number; shippingTotal: string; total: string } } };
        errors?: { extensions?: { code?: string }; message: string }[];
      };
    },
  };
}

/** Slot definitions every day for all three types, 11:00 to 22:00 every 15 minutes. */
export async function slotsEveryDay(db: DbOrTx): Promise<void> {
  for (const type of ['takeaway', 'delivery', 'dinein'] as const) {
    await db
      .insert(t.timeSlots)
      .values({ type, startTime: '11:00', endTime: '22:00', intervalMinutes: 15, maxOrders: 1000, repeatDays: [1, 2, 3, 4, 5, 6, 7] });
  }
}

export const codeOf = (body: { errors?: { extensions?: { code?: string } }[] }) => body.errors?.[0]?.extensions?.code;

/**
 * A shop that takes orders on Saturdays 09:00-23:00 (the notification tests' clocks are on a Saturday), with slots
 * every day; `address` also delivers in Gent (postcode 9000, free, from the Markt), where a customer's mail and
 * ticket need a shop address and a delivery zone.
 */
export async function aSaturdayShop(db: DbOrTx, store: { siteName: string; address?: string }): Promise<void> {
  await slotsEveryDay(db);
  await db.insert(t.settings).values([
    { key: 'opening_hours', value: { week: { '6': [{ open: '09:00', close: '23:00' }] } } },
    { key: 'store', value: { siteName: store.siteName, ...(store.address ? { contact: { address: store.address } } : {}) } },
    ...(store.address
      ? [
          {
            key: 'delivery',
            value: {
              enabled: true,
              minimumOrder: 0,
              fee: 0,
              maximumDistanceKm: 8,
              shopAddress: store.address,
              origin: { lat: 51.0543, lon: 3.7174 },
              roadFactor: 1.3,
              zones: [{ name: 'Centrum', postcodes: ['9000'], minimumOrder: 0, fee: 0 }],
            },
          },
        ]
      : []),
  ]);
}
