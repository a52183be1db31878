import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../src/db/schema/index.js';
import { openPglite, type DbOrTx } from '../src/db/client.js';
import { updatePrintSettings } from '../src/modules/printing/print-settings.js';
import { aProduct } from './support/builders.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { SseClient } from './support/sse-client.js';

/*
 * Real server processes (node server/dist/main.js, as deployed), not app instances in this process: the
 * promises of issue 5 are about processes (a second instance on the same PostgreSQL, a server killed
 * between order and print). The build is made below when it is missing or stale. Processes are slow to
 * start on a shared machine, so time limits are generous; they catch a missing result, not slowness.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const mainJs = path.join(serverDir, 'dist', 'main.js');
const ADMIN = { email: 'beheer@example.be', password: 'Stoofvlees met friet' };

const started: ChildProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const child of started.splice(0)) await stop(child, 'SIGKILL');
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The newest modification time under a folder (the sources the build is made from). */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

// `npm test` runs these tests before its build step: a missing or stale build (older than src/) is made
// here, so the processes always run the code under test.
beforeAll(() => {
  if (fs.existsSync(mainJs) && fs.statSync(mainJs).mtimeMs >= newestMtime(path.join(serverDir, 'src'))) return;
  const built = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: serverDir, encoding: 'utf8' });
  if (built.status !== 0 || !fs.existsSync(mainJs)) throw new Error(`building the server failed: ${built.stderr}`);
}, 180_000);

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

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
  const week = Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, allDay]));
  await db.insert(t.settings).values({ key: 'opening_hours', value: { week } });
  const productId = (await aProduct(db, { slug: 'frikandel', name: { nl: 'Frikandel' }, regularPrice: 280, maxQuantity: 60 })).id;
  await db.insert(t.timeSlots).values({ type: 'takeaway', startTime: '18:00', endTime: '19:00', intervalMinutes: 15, maxOrders: 1000, repeatDays: [0, 1, 2, 3, 4, 5, 6] });
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
}

const ADD = `mutation($productId: Int!, $quantity: Int) { addToCart(input: {productId: $productId, quantity: $quantity}) { cart { isEmpty } } }`;
const SLOTS = `query($date: String!) { availableTimeSlots(type: TAKEAWAY, date: $date) { id } }`;
const CHECKOUT = `mutation($input: CheckoutInput!) { checkout(input: $input) { order { databaseId orderKey pickupNumber } } }`;
const LOGIN = `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }`;

/** A customer places a cash takeaway order through GraphQL on `base`. */
async function placeCashOrder(base: string, productId: number): Promise<{ databaseId: number }> {
  const customer = new HttpClient(base);
  await customer.graphql(ADD, { productId, quantity: 2 });
  const { availableTimeSlots: slots } = await customer.graphql<{ availableTimeSlots: { id: string }[] }>(SLOTS, { date: tomorrowInBrussels() });
  expect(slots.length).toBeGreaterThan(0);
  const billing = { firstName: 'An', lastName: 'Peeters', phone: '0470 12 34 56', email: 'an@example.be', address1: 'Veldstraat 1', city: 'Gent', postcode: '9000' };
  const input = { paymentMethod: 'cod', billing, metaData: [{ key: 'fulfilment_type', value: 'takeaway' }, { key: 'time_slot', value: slots[0]!.id }] };
  return (await customer.graphql<{ checkout: { order: { databaseId: number } } }>(CHECKOUT, { input })).checkout.order;
}

/** A LAN printer on TCP: keeps every connection's bytes (one connection is one job). */
async function aLanPrinter() {
  const jobs: Buffer[] = [];
  const server = net.createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', () => undefined);
    socket.on('end', () => {
      jobs.push(Buffer.concat(chunks));
      socket.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as net.AddressInfo;
  return { address: `127.0.0.1:${port}`, jobs, text: () => jobs.map((j) => j.toString('latin1')) };
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
      () => kitchen.events.some((e) => (e.data as { type?: string; order?: { id: number } }).type === 'order.created' && (e.data as { order: { id: number } }).order.id === order.databaseId),
      `order.created for order ${order.databaseId} on process B`,
      60_000,
    );
    const created = kitchen.events.find((e) => (e.data as { type?: string }).type === 'order.created')!;
    expect(created).toMatchObject({ event: 'order', data: { type: 'order.created', order: { id: order.databaseId, status: 'processing' } } });
    expect(created.id).toBeTruthy();

    await stop(a.child, 'SIGTERM');
    await stop(b.child, 'SIGTERM');
  });
});

describe.each(databaseKinds)('printing survives a killed server on %s', (kind) => {
  it('a cash order placed before SIGKILL prints each ticket exactly once after the restart', timeout, async () => {
    const printer = await aLanPrinter();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bakje-procs-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    let env: Record<string, string>;
    const prepare = async (db: DbOrTx) => {
      const productId = await aShopTakingOrders(db);
      await updatePrintSettings(db, { enabled: true, customerTicket: true, kitchenTicket: true, kitchenCopies: 1, customerPrinter: printer.address, kitchenPrinter: printer.address });
      return productId;
    };
    let productId: number;
    if (kind === 'postgres') {
      const testDb = await createTestDatabase('postgres');
      cleanups.push(() => testDb.cleanup());
      productId = await prepare(testDb.database.db);
      env = { DATABASE_URL: testDb.url!, BAKJE_DATA_DIR: dataDir };
    } else {
      // The server opens this same directory; this handle is closed before it starts.
      const database = await openPglite(dataDir);
      await database.migrate();
      productId = await prepare(database.db);
      await database.close();
      env = { DATABASE_URL: '', BAKJE_DATA_DIR: dataDir };
    }

    const first = await startServer({ ...env, BAKJE_PRINT_WORKER: 'false' });
    const order = await placeCashOrder(first.base, productId);
    await stop(first.child, 'SIGKILL');
    expect(printer.jobs).toHaveLength(0);

    const second = await startServer({ ...env, BAKJE_PRINT_WORKER: 'true', BAKJE_PRINT_POLL_MS: '200', BAKJE_PRINT_RETRY_MS: '200' });
    const deadline = Date.now() + 60_000;
    while (printer.jobs.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    // Time for a duplicate to show up if there were one: several poll rounds of the worker.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const texts = printer.text();
    const customerRef = `ref o${order.databaseId}-c1`;
    const kitchenRef = `ref o${order.databaseId}-k1`;
    expect(texts.filter((s) => s.includes(customerRef)), second.output()).toHaveLength(1);
    expect(texts.filter((s) => s.includes(kitchenRef)), second.output()).toHaveLength(1);
    expect(texts).toHaveLength(2);
    expect(texts.find((s) => s.includes(customerRef))).toContain('Bedankt voor uw bezoek!');
    await stop(second.child, 'SIGTERM');
  });
});
