import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, request as playwrightRequest, type APIRequestContext, type Browser, type Page } from '@playwright/test';

interface Credentials {
  email: string;
  password: string;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A second server for specs that need staff actions before staff login exists: server/dist/test-server.js
 * on its own port and empty database, open around the clock, with a random staff token.
 */
export class StaffServer {
  private constructor(
    readonly base: string,
    readonly token: string,
    private readonly child: ChildProcess,
    private readonly dataDir: string,
  ) {}

  /** `env`: extra environment for the server, e.g. the first admin (BAKJE_ADMIN_EMAIL / BAKJE_ADMIN_PASSWORD). */
  static async start(port: number, env: Record<string, string> = {}): Promise<StaffServer> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bakje-e2e-staff-'));
    // A demo shop starts from a copy of one migrated and seeded database: 2.8 s of CPU instead of 5.6 per start.
    if (env.BAKJE_SEED_DEMO !== 'false') fs.cpSync(await seededTemplate(port), dataDir, { recursive: true });
    const token = randomBytes(24).toString('hex');
    return StaffServer.spawn(port, dataDir, token, env);
  }

  /** Starts server/dist/test-server.js on `dataDir` and waits until it is ready. */
  static async spawn(port: number, dataDir: string, token: string, env: Record<string, string>): Promise<StaffServer> {
    const child = spawn(process.execPath, ['server/dist/test-server.js'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: '',
        BAKJE_DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        BAKJE_TEST_STAFF_TOKEN: token,
        BAKJE_TEST_OPEN_ALL_DAY: 'true',
        ...env,
      },
    });
    const server = new StaffServer(`http://127.0.0.1:${port}`, token, child, dataDir);
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`test server exited with ${child.exitCode}`);
      const ready = await fetch(`${server.base}/api/ready`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ready) return server;
      if (Date.now() > deadline) {
        await server.stop();
        throw new Error('test server did not become ready');
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** Stops the server and removes its data, unless `keepData` (the template). */
  async stop(keepData = false): Promise<void> {
    if (this.child.exitCode === null) {
      const exited = new Promise((resolve) => this.child.once('exit', resolve));
      this.child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (this.child.exitCode === null) this.child.kill('SIGKILL');
    }
    if (!keepData) fs.rmSync(this.dataDir, { recursive: true, force: true });
  }

  /**
   * The admin logs in (GraphQL, cookie session) and adds a staff account through the real staff API
   * (POST /api/staff/users with the CSRF token).
   */
  /** Opens `path` in a new browser context as `account`, through the login page and back to `path`. */
  async openAs(browser: Browser, account: Credentials, path: string, width = 1280): Promise<Page> {
    const context = await browser.newContext({ baseURL: this.base, viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(path);
    await expect(page).toHaveURL(/\/login\?redirect=/);
    const form = page.getByRole('form', { name: 'Inloggen' });
    await form.getByLabel('Gebruikersnaam of e-mailadres').fill(account.email);
    await form.getByLabel('Wachtwoord', { exact: true }).fill(account.password);
    await form.getByRole('button', { name: 'Inloggen' }).click();
    await expect(page).toHaveURL(new RegExp(`${path.replace(/[/?]/g, '\\$&')}$`));
    return page;
  }

  async addStaffUser(admin: Credentials, user: Credentials & { role: string }): Promise<void> {
    const api = await playwrightRequest.newContext({ baseURL: this.base });
    try {
      const login = await api.post('/graphql', {
        data: {
          query: `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }`,
          variables: { u: admin.email, p: admin.password },
        },
      });
      expect(await login.json()).toEqual({ data: { login: { viewer: { role: 'admin' } } } });
      const csrf = (await api.storageState()).cookies.find((c) => c.name === 'bakje_csrf')!.value;
      const created = await api.post('/api/staff/users', { data: user, headers: { 'x-csrf-token': csrf } });
      expect(created.status(), await created.text()).toBeLessThan(300);
    } finally {
      await api.dispose();
    }
  }

  /** POST a kitchen action as staff. */
  async kitchen(path: string, data?: unknown): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${this.base}${path}`, {
      method: 'POST',
      headers: { 'x-bakje-staff-token': this.token, 'content-type': 'application/json' },
      body: JSON.stringify(data ?? {}),
    });
    return { status: response.status, body: await response.json() };
  }

  /**
   * A customer (own session) places a cash takeaway order for today, as the shop would. `minutesAhead`: a pre-order
   * for the first free slot starting at least that long from now (today, or tomorrow late in the evening).
   */
  async placeOrder(options: { minutesAhead?: number } = {}): Promise<{ databaseId: number; pickupNumber: number; orderKey: string }> {
    const api: APIRequestContext = await playwrightRequest.newContext({ baseURL: this.base });
    let token: string | undefined;
    const call = async <T>(query: string, variables: Record<string, unknown> = {}): Promise<T> => {
      const response = await api.post('/graphql', {
        data: { query, variables },
        headers: token ? { 'woocommerce-session': `Session ${token}` } : {},
      });
      token = response.headers()['woocommerce-session'] ?? token;
      const body = (await response.json()) as { data: T; errors?: { message: string }[] };
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      return body.data;
    };
    try {
      const { products } = await call<{ products: { nodes: { databaseId: number; type: string; stockStatus?: string; addons: { required: boolean }[] }[] } }>(
        `{ products(first: 9999) { nodes { databaseId type addons { required } ... on SimpleProduct { stockStatus } } } }`,
      );
      const product = products.nodes.find((p) => p.type === 'SIMPLE' && p.stockStatus === 'IN_STOCK' && !p.addons.some((a) => a.required));
      if (!product) throw new Error('no simple product to order');
      await call(`mutation($id: Int!) { addToCart(input: {productId: $id, quantity: 1}) { cart { isEmpty } } }`, { id: product.databaseId });
      const { orderingDays } = await call<{ orderingDays: { date: string; hasSlots: boolean }[] }>(
        `query($count: Int!) { orderingDays(type: TAKEAWAY, count: $count) { date hasSlots } }`,
        { count: options.minutesAhead === undefined ? 1 : 2 },
      );
      const earliest = Date.now() + (options.minutesAhead ?? 0) * 60_000;
      let slot: { id: string } | undefined;
      for (const day of orderingDays) {
        const { availableTimeSlots } = await call<{ availableTimeSlots: { id: string; start: string; isFullyBooked: boolean }[] }>(
          `query($date: String!) { availableTimeSlots(type: TAKEAWAY, date: $date) { id start isFullyBooked } }`,
          { date: day.date },
        );
        slot = availableTimeSlots.find((s) => !s.isFullyBooked && (options.minutesAhead === undefined || Date.parse(s.start) >= earliest));
        if (slot) break;
      }
      if (!slot) throw new Error('no free slot today');
      const billing = { firstName: 'Test', lastName: 'Klant', phone: '0470 00 00 00', address1: 'Korenmarkt 1', city: 'Gent', postcode: '9000' };
      const { checkout } = await call<{ checkout: { order: { databaseId: number; pickupNumber: number; orderKey: string } } }>(
        `mutation($input: CheckoutInput!) { checkout(input: $input) { order { databaseId pickupNumber orderKey } } }`,
        {
          input: {
            paymentMethod: 'cod',
            billing,
            metaData: [
              { key: 'fulfilment_type', value: 'takeaway' },
              { key: 'time_slot', value: slot.id },
            ],
          },
        },
      );
      return checkout.order;
    } finally {
      await api.dispose();
    }
  }
}

/**
 * The seeded demo database every StaffServer of this run copies: made by the first worker that needs it (the others
 * wait for its `ready` file), beside the run's data directory and removed with it (e2e/playwright.config.ts). It is
 * made without the servers' own settings (first admin, around-the-clock hours), which each start applies itself.
 */
async function seededTemplate(port: number): Promise<string> {
  const dir = `${process.env.BAKJE_E2E_DATA_DIR ?? path.join(os.tmpdir(), 'bakje-e2e')}-staff-template`;
  const ready = path.join(dir, '.template-ready');
  const deadline = Date.now() + 180_000;
  while (!fs.existsSync(ready)) {
    let mine = false;
    try {
      fs.mkdirSync(`${dir}.lock`);
      mine = true;
    } catch {
      // Another worker makes it.
    }
    if (mine) {
      const partial = `${dir}.partial`;
      fs.rmSync(partial, { recursive: true, force: true });
      fs.mkdirSync(partial);
      const server = await StaffServer.spawn(port, partial, randomBytes(24).toString('hex'), { BAKJE_TEST_OPEN_ALL_DAY: 'false' });
      await server.stop(true);
      fs.writeFileSync(path.join(partial, '.template-ready'), '');
      fs.renameSync(partial, dir);
      break;
    }
    if (Date.now() > deadline) throw new Error('the seeded test database was not made in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return dir;
}
