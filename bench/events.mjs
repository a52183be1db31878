#!/usr/bin/env node
// `npm run bench` (second part) or `npm run bench:events`: latency from the checkout response to kitchen SSE
// clients receiving the new order, on PGlite and PostgreSQL. See bench/README.md.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureBuilt } from './lib/build.mjs';
import { createBenchDatabase, DEFAULT_DATABASE_URL, dropBenchDatabase, redactUrl } from './lib/postgres.mjs';
import { freePort, killAllChildrenNow, spawnNode, stopChild, waitReady } from './lib/processes.mjs';
import { connectSse } from './lib/sse.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(benchDir, '..');
const resultsDir = path.join(benchDir, 'results');
const TARGET_P99_MS = 100;

// strict: false, so `npm run bench -- --duration 5` (options of run.mjs) passes through harmlessly.
const { values: args } = parseArgs({
  strict: false,
  options: {
    orders: { type: 'string', default: '500' },
    clients: { type: 'string', default: '5' },
    'no-postgres': { type: 'boolean', default: false },
  },
});
const orderCount = Number(args.orders);
const clientCount = Number(args.clients);
if (!Number.isInteger(orderCount) || orderCount < 1 || !Number.isInteger(clientCount) || clientCount < 1) {
  console.error('bench events: --orders and --clients must be positive whole numbers');
  process.exit(2);
}
const log = (message) => console.log(`[bench events] ${message}`);
process.on('exit', killAllChildrenNow);

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, index)] * 100) / 100;
}

/** A guest places one cash takeaway order: add to cart, then checkout. Resolves when the checkout response is in. */
async function placeOrder(base, productId, slotId) {
  let token;
  const call = async (query, variables) => {
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { 'woocommerce-session': `Session ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    token = response.headers.get('woocommerce-session') ?? token;
    const body = await response.json();
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data;
  };
  await call('mutation($id: Int!) { addToCart(input: {productId: $id, quantity: 1}) { cart { isEmpty } } }', { id: productId });
  const billing = { firstName: 'Bench', lastName: 'Klant', phone: '0470 00 00 00', address1: 'Korenmarkt 1', city: 'Gent', postcode: '9000' };
  const sentAt = performance.now();
  const data = await call('mutation($input: CheckoutInput!) { checkout(input: $input) { order { databaseId } } }', {
    input: {
      paymentMethod: 'cod',
      billing,
      metaData: [
        { key: 'fulfilment_type', value: 'takeaway' },
        { key: 'time_slot', value: slotId },
      ],
    },
  });
  return { orderId: data.checkout.order.databaseId, sentAt, respondedAt: performance.now() };
}

async function prepare(base) {
  const gql = async (query, variables = {}) => {
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    const body = await response.json();
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data;
  };
  const { products } = await gql(
    '{ products(first: 9999) { nodes { databaseId type addons { required } ... on SimpleProduct { stockStatus stockQuantity } } } }',
  );
  const product = products.nodes.find(
    (p) => p.type === 'SIMPLE' && p.stockStatus === 'IN_STOCK' && p.stockQuantity === null && !p.addons.some((a) => a.required),
  );
  if (!product) throw new Error('no simple product without stock limit to order');
  const { orderingDays } = await gql('{ orderingDays(type: TAKEAWAY, count: 2) { date hasSlots } }');
  const day = orderingDays.find((d) => d.hasSlots);
  const { availableTimeSlots } = await gql('query($d: String!) { availableTimeSlots(type: TAKEAWAY, date: $d) { id isFullyBooked } }', { d: day.date });
  // A slot a while ahead, so it does not pass during the run.
  const slot = availableTimeSlots.filter((s) => !s.isFullyBooked)[6] ?? availableTimeSlots.at(-1);
  return { productId: product.databaseId, slotId: slot.id };
}

async function benchOne(database, dbEnv) {
  const port = await freePort();
  const token = randomBytes(24).toString('hex');
  const base = `http://127.0.0.1:${port}`;
  log(`${database}: starting server/dist/test-server.js on ${base} ...`);
  const child = spawnNode(['server/dist/test-server.js'], {
    cwd: root,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      BAKJE_PRINT_URLS: 'false',
      BAKJE_TEST_STAFF_TOKEN: token,
      BAKJE_TEST_OPEN_ALL_DAY: 'true',
      ...dbEnv,
    },
  });
  const clients = [];
  try {
    await waitReady(child, port, { timeoutMs: 180_000 });
    const { productId, slotId } = await prepare(base);
    // received[c].get(orderId) = when client c got the order.created event.
    const received = Array.from({ length: clientCount }, () => new Map());
    for (let c = 0; c < clientCount; c++) {
      clients.push(
        await connectSse(`${base}/api/events/kitchen`, { 'x-bakje-staff-token': token }, (event) => {
          if (event.event === 'order' && event.data.type === 'order.created') received[c].set(event.data.order.id, event.receivedAt);
        }),
      );
    }
    // Warm-up: a few orders not counted (JIT, connection pools, caches).
    for (let i = 0; i < 10; i++) await placeOrder(base, productId, slotId);
    log(`${database}: ${clientCount} kitchen clients connected; placing ${orderCount} orders one after another ...`);
    const placed = [];
    const started = performance.now();
    for (let i = 0; i < orderCount; i++) placed.push(await placeOrder(base, productId, slotId));
    const elapsedS = (performance.now() - started) / 1000;
    // Wait (bounded) for the last events to land.
    const deadline = performance.now() + 10_000;
    while (performance.now() < deadline && !received.every((map) => placed.every((p) => map.has(p.orderId)))) await new Promise((r) => setTimeout(r, 20));

    const latencies = [];
    // Also from sending the checkout request, which includes the checkout itself: the customer's view.
    const fromRequest = [];
    let missing = 0;
    let beforeResponse = 0;
    for (const map of received) {
      for (const { orderId, sentAt, respondedAt } of placed) {
        const at = map.get(orderId);
        if (at === undefined) {
          missing++;
          continue;
        }
        // The event can beat the HTTP response (NOTIFY fires at commit, the response is written after): 0 ms.
        if (at < respondedAt) beforeResponse++;
        latencies.push(Math.max(0, at - respondedAt));
        fromRequest.push(at - sentAt);
      }
    }
    latencies.sort((a, b) => a - b);
    fromRequest.sort((a, b) => a - b);
    const result = {
      database,
      orders: orderCount,
      clients: clientCount,
      samples: latencies.length,
      missing,
      eventBeforeResponse: beforeResponse,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      maxMs: percentile(latencies, 100),
      fromRequestP50Ms: percentile(fromRequest, 50),
      fromRequestP99Ms: percentile(fromRequest, 99),
      checkoutsPerSec: Math.round((orderCount / elapsedS) * 10) / 10,
    };
    result.pass = missing === 0 && result.p99Ms !== null && result.p99Ms < TARGET_P99_MS;
    log(
      `${database}: p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, max ${result.maxMs} ms over ${result.samples} deliveries; missing ${missing}; ${result.checkoutsPerSec} checkouts/s`,
    );
    return result;
  } finally {
    for (const client of clients) client.close();
    await stopChild(child);
  }
}

async function main() {
  for (const name of ['server', 'web']) {
    const built = ensureBuilt(root, name, log);
    if (built.error) throw new Error(`${name} did not build: ${built.error}`);
  }
  const loadAverage = os.loadavg()[0];
  const results = [];
  const notes = [];
  if (loadAverage > os.cpus().length * 0.75) notes.push(`load average ${loadAverage.toFixed(2)} on ${os.cpus().length} cores at the start: figures are noisy`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bakje-bench-events-'));
  try {
    results.push(await benchOne('pglite', { BAKJE_DATA_DIR: dataDir, DATABASE_URL: '' }));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (!args['no-postgres']) {
    const baseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
    let created;
    try {
      created = await createBenchDatabase(root, baseUrl, `events_${Date.now()}`);
    } catch (error) {
      notes.push(`PostgreSQL at ${redactUrl(baseUrl)} unreachable (${error.message}): skipped`);
    }
    if (created) {
      try {
        results.push(await benchOne(`postgres ${created.serverVersion}`, { DATABASE_URL: created.url }));
      } finally {
        await dropBenchDatabase(root, baseUrl, created.name).catch((error) => console.error(`[bench events] could not drop ${created.name}: ${error.message}`));
      }
    }
  }

  const report = { at: new Date().toISOString(), targetP99Ms: TARGET_P99_MS, node: process.version, cpus: os.cpus().length, loadAverage, results, notes };
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, 'events-latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  const md = [
    `# Order events latency (${report.at})`,
    '',
    `Checkout response -> kitchen SSE client receives order.created; ${clientCount} kitchen clients, ${orderCount} orders placed one after another (after 10 warm-up orders). Target p99 < ${TARGET_P99_MS} ms.`,
    '',
    '| database | deliveries | missing | p50 ms | p99 ms | max ms | event before response | from request p50 / p99 ms | checkouts/s | p99 target |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...results.map(
      (r) =>
        `| ${r.database} | ${r.samples} | ${r.missing} | ${r.p50Ms} | ${r.p99Ms} | ${r.maxMs} | ${r.eventBeforeResponse} | ${r.fromRequestP50Ms} / ${r.fromRequestP99Ms} | ${r.checkoutsPerSec} | ${r.pass ? 'met' : 'MISSED'} |`,
    ),
    '',
    '"from request": from sending the checkout mutation to the event, i.e. including the checkout transaction itself (not the target figure).',
    '',
    ...notes.map((n) => `- ${n}`),
    '',
  ].join('\n');
  fs.writeFileSync(path.join(resultsDir, 'events-latest.md'), md);
  console.log(`\n${md}`);
  log(`wrote bench/results/events-latest.json and events-latest.md`);
}

main().catch((error) => {
  console.error(`[bench events] failed: ${error.stack ?? error.message}`);
  process.exit(1);
});
