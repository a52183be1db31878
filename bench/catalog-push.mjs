#!/usr/bin/env node
// `npm run bench` (part) or `npm run bench:catalog-push`: a product save reaching open shop pages, and the menu
// query's throughput after a save. 50 SSE clients on /api/events/catalog (as open shop pages); a product is
// saved through the WooCommerce REST API 100 times, one after another; for each save, the time from sending
// the PUT to every client having the new catalogue version (target: p99 < 1 s); and, after further saves,
// how long until the full-menu GraphQL query runs at the cached rate again (target: < 1 s). PGlite and
// PostgreSQL. Prints the machine's load beside the figures. See bench/README.md.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureBuilt } from './lib/build.mjs';
import { createBenchDatabase, DEFAULT_DATABASE_URL, dropBenchDatabase, redactUrl } from './lib/postgres.mjs';
import { freePort, killAllChildrenNow, spawnNode, stopChild, waitReady } from './lib/processes.mjs';
import { PRODUCTS_REQUEST_BODY } from './lib/query.mjs';
import { connectSse } from './lib/sse.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(benchDir, '..');
const resultsDir = path.join(benchDir, 'results');
const TARGET_P99_MS = 1000;
const TARGET_RECOVERY_MS = 1000;
const ADMIN = { email: 'bench-admin@bakje.test', password: 'Bench beheer wachtwoord 42' };

// strict: false, so options meant for the other benches pass through harmlessly.
const { values: args } = parseArgs({
  strict: false,
  options: {
    saves: { type: 'string', default: '100' },
    pages: { type: 'string', default: '50' },
    'recovery-saves': { type: 'string', default: '10' },
    'menu-connections': { type: 'string', default: '10' },
    'no-postgres': { type: 'boolean', default: false },
  },
});
const saves = Number(args.saves);
const pages = Number(args.pages);
const recoverySaves = Number(args['recovery-saves']);
const menuConnections = Number(args['menu-connections']);
if (![saves, pages, recoverySaves, menuConnections].every((n) => Number.isInteger(n) && n > 0)) {
  console.error('bench catalog-push: --saves, --pages, --recovery-saves and --menu-connections must be positive whole numbers');
  process.exit(2);
}
const log = (message) => console.log(`[bench catalog-push] ${message}`);
process.on('exit', killAllChildrenNow);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (n) => (n === null ? null : Math.round(n * 10) / 10);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return round(sorted[Math.max(0, index)]);
}

/** The admin logs in (GraphQL, cookie session) and creates a read/write REST key through the key screen's API. */
async function restKey(base) {
  const login = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }',
      variables: { u: ADMIN.email, p: ADMIN.password },
    }),
  });
  const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]);
  const csrf = cookies.find((c) => c.startsWith('bakje_csrf='))?.slice('bakje_csrf='.length);
  const response = await fetch(`${base}/api/admin/api-keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookies.join('; '), 'x-csrf-token': decodeURIComponent(csrf ?? '') },
    body: JSON.stringify({ scope: 'read_write', description: 'catalog-push bench' }),
  });
  if (response.status !== 201) throw new Error(`creating a REST key: HTTP ${response.status} ${await response.text()}`);
  const key = await response.json();
  return `consumer_key=${encodeURIComponent(key.consumer_key)}&consumer_secret=${encodeURIComponent(key.consumer_secret)}`;
}

async function simpleProduct(base) {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ products(first: 9999) { nodes { databaseId type } } }' }),
  });
  const { data } = await response.json();
  const product = data.products.nodes.find((p) => p.type === 'SIMPLE');
  if (!product) throw new Error('no simple product to save');
  return product.databaseId;
}

/** One product save through the store REST API (the price moves by a cent each time, so it is a real change). */
async function save(base, auth, productId, i) {
  const response = await fetch(`${base}/wp-json/wc/v3/products/${productId}?${auth}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ regular_price: (3 + (i % 90) / 100).toFixed(2) }),
  });
  if (response.status !== 200) throw new Error(`save ${i}: HTTP ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
}

/**
 * The full-menu query in a closed loop with `connections` callers for `durationMs`; returns each response's
 * sending and completion time (ms from `startedAt`) and whether it was a cache hit.
 */
async function menuLoad(base, connections, durationMs) {
  const startedAt = performance.now();
  const done = [];
  const caller = async () => {
    while (performance.now() - startedAt < durationMs) {
      const sent = performance.now() - startedAt;
      const response = await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: PRODUCTS_REQUEST_BODY });
      await response.arrayBuffer();
      done.push({ sent, at: performance.now() - startedAt, hit: response.headers.get('x-bakje-cache') === 'hit' });
    }
  };
  await Promise.all(Array.from({ length: connections }, caller));
  return { startedAt, done };
}

const WINDOW_MS = 100;
const RUN = 3;

async function benchOne(database, dbEnv) {
  const port = await freePort();
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
      BAKJE_TEST_STAFF_TOKEN: randomBytes(24).toString('hex'),
      BAKJE_ADMIN_EMAIL: ADMIN.email,
      BAKJE_ADMIN_PASSWORD: ADMIN.password,
      // All the "shop pages" come from this one address.
      BAKJE_EVENT_STREAMS_PER_CLIENT: String(pages + 10),
      ...dbEnv,
    },
  });
  const clients = [];
  try {
    await waitReady(child, port, { timeoutMs: 180_000 });
    const auth = await restKey(base);
    const productId = await simpleProduct(base);
    // newest[c] = the newest version client c has heard of; arrivals[c] = [version, receivedAt] in order.
    const newest = Array.from({ length: pages }, () => 0);
    const arrivals = Array.from({ length: pages }, () => []);
    for (let c = 0; c < pages; c++) {
      clients.push(
        await connectSse(`${base}/api/events/catalog`, {}, (event) => {
          if (event.event !== 'catalog') return;
          newest[c] = Math.max(newest[c], event.data.version);
          arrivals[c].push([event.data.version, event.receivedAt]);
        }),
      );
    }
    const waitAll = async (predicate, what) => {
      const deadline = performance.now() + 10_000;
      while (!predicate()) {
        if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await sleep(1);
      }
    };
    await waitAll(() => newest.every((v) => v > 0), 'every client to connect');
    log(`${database}: ${pages} clients on /api/events/catalog; load ${load()}`);

    // Warm-up saves (JIT, pools), not counted.
    for (let i = 0; i < 5; i++) await save(base, auth, productId, i);

    const loadBefore = os.loadavg()[0];
    const latencies = [];
    const afterResponse = [];
    for (let i = 0; i < saves; i++) {
      const seen = newest.map((v) => v);
      const sentAt = performance.now();
      await save(base, auth, productId, i + 5);
      const respondedAt = performance.now();
      // Every page has a newer version than before the save.
      await waitAll(() => newest.every((v, c) => v > seen[c]), `save ${i} to reach every page`);
      for (let c = 0; c < pages; c++) {
        const at = arrivals[c].find(([version]) => version > seen[c])[1];
        latencies.push(at - sentAt);
        afterResponse.push(Math.max(0, at - respondedAt));
      }
    }
    latencies.sort((a, b) => a - b);
    afterResponse.sort((a, b) => a - b);
    const loadDuring = os.loadavg()[0];

    // The cached figure: the full-menu query's rate with a warm cache.
    await menuLoad(base, menuConnections, 500);
    const baseline = await menuLoad(base, menuConnections, 3000);
    const cachedPerSec = (baseline.done.length / 3000) * 1000;
    // Then, for each of a few saves: the rate per 100 ms window from the save on, and when it is back.
    const recoveries = [];
    const firstHits = [];
    for (let r = 0; r < recoverySaves; r++) {
      const loading = menuLoad(base, menuConnections, 2000);
      await sleep(300);
      await save(base, auth, productId, 1000 + r);
      // From the save's answer: the change is committed and this instance has dropped its cache.
      const savedAt = performance.now();
      const { startedAt, done } = await loading;
      const saveOffset = savedAt - startedAt;
      const windows = [];
      for (let w = 0; saveOffset + (w + 1) * WINDOW_MS <= 2000; w++) {
        const from = saveOffset + w * WINDOW_MS;
        windows.push(done.filter((d) => d.at > from && d.at <= from + WINDOW_MS).length * (1000 / WINDOW_MS));
      }
      // Back: the first window from which three windows in a row (300 ms) average 90 % of the cached rate or
      // more (single 100 ms windows are too few requests to judge on a busy machine).
      let back = windows.findIndex((_, w) => w + RUN <= windows.length && windows.slice(w, w + RUN).reduce((a, b) => a + b, 0) / RUN >= 0.9 * cachedPerSec);
      if (back < 0) back = windows.length;
      recoveries.push(back * WINDOW_MS);
      if (process.env.BENCH_DEBUG) log(`windows after save: ${windows.join(' ')} (cached ${Math.round(cachedPerSec)}/s)`);
      // The first request sent after the save that the response cache answered again.
      const hit = done.filter((d) => d.sent > saveOffset && d.hit).sort((a, b) => a.at - b.at)[0];
      firstHits.push(hit ? hit.at - saveOffset : null);
      await sleep(200);
    }
    recoveries.sort((a, b) => a - b);

    const result = {
      database,
      saves,
      pages,
      deliveries: latencies.length,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      maxMs: percentile(latencies, 100),
      afterResponseP99Ms: percentile(afterResponse, 99),
      cachedMenuPerSec: Math.round(cachedPerSec),
      recoveryMedianMs: percentile(recoveries, 50),
      recoveryMaxMs: percentile(recoveries, 100),
      firstCacheHitMs: firstHits.map(round),
      loadBefore: round(loadBefore),
      loadDuring: round(loadDuring),
    };
    result.pass = result.p99Ms !== null && result.p99Ms < TARGET_P99_MS && result.recoveryMaxMs !== null && result.recoveryMaxMs <= TARGET_RECOVERY_MS;
    log(
      `${database}: save -> ${pages} pages p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, max ${result.maxMs} ms; menu back to ${result.cachedMenuPerSec}/s after ${result.recoveryMedianMs} ms (max ${result.recoveryMaxMs} ms); load ${load()}`,
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
  const loadAverage = os.loadavg();
  const results = [];
  const notes = [];
  if (loadAverage[0] > os.cpus().length * 0.75)
    notes.push(`load average ${loadAverage[0].toFixed(2)} on ${os.cpus().length} cores at the start: figures are noisy`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bakje-bench-catalog-push-'));
  try {
    results.push(await benchOne('pglite', { BAKJE_DATA_DIR: dataDir, DATABASE_URL: '' }));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (!args['no-postgres']) {
    const baseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
    let created;
    try {
      created = await createBenchDatabase(root, baseUrl, `catalog_push_${Date.now()}`);
    } catch (error) {
      notes.push(`PostgreSQL at ${redactUrl(baseUrl)} unreachable (${error.message}): skipped`);
    }
    if (created) {
      const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bakje-bench-catalog-push-'));
      try {
        results.push(await benchOne(`postgres ${created.serverVersion}`, { DATABASE_URL: created.url, BAKJE_DATA_DIR: pgDir }));
      } finally {
        fs.rmSync(pgDir, { recursive: true, force: true });
        await dropBenchDatabase(root, baseUrl, created.name).catch((error) =>
          console.error(`[bench catalog-push] could not drop ${created.name}: ${error.message}`),
        );
      }
    }
  }

  const report = {
    at: new Date().toISOString(),
    targetP99Ms: TARGET_P99_MS,
    targetRecoveryMs: TARGET_RECOVERY_MS,
    node: process.version,
    cpus: os.cpus().length,
    loadAverage,
    results,
    notes,
  };
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, 'catalog-push-latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  const md = [
    `# Catalogue push (${report.at})`,
    '',
    `${pages} open shop pages on /api/events/catalog; a product saved through PUT /wp-json/wc/v3/products/{id} ${saves} times, one after another. Save -> page: from sending the PUT to each page receiving the new version (target p99 < ${TARGET_P99_MS} ms). Menu back: from a save's answer to the first ${WINDOW_MS} ms window from which ${RUN} windows in a row run the full-menu query (${menuConnections} callers) at >= 90 % of its cached rate on average (target <= ${TARGET_RECOVERY_MS} ms). Machine: ${os.cpus().length} cores, load ${loadAverage.map((l) => l.toFixed(2)).join(' / ')} (1/5/15 min) at the start.`,
    '',
    '| database | deliveries | save -> page p50 / p99 / max ms | after response p99 ms | cached menu/s | menu back median / max ms | first cache hit after save, max ms | load before / during | target |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...results.map(
      (r) =>
        `| ${r.database} | ${r.deliveries} | ${r.p50Ms} / ${r.p99Ms} / ${r.maxMs} | ${r.afterResponseP99Ms} | ${r.cachedMenuPerSec} | ${r.recoveryMedianMs} / ${r.recoveryMaxMs} | ${Math.max(...r.firstCacheHitMs.map((x) => x ?? Infinity))} | ${r.loadBefore} / ${r.loadDuring} | ${r.pass ? 'met' : 'MISSED'} |`,
    ),
    '',
    ...notes.map((n) => `- ${n}`),
    '',
  ].join('\n');
  fs.writeFileSync(path.join(resultsDir, 'catalog-push-latest.md'), md);
  console.log(`\n${md}`);
  log('wrote bench/results/catalog-push-latest.json and catalog-push-latest.md');
}

main().catch((error) => {
  console.error(`[bench catalog-push] failed: ${error.stack ?? error.message}`);
  process.exit(1);
});
