import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { openDatabase } from './db/client.js';
import { bootstrapDatabase } from './db/bootstrap.js';
import { buildApp } from './app.js';
import { ensureFirstAdmin } from './modules/auth/first-admin.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(config.logLevel);
  const started = performance.now();
  const database = await openDatabase(config.database);
  await bootstrapDatabase(database, { seedDemo: config.seedDemo, log });
  const admin = await ensureFirstAdmin(database, config.admin);
  if (admin) {
    log.info({ email: admin.email }, 'created the first admin account');
    // Shown once, on the console only: it is not stored anywhere in clear.
    if (admin.generatedPassword) console.log(`\n  First admin: ${admin.email} / ${admin.generatedPassword}\n  (shown once; set BAKJE_ADMIN_PASSWORD to choose it)\n`);
  }
  const app = await buildApp(config, database, log);
  await app.server.listen({ port: config.port, host: config.host });

  const base = config.siteUrl;
  log.info(
    { database: database.kind, startupMs: Math.round(performance.now() - started) },
    `Bakje is ready on ${base}`,
  );
  if (process.stdout.isTTY || process.env.BAKJE_PRINT_URLS !== 'false') {
    console.log(
      [
        '',
        `  Bakje is running (${database.kind === 'pglite' ? `embedded database in ${'dataDir' in config.database ? config.database.dataDir : ''}` : 'PostgreSQL'})`,
        `  Shop           ${base}/bestellen`,
        `  Kiosk          ${base}/kioskindex`,
        `  Kitchen        ${base}/dashboard`,
        `  Dashboard      ${base}/dashboard`,
        `  Status screen  ${base}/order-status-scherm`,
        `  Digital menu   ${base}/digital-menu/1`,
        `  GraphQL        ${base}/graphql`,
        '',
      ].join('\n'),
    );
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('Bakje could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
