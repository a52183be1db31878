import { Writable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as t from '../src/db/schema/index.js';
import { buildApp, type App } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Logger } from '../src/logger.js';
import { MemoryTicketStore } from '../src/integrations/printer-simulators/received-tickets.js';
import { PrintNodeSimulator } from '../src/integrations/printnode/printnode-simulator.js';
import { enqueueReprint, jobsForOrder } from '../src/modules/printing/print-jobs.js';
import { printJobHandler } from '../src/modules/printing/print-handler.js';
import { JobHandlers, JobRunner } from '../src/jobs/job-runner.js';
import { NOT_CONFIGURED, updatePrintSettings } from '../src/modules/printing/print-settings.js';
import { createAccount } from '../src/modules/auth/accounts.js';
import { aProduct } from './support/builders.js';
import { Browser } from './support/browser.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { waitFor as waitUntil } from './support/wait.js';
import { graphql } from './support/server.js';

// Saturday 21 November 2026, 10:00 in Brussels.
const NOW = new Date('2026-11-21T09:00:00Z');
const ADD = `mutation($productId: Int!, $quantity: Int) { addToCart(input: {productId: $productId, quantity: $quantity}) { cart { isEmpty } } }`;
const CHECKOUT = `mutation($input: CheckoutInput!) { checkout(input: $input) { order { databaseId pickupNumber } } }`;
const billing = { firstName: 'Zoë', lastName: 'Peeters', phone: '0470 12 34 56', address1: 'Veldstraat 1', city: 'Gent', postcode: '9000' };

interface LogEntry {
  level: number;
  msg: string;
}

/** An app with its logs captured, on the test's database; print timings shortened for the test. */
async function startApp(testDb: TestDatabase, logs: LogEntry[], env: Record<string, string> = {}): Promise<App> {
  const config = loadConfig({ LOG_LEVEL: 'info', NODE_ENV: 'test', PORT: '0', BAKJE_PRINT_RETRY_MS: '20', BAKJE_JOB_POLL_MS: '25', ...env });
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) logs.push(JSON.parse(line) as LogEntry);
      done();
    },
  });
  return buildApp(config, testDb.database, pino({ level: 'info' }, sink) as unknown as Logger, () => NOW);
}

async function placeCashOrder(app: App, productId: number, slotId: number): Promise<number> {
  let token: string | undefined;
  const call = async (query: string, variables: Record<string, unknown>) => {
    const response = await graphql(app, query, variables, token ? { 'woocommerce-session': `Session ${token}` } : {});
    const issued = response.headers['woocommerce-session'];
    if (typeof issued === 'string') token = issued;
    expect(response.body.errors).toBeUndefined();
    return response.body.data;
  };
  await call(ADD, { productId, quantity: 2 });
  const input = {
    paymentMethod: 'cod',
    billing,
    customerNote: 'zonder ui|extra zout',
    metaData: [
      { key: 'fulfilment_type', value: 'takeaway' },
      { key: 'time_slot', value: `${slotId}@2026-11-21T18:15` },
    ],
  };
  return (await call(CHECKOUT, { input })).checkout.order.databaseId as number;
}

/** Waits for background printing; a timeout shows the jobs as last seen. */
const waitFor = <T>(what: string, probe: () => Promise<T | undefined | false>) => waitUntil(what, probe, () => lastSeen);

let lastSeen: unknown;
const allSettled = (testDb: TestDatabase, orderId: number, count: number) => () =>
  jobsForOrder(testDb.database.db, orderId).then((jobs) => {
    lastSeen = jobs;
    return jobs.length === count && jobs.every((j) => j.status === 'done' || j.status === 'skipped') && jobs;
  });

describe.each(databaseKinds)('printing order tickets on %s', (kind) => {
  let testDb: TestDatabase;
  let productId: number;
  let slotId: number;
  let simulator: PrintNodeSimulator;
  let printed: MemoryTicketStore;
  let baseUrl: string;
  const apps: App[] = [];
  const logs: LogEntry[] = [];

  beforeEach(async () => {
    logs.length = 0;
    testDb = await createTestDatabase(kind);
    const db = testDb.database.db;
    await db.insert(t.settings).values({ key: 'opening_hours', value: { week: { '6': [{ open: '09:00', close: '23:00' }] } } });
    productId = (await aProduct(db, { name: { nl: 'Frikandel speciaal met curry ketchup en gehakte ajuin' }, regularPrice: 280 })).id;
    slotId = (
      await db
        .insert(t.timeSlots)
        .values({ type: 'takeaway', startTime: '18:00', endTime: '19:00', intervalMinutes: 15, maxOrders: 10, repeatDays: [6] })
        .returning()
    )[0]!.id;
    printed = new MemoryTicketStore();
    simulator = new PrintNodeSimulator(printed, {
      apiKey: 'pn-test-key',
      printers: [
        { id: 71, name: 'Toog' },
        { id: 72, name: 'Keuken' },
      ],
    });
    baseUrl = await simulator.start();
    // The allergen label (decision 0084) is tested in allergens-own-container.test.ts; here only the two tickets.
    await updatePrintSettings(db, {
      customerPrinter: '71',
      kitchenPrinter: '72',
      printNodeApiKey: 'pn-test-key',
      printNodeBaseUrl: baseUrl,
      allergenLabel: false,
    });
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await simulator.stop();
    await testDb.cleanup();
  });

  it('prints a cash order exactly once through PrintNode when the first two attempts fail', async () => {
    simulator.failNext(2);
    const app = await startApp(testDb, logs);
    apps.push(app);
    const orderId = await placeCashOrder(app, productId, slotId);
    const jobs = await waitFor('both tickets', allSettled(testDb, orderId, 2)).catch((error: unknown) => {
      console.log(JSON.stringify(logs.filter((l) => l.level >= 40)).slice(0, 3000));
      throw error;
    });

    expect(jobs.map((j) => [j.ticket, j.status, j.idempotencyKey])).toEqual([
      ['customer', 'done', `o${orderId}-c1`],
      ['kitchen', 'done', `o${orderId}-k1`],
    ]);
    expect(jobs.reduce((sum, j) => sum + j.attempts, 0)).toBe(4);
    expect(simulator.requests).toBe(4);
    expect(logs.filter((l) => l.msg === 'print failed')).toHaveLength(2);
    const tickets = await printed.list();
    expect(tickets.map((tk) => [tk.printer, tk.idempotencyKey]).sort()).toEqual([
      ['printnode:71', `o${orderId}-c1`],
      ['printnode:72', `o${orderId}-k1`],
    ]);
    const customer = tickets.find((tk) => tk.printer === 'printnode:71')!.lines;
    expect(customer).toContain('2x  Frikandel speciaal met curry ket...     5,60');
    expect(customer).toContain('Klant: Zoe Peeters');
    expect(customer).toContain('Betalingsmethode: Contant');
    expect(customer).toContain('Betaling: TE BETALEN');
    const kitchen = tickets.find((tk) => tk.printer === 'printnode:72')!.lines;
    // Placed on the simulators, the order is a test-mode order: its tickets open with the TEST mark (decision 0070).
    expect(kitchen[0]!.trim()).toBe('*** TEST ***');
    expect(kitchen.slice(2, 4)).toEqual(['#1              AFHALEN', '21-11             18:15']);
    expect(kitchen).toEqual(expect.arrayContaining(['- zonder ui', '- extra zout', 'CASH']));

    // The job printed but the runner died before writing "done": the retry is recognised, not printed again.
    await testDb.database.db
      .update(t.jobs)
      .set({ status: 'queued', finishedAt: null })
      .where(
        inArray(
          t.jobs.id,
          jobs.map((j) => j.id),
        ),
      );
    app.jobs.runner!.nudge();
    await waitFor('jobs done again', allSettled(testDb, orderId, 2));
    expect(simulator.requests).toBe(6);
    expect(await printed.list()).toHaveLength(2);
  });

  it('prints exactly once after the server stops between the order and the print', async () => {
    const first = await startApp(testDb, logs, { BAKJE_JOB_RUNNER: 'false' });
    const orderId = await placeCashOrder(first, productId, slotId);
    await first.close();
    const pending = await jobsForOrder(testDb.database.db, orderId);
    expect(pending.map((j) => j.status)).toEqual(['queued', 'queued']);
    expect(simulator.requests).toBe(0);
    // The kitchen ticket was being printed by a runner that died: its lease has run out.
    await testDb.database.db
      .update(t.jobs)
      .set({ status: 'running', claimedBy: 'jr-dead', leaseUntil: new Date(Date.now() - 1000), attempts: 1 })
      .where(eq(t.jobs.id, pending[1]!.id));

    const second = await startApp(testDb, logs);
    apps.push(second);
    await waitFor('resumed jobs', allSettled(testDb, orderId, 2));
    await second.close();
    apps.pop();
    const third = await startApp(testDb, logs);
    apps.push(third);
    expect((await jobsForOrder(testDb.database.db, orderId)).map((j) => [j.attempts, j.interrupted])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(await third.jobs.runner!.drain()).toBe(0);
    expect((await printed.list()).map((tk) => tk.idempotencyKey).sort()).toEqual([`o${orderId}-c1`, `o${orderId}-k1`]);
    expect(simulator.requests).toBe(2);
  });

  it('sends nothing and warns when the key or printer is missing or printing is off', async () => {
    await updatePrintSettings(testDb.database.db, { printNodeApiKey: '' });
    const app = await startApp(testDb, logs);
    apps.push(app);
    const orderId = await placeCashOrder(app, productId, slotId);
    const jobs = await waitFor('skipped jobs', allSettled(testDb, orderId, 2));
    expect(jobs.map((j) => [j.status, j.lastError])).toEqual([
      ['skipped', NOT_CONFIGURED],
      ['skipped', NOT_CONFIGURED],
    ]);
    expect(logs.filter((l) => l.msg === NOT_CONFIGURED && l.level === 40)).toHaveLength(2);

    await updatePrintSettings(testDb.database.db, { printNodeApiKey: 'pn-test-key', enabled: false, kitchenCopies: 0 });
    const second = await placeCashOrder(app, productId, slotId);
    const off = await waitFor('skipped job', allSettled(testDb, second, 1));
    expect(off.map((j) => [j.ticket, j.status])).toEqual([['customer', 'skipped']]);
    expect(logs.filter((l) => l.msg === NOT_CONFIGURED)).toHaveLength(3);
    expect(simulator.requests).toBe(0);
    expect(await printed.list()).toEqual([]);
  });

  it('skips a ticket whose order no longer exists, reading the settings on their own (printing on or off)', async () => {
    const app = await startApp(testDb, logs);
    apps.push(app);
    // The orders and the settings come in one query; with no order found the settings are read alone.
    const missing = 987_654;
    await enqueueReprint(testDb.database.db, missing, 'kitchen');
    const [gone] = await waitFor('the skipped job', allSettled(testDb, missing, 1));
    expect([gone!.status, gone!.lastError]).toEqual(['skipped', 'order not found']);

    await updatePrintSettings(testDb.database.db, { enabled: false });
    await enqueueReprint(testDb.database.db, missing, 'customer');
    const jobs = await waitFor('the second skipped job', allSettled(testDb, missing, 2));
    expect([jobs[1]!.status, jobs[1]!.lastError]).toEqual(['skipped', 'printing is off']);
    expect(simulator.requests).toBe(0);
  });

  it('prints to the virtual LAN printer in demo mode, with kitchen copies, and lists the tickets', async () => {
    await updatePrintSettings(testDb.database.db, { customerPrinter: '', kitchenPrinter: '', kitchenCopies: 2 });
    const app = await startApp(testDb, logs, { BAKJE_VIRTUAL_PRINTER: 'true' });
    apps.push(app);
    app.printing.virtualPrinter!.failNext(1);
    const orderId = await placeCashOrder(app, productId, slotId);
    const jobs = await waitFor('three tickets', allSettled(testDb, orderId, 3));
    expect(jobs.map((j) => [j.idempotencyKey, j.status, j.printer])).toEqual([
      [`o${orderId}-c1`, 'done', `lan:${app.printing.virtualPrinter!.address}`],
      [`o${orderId}-k1`, 'done', `lan:${app.printing.virtualPrinter!.address}`],
      [`o${orderId}-k2`, 'done', `lan:${app.printing.virtualPrinter!.address}`],
    ]);
    // The three tickets of one printer go over one connection: the one that failed, then the one that printed them.
    expect(app.printing.virtualPrinter!.jobsReceived).toBe(2);

    // The tickets carry customer names: staff only.
    expect((await app.server.inject({ method: 'GET', url: '/api/printing/simulated-tickets' })).statusCode).toBe(401);
    await createAccount(testDb.database.db, { email: 'keuken@example.be', password: 'Goed wachtwoord 42', role: 'kitchen' });
    const kitchen = new Browser(() => app);
    await kitchen.graphql(`mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }`, {
      u: 'keuken@example.be',
      p: 'Goed wachtwoord 42',
    });
    const response = await kitchen.request('GET', '/api/printing/simulated-tickets');
    expect(response.statusCode).toBe(200);
    const tickets = response.json().tickets as { idempotencyKey: string; text: string }[];
    expect(tickets.map((tk) => tk.idempotencyKey).sort()).toEqual([`o${orderId}-c1`, `o${orderId}-k1`, `o${orderId}-k2`]);
    expect(tickets.find((tk) => tk.idempotencyKey === `o${orderId}-c1`)!.text).toMatch(/PRO FORMA\n {8}Dit is geen geldig BTW-kasticket/);
    expect(simulator.requests).toBe(0);
  });

  it('shares the queue between two workers (two instances on PostgreSQL) without printing a ticket twice', async () => {
    const app = await startApp(testDb, logs, { BAKJE_JOB_RUNNER: 'false' });
    apps.push(app);
    const orderId = await placeCashOrder(app, productId, slotId);
    for (let i = 0; i < 18; i++) await enqueueReprint(testDb.database.db, orderId, i % 2 ? 'customer' : 'kitchen');
    const second = kind === 'postgres' ? await testDb.openAnother() : testDb.database;
    const silent = pino({ level: 'silent' }) as unknown as Logger;
    const handlers = new JobHandlers().register(printJobHandler({ timeZone: 'Europe/Brussels', retryBaseMs: 10 }));
    const options = { concurrency: 2, pollMs: 25, leaseMs: 5000 };
    const workers = [
      new JobRunner(testDb.database.db, testDb.database, handlers, silent, options),
      new JobRunner(second.db, second, handlers, silent, options),
    ];
    simulator.failNext(3);
    const handled = [0, 0];
    // Both workers drain the same queue at the same time, again after failed attempts come due.
    await waitFor('twenty tickets', async () => {
      const counts = await Promise.all(workers.map((w) => w.drain()));
      counts.forEach((n, i) => (handled[i]! += n));
      return allSettled(testDb, orderId, 20)();
    });
    const keys = (await printed.list()).map((tk) => tk.idempotencyKey);
    expect(keys).toHaveLength(20);
    expect(new Set(keys).size).toBe(20);
    expect(simulator.requests).toBe(23);
    if (kind === 'postgres') expect(handled.every((n) => n > 0)).toBe(true);
  });
});
