import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { can, type Permission } from '../src/modules/auth/permissions.js';
import { ensureFirstAdmin } from '../src/modules/auth/first-admin.js';
import { Browser } from './support/browser.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { startTestApp } from './support/server.js';

const LOGIN = `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }`;
const REGISTER = `mutation($input: RegisterCustomerInput!) { registerCustomer(input: $input) { customer { databaseId } } }`;
const PASSWORD = 'Goed wachtwoord 42';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Every staff REST route with the permission docs/permissions.md gives it. Bodies and ids are chosen so a
 * caller who is let in changes nothing (an invalid body, an id that does not exist): the guard must answer
 * before the route schema, so the refusals below hold whatever the input.
 */
const STAFF_ROUTES: [Method, string, Permission, unknown?][] = [
  ['GET', '/api/staff/users', 'staff.manage'],
  ['POST', '/api/staff/users', 'staff.manage', {}],
  ['POST', '/api/staff/users/987654/revoke-sessions', 'staff.manage'],
  ['GET', '/api/dev/mailbox', 'mailbox.read'],
  ['GET', '/api/dashboard/products', 'products.manage'],
  ['PUT', '/api/kitchen/settings', 'settings.manage', {}],
  ['GET', '/api/printing/settings', 'settings.manage'],
  ['PUT', '/api/printing/settings', 'settings.manage', []],
  ['GET', '/api/jobs', 'settings.manage'],
  ['POST', '/api/jobs/987654/retry', 'settings.manage'],
  ['POST', '/api/printing/test', 'settings.manage', {}],
  ['GET', '/api/printing/simulated-tickets', 'kitchen.view'],
  ['GET', '/api/kitchen/settings', 'kitchen.view'],
  ['GET', '/api/catalog/sold-out', 'products.soldOut'],
  ['PUT', '/api/catalog/sold-out', 'products.soldOut', {}],
  ['POST', '/api/kitchen/orders/987654/send', 'kitchen.view'],
  ['POST', '/api/kitchen/orders/987654/ready', 'kitchen.view'],
  ['POST', '/api/kitchen/orders/987654/recover', 'kitchen.view'],
  ['POST', '/api/kitchen/orders/987654/test-order', 'kitchen.view'],
  ['POST', '/api/kitchen/orders/987654/print-kitchen-copy', 'kitchen.view'],
  ['POST', '/api/kitchen/orders/ready', 'kitchen.view', {}],
  ['POST', '/api/kitchen/orders/ready-all', 'kitchen.view'],
  ['GET', '/api/kitchen/stations', 'kitchen.view'],
  ['POST', '/api/kitchen/orders/987654/stations/1/bump', 'kitchen.view'],
  ['POST', '/api/kitchen/orders/987654/stations/1/recall', 'kitchen.view'],
  ['GET', '/api/dashboard/stations', 'settings.manage'],
  ['POST', '/api/dashboard/stations', 'settings.manage', {}],
  ['GET', '/api/dashboard/stations/987654', 'settings.manage'],
  ['PUT', '/api/dashboard/stations/987654', 'settings.manage', {}],
  ['DELETE', '/api/dashboard/stations/987654', 'settings.manage'],
  ['POST', '/api/kitchen/orders/recover', 'kitchen.view', {}],
  ['GET', '/api/kitchen/orders/later', 'kitchen.view'],
  ['POST', '/api/kitchen/orders/987654/cancel', 'orders.manage', {}],
  ['GET', '/api/orders', 'orders.manage'],
  ['GET', '/api/orders/987654', 'orders.manage'],
  ['PUT', '/api/orders/987654/status', 'orders.manage', {}],
  ['POST', '/api/orders/987654/cancel', 'orders.manage', {}],
  ['GET', '/api/figures', 'orders.manage'],
  ['GET', '/api/figures.csv', 'orders.manage'],
  ['GET', '/api/dashboard/reviews', 'reviews.manage'],
  ['PUT', '/api/dashboard/reviews/987654', 'reviews.manage', {}],
  ['DELETE', '/api/dashboard/reviews/987654', 'reviews.manage'],
  ['GET', '/api/dashboard/review-settings', 'reviews.manage'],
  ['PUT', '/api/dashboard/review-settings', 'reviews.manage', {}],
  ['GET', '/api/dashboard/customers', 'customers.manage'],
  ['GET', '/api/dashboard/customers/987654', 'customers.manage'],
  ['POST', '/api/dashboard/customers/987654/notes', 'customers.manage', {}],
  ['DELETE', '/api/dashboard/customers/987654/notes/987654', 'customers.manage'],
  ['POST', '/api/dashboard/customers/987654/password-reset', 'customers.manage'],
  ['GET', '/api/dashboard/erasure-requests', 'customers.manage'],
  ['POST', '/api/dashboard/erasure-requests/987654/confirm', 'customers.manage'],
  ['GET', '/api/dashboard/privacy-settings', 'customers.manage'],
  ['PUT', '/api/dashboard/privacy-settings', 'customers.manage', {}],
  ['GET', '/api/admin/api-keys', 'keys.manage'],
  ['POST', '/api/admin/api-keys', 'keys.manage', { scope: 'everything' }],
  ['DELETE', '/api/admin/api-keys/987654', 'keys.manage'],
  ['GET', '/api/settings/hours', 'settings.manage'],
  ['PUT', '/api/settings/hours', 'settings.manage', {}],
  ['GET', '/api/settings/delivery', 'settings.manage'],
  ['PUT', '/api/settings/delivery', 'settings.manage', {}],
  ['GET', '/api/settings/store', 'settings.manage'],
  ['PUT', '/api/settings/store', 'settings.manage', {}],
  ['GET', '/api/settings/setup', 'settings.manage'],
  ['PUT', '/api/settings/setup', 'settings.manage', { dismissed: true }],
  ['GET', '/api/settings/pause', 'ordering.pause'],
  ['POST', '/api/settings/pause', 'ordering.pause', {}],
  ['POST', '/api/settings/resume', 'ordering.pause', {}],
  ['POST', '/api/settings/busy', 'ordering.pause', {}],
  ['GET', '/api/dashboard/messages', 'settings.manage'],
  ['POST', '/api/dashboard/messages', 'settings.manage', {}],
  ['PUT', '/api/dashboard/messages/987654', 'settings.manage', {}],
  ['DELETE', '/api/dashboard/messages/987654', 'settings.manage'],
  ['GET', '/api/dashboard/kiosks', 'settings.manage'],
  ['POST', '/api/dashboard/kiosks', 'settings.manage', {}],
  ['GET', '/api/dashboard/kiosks/987654', 'settings.manage'],
  ['PUT', '/api/dashboard/kiosks/987654', 'settings.manage', {}],
  ['DELETE', '/api/dashboard/kiosks/987654', 'settings.manage'],
  ['POST', '/api/dashboard/kiosks/987654/pair', 'settings.manage', {}],
  ['POST', '/api/dashboard/kiosks/987654/unpair', 'settings.manage'],
  ['GET', '/api/dashboard/kiosk-attract', 'settings.manage'],
  ['PUT', '/api/dashboard/kiosk-attract', 'settings.manage', {}],
  ['POST', '/api/kitchen/orders/987654/counter-payment', 'orders.status', {}],
  ['GET', '/api/dashboard/manuals', 'dashboard.view'],
  ['GET', '/api/dashboard/manuals/987654', 'dashboard.view'],
  ['POST', '/api/dashboard/manuals', 'manuals.manage', {}],
  ['PUT', '/api/dashboard/manuals/987654', 'manuals.manage', {}],
  ['DELETE', '/api/dashboard/manuals/987654', 'manuals.manage'],
];

describe.each(databaseKinds)('staff REST routes answer 401 or 403 on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  const viewers = new Map<string, Browser>();

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    app = await startTestApp(testDb.database);
    await ensureFirstAdmin(testDb.database, { email: 'baas@example.be', password: 'De baas van de frituur' });
    const browser = () => new Browser(() => app);
    const admin = browser();
    expect((await admin.graphql(LOGIN, { u: 'baas@example.be', p: 'De baas van de frituur' })).body.data.login.viewer.role).toBe('admin');
    for (const role of ['kitchen', 'manager'] as const) {
      expect((await admin.request('POST', '/api/staff/users', { email: `${role}@example.be`, password: PASSWORD, role })).statusCode).toBe(201);
      const staff = browser();
      expect((await staff.graphql(LOGIN, { u: `${role}@example.be`, p: PASSWORD })).body.data.login.viewer.role).toBe(role);
      viewers.set(role, staff);
    }
    const customer = browser();
    expect((await customer.graphql(REGISTER, { input: { email: 'klant@example.be', password: 'Stoofvlees met friet' } })).body.errors).toBeUndefined();
    viewers.set('customer', customer);
    viewers.set('guest', browser());
    viewers.set('admin', admin);
  });
  afterAll(async () => {
    await app.close();
    await testDb.cleanup();
  });

  it.each(STAFF_ROUTES)('%s %s (%s)', async (method, url, permission, body) => {
    for (const who of ['guest', 'customer']) {
      const response = await viewers.get(who)!.request(method, url, body);
      expect(response.statusCode, `${who} ${method} ${url}`).toBe(401);
      expect(response.json(), who).toMatchObject({ code: 'STAFF_LOGIN_REQUIRED', message: 'Log in with a staff account.', data: { status: 401 } });
    }
    for (const role of ['kitchen', 'manager', 'admin'] as const) {
      const response = await viewers.get(role)!.request(method, url, body);
      if (can(role, permission)) {
        expect([401, 403], `${role} ${method} ${url}: ${response.body}`).not.toContain(response.statusCode);
      } else {
        expect(response.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(response.json(), role).toMatchObject({ code: 'PERMISSION_DENIED', data: { status: 403, permission } });
      }
    }
  });
});
