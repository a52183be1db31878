import { eq } from 'drizzle-orm';
import { versions } from '../../src/db/schema/index.js';
import { buildApp, type App, type AppOptions } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { Database } from '../../src/db/client.js';
import { createLogger, type Logger } from '../../src/logger.js';

/** A real app on a real database, driven through Fastify's in-process HTTP injection. */
export const TEST_PEPPER = 'test-pepper-of-at-least-32-characters!';

export async function startTestApp(
  database: Database,
  env: Record<string, string> = {},
  clock?: () => Date,
  options?: AppOptions,
  log: Logger = createLogger('silent'),
): Promise<App> {
  const config = loadConfig({ LOG_LEVEL: log.level, NODE_ENV: 'test', PORT: '0', BAKJE_API_KEY_PEPPER: TEST_PEPPER, ...env });
  return buildApp(config, database, log, clock, options);
}

export async function graphql(app: App, query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}) {
  const response = await app.server.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({ query, variables }),
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

/**
 * One shopper's GraphQL calls: keeps the woocommerce-session token the server issues, as a storefront does, and
 * answers each call's body. `app` may be a getter when the test replaces its app.
 */
export function cartSession(app: App | (() => App)) {
  const appOf = () => (typeof app === 'function' ? app() : app);
  let token: string | undefined;
  return async (query: string, variables?: Record<string, unknown>) => {
    const response = await graphql(appOf(), query, variables, token ? { 'woocommerce-session': `Session ${token}` } : {});
    const issued = response.headers['woocommerce-session'];
    if (typeof issued === 'string') token = issued;
    return response.body;
  };
}

/**
 * Waits until the app's catalogue has caught up with every committed catalogue write: changes reach an
 * instance by NOTIFY, a moment after they commit.
 */
export async function catalogCaughtUp(app: App, database: Database): Promise<void> {
  const [row] = await database.db.select().from(versions).where(eq(versions.name, 'catalog'));
  const target = row?.version ?? 0;
  const deadline = Date.now() + 5000;
  while ((await app.catalog.get()).version < target) {
    if (Date.now() > deadline) throw new Error(`catalogue stuck below version ${target}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
