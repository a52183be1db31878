import { expect } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import * as t from '../../src/db/schema/index.js';
import { buildApp, type App, type AppOptions } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { Database, DbOrTx } from '../../src/db/client.js';
import { createLogger } from '../../src/logger.js';
import { aProduct } from './builders.js';
import { graphql, type cartSession } from './server.js';

// Saturday 21 November 2026, 10:00 in Brussels.
export const NOW = new Date('2026-11-21T09:00:00Z');
export const DAY = '2026-11-21';
export const STAFF_HEADER = { 'x-test-staff': 'kitchen' };

/** A shop that takes takeaway orders today: one product, one slot with plenty of places, open all day. */
export async function aShopTakingOrders(db: DbOrTx): Promise<{ productId: number }> {
  await db.insert(t.settings).values({ key: 'opening_hours', value: { week: { '6': [{ open: '09:00', close: '23:00' }] } } });
  const productId = (await aProduct(db, { slug: 'frikandel', name: { nl: 'Frikandel' }, regularPrice: 280, maxQuantity: 60 })).id;
  await db.insert(t.timeSlots).values({ type: 'takeaway', startTime: '18:00', endTime: '19:00', intervalMinutes: 15, maxOrders: 1000, repeatDays: [6] });
  return { productId };
}

/**
 * The orders so far as a live shop's: a test app runs on the payment simulators, so its checkout marks every
 * order placed in test mode (docs/decisions/0070-test-and-live-mode.md) and the figures leave it out. Tests
 * of the figures count them as a live shop would.
 */
export async function countAsLive(db: DbOrTx): Promise<void> {
  await db.update(t.orders).set({ placedInTestMode: false });
}

/** A listening app (SSE needs a real socket) whose staff guard accepts requests carrying STAFF_HEADER. */
export async function startListeningApp(database: Database, options: AppOptions = {}): Promise<{ app: App; base: string }> {
  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', PORT: '0' });
  const app = await buildApp(config, database, createLogger('silent'), () => NOW, {
    authorizeStaff: async (request) => request.headers['x-test-staff'] === 'kitchen',
    ...options,
  });
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.server.address() as AddressInfo;
  return { app, base: `http://127.0.0.1:${port}` };
}

const ADD = `mutation($productId: Int!, $quantity: Int) { addToCart(input: {productId: $productId, quantity: $quantity}) { cart { isEmpty } } }`;
const SLOTS = `query { availableTimeSlots(type: TAKEAWAY, date: "${DAY}") { id } }`;
const CHECKOUT = `mutation($input: CheckoutInput!) { checkout(input: $input) { order { databaseId orderKey pickupNumber } } }`;

export interface PlacedOrder {
  databaseId: number;
  orderKey: string;
  pickupNumber: number;
  /** The session token of the customer who placed it. */
  token: string;
}

/** A customer places a cash takeaway order through GraphQL, as the shop does. */
export async function placeOrder(
  app: App,
  productId: number,
  customer = { firstName: 'An', lastName: 'Peeters' },
  /** The shop language the customer orders in (x-bakje-locale), e.g. fr_FR. */
  locale?: string,
): Promise<PlacedOrder> {
  let token: string | undefined;
  const call = async (query: string, variables?: Record<string, unknown>) => {
    const headers: Record<string, string> = {
      ...(token ? { 'woocommerce-session': `Session ${token}` } : {}),
      ...(locale ? { 'x-bakje-locale': locale } : {}),
    };
    const response = await graphql(app, query, variables, headers);
    const issued = response.headers['woocommerce-session'];
    if (typeof issued === 'string') token = issued;
    if (response.body.errors) throw new Error(JSON.stringify(response.body.errors));
    return response.body.data;
  };
  await call(ADD, { productId, quantity: 2 });
  const slot = (await call(SLOTS)).availableTimeSlots[0].id;
  const billing = { ...customer, phone: '0470 12 34 56', email: 'an@example.be', address1: 'Veldstraat 1', city: 'Gent', postcode: '9000' };
  const input = {
    paymentMethod: 'cod',
    billing,
    metaData: [
      { key: 'fulfilment_type', value: 'takeaway' },
      { key: 'time_slot', value: slot },
    ],
    customerNote: 'zonder ui',
  };
  const order = (await call(CHECKOUT, { input })).checkout.order;
  return { ...order, token: token! };
}

let sequence = 0;

const address = (n: number): t.Address => ({
  firstName: `Voornaam${n}`,
  lastName: `Achternaam${n}`,
  company: '',
  address1: `Straat ${n}`,
  address2: '',
  city: 'Gent',
  state: '',
  postcode: '9000',
  country: 'BE',
  phone: `04701234${String(n).padStart(2, '0')}`,
  email: `klant${n}@example.test`,
});

/** An order row with one line, written directly (no checkout), for back-office and REST tests. */
export async function anOrder(db: DbOrTx, overrides: Partial<typeof t.orders.$inferInsert> = {}, productId = 1) {
  const n = ++sequence;
  const [order] = await db
    .insert(t.orders)
    .values({
      orderKey: `wc_order_${randomBytes(16).toString('hex')}`,
      status: 'processing',
      fulfilmentType: 'takeaway',
      pickupNumber: n,
      pickupDay: '2026-11-22',
      billing: address(n),
      shipping: address(n),
      paymentMethod: 'cod',
      paymentMethodTitle: 'Cash',
      subtotal: 1000,
      totalTax: 57,
      total: 1000,
      ...overrides,
    })
    .returning();
  await db.insert(t.orderLines).values({
    orderId: order!.id,
    position: 0,
    productId,
    name: 'Friet groot',
    quantity: 2,
    unitPrice: 500,
    subtotal: 1000,
    total: 1000,
    vatRate: 6,
    totalTax: 57,
  });
  return order!;
}

/**
 * A shopper's takeaway checkout through GraphQL for today's first slot, as An Peeters: `checkout` is the mutation
 * (each test selects what it reads), `metaData` is added after the fulfilment and slot. Returns `data.checkout`.
 */
export async function takeawayCheckout(
  call: ReturnType<typeof cartSession>,
  checkout: string,
  paymentMethod: string,
  metaData: { key: string; value: string }[] = [],
) {
  const slot = (await call(`query { availableTimeSlots(type: TAKEAWAY, date: "${DAY}") { id } }`)).data.availableTimeSlots[0].id;
  const billing = {
    firstName: 'An',
    lastName: 'Peeters',
    phone: '0470 12 34 56',
    email: 'an@example.be',
    address1: 'Veldstraat 1',
    city: 'Gent',
    postcode: '9000',
  };
  const body = await call(checkout, {
    input: {
      paymentMethod,
      billing,
      metaData: [{ key: 'fulfilment_type', value: 'takeaway' }, { key: 'time_slot', value: slot }, ...metaData],
    },
  });
  expect(body.errors).toBeUndefined();
  return body.data.checkout;
}
