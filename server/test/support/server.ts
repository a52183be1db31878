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
