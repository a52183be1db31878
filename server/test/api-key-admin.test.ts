import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { createTestDatabase, type TestDatabase } from './support/database.js';
import { startTestApp } from './support/server.js';

describe('API key management over HTTP', () => {
  let testDb: TestDatabase;
  let app: App;
  beforeAll(async () => {
    testDb = await createTestDatabase('pglite');
    // Stand-in for the staff admin check of the accounts code: a header decides here.
    app = await startTestApp(testDb.database, {}, undefined, {
      authorizeKeyAdmin: (request) => request.headers['x-test-admin'] === 'yes',
      localAdminSecret: 'local-secret-for-the-test',
    });
  });
  afterAll(async () => {
    await app.close();
    await testDb.cleanup();
  });

  it('is closed to anyone the authorize function refuses, and closed to all by default', async () => {
    const denied = await app.server.inject({ method: 'POST', url: '/api/admin/api-keys', payload: { scope: 'read' } });
    // Not signed in as staff: 401 (signed-in staff without keys.manage get 403: staff-guards.test.ts).
    expect(denied.statusCode).toBe(401);
    expect(denied.json()).toMatchObject({ code: 'STAFF_LOGIN_REQUIRED', data: { status: 401 } });
    const other = await startTestApp(testDb.database);
    expect((await other.server.inject({ url: '/api/admin/api-keys', headers: { 'x-test-admin': 'yes' } })).statusCode).toBe(401);
    expect((await other.server.inject({ url: '/api/local-admin/api-keys' })).statusCode).toBe(404);
    await other.close();
  });

  it('creates (key and secret once, no-store), lists without secrets, revokes', async () => {
    const headers = { 'x-test-admin': 'yes' };
    const created = await app.server.inject({ method: 'POST', url: '/api/admin/api-keys', headers, payload: { scope: 'read_write', description: 'kassa' } });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const key = created.json();
    expect(key).toMatchObject({ scope: 'read_write', description: 'kassa', revoked_at: null, last_access: null });
    expect(key.consumer_key).toMatch(/^ck_/);
    const list = await app.server.inject({ url: '/api/admin/api-keys', headers });
    expect(list.json()).toEqual([expect.objectContaining({ id: key.id, truncated_key: key.consumer_key.slice(-7) })]);
    expect(list.body).not.toContain(key.consumer_secret);
    expect(list.body).not.toContain(key.consumer_key);

    const bad = await app.server.inject({ method: 'POST', url: '/api/admin/api-keys', headers, payload: { scope: 'everything' } });
    expect(bad.statusCode).toBe(400);
    const revoked = await app.server.inject({ method: 'DELETE', url: `/api/admin/api-keys/${key.id}`, headers });
    expect(revoked.json().revoked_at).not.toBeNull();
    const notAnId = await app.server.inject({ method: 'DELETE', url: '/api/admin/api-keys/abc', headers });
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json()).toMatchObject({ code: 'INVALID_INPUT', data: { status: 400, params: ['id'] } });
    expect((await app.server.inject({ method: 'DELETE', url: '/api/admin/api-keys/987654', headers })).json()).toMatchObject({
      code: 'API_KEY_NOT_FOUND',
      data: { status: 404 },
    });
    // The description is optional, and so is the body's every field but the scope.
    const bare = await app.server.inject({ method: 'POST', url: '/api/admin/api-keys', headers, payload: { scope: 'read' } });
    expect(bare.statusCode, bare.body).toBe(201);
    const none = await app.server.inject({ method: 'POST', url: '/api/admin/api-keys', headers });
    expect(none.json()).toMatchObject({ code: 'API_KEY_SCOPE_INVALID', data: { status: 400 } });
  });

  it('the local admin endpoint needs the secret and a connection from this machine', async () => {
    const secret = { 'x-bakje-admin-secret': 'local-secret-for-the-test' };
    expect((await app.server.inject({ url: '/api/local-admin/api-keys', headers: secret })).statusCode).toBe(200);
    expect((await app.server.inject({ url: '/api/local-admin/api-keys', headers: { 'x-bakje-admin-secret': 'local-secret-for-the-tesT' } })).statusCode).toBe(
      401,
    );
    expect((await app.server.inject({ url: '/api/local-admin/api-keys', headers: secret, remoteAddress: '203.0.113.9' })).statusCode).toBe(401);
    expect((await app.server.inject({ url: '/api/local-admin/api-keys', headers: { ...secret, 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(401);
  });
});
