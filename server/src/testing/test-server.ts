// A Bakje server for end-to-end tests and benchmarks that need staff actions before staff login exists:
// like `node server/dist/main.js` (this file is built to server/dist/test-server.js), but requests carrying
// `x-bakje-staff-token: $BAKJE_TEST_STAFF_TOKEN` count as staff (the token is random per run, at least 32 characters). Never used by `npm start`.
// BAKJE_TEST_OPEN_ALL_DAY=true also opens the shop around the clock with a takeaway slot every 5 minutes
// and no lead time, so orders can be placed for "today" whenever the test runs.
// BAKJE_TEST_ORDERS_LIVE=true counts orders as a live shop's in the figures although the shop runs on the
// simulators (test mode, docs/decisions/0070-test-and-live-mode.md).
import { timingSafeEqual } from 'node:crypto';
import { staffMay } from '../api/http/viewer.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { bootstrapDatabase } from '../bootstrap.js';
import { openDatabase } from '../db/client.js';
import { settings, timeSlots } from '../db/schema/index.js';
import { createLogger } from '../logger.js';
import { ensureFirstAdmin } from '../modules/auth/first-admin.js';

const token = process.env.BAKJE_TEST_STAFF_TOKEN ?? '';
if (token.length < 32) {
  console.error('BAKJE_TEST_STAFF_TOKEN must be set to a random value of at least 32 characters');
  process.exit(1);
}
const expected = Buffer.from(token);
const config = loadConfig();
const log = createLogger(config.logLevel);
const database = await openDatabase(config.database, log);
await bootstrapDatabase(database, { seedDemo: config.seedDemo, log });
// A first admin only when the test chose its password (never a generated one nobody sees).
if (config.admin.email && config.admin.password) await ensureFirstAdmin(database, config.admin);

if (process.env.BAKJE_TEST_OPEN_ALL_DAY === 'true') {
  const everyDay = ['1', '2', '3', '4', '5', '6', '7'];
  const openingHours = { week: Object.fromEntries(everyDay.map((d) => [d, [{ open: '00:00', close: '24:00' }]])), closedDates: [], pausedUntil: null };
  const overrides: Array<[string, unknown]> = [
    ['opening_hours', openingHours],
    ['ordering', { leadTimeMinutes: 0, daysAhead: 7 }],
  ];
  for (const [key, value] of overrides) {
    await database.db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
  }
  await database.db.insert(timeSlots).values({
    type: 'takeaway',
    startTime: '00:00',
    endTime: '24:00',
    intervalMinutes: 5,
    maxOrders: 100_000,
    repeatDays: [1, 2, 3, 4, 5, 6, 7],
    customMessage: 'test',
  });
}

// Staff who log in for real (the kitchen view in a browser) are let in as on any server.
const kitchenStaff = staffMay('kitchen.view');
const app = await buildApp(config, database, log, undefined, {
  authorizeStaff: async (request) => {
    const sent = request.headers['x-bakje-staff-token'];
    const given = Buffer.from(typeof sent === 'string' ? sent : '');
    if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
    return kitchenStaff(request);
  },
  ordersCountAsLive: process.env.BAKJE_TEST_ORDERS_LIVE === 'true',
});
await app.server.listen({ port: config.port, host: config.host });
log.info({ port: config.port, database: database.kind }, 'test server ready');

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
