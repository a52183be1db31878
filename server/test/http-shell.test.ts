import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { createTestDatabase, type TestDatabase } from './support/database.js';
import { startTestApp } from './support/server.js';

describe('HTTP shell', () => {
  let testDb: TestDatabase;
  let app: App;
  beforeAll(async () => {
    testDb = await createTestDatabase('pglite');
    app = await startTestApp(testDb.database);
  });
  afterAll(async () => {
    await app.close();
    await testDb.cleanup();
  });

  it('answers liveness and readiness', async () => {
    expect((await app.server.inject('/api/health')).json()).toEqual({ status: 'ok' });
    const ready = await app.server.inject('/api/ready');
    expect(ready.statusCode).toBe(200);
    // The job counts per kind and status come along (none yet in a fresh shop).
    expect(ready.json()).toEqual({ status: 'ready', database: 'pglite', jobs: {} });
  });

  it('reports not ready when the database is gone', async () => {
    const other = await createTestDatabase('pglite');
    const otherApp = await startTestApp(other.database);
    await other.database.close();
    const ready = await otherApp.server.inject('/api/ready');
    expect(ready.statusCode).toBe(503);
    await otherApp.close();
  });

  it('serves app routes with 200 and unknown paths with 404', async () => {
    for (const path of ['/', '/bestellen', '/bestellen/page/2', '/product/frikandel', '/digital-menu/BKP-2', '/my-account/lost-password']) {
      const response = await app.server.inject(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
    }
    expect((await app.server.inject('/bestaat/niet')).statusCode).toBe(404);
    expect((await app.server.inject('/digital-menu/abc')).statusCode).toBe(404);
  });

  it('answers an unknown dashboard path with 404, a known staff screen with 200', async () => {
    expect((await app.server.inject('/dashboard/bestaat-niet')).statusCode).toBe(404);
    expect((await app.server.inject('/dashboard/orders')).statusCode).toBe(200);
  });

  it('answers unknown API routes with the WooCommerce error shape', async () => {
    const response = await app.server.inject('/wp-json/wc/v3/nothing');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'rest_no_route', data: { status: 404 } });
  });
});
