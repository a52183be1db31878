import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import * as t from '../src/db/schema/index.js';
import { MemoryTicketStore } from '../src/integrations/printer-simulators/received-tickets.js';
import { PrintNodeSimulator } from '../src/integrations/printnode/printnode-simulator.js';
import { createAccount } from '../src/modules/auth/accounts.js';
import { jobsForOrder } from '../src/modules/printing/print-jobs.js';
import { NOT_CONFIGURED, readPrintSettings, updatePrintSettings } from '../src/modules/printing/print-settings.js';
import { Browser } from './support/browser.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { waitFor } from './support/wait.js';
import { NOW, aShopTakingOrders, placeOrder } from './support/orders.js';
import { startTestApp } from './support/server.js';

const LOGIN = `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }`;
const PASSWORD = 'Goed wachtwoord 42';
const SECRET_KEY = 'pn-live-secret-0123456789-wxyz';

describe.each(databaseKinds)('print settings and print jobs in the dashboard on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let simulator: PrintNodeSimulator;
  let printed: MemoryTicketStore;
  let baseUrl: string;
  let productId: number;

  beforeEach(async () => {
    testDb = await createTestDatabase(kind);
    const db = testDb.database.db;
    ({ productId } = await aShopTakingOrders(db));
    printed = new MemoryTicketStore();
    simulator = new PrintNodeSimulator(printed, {
      apiKey: SECRET_KEY,
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
      printNodeApiKey: SECRET_KEY,
      printNodeBaseUrl: baseUrl,
      allergenLabel: false,
    });
    app = await startTestApp(testDb.database, { BAKJE_PRINT_RETRY_MS: '20', BAKJE_JOB_POLL_MS: '25' }, () => NOW);
  });
  afterEach(async () => {
    await app.close();
    await simulator.stop();
    await testDb.cleanup();
  });

  async function as(role: 'kitchen' | 'manager' | 'admin' | 'customer') {
    const email = `${role}@example.be`;
    await createAccount(testDb.database.db, { email, password: PASSWORD, role });
    const browser = new Browser(() => app);
    const login = await browser.graphql(LOGIN, { u: email, p: PASSWORD });
    expect(login.body.errors).toBeUndefined();
    return browser;
  }

  it('is for settings.manage only: guests and customers 401, the kitchen 403, managers and admins 200', async () => {
    const calls = [
      ['GET', '/api/printing/settings', undefined],
      ['PUT', '/api/printing/settings', { kitchenCopies: 3 }],
      ['GET', '/api/jobs', undefined],
      ['POST', '/api/jobs/1/retry', undefined],
      ['POST', '/api/printing/test', { kind: 'kitchen' }],
    ] as const;
    const guest = new Browser(() => app);
    const customer = await as('customer');
    const kitchen = await as('kitchen');
    for (const [method, url, body] of calls) {
      expect((await guest.request(method, url, body)).statusCode, `guest ${method} ${url}`).toBe(401);
      expect((await customer.request(method, url, body)).statusCode, `customer ${method} ${url}`).toBe(401);
      const refused = await kitchen.request(method, url, body);
      expect(refused.statusCode, `kitchen ${method} ${url}`).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'PERMISSION_DENIED', data: { permission: 'settings.manage' } });
    }
    expect((await readPrintSettings(testDb.database.db)).kitchenCopies).toBe(1);
    expect(await printed.list()).toEqual([]);

    const manager = await as('manager');
    expect((await manager.request('GET', '/api/printing/settings')).statusCode).toBe(200);
    expect((await manager.request('GET', '/api/jobs')).json()).toEqual({ jobs: [], counts: {} });
    // The old print-only job routes are gone with their page section.
    expect((await manager.request('GET', '/api/printing/jobs')).statusCode).toBe(404);
    const admin = await as('admin');
    expect((await admin.request('PUT', '/api/printing/settings', { kitchenCopies: 3 })).json()).toMatchObject({ kitchenCopies: 3 });
    // A state change without the CSRF token does nothing.
    expect((await admin.request('PUT', '/api/printing/settings', { kitchenCopies: 4 }, { csrf: false })).statusCode).toBe(403);
    expect((await readPrintSettings(testDb.database.db)).kitchenCopies).toBe(3);
  });

  it('never returns the PrintNode API key; an absent key keeps it, an empty one clears it', async () => {
    const manager = await as('manager');
    const read = await manager.request('GET', '/api/printing/settings');
    expect(read.headers['cache-control']).toBe('no-store');
    expect(read.body).not.toContain(SECRET_KEY);
    expect(read.body).not.toContain('0123456789');
    expect(read.json()).toEqual({
      enabled: true,
      customerTicket: true,
      allergenLabel: false,
      kitchenTicket: true,
      kitchenCopies: 1,
      customerPrinter: '71',
      kitchenPrinter: '72',
      printNodeBaseUrl: baseUrl,
      printNodeApiKeySet: true,
      printNodeApiKeyEnding: 'wxyz',
      seller: { name: 'Uw frituur', address: ['Straat 1', '1000 Stad'], vatNumber: 'BE0000.000.000' },
      notConfigured: [],
    });

    const saved = await manager.request('PUT', '/api/printing/settings', { kitchenCopies: 2, seller: { name: 'Frituur Marcel' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain(SECRET_KEY);
    expect(saved.json()).toMatchObject({
      kitchenCopies: 2,
      printNodeApiKeySet: true,
      // The seller's other details stay as they were.
      seller: { name: 'Frituur Marcel', address: ['Straat 1', '1000 Stad'], vatNumber: 'BE0000.000.000' },
    });
    expect((await readPrintSettings(testDb.database.db)).printNodeApiKey).toBe(SECRET_KEY);

    const cleared = await manager.request('PUT', '/api/printing/settings', { printNodeApiKey: '' });
    expect(cleared.json()).toMatchObject({ printNodeApiKeySet: false, printNodeApiKeyEnding: null, notConfigured: ['customer', 'kitchen'] });
    expect((await readPrintSettings(testDb.database.db)).printNodeApiKey).toBe('');

    // A short key is not shown even in part; a LAN printer needs no key.
    const short = await manager.request('PUT', '/api/printing/settings', { printNodeApiKey: 'abcd1', kitchenPrinter: '192.168.1.50:9100' });
    expect(short.json()).toMatchObject({ printNodeApiKeySet: true, printNodeApiKeyEnding: null, kitchenPrinter: '192.168.1.50:9100', notConfigured: [] });
    expect(short.body).not.toContain('abcd1');
    const off = await manager.request('PUT', '/api/printing/settings', { enabled: false, customerPrinter: '' });
    expect(off.json()).toMatchObject({ enabled: false, customerPrinter: '', notConfigured: [] });
    expect((await manager.request('PUT', '/api/printing/settings', { enabled: true })).json()).toMatchObject({ notConfigured: ['customer'] });
    // The allergen label's switch is saved like the tickets' (the dashboard form sends it with every save).
    expect((await manager.request('PUT', '/api/printing/settings', { allergenLabel: false })).json()).toMatchObject({ allergenLabel: false });
    expect((await manager.request('PUT', '/api/printing/settings', { allergenLabel: 'no' })).statusCode).toBe(400);
  });

  it('refuses bad input with 400 naming the field, and changes nothing', async () => {
    const admin = await as('admin');
    await admin.request('PUT', '/api/printing/settings', { seller: { name: 'Frituur Marcel', address: ['Markt 1', '9000 Gent'] } });
    const before = await readPrintSettings(testDb.database.db);
    const bad: [unknown, string[]][] = [
      [{ kitchenPrinter: 'printer in de keuken' }, ['kitchenPrinter']],
      [{ customerPrinter: '10.0.0.5:70000' }, ['customerPrinter']],
      [{ kitchenPrinter: '0' }, ['kitchenPrinter']],
      [{ kitchenCopies: 11 }, ['kitchenCopies']],
      [{ kitchenCopies: -1 }, ['kitchenCopies']],
      [{ kitchenCopies: 1.5 }, ['kitchenCopies']],
      [{ kitchenCopies: '2' }, ['kitchenCopies']],
      [{ enabled: 'yes' }, ['enabled']],
      [{ printNodeBaseUrl: 'ftp://printnode.example' }, ['printNodeBaseUrl']],
      [{ printNodeBaseUrl: 'not a url' }, ['printNodeBaseUrl']],
      [{ printNodeApiKey: 'x'.repeat(201) }, ['printNodeApiKey']],
      [{ seller: { name: 'N'.repeat(49) } }, ['seller.name']],
      [{ seller: { address: ['a', 'b', 'c', 'd', 'e'] } }, ['seller.address']],
      [{ seller: { vatNumber: 'BE0123', iban: 'BE00' } }, ['seller.iban']],
      [{ printer: '72' }, ['printer']],
      // A good change next to a bad one: neither is saved.
      [{ kitchenCopies: 4, kitchenPrinter: 'nope' }, ['kitchenPrinter']],
      [null, ['']],
      [[{ kitchenCopies: 2 }], ['']],
    ];
    for (const [body, fields] of bad) {
      const response = await admin.request('PUT', '/api/printing/settings', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const answer = response.json() as { code: string; message: string; data: { fields: { field: string; message: string }[] } };
      expect(answer.code).toBe('PRINT_SETTINGS_INVALID');
      expect(
        answer.data.fields.map((f) => f.field),
        JSON.stringify(body),
      ).toEqual(fields);
      expect(answer.message).toMatch(/^Print settings not saved: /);
    }
    const printerError = (await admin.request('PUT', '/api/printing/settings', { kitchenPrinter: 'keuken' })).json();
    expect(printerError.data.fields[0].message).toMatch(/PrintNode printer id .* host:port/);
    expect(await readPrintSettings(testDb.database.db)).toEqual(before);

    for (const query of [
      'status=pending',
      'status=',
      'status=failed,printing',
      'kind=Print!',
      'limit=0',
      'limit=201',
      'limit=ten',
      'status=failed&status=skipped',
    ]) {
      expect((await admin.request('GET', `/api/jobs?${query}`)).statusCode, query).toBe(400);
    }
    expect((await admin.request('POST', '/api/jobs/abc/retry')).statusCode).toBe(400);
    expect((await admin.request('POST', '/api/jobs/999999/retry')).statusCode).toBe(404);
  });

  it('lists failed and skipped jobs; a retried job goes back to pending and is printed exactly once', async () => {
    const db = testDb.database.db;
    const admin = await as('admin');
    // A wrong key: PrintNode answers 401, which is not retried (failed for good). No customer ticket printer: skipped.
    await updatePrintSettings(db, { printNodeApiKey: 'pn-wrong-key-000000000', customerPrinter: '' });
    const first = await placeOrder(app, productId);
    const settled = await waitFor('jobs settled', async () => {
      const jobs = await jobsForOrder(db, first.databaseId);
      return jobs.length === 2 && jobs.every((j) => j.status === 'failed' || j.status === 'skipped') && jobs;
    });
    expect(settled.map((j) => [j.ticket, j.status])).toEqual([
      ['customer', 'skipped'],
      ['kitchen', 'failed'],
    ]);
    const second = await placeOrder(app, productId, { firstName: 'Bo', lastName: 'Claes' });
    await waitFor('second order settled', async () =>
      (await jobsForOrder(db, second.databaseId)).every((j) => j.status === 'failed' || j.status === 'skipped'),
    );
    // The confirmation mails are jobs of their own, settled in their own time.
    await waitFor('confirmation mails sent', async () => {
      const mails = (await admin.request('GET', '/api/jobs?kind=mail')).json() as { jobs: Array<{ status: string }> };
      return mails.jobs.length === 2 && mails.jobs.every((j) => j.status === 'done');
    });
    // Refused at the door (401): the simulator counts only the print requests it let in.
    expect(simulator.requests).toBe(0);

    type Listed = {
      id: number;
      kind: string;
      about: Record<string, unknown>;
      status: string;
      attempts: number;
      lastError: string;
      idempotencyKey: string;
      createdAt: string;
    };
    const answer = (await admin.request('GET', '/api/jobs?status=failed,skipped&kind=print')).json() as {
      jobs: Listed[];
      counts: Record<string, Record<string, number>>;
    };
    const listed = answer.jobs;
    const ticketOf = (order: { databaseId: number }, ticket: string) => ({ orderId: order.databaseId, ticket, copy: 1 });
    expect(listed.map((j) => [j.kind, j.about, j.status])).toEqual([
      ['print', ticketOf(second, 'kitchen'), 'failed'],
      ['print', ticketOf(second, 'customer'), 'skipped'],
      ['print', ticketOf(first, 'kitchen'), 'failed'],
      ['print', ticketOf(first, 'customer'), 'skipped'],
    ]);
    // The orders' confirmation mails went to the local mailbox.
    expect(answer.counts).toEqual({ print: { failed: 2, skipped: 2 }, mail: { done: 2 } });
    const failed = listed.find((j) => j.about.orderId === first.databaseId && j.about.ticket === 'kitchen')!;
    expect(failed).toMatchObject({ attempts: 1, idempotencyKey: `o${first.databaseId}-k1` });
    expect(failed.lastError).toMatch(/401|key/i);
    expect(listed.find((j) => j.about.orderId === first.databaseId && j.about.ticket === 'customer')!.lastError).toBe(NOT_CONFIGURED);
    expect((await admin.request('GET', '/api/jobs?status=failed&limit=1')).json().jobs.map((j: { id: number }) => j.id)).toEqual([listed[0]!.id]);
    expect((await admin.request('GET', '/api/jobs?status=queued,running')).json().jobs).toEqual([]);
    expect((await admin.request('GET', '/api/jobs?kind=mail')).json().jobs.map((j: Listed) => [j.status, j.about])).toEqual([
      ['done', { template: 'order_confirmation' }],
      ['done', { template: 'order_confirmation' }],
    ]);

    // The key is fixed; the failed kitchen ticket is retried and printed once, under its own key.
    expect((await admin.request('PUT', '/api/printing/settings', { printNodeApiKey: SECRET_KEY })).statusCode).toBe(200);
    const retried = await admin.request('POST', `/api/jobs/${failed.id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().job).toMatchObject({ id: failed.id, idempotencyKey: `o${first.databaseId}-k1` });
    const done = await waitFor('retried job done', async () => {
      const job = (await jobsForOrder(db, first.databaseId)).find((j) => j.id === failed.id);
      return job!.status === 'done' && job;
    });
    expect(done).toMatchObject({ printer: 'printnode:72', lastError: null, attempts: 1 });
    expect((await printed.list()).map((tk) => [tk.printer, tk.idempotencyKey])).toEqual([['printnode:72', `o${first.databaseId}-k1`]]);

    // Done: no second retry. The skipped customer ticket, after a printer is set, prints too.
    expect((await admin.request('POST', `/api/jobs/${failed.id}/retry`)).statusCode).toBe(409);
    const skipped = listed.find((j) => j.about.orderId === first.databaseId && j.about.ticket === 'customer')!;
    await admin.request('PUT', '/api/printing/settings', { customerPrinter: '71' });
    expect((await admin.request('POST', `/api/jobs/${skipped.id}/retry`)).statusCode).toBe(200);
    await waitFor('customer ticket printed', async () => (await printed.list()).length === 2);
    // Nothing printed twice: a job that printed is not sent again by any later wake-up.
    app.jobs.runner!.nudge();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await printed.list()).map((tk) => tk.idempotencyKey).sort()).toEqual([`o${first.databaseId}-c1`, `o${first.databaseId}-k1`]);
    expect(simulator.requests).toBe(2);
    expect((await admin.request('GET', '/api/jobs?status=failed,skipped')).json().jobs.map((j: Listed) => j.about)).toEqual([
      ticketOf(second, 'kitchen'),
      ticketOf(second, 'customer'),
    ]);
    // The readiness probe counts the jobs of each kind by state.
    expect((await app.server.inject({ method: 'GET', url: '/api/ready' })).json().jobs).toEqual({
      print: { done: 2, failed: 1, skipped: 1 },
      mail: { done: 2 },
    });
  });

  it('prints a test ticket straight to the configured printer, also while printing is off, and says why when it cannot', async () => {
    const manager = await as('manager');
    await manager.request('PUT', '/api/printing/settings', { enabled: false, seller: { name: 'Frituur Marcel' } });
    const sent = await manager.request('POST', '/api/printing/test', { kind: 'kitchen' });
    expect(sent.statusCode).toBe(200);
    const { printer, reference } = sent.json() as { printer: string; reference: string };
    expect(printer).toBe('printnode:72');
    const [ticket, ...others] = await printed.list();
    expect(others).toEqual([]);
    expect(ticket).toMatchObject({ printer: 'printnode:72', idempotencyKey: reference });
    const rule = '-'.repeat(23);
    expect(ticket!.lines).toEqual([
      rule,
      '    Frituur Marcel',
      '      TESTTICKET',
      '       Keukenbon',
      rule,
      '21-11-2026 10:00',
      'printnode:72',
      rule,
      `ref ${reference}`,
    ]);
    // Each test has its own reference: a second one is printed, not dropped as a repeat.
    expect((await manager.request('POST', '/api/printing/test', { kind: 'kitchen' })).statusCode).toBe(200);
    expect(await printed.list()).toHaveLength(2);

    await manager.request('PUT', '/api/printing/settings', { customerPrinter: '' });
    const missing = await manager.request('POST', '/api/printing/test', { kind: 'customer' });
    expect(missing.statusCode).toBe(409);
    expect(missing.json()).toMatchObject({ code: 'PRINTER_NOT_CONFIGURED', message: NOT_CONFIGURED });
    await manager.request('PUT', '/api/printing/settings', { customerPrinter: '127.0.0.1:9' });
    const dead = await manager.request('POST', '/api/printing/test', { kind: 'customer' });
    expect(dead.statusCode).toBe(503);
    expect(dead.json().message).toMatch(/^The test ticket did not print on lan:127\.0\.0\.1:9: /);
    for (const body of [{}, { kind: 'bar' }, { kind: 'kitchen', copies: 2 }, null]) {
      expect((await manager.request('POST', '/api/printing/test', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await printed.list()).toHaveLength(2);
    // Nothing was queued: a test ticket is not a print job.
    expect(await testDb.database.db.select().from(t.jobs)).toEqual([]);
  });
});
