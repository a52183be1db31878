import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KitchenStations, Station } from '@bakje/contract';
import * as t from '../src/db/schema/index.js';
import type { App } from '../src/app.js';
import { ensureFirstAdmin } from '../src/modules/auth/first-admin.js';
import { Browser } from './support/browser.js';
import { aCategory, aProduct } from './support/builders.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { anOrder } from './support/orders.js';
import { startTestApp } from './support/server.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/logger.js';
import { moveOrder } from '../src/modules/orders/lifecycle.js';
import { jobsForOrder } from '../src/modules/printing/print-jobs.js';
import { readPrintSettings, updatePrintSettings } from '../src/modules/printing/print-settings.js';
import { Stations } from '../src/modules/stations/stations.js';
import { waitFor } from './support/wait.js';

const LOGIN = `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }`;
const PASSWORD = 'Goed wachtwoord 42';

/** Stations (docs/decisions/0069-kitchen-stations.md): CRUD with its refusals, parts per station, ready when all bumped. */
describe.each(databaseKinds)('kitchen stations (%s)', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  const staff = new Map<string, Browser>();
  let fries: { id: number };
  let grill: { id: number };
  let drinks: { id: number };
  let friet: { id: number };
  let burger: { id: number };
  let cola: { id: number };
  let sauce: { id: number };

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    app = await startTestApp(testDb.database);
    const db = testDb.database.db;
    await ensureFirstAdmin(testDb.database, { email: 'baas@example.be', password: 'De baas van de frituur' });
    const admin = new Browser(() => app);
    await admin.graphql(LOGIN, { u: 'baas@example.be', p: 'De baas van de frituur' });
    for (const role of ['kitchen', 'manager'] as const) {
      expect((await admin.request('POST', '/api/staff/users', { email: `${role}@example.be`, password: PASSWORD, role })).statusCode).toBe(201);
      const browser = new Browser(() => app);
      expect((await browser.graphql(LOGIN, { u: `${role}@example.be`, p: PASSWORD })).body.data.login.viewer.role).toBe(role);
      staff.set(role, browser);
    }
    fries = await aCategory(db, { slug: 'frieten' });
    grill = await aCategory(db, { slug: 'grill' });
    drinks = await aCategory(db, { slug: 'dranken' });
    friet = await aProduct(db, { slug: 'friet', name: { nl: 'Friet groot' }, categoryIds: [fries.id] });
    burger = await aProduct(db, { slug: 'burger', name: { nl: 'Burger' }, categoryIds: [grill.id] });
    // In the fries' category, but the manager sends it to the grill: the product's own assignment wins.
    sauce = await aProduct(db, { slug: 'stoofvleessaus', name: { nl: 'Stoofvleessaus' }, categoryIds: [fries.id] });
    cola = await aProduct(db, { slug: 'cola', name: { nl: 'Cola' }, categoryIds: [drinks.id] });
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const manager = () => staff.get('manager')!;
  const kitchen = () => staff.get('kitchen')!;
  /** One request, its answer's JSON read. */
  const call = async (who: Browser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
    const response = await who.request(method, url, body);
    // oxlint-disable-next-line typescript/no-explicit-any -- each test reads the fields it expects
    return { statusCode: response.statusCode, body: (response.body ? JSON.parse(response.body) : undefined) as any };
  };
  const orderRow = async (id: number) => (await testDb.database.db.select().from(t.orders).where(eq(t.orders.id, id)))[0]!;
  const eventsOf = async (id: number) =>
    (await testDb.database.db.select().from(t.orderEvents).where(eq(t.orderEvents.orderId, id)).orderBy(asc(t.orderEvents.id))).map(
      (e) => (e.payload as { action?: string }).action,
    );
  /** An order of friet, a burger, a sauce and a cola, as the kitchen gets it. */
  const anOrderOfEverything = async () => {
    const order = await anOrder(testDb.database.db, {}, friet.id);
    await testDb.database.db.insert(t.orderLines).values(
      [burger, sauce, cola].map((p, i) => ({
        orderId: order.id,
        position: i + 1,
        productId: p.id,
        name: `line ${p.id}`,
        quantity: 1,
        unitPrice: 500,
        subtotal: 500,
        total: 500,
        vatRate: 6,
        totalTax: 28,
      })),
    );
    return order;
  };

  let friteuse: Station;
  let grillStation: Station;

  it('creates, lists, changes and deletes stations, refusing input that does not fit and changing nothing then', async () => {
    const created = await call(manager(), 'POST', '/api/dashboard/stations', { name: ' Friteuse ', categoryIds: [fries.id] });
    expect(created.statusCode).toBe(201);
    friteuse = created.body as Station;
    expect(friteuse).toMatchObject({ name: 'Friteuse', printer: '', categoryIds: [fries.id], productIds: [] });
    const second = await call(manager(), 'POST', '/api/dashboard/stations', { name: 'Grill', categoryIds: [grill.id], productIds: [sauce.id] });
    grillStation = second.body as Station;

    const refusals: [unknown, RegExp][] = [
      [{ name: '' }, /name/],
      [{ name: 'x'.repeat(41) }, /name/],
      [{ name: 'friteuse' }, /exists already/],
      [{ name: 'Dranken', categoryIds: [fries.id] }, /belongs to station "Friteuse"/],
      [{ name: 'Dranken', productIds: [sauce.id] }, /belongs to station "Grill"/],
      [{ name: 'Dranken', categoryIds: [999999] }, /Category 999999 does not exist/],
      [{ name: 'Dranken', productIds: [999999] }, /Product 999999 does not exist/],
      [{ name: 'Dranken', colour: 'red' }, /Unrecognized key/],
    ];
    for (const [body, message] of refusals) {
      const response = await call(manager(), 'POST', '/api/dashboard/stations', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.body).toMatchObject({ code: 'STATION_INVALID' });
      expect(response.body.message).toMatch(message);
    }
    expect(((await call(manager(), 'GET', '/api/dashboard/stations')).body as { stations: Station[] }).stations.map((s) => s.name)).toEqual([
      'Friteuse',
      'Grill',
    ]);

    // The kitchen role may use stations, not manage them.
    expect((await call(kitchen(), 'POST', '/api/dashboard/stations', { name: 'Dranken' })).statusCode).toBe(403);
    expect((await call(kitchen(), 'GET', '/api/dashboard/stations')).statusCode).toBe(403);
    expect((await new Browser(() => app).request('GET', '/api/kitchen/stations')).statusCode).toBe(401);

    const drinksStation = (await call(manager(), 'POST', '/api/dashboard/stations', { name: 'Dranken', printer: '192.168.1.60:9100' })).body as Station;
    const renamed = await call(manager(), 'PUT', `/api/dashboard/stations/${drinksStation.id}`, { name: 'Bar', categoryIds: [drinks.id] });
    expect(renamed.body).toMatchObject({ id: drinksStation.id, name: 'Bar', printer: '', categoryIds: [drinks.id] });
    expect((await call(manager(), 'PUT', `/api/dashboard/stations/${drinksStation.id}`, { name: 'Grill' })).statusCode).toBe(400);
    expect((await call(manager(), 'DELETE', `/api/dashboard/stations/${drinksStation.id}`)).statusCode).toBe(204);
    expect((await call(manager(), 'DELETE', `/api/dashboard/stations/${drinksStation.id}`)).body).toMatchObject({ code: 'STATION_NOT_FOUND' });
    expect((await call(manager(), 'PUT', '/api/dashboard/stations/424242', { name: 'X' })).statusCode).toBe(404);
    expect(await testDb.database.db.select().from(t.stationCategories).where(eq(t.stationCategories.categoryId, drinks.id))).toEqual([]);
  });

  it('splits an order by station and makes it ready when every station bumped its part; a recall undoes it', async () => {
    const view = (await call(kitchen(), 'GET', '/api/kitchen/stations')).body as KitchenStations;
    expect(view.stations.map((s) => s.name)).toEqual(['Friteuse', 'Grill']);
    // Friet goes to the fries by its category, the sauce to the grill by its own assignment; the cola has no station.
    expect(view.productStations).toEqual({ [friet.id]: friteuse.id, [burger.id]: grillStation.id, [sauce.id]: grillStation.id });

    const order = await anOrderOfEverything();
    const url = (station: number, action: 'bump' | 'recall') => `/api/kitchen/orders/${order.id}/stations/${station}/${action}`;
    expect(await call(kitchen(), 'POST', url(friteuse.id, 'bump'))).toMatchObject({ statusCode: 200, body: { orders: [order.id], ready: false } });
    expect((await orderRow(order.id)).status).toBe('processing');
    // Bumping again changes nothing; the grill's part is still open.
    expect((await call(kitchen(), 'POST', url(friteuse.id, 'bump'))).body).toEqual({ orders: [order.id], ready: false });
    expect(await call(kitchen(), 'POST', url(grillStation.id, 'bump'))).toMatchObject({ statusCode: 200, body: { ready: true } });
    expect((await orderRow(order.id)).status).toBe('completed');
    const readyEvent = (await testDb.database.db.select().from(t.orderEvents).where(eq(t.orderEvents.orderId, order.id)).orderBy(asc(t.orderEvents.id))).at(
      -1,
    )!;
    expect(readyEvent.payload).toMatchObject({ action: 'ready', order: { status: 'completed', stationBumps: [friteuse.id, grillStation.id] } });

    // A recall of one part puts the order back to preparing, through the lifecycle's recover.
    expect((await call(kitchen(), 'POST', url(grillStation.id, 'recall'))).body).toEqual({ orders: [order.id], ready: false });
    expect((await orderRow(order.id)).status).toBe('processing');
    expect((await call(kitchen(), 'POST', url(grillStation.id, 'recall'))).body).toMatchObject({ code: 'ORDER_ACTION_REFUSED' });
    expect((await call(kitchen(), 'POST', url(friteuse.id, 'recall'))).body).toEqual({ orders: [order.id], ready: false });
    expect(await eventsOf(order.id)).toEqual(['station-bump', 'station-bump', 'ready', 'recover', 'station-recall']);
    expect(await testDb.database.db.select().from(t.stationBumps).where(eq(t.stationBumps.orderId, order.id))).toEqual([]);

    // Refusals: a station with nothing in the order, an unknown station or order, an order that is not in the kitchen.
    const onlyCola = await anOrder(testDb.database.db, {}, cola.id);
    expect((await call(kitchen(), 'POST', `/api/kitchen/orders/${onlyCola.id}/stations/${friteuse.id}/bump`)).body.message).toMatch(/has nothing for Friteuse/);
    expect((await call(kitchen(), 'POST', `/api/kitchen/orders/${order.id}/stations/424242/bump`)).statusCode).toBe(404);
    expect((await call(kitchen(), 'POST', `/api/kitchen/orders/424242/stations/${friteuse.id}/bump`)).statusCode).toBe(404);
    expect((await call(kitchen(), 'POST', `/api/kitchen/orders/x/stations/${friteuse.id}/bump`)).statusCode).toBe(400);
    const pending = await anOrder(testDb.database.db, { status: 'pending' }, friet.id);
    expect((await call(kitchen(), 'POST', `/api/kitchen/orders/${pending.id}/stations/${friteuse.id}/bump`)).statusCode).toBe(409);
    expect((await orderRow(pending.id)).status).toBe('pending');
  });

  it('leaves an order without station items to the kitchen as before', async () => {
    const order = await anOrder(testDb.database.db, {}, cola.id);
    const ready = await call(kitchen(), 'POST', `/api/kitchen/orders/${order.id}/ready`);
    expect(ready.body).toEqual({ orders: [order.id] });
    const event = (await testDb.database.db.select().from(t.orderEvents).where(eq(t.orderEvents.orderId, order.id))).at(-1)!;
    expect(event.payload).not.toHaveProperty('order.stationBumps');
  });
});

/** A station with its own printer prints its own kitchen ticket with only its lines, once, through the job runner. */
describe.each(databaseKinds)('station tickets (%s)', (kind) => {
  let testDb: TestDatabase;
  let app: App;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    // The allergen label (decision 0084) is tested in allergens-own-container.test.ts; here only the two tickets.
    await updatePrintSettings(testDb.database.db, { customerPrinter: '', kitchenPrinter: '', kitchenCopies: 1, allergenLabel: false });
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      PORT: '0',
      BAKJE_VIRTUAL_PRINTER: 'true',
      BAKJE_PRINT_RETRY_MS: '20',
      BAKJE_JOB_POLL_MS: '25',
    });
    app = await buildApp(config, testDb.database, createLogger('silent'), () => new Date());
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  it('prints the grill its lines on its own printer, and the kitchen the whole order as before', async () => {
    const db = testDb.database.db;
    const grillCategory = await aCategory(db, { slug: 'grill' });
    const burger = await aProduct(db, { slug: 'burger', name: { nl: 'Cheeseburger' }, categoryIds: [grillCategory.id] });
    const friet = await aProduct(db, { slug: 'friet', name: { nl: 'Friet groot' } });
    // The virtual printer's address (demo mode points the kitchen printer at it): the grill prints there too.
    const printer = (await readPrintSettings(db)).kitchenPrinter;
    const stations = new Stations(db);
    await expect(stations.create({ name: 'Grill', printer: 'geen printer' })).rejects.toMatchObject({ code: 'STATION_INVALID' });
    const grill = await stations.create({ name: 'Grill', printer, categoryIds: [grillCategory.id] });
    await stations.create({ name: 'Friteuse', productIds: [friet.id] });

    const order = await anOrder(db, { status: 'pending' }, friet.id);
    await db.insert(t.orderLines).values({
      orderId: order.id,
      position: 1,
      productId: burger.id,
      name: 'Cheeseburger',
      quantity: 3,
      unitPrice: 500,
      subtotal: 1500,
      total: 1500,
      vatRate: 6,
      totalTax: 85,
    });
    await db.transaction((tx) =>
      moveOrder(tx, order.id, { kind: 'paid', paymentMethod: 'bancontact', paymentMethodTitle: 'Bancontact', transactionId: 'tx-1' }, { now: new Date() }),
    );

    const jobs = await waitFor('the tickets printed', async () => {
      const list = await jobsForOrder(db, order.id);
      return list.length === 3 && list.every((j) => j.status === 'done') && list;
    });
    expect(jobs.map((j) => j.idempotencyKey).sort()).toEqual([`o${order.id}-c1`, `o${order.id}-k1`, `o${order.id}-s${grill.id}`]);
    const tickets = await waitFor('the grill ticket on the virtual printer', async () => {
      const list = await app.printing.receivedTickets!.list();
      return list.some((tk) => tk.idempotencyKey === `o${order.id}-s${grill.id}`) && list.some((tk) => tk.idempotencyKey === `o${order.id}-k1`) && list;
    });
    const grillTicket = tickets.find((tk) => tk.idempotencyKey === `o${order.id}-s${grill.id}`)!.lines.join('\n');
    expect(grillTicket).toContain('GRILL');
    expect(grillTicket).toContain('3x');
    expect(grillTicket).toContain('Cheeseburger');
    expect(grillTicket).not.toContain('Friet');
    const kitchenTicket = tickets.find((tk) => tk.idempotencyKey === `o${order.id}-k1`)!.lines.join('\n');
    expect(kitchenTicket).toContain('Friet');
    expect(kitchenTicket).toContain('Cheeseburger');
  });
});
