import { ConfigError, loadConfig, siteUrlWarning } from './config.js';
import { createLogger } from './logger.js';
import { openDatabase } from './db/client.js';
import { bootstrapDatabase } from './bootstrap.js';
import { firstStartProgress } from './db/first-start-progress.js';
import { createInChildProcess, exitWithParent, isFirstStartChild, isNewPgliteDir } from './db/first-start-child.js';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { DataDirLock, LockHeldError } from './modules/instance-lock/data-dir-lock.js';
import { hangIfAsked } from './background-start.js';

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
  const log = createLogger(config.logLevel, undefined, config.logFormat);
  const started = performance.now();
  // A new embedded database is created by a child process that exits: the memory the creation takes
  // is not kept for the life of the server (docs/decisions/0058-pglite-idle-memory.md).
  const firstStartChild = isFirstStartChild();
  if (firstStartChild) exitWithParent();
  else if (config.database.kind === 'pglite' && isNewPgliteDir(config.database.dataDir)) await createInChildProcess();
  // Start-up has a deadline (docs/decisions/0075-security-defects-d1-d6.md): a server that never listens but stays
  // alive is one no process manager restarts. A new embedded database's creation (once, with its own progress
  // line) does not count.
  let step = 'waiting for the data directory';
  // Tests only: a step that never ends (BAKJE_TEST_HANG_START_STEP), never in the child creating the database.
  const hang = firstStartChild ? undefined : config.testHangStartStep;
  const deadline = firstStartChild
    ? undefined
    : setTimeout(() => {
        console.error(
          `Bakje could not start within ${Math.round(config.startDeadlineMs / 1000)} s: it was still ${step}. ` +
            'Stopping so that a process manager can start it again (BAKJE_START_DEADLINE_MS sets the time).',
        );
        process.exit(1);
      }, config.startDeadlineMs);
  // The embedded database must never be open in two processes: hold the data dir while running, and
  // let the CLI in through a local endpoint guarded by a secret in the lock file (decision 0018).
  let lock: DataDirLock | undefined;
  if (config.database.kind === 'pglite') {
    // A CLI command holds the data dir for a few seconds: wait for it (and for a holder too new to have
    // said who it is); another server is an error.
    const deadline = Date.now() + 30_000;
    while (!lock) {
      try {
        lock = DataDirLock.acquire(config.dataDir, 'server');
      } catch (error) {
        if (!(error instanceof LockHeldError)) throw error;
        if (error.holder?.role !== 'server' && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 250));
          continue;
        }
        console.error(`${error.message} Stop it first, or give this one its own BAKJE_DATA_DIR.`);
        process.exit(1);
      }
    }
  }
  const localAdminSecret = lock ? randomBytes(32).toString('base64url') : undefined;
  // Start-up is mostly waiting: the database opens (PGlite compiles its WASM off the main thread) while
  // the HTTP and GraphQL modules load, instead of one after the other.
  const appModule = firstStartChild ? undefined : import('./app.js');
  appModule?.catch(() => undefined);
  const phases: Record<string, number> = {};
  const phase = (name: string) => (phases[name] = Math.round(performance.now() - started));
  const talk = process.stdout.isTTY || process.env.BAKJE_PRINT_URLS !== 'false';
  const progress = config.database.kind === 'pglite' && talk ? firstStartProgress(config.database.dataDir) : null;
  step = 'opening the database';
  await hangIfAsked('database', hang);
  const database = await openDatabase(config.database, log);
  phase('databaseOpen');
  progress?.step(config.seedDemo ? 'creating the tables and the demo shop' : 'creating the tables');
  step = 'bringing the database up to date (migrations, reference data)';
  await hangIfAsked('migrate', hang);
  await bootstrapDatabase(database, { seedDemo: config.seedDemo, log });
  phase('migrated');
  progress?.done();
  if (firstStartChild) {
    await database.close();
    lock?.release();
    process.exit(0);
  }
  step = 'building the app (first admin, routes, services)';
  await hangIfAsked('app', hang);
  const { ensureFirstAdmin } = await import('./modules/auth/first-admin.js');
  const admin = await ensureFirstAdmin(database, config.admin);
  if (admin) {
    log.info({ email: admin.email }, 'created the first admin account');
    // Shown once, on the console only: it is not stored anywhere in clear.
    if (admin.generatedPassword)
      console.log(`\n  First admin: ${admin.email} / ${admin.generatedPassword}\n  (shown once; set BAKJE_ADMIN_PASSWORD to choose it)\n`);
  }
  const { buildApp } = await (appModule ?? import('./app.js'));
  phase('modulesLoaded');
  const app = await buildApp(config, database, log, undefined, { localAdminSecret, deferBackground: true });
  phase('appBuilt');
  step = `starting to listen on ${config.host}:${config.port}`;
  await app.server.listen({ port: config.port, host: config.host });
  clearTimeout(deadline);
  lock?.update({ port: (app.server.server.address() as AddressInfo).port, adminSecret: localAdminSecret });
  // Only now: the catalogue loads while the first requests (and the readiness probe) are already served.
  app.catalog.warmUp();
  // The background work (simulators, then the job runner with the payment look-ups) starts once requests are
  // answered: it can no longer keep the server from listening. A step that fails stops the server (as a failed
  // start did); one still starting at the deadline is logged as an error while the shop keeps serving.
  const watch = app.background.watch(config.startDeadlineMs, log);
  app.background.run().then(
    () => clearTimeout(watch),
    (error: unknown) => {
      console.error('Bakje could not start its background work:', error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );

  const base = config.siteUrl;
  log.info({ database: database.kind, startupMs: Math.round(performance.now() - started), phases }, `Bakje is ready on ${base}`);
  // The address customers come back to from a payment and that mails link to (docs/decisions/0070).
  const listening = app.server.server.address() as AddressInfo;
  const warning = siteUrlWarning(config, listening);
  if (warning && talk) console.log(`\n  ${warning}`);
  else if (warning) log.warn({ siteUrl: base, listening: `${listening.address}:${listening.port}` }, warning);
  if (talk) {
    console.log(
      [
        '',
        `  Bakje is running (${database.kind === 'pglite' ? `embedded database in ${'dataDir' in config.database ? config.database.dataDir : ''}` : 'PostgreSQL'})`,
        `  Site address   ${base}${config.siteUrlSet ? '' : ' (BAKJE_SITE_URL not set: from HOST and PORT)'}`,
        `  Shop           ${base}/bestellen`,
        `  Kiosk          ${base}/kioskindex`,
        `  Kitchen        ${base}/dashboard`,
        `  Dashboard      ${base}/dashboard`,
        `  Status screen  ${base}/order-status-scherm`,
        ...(app.printing.virtualPrinter ? [`  Printer        ${base}/dashboard/printer`] : []),
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
    lock?.release();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('Bakje could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
