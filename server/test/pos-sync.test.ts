import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import * as t from '../src/db/schema/index.js';
import type { App } from '../src/app.js';
import { CloudPosSimulator } from '../src/integrations/cloudpos/cloudpos-simulator.js';
import { ApiKeyService, type CreatedApiKey } from '../src/modules/api-keys/api-key-service.js';
import { createAccount } from '../src/modules/auth/accounts.js';
import { POS_SYNC_JOB } from '../src/modules/pos-sync/pos-sync.js';
import { updatePosSettings } from '../src/modules/pos-sync/pos-settings.js';
import { Browser } from './support/browser.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { TEST_PEPPER, startTestApp } from './support/server.js';
import { waitFor } from './support/wait.js';

const POS_KEY = 'pos-secret-key-abcd';
const basic = (key: CreatedApiKey) => `Basic ${Buffer.from(`${key.consumerKey}:${key.consumerSecret}`).toString('base64')}`;
const LOGIN = `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }`;
const PASSWORD = 'Goed wachtwoord 42';

describe.each(databaseKinds)('point-of-sale sync (%s)', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let writer: CreatedApiKey;
  let simulator: CloudPosSimulator;
  let simulatorUrl: string;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    const keys = new ApiKeyService(testDb.database.db, () => TEST_PEPPER);
    writer = await keys.create({ scope: 'read_write', description: 'integratie' });
    simulator = new CloudPosSimulator({ apiKey: POS_KEY });
    simulatorUrl = await simulator.start();
    app = await startTestApp(testDb.database, { BAKJE_JOB_POLL_MS: '50' });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await simulator?.stop();
    await testDb?.cleanup();
  });

  beforeEach(async () => {
    simulator.down = false;
    simulator.failNext(0);
    await updatePosSettings(testDb.database.db, { enabled: true, baseUrl: simulatorUrl, apiKey: POS_KEY });
  });

  const db = () => testDb.database.db;
  const rest = async (method: 'POST' | 'PUT', url: string, payload: unknown) => {
    const response = await app.server.inject({
      method,
      url: `/wp-json/wc/v3${url}`,
      headers: { authorization: basic(writer), 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json() as { id: number };
  };
  const unfinishedSyncs = async () =>
    (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(t.jobs)
        .where(and(eq(t.jobs.kind, POS_SYNC_JOB), sql`${t.jobs.status} in ('queued', 'running')`))
    )[0]!.n;
  const syncsSettled = () => waitFor('every point-of-sale sync settled', async () => (await unfinishedSyncs()) === 0);
  const product = async (id: number) => (await db().select().from(t.products).where(eq(t.products.id, id)))[0]!;
  const category = async (id: number) => (await db().select().from(t.categories).where(eq(t.categories.id, id)))[0]!;
  const callsSince = (from: number) => simulator.calls.slice(from).map((c) => c.method);

  it('inserts a product the till does not know and stores its id, without a second sync or a catalogue change', async () => {
    const before = simulator.calls.length;
    const { id } = await rest('POST', '/products', {
      name: 'Bicky burger',
      regular_price: '4.80',
      meta_data: [
        { key: 'cloudpos_tax', value: '6' },
        { key: 'cloudpos_tax_table', value: '12' },
      ],
    });
    await syncsSettled();
    const row = await product(id);
    expect(row.cloudposProductId).toMatch(/^\d+$/);
    expect(simulator.products.get(row.cloudposProductId!)).toMatchObject({
      name: 'Bicky burger',
      price: '4.80',
      purchaseprice: '0.00',
      tax: 6,
      tax_table: 12,
      quantity: 0,
    });
    expect(callsSince(before)).toEqual(['product.select', 'product.insert']);
    // Storing the id is not a catalogue write: no revision, no history entry, no new job.
    expect(row.revision).toBe(1);
    const changes = await db()
      .select()
      .from(t.catalogChanges)
      .where(and(eq(t.catalogChanges.entityType, 'product'), eq(t.catalogChanges.entityId, id)));
    expect(changes).toHaveLength(1);
    const jobs = await db()
      .select()
      .from(t.jobs)
      .where(eq(t.jobs.lane, `pos:product:${id}`));
    expect(jobs.map((j) => j.status)).toEqual(['done']);
    const [status] = await db()
      .select()
      .from(t.posSyncStatus)
      .where(and(eq(t.posSyncStatus.entityType, 'product'), eq(t.posSyncStatus.entityId, id)));
    expect(status).toMatchObject({ outcome: 'inserted', error: null });
  });

  it('links a product to the till product of the same name, whatever its case, without inserting', async () => {
    const before = simulator.calls.length;
    simulator.products.set('77', { id: '77', name: 'STOOFVLEES', deleted: false, price: '9.00', purchaseprice: '0.00', tax: 21, tax_table: 21, quantity: 0 });
    const { id } = await rest('POST', '/products', { name: 'Stoofvlees', regular_price: '8.50' });
    await syncsSettled();
    expect((await product(id)).cloudposProductId).toBe('77');
    expect(callsSince(before)).toEqual(['product.select']);
  });

  it('updates a linked product there, with the values of the change', async () => {
    const { id } = await rest('POST', '/products', { name: 'Curryworst', regular_price: '2.20' });
    await syncsSettled();
    const before = simulator.calls.length;
    await rest('PUT', `/products/${id}`, { regular_price: '2.40', stock_quantity: 30, manage_stock: true });
    await syncsSettled();
    const posId = (await product(id)).cloudposProductId!;
    expect(callsSince(before)).toEqual(['product.update']);
    expect(simulator.products.get(posId)).toMatchObject({ price: '2.40', quantity: 30 });
  });

  it('does the same three paths for categories', async () => {
    const before = simulator.calls.length;
    simulator.categories.set('500', { id: '500', name: 'sauzen', deleted: false });
    const inserted = await rest('POST', '/products/categories', { name: 'Snacks' });
    const linked = await rest('POST', '/products/categories', { name: 'Sauzen' });
    await syncsSettled();
    const snacks = await category(inserted.id);
    expect(snacks.cloudposCategoryId).toMatch(/^\d+$/);
    expect(simulator.categories.get(snacks.cloudposCategoryId!)?.name).toBe('Snacks');
    expect((await category(linked.id)).cloudposCategoryId).toBe('500');
    await rest('PUT', `/products/categories/${inserted.id}`, { name: 'Warme snacks' });
    await syncsSettled();
    expect(simulator.categories.get(snacks.cloudposCategoryId!)?.name).toBe('Warme snacks');
    expect(callsSince(before).filter((m) => m.endsWith('.insert') || m.endsWith('.update'))).toEqual(['category.insert', 'category.update']);
  });

  it('sends nothing while the integration is off', async () => {
    await updatePosSettings(db(), { enabled: false });
    const before = simulator.calls.length;
    const jobsBefore = (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(t.jobs)
        .where(eq(t.jobs.kind, POS_SYNC_JOB))
    )[0]!.n;
    const { id } = await rest('POST', '/products', { name: 'Frikandel', regular_price: '2.00' });
    await rest('PUT', `/products/${id}`, { regular_price: '2.10' });
    await rest('POST', '/products/categories', { name: 'Vegetarisch' });
    const jobsAfter = (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(t.jobs)
        .where(eq(t.jobs.kind, POS_SYNC_JOB))
    )[0]!.n;
    expect(jobsAfter).toBe(jobsBefore);
    expect(simulator.calls.length).toBe(before);
    expect((await product(id)).cloudposProductId).toBeNull();
  });

  it('after the till was down for 10 minutes during 50 changes, each change reaches it exactly once, in order per product', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await rest('POST', '/products', { name: `Menu ${i}`, regular_price: '5.00' })).id);
    await syncsSettled();
    const before = simulator.calls.length;
    simulator.down = true;
    for (let round = 1; round <= 10; round++) {
      for (const id of ids) await rest('PUT', `/products/${id}`, { regular_price: `5.${String(round).padStart(2, '0')}` });
    }
    // Every lane's first job has failed at least once; the rest wait behind it.
    await waitFor('every lane to have failed once', async () => {
      const failed = await db()
        .select({ lane: t.jobs.lane })
        .from(t.jobs)
        .where(and(eq(t.jobs.kind, POS_SYNC_JOB), eq(t.jobs.status, 'queued'), sql`${t.jobs.attempts} > 0`));
      return new Set(failed.map((f) => f.lane)).size === ids.length;
    });
    // Ten minutes later (the simulated clock: every retry is due now) the till is back.
    simulator.down = false;
    await db().execute(sql`update jobs set next_attempt_at = now() where kind = ${POS_SYNC_JOB} and status = 'queued'`);
    await db().execute(sql`select pg_notify('bakje_jobs', '')`);
    await syncsSettled();
    const writes = simulator.writes().filter((c) => simulator.calls.indexOf(c) >= before);
    expect(writes).toHaveLength(50);
    for (const id of ids) {
      const posId = (await product(id)).cloudposProductId!;
      const prices = writes.filter((w) => w.body.id === posId).map((w) => w.body.price);
      expect(prices).toEqual(Array.from({ length: 10 }, (_, i) => `5.${String(i + 1).padStart(2, '0')}`));
    }
    expect(
      await db()
        .select()
        .from(t.jobs)
        .where(and(eq(t.jobs.kind, POS_SYNC_JOB), eq(t.jobs.status, 'failed'))),
    ).toHaveLength(0);
  }, 60_000);

  describe('the proxy and the dashboard', () => {
    const asStaff = async (role: 'kitchen' | 'manager') => {
      const email = `${role}-${Math.random().toString(36).slice(2)}@example.be`;
      await createAccount(db(), { email, password: PASSWORD, role });
      const browser = new Browser(() => app);
      expect((await browser.graphql(LOGIN, { u: email, p: PASSWORD })).body.errors).toBeUndefined();
      return browser;
    };

    it('proxies the six calls for API keys, and answers docs/product.md §8 failures as an empty list and null', async () => {
      const call = (method: string, body: unknown) =>
        app.server.inject({
          method: 'POST',
          url: `/api/cloudpos/${method}`,
          headers: { authorization: basic(writer), 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
      const inserted = await call('product.insert', { name: 'Boulet', price: '3.20', purchaseprice: '1.10', tax: 6, tax_table: 12, quantity: 5 });
      expect(inserted.statusCode).toBe(200);
      const id = inserted.json().id as string;
      expect(simulator.products.get(id)).toMatchObject({ name: 'Boulet', price: '3.20', purchaseprice: '1.10' });
      expect((await call('product.update', { id, name: 'Boulet', price: '3.40' })).json()).toEqual({ success: true });
      expect((await call('product.select', { show_deleted: false })).json()).toContainEqual({ id, name: 'Boulet' });
      const cat = (await call('category.insert', { name: 'Vleesjes' })).json().id as string;
      expect((await call('category.update', { id: cat, name: 'Vlees' })).json()).toEqual({ success: true });
      expect((await call('category.select', {})).json()).toContainEqual({ id: cat, name: 'Vlees' });

      simulator.down = true;
      expect((await call('product.select', {})).json()).toEqual([]);
      expect((await call('category.select', {})).json()).toEqual([]);
      expect((await call('product.insert', { name: 'X', price: '1.00' })).json()).toEqual({ id: null });
      expect((await call('category.insert', { name: 'Y' })).json()).toEqual({ id: null });
      simulator.down = false;

      expect((await call('product.insert', { name: '', price: '-1' })).statusCode).toBe(400);
      const anonymous = await app.server.inject({
        method: 'POST',
        url: '/api/cloudpos/product.select',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it('shows settings without the key, refuses the kitchen, syncs everything with progress and retries one', async () => {
      const kitchen = await asStaff('kitchen');
      expect((await kitchen.request('GET', '/api/admin/pos')).statusCode).toBe(403);
      const manager = await asStaff('manager');
      const overview = await manager.request('GET', '/api/admin/pos');
      expect(overview.statusCode).toBe(200);
      expect(overview.json().settings).toEqual({ enabled: true, baseUrl: simulatorUrl, apiKeySet: true, apiKeyLast4: 'abcd' });
      expect(overview.body).not.toContain(POS_KEY);

      const bad = await manager.request('PUT', '/api/admin/pos/settings', { baseUrl: 'ftp://till' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('POS_SETTINGS_INVALID');

      simulator.failNext(1);
      const run = await manager.request('POST', '/api/admin/pos/sync-all');
      expect(run.statusCode).toBe(200);
      expect(run.json().queued).toBeGreaterThan(5);
      await waitFor('the whole sync to be done', async () => (await manager.request('GET', '/api/admin/pos')).json().run.done === run.json().queued);
      const body = (await manager.request('GET', '/api/admin/pos')).json();
      expect(body.rows.every((r: { posId: string | null }) => r.posId !== null)).toBe(true);
      const retry = await manager.request('POST', '/api/admin/pos/sync', {
        entity: 'product',
        id: body.rows.find((r: { entity: string }) => r.entity === 'product').id,
      });
      expect(retry.statusCode).toBe(200);
    }, 60_000);
  });
});
