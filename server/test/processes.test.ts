import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { ensureBuiltServer, freePort, mainJs, serverDir, stopProcess } from './support/built-server.js';
import * as t from '../src/db/schema/index.js';
import { openPglite, type DbOrTx } from '../src/db/client.js';
import { TWILIO_SIMULATOR_ROOT, TwilioSimulator } from '../src/integrations/twilio/twilio-simulator.js';
import { WebPushSimulator } from '../src/integrations/webpush/webpush-simulator.js';
import { createLogger } from '../src/logger.js';
import { updatePrintSettings } from '../src/modules/printing/print-settings.js';
import { aProduct } from './support/builders.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { SseClient } from './support/sse-client.js';

/*
 * Real server processes (node server/dist/main.js, as deployed), not app instances in this process: the
 * promises of issue 5 are about processes (a second instance on the same PostgreSQL, a server killed
 * between order and print), and so is issue 35's of notifications sent once across a crash. The build is made below when it is missing or stale. Processes are slow to
 * start on a shared machine, so time limits are generous; they catch a missing result, not slowness.
 */

const ADMIN = { email: 'beheer@example.be', password: 'Stoofvlees met friet' };

const started: ChildProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const child of started.splice(0)) await stopProcess(child, 'SIGKILL');
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

beforeAll(ensureBuiltServer, 180_000);

interface Server {
  child: ChildProcess;
  base: string;
  output: () => string;
}

/** Starts dist/main.js and waits until /api/health answers (or the process dies: its output says why). */
async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [mainJs], {
    cwd: serverDir,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      BAKJE_PRINT_URLS: 'false',
      BAKJE_VIRTUAL_PRINTER: 'false',
      BAKJE_SEED_DEMO: 'false',
      BAKJE_SESSION_SECRET: 'procs-test-session-secret-0123456789abcdef',
      BAKJE_API_KEY_PEPPER: 'procs-test-api-key-pepper-0123456789abcdef',
      BAKJE_ADMIN_EMAIL: ADMIN.email,
      BAKJE_ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${output}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not start: ${output}`);
}

/** Tomorrow in the shop's time zone: a slot that is in the future whatever the time the test runs. */
function tomorrowInBrussels(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + 24 * 3600_000),
  );
}

/** A shop that takes takeaway orders every day, all day, with one product. */
async function aShopTakingOrders(db: DbOrTx): Promise<number> {
  const allDay = [{ open: '00:00', close: '23:59' }];
  // ISO weekdays, 1 (Monday) to 7 (Sunday), as the opening hours keep them.
  const week = Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((d) => [d, allDay]));
  await db.insert(t.settings).values({ key: 'opening_hours', value: { week } });
  const productId = (await aProduct(db, { slug: 'frikandel', name: { nl: 'Frikandel' }, regularPrice: 280, maxQuantity: 60 })).id;
  await db
    .insert(t.timeSlots)
    .values({ type: 'takeaway', startTime: '18:00', endTime: '19:00', intervalMinutes: 15, maxOrders: 1000, repeatDays: [1, 2, 3, 4, 5, 6, 7] });
  return productId;
}

/** GraphQL over HTTP with a woocommerce-session token and cookies kept, as the web shop does. */
class HttpClient {
  token: string | undefined;
  cookies = new Map<string, string>();
  constructor(private readonly base: string) {}

  cookieHeader(): Record<string, string> {
    return this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {};
  }

  async graphql<T>(query: string, variables?: Record<string, unknown>): Promise<T> {
    const csrf = this.cookies.get('bakje_csrf');
    const response = await fetch(`${this.base}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...this.cookieHeader(),
        ...(this.token ? { 'woocommerce-session': `Session ${this.token}` } : {}),
        ...(csrf ? { 'x-csrf-token': csrf } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const [name, ...rest] = pair!.split('=');
      this.cookies.set(name!.trim(), rest.join('='));
    }
    const issued = response.headers.get('woocommerce-session');
    if (issued) this.token = issued;
    const body = (await response.json()) as { data?: T; errors?: unknown };
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data!;
  }

  /** A REST call with the session's cookies, echoing the CSRF token as the dashboard does. */
  async rest<T>(method: string, path: string, body?: unknown): Promise<T> {
    const csrf = this.cookies.get('bakje_csrf');
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: { ...this.cookieHeader(), ...(csrf ? { 'x-csrf-token': csrf } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }
}

const ADD = `mutation($productId: Int!, $quantity: Int) { addToCart(input: {productId: $productId, quantity: $quantity}) { cart { isEmpty } } }`;
const SLOTS = `query($date: String!) { availableTimeSlots(type: TAKEAWAY, date: $date) { id } }`;
const CHECKOUT = `mutation($input: CheckoutInput!) { checkout(input: $input) { order { databaseId orderKey pickupNumber } } }`;
const LOGIN = `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }`;

interface PlacedOrder {
  databaseId: number;
  orderKey: string;
  pickupNumber: number;
}

/** A customer places a cash takeaway order through GraphQL on `base` (`extra`: more of the checkout's input). */
async function placeCashOrder(base: string, productId: number, extra: Record<string, unknown> = {}): Promise<PlacedOrder & { customer: HttpClient }> {
  const customer = new HttpClient(base);
  await customer.graphql(ADD, { productId, quantity: 2 });
  const { availableTimeSlots: slots } = await customer.graphql<{ availableTimeSlots: { id: string }[] }>(SLOTS, { date: tomorrowInBrussels() });
  expect(slots.length).toBeGreaterThan(0);
  const billing = {
    firstName: 'An',
    lastName: 'Peeters',
    phone: '0470 12 34 56',
    email: 'an@example.be',
    address1: 'Veldstraat 1',
    city: 'Gent',
    postcode: '9000',
  };
  const input = {
    paymentMethod: 'cod',
    billing,
    metaData: [
      { key: 'fulfilment_type', value: 'takeaway' },
      { key: 'time_slot', value: slots[0]!.id },
    ],
    ...extra,
  };
  return { ...(await customer.graphql<{ checkout: { order: PlacedOrder } }>(CHECKOUT, { input })).checkout.order, customer };
}

/** A LAN printer on TCP: keeps every connection's bytes (one connection is one job). */
/**
 * A LAN receipt printer on TCP: keeps what each connection sent (several tickets may come over one), with
 * the time it ended. `onData` sees every chunk as it arrives.
 */
async function aLanPrinter(onData: () => void = () => undefined) {
  const jobs: { bytes: Buffer; at: number }[] = [];
  const server = net.createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (d) => {
      chunks.push(d);
      onData();
    });
    socket.on('error', () => undefined);
    // 'close' and not 'end': a sender killed halfway resets the connection, and what came is kept too.
    socket.on('close', () => jobs.push({ bytes: Buffer.concat(chunks), at: Date.now() }));
    socket.on('end', () => socket.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as net.AddressInfo;
  const text = () => jobs.map((j) => j.bytes.toString('latin1'));
  /** How many times a ticket reference was printed, over all connections. */
  const count = (needle: string) => text().reduce((n, t) => n + t.split(needle).length - 1, 0);
  return { address: `127.0.0.1:${port}`, jobs, text, count };
}

/** A shop taking orders with both tickets on `printer`, on a fresh database of `kind`; the server's environment. */
function aShopPrintingTo(kind: 'pglite' | 'postgres', printer: { address: string }) {
  return aShopOn(kind, (db) =>
    updatePrintSettings(db, {
      enabled: true,
      customerTicket: true,
      // The allergen label (decision 0084) is tested in allergens-own-container.test.ts; here only the two tickets.
      allergenLabel: false,
      kitchenTicket: true,
      kitchenCopies: 1,
      customerPrinter: printer.address,
      kitchenPrinter: printer.address,
    }),
  );
}

/** A shop taking orders, set up further by `setUp`, on a fresh database of `kind`; the server's environment. */
async function aShopOn(kind: 'pglite' | 'postgres', setUp: (db: DbOrTx) => Promise<unknown>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bakje-procs-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const prepare = async (db: DbOrTx) => {
    const productId = await aShopTakingOrders(db);
    await setUp(db);
    return productId;
  };
  if (kind === 'postgres') {
    const testDb = await createTestDatabase('postgres');
    cleanups.push(() => testDb.cleanup());
    return { productId: await prepare(testDb.database.db), env: { DATABASE_URL: testDb.url!, BAKJE_DATA_DIR: dataDir } };
  }
  // The server opens this same directory; this handle is closed before it starts.
  const database = await openPglite(dataDir);
  await database.migrate();
  const productId = await prepare(database.db);
  await database.close();
  return { productId, env: { DATABASE_URL: '', BAKJE_DATA_DIR: dataDir } };
}

async function until(what: string, condition: () => boolean, timeoutMs: number, output: () => string = () => '') {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const timeout = { timeout: 300_000 };

describe.skipIf(!process.env.DATABASE_URL)('two server processes on one PostgreSQL', () => {
  it('an order placed through process A reaches a kitchen screen connected to process B', timeout, async () => {
    const testDb: TestDatabase = await createTestDatabase('postgres');
    cleanups.push(() => testDb.cleanup());
    const productId = await aShopTakingOrders(testDb.database.db);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bakje-procs-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const env = { DATABASE_URL: testDb.url!, BAKJE_DATA_DIR: dataDir };

    // One after the other: both create the admin from the environment if missing.
    const a = await startServer(env);
    const b = await startServer(env);

    const staff = new HttpClient(b.base);
    expect((await staff.graphql<{ login: { viewer: { role: string } } }>(LOGIN, { u: ADMIN.email, p: ADMIN.password })).login.viewer.role).toBe('admin');
    expect(staff.cookies.get('bakje_session')).toBeTruthy();
    const kitchen = await SseClient.connect(`${b.base}/api/events/kitchen`, { cookie: `bakje_session=${staff.cookies.get('bakje_session')}` });
    cleanups.push(() => kitchen.close());
    expect(kitchen.status).toBe(200);
    const [snapshot] = await kitchen.waitForCount(1, 60_000);
    expect(snapshot).toMatchObject({ event: 'snapshot', data: { orders: [] } });

    const order = await placeCashOrder(a.base, productId);
    await kitchen.waitUntil(
      () =>
        kitchen.events.some(
          (e) =>
            (e.data as { type?: string; order?: { id: number } }).type === 'order.created' &&
            (e.data as { order: { id: number } }).order.id === order.databaseId,
        ),
      `order.created for order ${order.databaseId} on process B`,
      60_000,
    );
    const created = kitchen.events.find((e) => (e.data as { type?: string }).type === 'order.created')!;
    expect(created).toMatchObject({ event: 'order', data: { type: 'order.created', order: { id: order.databaseId, status: 'processing' } } });
    expect(created.id).toBeTruthy();

    await stopProcess(a.child, 'SIGTERM');
    await stopProcess(b.child, 'SIGTERM');
  });
});

describe.each(databaseKinds)('printing survives a killed server on %s', (kind) => {
  it('a cash order placed before SIGKILL prints each ticket exactly once after the restart', timeout, async () => {
    const printer = await aLanPrinter();
    const { productId, env } = await aShopPrintingTo(kind, printer);

    const first = await startServer({ ...env, BAKJE_JOB_RUNNER: 'false' });
    const order = await placeCashOrder(first.base, productId);
    await stopProcess(first.child, 'SIGKILL');
    expect(printer.jobs).toHaveLength(0);

    const second = await startServer({ ...env, BAKJE_JOB_RUNNER: 'true', BAKJE_JOB_POLL_MS: '200', BAKJE_PRINT_RETRY_MS: '200' });
    const customerRef = `ref o${order.databaseId}-c1`;
    const kitchenRef = `ref o${order.databaseId}-k1`;
    await until('both tickets', () => printer.count(customerRef) >= 1 && printer.count(kitchenRef) >= 1, 60_000, second.output);
    // Time for a duplicate to show up if there were one: several poll rounds of the runner.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(printer.count(customerRef), second.output()).toBe(1);
    expect(printer.count(kitchenRef), second.output()).toBe(1);
    expect(printer.text().join('')).toContain('Bedankt voor uw bezoek!');
    // Nothing was cut off: no ticket says it may be a copy.
    expect(printer.text().join('')).not.toContain('HERDRUK');
    await stopProcess(second.child, 'SIGTERM');
  });

  it('a server killed while it sends the tickets: they are sent again within 10 s, marked HERDRUK, one copy each', timeout, async () => {
    const running: { first?: Server } = {};
    let killedAt = 0;
    // The moment the first bytes of a ticket reach the printer, the server dies (kill -9): whether the
    // ticket came out is unknown to it.
    const printer = await aLanPrinter(() => {
      if (killedAt || !running.first) return;
      killedAt = Date.now();
      running.first.child.kill('SIGKILL');
    });
    const { productId, env } = await aShopPrintingTo(kind, printer);
    // The defaults (lease, heartbeat, poll) are what is under test: no shortened timings.
    const first = (running.first = await startServer(env));
    // The answer may or may not get out before the kill: the order is read from the ticket.
    await placeCashOrder(first.base, productId).catch(() => undefined);
    await until('the kill while printing', () => killedAt > 0 && first.child.signalCode !== null, 60_000, first.output);
    await until('the cut-off connection', () => /ref o\d+-/.test(printer.text().join('')), 10_000);
    const orderId = Number(/ref o(\d+)-/.exec(printer.text().join(''))![1]);

    const second = await startServer(env);
    const customerRef = `ref o${orderId}-c1`;
    const kitchenRef = `ref o${orderId}-k1`;
    const reprinted = () => printer.jobs.filter((j) => j.at > killedAt && j.bytes.toString('latin1').includes('HERDRUK'));
    const both = () =>
      reprinted()
        .map((j) => j.bytes.toString('latin1'))
        .join('');
    await until('both tickets again', () => both().includes(customerRef) && both().includes(kitchenRef), 60_000, second.output);
    const resentAfterMs = Math.max(...reprinted().map((j) => j.at)) - killedAt;
    expect(resentAfterMs, second.output()).toBeLessThan(10_000);
    // Time for another copy to show up if there were one.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    for (const ref of [customerRef, kitchenRef]) {
      // The copy says HERDRUK on top; at most the cut-off one and the copy, never a third.
      expect(both().split(ref).length - 1, ref).toBe(1);
      expect(printer.count(ref), ref).toBeLessThanOrEqual(2);
    }
    await stopProcess(second.child, 'SIGTERM');
  });
});

const TWILIO_ACCOUNT = { accountSid: `AC${'0123456789abcdef'.repeat(2)}`, authToken: 'procsTestTwilioToken0123456789ab' };

/**
 * Twilio, a browser's push service and the mail server, outside the server process, so what they accepted
 * survives its kill: the in-app simulators (their checks of the protocol included, the push payload decrypted)
 * behind TCP listeners of this test, and a small SMTP server. While `holding`, each connection is accepted and
 * left unread: the server's send has started, the provider has accepted nothing. Once released they serve.
 */
async function outsideProviders() {
  const state = { holding: true };
  const held = { twilio: 0, push: 0, smtp: 0 };
  const heldSockets = new Set<net.Socket>();
  const listen = async (name: keyof typeof held, serve: (socket: net.Socket) => void) => {
    const server = net.createServer((socket) => {
      socket.on('error', () => undefined);
      if (!state.holding) return serve(socket);
      held[name] += 1;
      // Paused, it never reads the request, nor sees the sender die: destroyed at the release.
      socket.pause();
      heldSockets.add(socket);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    return `127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  };

  const app = Fastify();
  cleanups.push(() => app.close());
  const twilio = new TwilioSimulator({
    ...TWILIO_ACCOUNT,
    deliver: () => Promise.reject(new Error('no status callbacks to a local site')),
    log: createLogger('silent'),
  });
  twilio.register(app);
  const serveHttp = (socket: net.Socket) => app.server.emit('connection', socket);
  const twilioHost = await listen('twilio', serveHttp);
  const pushHost = await listen('push', serveHttp);
  const push = new WebPushSimulator({ siteUrl: `http://${pushHost}` });
  push.register(app);
  await app.ready();

  const mails: string[] = [];
  const smtpHost = await listen('smtp', (socket) => {
    // Enough of RFC 5321 for nodemailer: a mail counts once its end of data is answered 250.
    let buffer = '';
    let data: string | undefined;
    socket.setEncoding('latin1');
    socket.write('220 recorder ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (data !== undefined) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          mails.push(data + buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          data = undefined;
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const command = buffer.slice(0, eol).toUpperCase();
        buffer = buffer.slice(eol + 2);
        if (command.startsWith('DATA')) {
          data = '';
          socket.write('354 go ahead\r\n');
        } else if (command.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });

  return {
    held,
    release: () => {
      state.holding = false;
      for (const socket of heldSockets) socket.destroy();
    },
    twilio,
    push,
    mails,
    env: { BAKJE_TWILIO_API_URL: `http://${twilioHost}${TWILIO_SIMULATOR_ROOT}`, BAKJE_SMTP_URL: `smtp://${smtpHost}` },
  };
}

const SUBSCRIBE = `mutation($input: SubscribeOrderPushInput!) { subscribeOrderPush(input: $input) { subscribed } }`;

/*
 * Issue 35's "a crash between commit and send sends each message exactly once after restart", with a real kill.
 * What it proves: the server dies (SIGKILL) after the order's change committed its jobs and while each send is
 * under way but not yet accepted by the provider (connection open, request unread); the restarted server sends
 * each message once. Not provable, so not tested: a kill after the provider accepted and before its answer was
 * stored; Twilio takes no idempotency key, so that SMS may go twice (docs/decisions/0083-order-notifications-sms.md),
 * and that push too (its tag replaces the first on the device, docs/decisions/0086-order-web-push.md).
 */
describe.each(databaseKinds)('notifications survive a killed server on %s', (kind) => {
  it('"ready" by SMS and push, and the confirmation mail, each go out exactly once after a SIGKILL mid-send', timeout, async () => {
    const providers = await outsideProviders();
    const { productId, env } = await aShopOn(kind, (db) =>
      db.insert(t.settings).values([
        { key: 'store', value: { siteName: 'Frituur Bakje' } },
        { key: 'notifications', value: { sms: { enabled: true, twilio: { ...TWILIO_ACCOUNT, from: 'Bakje' } } } },
      ]),
    );
    // The defaults (lease, heartbeat, poll) are what is under test: no shortened timings.
    const serverEnv = { ...env, ...providers.env };
    const first = await startServer(serverEnv);
    const order = await placeCashOrder(first.base, productId, { smsPhone: '0470 12 34 56' });
    const subscription = providers.push.subscribe();
    await order.customer.graphql(SUBSCRIBE, { input: { orderId: order.databaseId, endpoint: subscription.endpoint, ...subscription.keys } });
    const staff = new HttpClient(first.base);
    await staff.graphql(LOGIN, { u: ADMIN.email, p: ADMIN.password });
    await staff.rest('POST', `/api/kitchen/orders/${order.databaseId}/ready`);

    const sending = () => providers.held.twilio > 0 && providers.held.push > 0 && providers.held.smtp > 0;
    await until('the SMS, the push and the mail under way', sending, 60_000, first.output);
    await stopProcess(first.child, 'SIGKILL');
    expect([providers.twilio.messages.length, providers.push.pushes.length, providers.mails.length]).toEqual([0, 0, 0]);
    providers.release();

    const second = await startServer(serverEnv);
    const admin = new HttpClient(second.base);
    await admin.graphql(LOGIN, { u: ADMIN.email, p: ADMIN.password });
    type Jobs = { jobs: { kind: string; status: string; interrupted: boolean }[] };
    const kinds = 'sms,push,push-end,mail';
    let settled: Jobs['jobs'] = [];
    // Every message's job has ended (none queued or running): nothing can be sent after this.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { jobs } = await admin.rest<Jobs>('GET', `/api/jobs?kind=${kinds}&limit=50`);
      if (jobs.length >= 4 && jobs.every((j) => j.status !== 'queued' && j.status !== 'running')) {
        settled = jobs;
        break;
      }
      if (Date.now() > deadline) throw new Error(`jobs did not settle: ${JSON.stringify(jobs)} ${second.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(settled.map((j) => [j.kind, j.status]).sort()).toEqual([
      ['mail', 'done'],
      ['push', 'done'],
      ['push-end', 'done'],
      ['sms', 'done'],
    ]);
    // The three sends were taken over from the killed process.
    expect(settled.filter((j) => j.kind !== 'push-end').every((j) => j.interrupted)).toBe(true);

    expect(providers.twilio.messages.map((m) => [m.to, m.from, m.body])).toEqual([
      ['+32470123456', 'Bakje', `Frituur Bakje: je bestelling #${order.pickupNumber} is klaar. Tot zo!`],
    ]);
    expect(providers.push.pushesTo(subscription.id).map((p) => JSON.parse(p.payload) as { kind: string; tag: string })).toEqual([
      expect.objectContaining({ kind: 'ready', tag: `order-${order.databaseId}` }),
    ]);
    expect(providers.mails).toHaveLength(1);
    // A new shop is in test mode: its mails say so in the subject.
    expect(providers.mails[0]).toMatch(new RegExp(`^To: an@example\\.be\r\nSubject: \\[TEST\\] Je bestelling #${order.databaseId} is ontvangen\r\n`, 'm'));
    await stopProcess(second.child, 'SIGTERM');
  });
});
