import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { App } from '../src/app.js';
import * as t from '../src/db/schema/index.js';
import { AuthService } from '../src/modules/auth/auth-service.js';
import { KnownDevices } from '../src/modules/auth/known-devices.js';
import { ensureFirstAdmin } from '../src/modules/auth/first-admin.js';
import { aCategory, aProduct } from './support/builders.js';
import { Browser } from './support/browser.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { startTestApp } from './support/server.js';

const START = new Date('2026-11-21T09:00:00Z');
const LOGIN = `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }`;
const REGISTER = `mutation($input: RegisterCustomerInput!) { registerCustomer(input: $input) { customer { databaseId } } }`;
const PASSWORD = 'Goed wachtwoord 42';

describe.each(databaseKinds)('dashboard admin routes on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let now: Date;
  const browser = () => new Browser(() => app);

  beforeEach(async () => {
    testDb = await createTestDatabase(kind);
    now = new Date(START);
    app = await startTestApp(testDb.database, {}, () => now);
    await ensureFirstAdmin(testDb.database, { email: 'baas@example.be', password: 'De baas van de frituur' });
  });
  afterEach(async () => {
    await app.close();
    await testDb.cleanup();
  });

  async function staff() {
    const admin = browser();
    expect((await admin.graphql(LOGIN, { u: 'baas@example.be', p: 'De baas van de frituur' })).body.data.login.viewer.role).toBe('admin');
    for (const [email, role] of [
      ['keuken@example.be', 'kitchen'],
      ['chef@example.be', 'manager'],
    ]) {
      expect((await admin.request('POST', '/api/staff/users', { email, password: PASSWORD, role, firstName: 'Jo' })).statusCode).toBe(201);
    }
    const kitchen = browser();
    await kitchen.graphql(LOGIN, { u: 'keuken@example.be', p: PASSWORD });
    const manager = browser();
    await manager.graphql(LOGIN, { u: 'chef@example.be', p: PASSWORD });
    const customer = browser();
    const registered = await customer.graphql(REGISTER, { input: { email: 'klant@example.be', password: 'Stoofvlees met friet', firstName: 'An' } });
    expect(registered.body.errors).toBeUndefined();
    return { admin, kitchen, manager, customer };
  }

  it('GET /api/dashboard/products: kitchen 403, manager 200 with the real catalogue, customer and guest 401', async () => {
    const db = testDb.database.db;
    const snacks = await aCategory(db, { name: { nl: 'Snacks', fr: 'Snacks FR', en: 'Snacks EN' } });
    await aProduct(db, { slug: 'frikandel', name: { nl: 'Frikandel' }, regularPrice: 280, salePrice: 250, categoryIds: [snacks.id], menuOrder: 1 });
    await aProduct(db, { slug: 'bicky', name: { nl: 'Bicky burger' }, regularPrice: 450, stockStatus: 'OUT_OF_STOCK', menuOrder: 2 });
    await aProduct(db, { slug: 'geheim', name: { nl: 'Geheim' }, catalogVisibility: 'hidden', menuOrder: 3 });
    const frieten = await aProduct(db, { slug: 'frieten', type: 'VARIABLE', name: { nl: 'Frieten' }, regularPrice: null, menuOrder: 4 });
    await aProduct(db, { type: 'VARIATION', parentId: frieten.id, slug: 'frieten-klein', regularPrice: 300 });
    await aProduct(db, { type: 'VARIATION', parentId: frieten.id, slug: 'frieten-groot', regularPrice: 420 });

    const { admin, kitchen, manager, customer } = await staff();
    const refused = await kitchen.request('GET', '/api/dashboard/products');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'PERMISSION_DENIED', data: { permission: 'products.manage' } });
    expect((await customer.request('GET', '/api/dashboard/products')).statusCode).toBe(401);
    expect((await browser().request('GET', '/api/dashboard/products')).statusCode).toBe(401);
    expect((await admin.request('GET', '/api/dashboard/products')).statusCode).toBe(200);
    // The web app's gate and navigation read this (no SMTP configured in tests: the local mailbox exists).
    expect((await manager.request('GET', '/api/auth/session')).json()).toMatchObject({
      viewer: { kind: 'staff', role: 'manager' },
      permissions: expect.arrayContaining(['products.manage', 'mailbox.read']),
      localMailbox: true,
    });

    const answer = await manager.request('GET', '/api/dashboard/products');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const list = answer.json().products as { slug: string }[];
    // Variations are part of their product, not rows of their own.
    expect(list.map((p) => p.slug)).toEqual(['frikandel', 'bicky', 'geheim', 'frieten']);
    const bySlug = Object.fromEntries(list.map((p) => [p.slug, p]));
    expect(bySlug.frikandel).toMatchObject({
      name: { nl: 'Frikandel' },
      priceMin: 250,
      priceMax: 250,
      regularPrice: 280,
      stockStatus: 'IN_STOCK',
      visibleInShop: true,
    });
    expect(bySlug.frikandel).toMatchObject({ categories: [{ nl: 'Snacks', fr: 'Snacks FR', en: 'Snacks EN' }] });
    expect(bySlug.bicky).toMatchObject({ stockStatus: 'OUT_OF_STOCK', regularPrice: null, visibleInShop: true });
    expect(bySlug.geheim).toMatchObject({ catalogVisibility: 'hidden', visibleInShop: false });
    expect(bySlug.frieten).toMatchObject({ type: 'VARIABLE', priceMin: 300, priceMax: 420 });
  });

  it('GET /api/staff/users lists staff only, with role, last login and live sessions; admin only', async () => {
    const { admin, kitchen, manager } = await staff();
    now = new Date(START.getTime() + 3600_000);
    await browser().graphql(LOGIN, { u: 'keuken@example.be', p: PASSWORD });
    const answer = await admin.request('GET', '/api/staff/users');
    expect(answer.statusCode).toBe(200);
    const list = answer.json() as { email: string; role: string; lastLoginAt: string | null; activeSessions: number; firstName: string }[];
    expect(list.map((u) => [u.email, u.role])).toEqual([
      ['baas@example.be', 'admin'],
      ['keuken@example.be', 'kitchen'],
      ['chef@example.be', 'manager'],
    ]);
    const kitchenRow = list.find((u) => u.email === 'keuken@example.be')!;
    expect(kitchenRow).toMatchObject({ firstName: 'Jo', lastLoginAt: new Date(START.getTime() + 3600_000).toISOString(), activeSessions: 2 });
    expect((await manager.request('GET', '/api/staff/users')).statusCode).toBe(403);
    expect((await kitchen.request('GET', '/api/staff/users')).statusCode).toBe(403);

    // Revoking ends the live sessions; the last login stays.
    const id = (answer.json() as { id: number; email: string }[]).find((u) => u.email === 'keuken@example.be')!.id;
    expect((await admin.request('POST', `/api/staff/users/${id}/revoke-sessions`)).json()).toEqual({ revoked: 2 });
    const after = (await admin.request('GET', '/api/staff/users')).json() as { email: string; activeSessions: number; lastLoginAt: string }[];
    expect(after.find((u) => u.email === 'keuken@example.be')).toMatchObject({ activeSessions: 0, lastLoginAt: kitchenRow.lastLoginAt });
    expect((await kitchen.request('GET', '/api/auth/session')).json()).toEqual({ viewer: { kind: 'guest' }, permissions: [] });

    // Housekeeping forgets ended sessions two days later; the last login is kept.
    now = new Date(START.getTime() + 3 * 24 * 3600_000);
    await new AuthService(testDb.database.db, 'http://localhost', () => now, new KnownDevices('housekeeping-test-secret-0123456789abcdef')).housekeeping();
    expect(await testDb.database.db.select().from(t.authSessions).where(eq(t.authSessions.userId, id))).toEqual([]);
    const laterAnswer = await admin.request('GET', '/api/staff/users');
    expect(laterAnswer.statusCode).toBe(200);
    const later = laterAnswer.json() as { email: string; lastLoginAt: string | null }[];
    expect(later.find((u) => u.email === 'keuken@example.be')!.lastLoginAt).toBe(kitchenRow.lastLoginAt);
  });

  it('creating a staff user refuses weak passwords and taken e-mails and changes nothing', async () => {
    const { admin } = await staff();
    const before = await testDb.database.db.select().from(t.users);
    const short = await admin.request('POST', '/api/staff/users', { email: 'nieuw@example.be', password: 'kort', role: 'kitchen' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'PASSWORD_TOO_SHORT', message: expect.stringMatching(/at least 8 characters/) });
    const common = await admin.request('POST', '/api/staff/users', { email: 'nieuw@example.be', password: 'password123', role: 'kitchen' });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON', message: expect.stringMatching(/most common passwords/) });
    const taken = await admin.request('POST', '/api/staff/users', { email: 'chef@example.be', password: PASSWORD, role: 'kitchen' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'EMAIL_TAKEN', message: expect.stringMatching(/already registered with your email/) });
    const role = await admin.request('POST', '/api/staff/users', { email: 'nieuw@example.be', password: PASSWORD, role: 'customer' });
    expect(role.statusCode).toBe(400);
    expect(role.json()).toMatchObject({ code: 'INVALID_INPUT', data: { params: ['role'] } });
    expect(await testDb.database.db.select().from(t.users)).toHaveLength(before.length);
  });
});
