import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getIntrospectionQuery } from 'graphql';
import type { App } from '../src/app.js';
import { createTestDatabase, type TestDatabase } from './support/database.js';
import { graphql, startTestApp } from './support/server.js';

// Validation runs before any database work, so one database kind shows it.
describe('GraphQL introspection (BAKJE_GRAPHQL_INTROSPECTION)', () => {
  let testDb: TestDatabase;
  const apps: App[] = [];
  const start = async (env: Record<string, string>) => {
    const app = await startTestApp(testDb.database, { BAKJE_VIRTUAL_PRINTER: 'false', BAKJE_PRINT_WORKER: 'false', ...env });
    apps.push(app);
    return app;
  };
  beforeAll(async () => {
    testDb = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await testDb.cleanup();
  });

  it('answers the full introspection query in development, as code generators send it', async () => {
    const app = await start({ NODE_ENV: 'development' });
    const { status, body } = await graphql(app, getIntrospectionQuery());
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data.__schema.types.map((t: { name: string }) => t.name)).toContain('Product');
  });

  it('refuses __schema and __type in production, before running anything', async () => {
    const app = await start({ NODE_ENV: 'production' });
    for (const query of [
      getIntrospectionQuery(),
      '{ __type(name: "Product") { name fields { name } } }',
      '{ products(first: 1) { nodes { name } } __schema { queryType { name } } }',
    ]) {
      const { status, body } = await graphql(app, query);
      expect(status).toBe(400);
      expect(body.data).toBeUndefined();
      expect(body.errors[0].message).toMatch(/introspection/i);
    }
  });

  it('still answers __typename in production: the storefront and clients rely on it', async () => {
    const app = await start({ NODE_ENV: 'production' });
    const { status, body } = await graphql(app, '{ __typename }');
    expect(status).toBe(200);
    expect(body.data).toEqual({ __typename: 'RootQuery' });
  });

  it('answers introspection in production when BAKJE_GRAPHQL_INTROSPECTION=true', async () => {
    const app = await start({ NODE_ENV: 'production', BAKJE_GRAPHQL_INTROSPECTION: 'true' });
    const { status, body } = await graphql(app, '{ __type(name: "Product") { name } }');
    expect(status).toBe(200);
    expect(body.data).toEqual({ __type: { name: 'Product' } });
  });

  it('can be turned off in development with BAKJE_GRAPHQL_INTROSPECTION=false', async () => {
    const app = await start({ NODE_ENV: 'development', BAKJE_GRAPHQL_INTROSPECTION: 'false' });
    const { status } = await graphql(app, '{ __schema { queryType { name } } }');
    expect(status).toBe(400);
  });
});
