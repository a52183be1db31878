#!/usr/bin/env node
// `npm run bench`: storefront throughput against a static reference (PGlite and PostgreSQL), start-up time,
// memory and the /bestellen initial JavaScript. Prints a table and writes bench/results/. See bench/README.md.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildState, ensureBuilt } from './lib/build.mjs';
import { initialJavaScript } from './lib/bundle.mjs';
import { benchCheckout } from './lib/checkout.mjs';
import { measure, stopLoad } from './lib/load.mjs';
import { createBenchDatabase, DEFAULT_DATABASE_URL, dropBenchDatabase, redactUrl } from './lib/postgres.mjs';
import { abortSpawning, freePort, killAllChildrenNow, memoryOfTree, rssMb, spawnNode, stopAllChildren, stopChild, waitReady } from './lib/processes.mjs';
import { fetchProducts, installStaticReference, PRODUCTS_REQUEST_BODY, wireAnswer } from './lib/query.mjs';
import { markdown, printSummary } from './lib/report.mjs';
import { serverRuntime } from '../scripts/server-runtime.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(benchDir, '..');
const resultsDir = path.join(benchDir, 'results');

const TARGETS = { throughputRatio: 0.7, startupMs: 3000, bundleKB: 150, checkoutP99MsPostgres: 150, checkoutP99MsPglite: 200, ticketP99MsPostgres: 2000 };

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10,50' },
    slices: { type: 'string', default: '5' },
    'startup-runs': { type: 'string', default: '3' },
    customers: { type: 'string', default: '20' },
    'checkout-duration': { type: 'string', default: '10' },
    'no-postgres': { type: 'boolean', default: false },
    'no-pglite': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log(`Usage: npm run bench [-- --duration 10 --warmup 2 --connections 10,50 --slices 5 --startup-runs 3 --customers 20 --checkout-duration 10 --no-postgres --no-pglite]
PostgreSQL: DATABASE_URL (default ${DEFAULT_DATABASE_URL}) names the server; a fresh bakje_bench_<timestamp>
database is created there and dropped at the end.`);
  process.exit(0);
}
const durationS = Number(args.duration);
const warmupS = Number(args.warmup);
const connectionCounts = args.connections.split(',').map(Number);
const startupRuns = Number(args['startup-runs']);
const slices = Number(args.slices);
const customers = Number(args.customers);
const checkoutDurationS = Number(args['checkout-duration']);
if (!Number.isInteger(customers) || customers < 1 || !(checkoutDurationS > 0)) {
  console.error('bench: --customers must be a positive integer and --checkout-duration a positive number');
  process.exit(2);
}
if (
  !(durationS > 0) ||
  !(warmupS >= 0) ||
  !connectionCounts.every((c) => Number.isInteger(c) && c > 0) ||
  !(startupRuns >= 1) ||
  !Number.isInteger(slices) ||
  slices < 1
) {
  console.error('bench: --duration, --warmup, --connections, --slices and --startup-runs must be positive numbers');
  process.exit(2);
}
if (durationS % slices !== 0) console.warn(`[bench] --duration ${durationS} is not a multiple of --slices ${slices}: each slice is rounded to whole seconds`);

const log = (message) => console.log(`[bench] ${message}`);
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '_').toLowerCase();

// Everything that has to be undone, whatever happens.
const cleanupState = { tempDirs: [], pgDatabase: undefined };
let cleaning;
/** Idempotent; each call runs once more after the previous one, so late-created leftovers go too. */
function cleanup() {
  abortSpawning();
  cleaning = (cleaning ?? Promise.resolve()).then(async () => {
    stopLoad();
    await stopAllChildren();
    if (cleanupState.pgDatabase) {
      const { baseUrl, name } = cleanupState.pgDatabase;
      try {
        await dropBenchDatabase(root, baseUrl, name);
        log(`dropped PostgreSQL database ${name}`);
      } catch (error) {
        console.error(`[bench] could not drop PostgreSQL database ${name}: ${error.message}`);
      }
      cleanupState.pgDatabase = undefined;
    }
    for (const dir of cleanupState.tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  return cleaning;
}
let interrupted = false;
let mainSettled = Promise.resolve();
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n[bench] ${signal}: stopping the servers and cleaning up ...`);
    // main() then fails fast (no new load, no new server) and drops its PostgreSQL database on the way out.
    const grace = new Promise((resolve) => setTimeout(resolve, 15_000).unref());
    void cleanup()
      .then(() => Promise.race([mainSettled, grace]))
      .then(cleanup)
      .finally(() => process.exit(130));
  });
}
process.on('exit', killAllChildrenNow);
// A bench that hangs is worse than one that fails: nothing here should take 10 minutes.
const watchdog = setTimeout(() => {
  console.error('[bench] still running after 10 minutes: giving up');
  void cleanup().finally(() => process.exit(1));
}, 600_000);
watchdog.unref();

function serverEnv(port, extra) {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    BAKJE_PRINT_URLS: 'false',
    NODE_ENV: 'production',
    ...extra,
  };
}

/** One server on one database: first start (migrate + seed), then products vs. static at each connection count. */
async function benchDatabase(database, dbEnv, memory) {
  const port = await freePort();
  log(`${database}: starting node server/dist/main.js on 127.0.0.1:${port} ...`);
  const spawnedAt = performance.now();
  // Tickets go to the bench's own printer (bench/lib/checkout.mjs), as to a printer on the shop's network.
  // With the Node flags and environment `npm start` gives the server (on PGlite; none on PostgreSQL).
  const env = serverEnv(port, { BAKJE_BENCH_ROUTES: 'true', BAKJE_VIRTUAL_PRINTER: 'false', ...dbEnv });
  const runtime = serverRuntime({ ...process.env, ...env });
  const child = spawnNode([...runtime.nodeArgs, 'server/dist/main.js'], { cwd: root, env: { ...env, ...runtime.env } });
  try {
    const readyAt = await waitReady(child, port, { intervalMs: 50, timeoutMs: 180_000 });
    const firstStartMs = Math.round(readyAt - spawnedAt);
    const rssReady = rssMb(child.pid);
    log(`${database}: ready in ${firstStartMs} ms (first start: migrations and demo seed), RSS ${rssReady} MB`);

    const products = await fetchProducts(port);
    await installStaticReference(port, products.body);
    log(`${database}: products query OK: ${products.count} products, ${products.bytes} bytes; static reference installed`);
    const cached = await fetchProducts(port);
    if (cached.body !== products.body) throw new Error(`${database}: the products query answered differently the second time`);
    // With compression on, "a fixed body of the same size" is the same compressed bytes (api/bench/static-reference.ts).
    const productsWire = await wireAnswer(port, '/graphql', PRODUCTS_REQUEST_BODY);
    const staticWire = await wireAnswer(port, '/api/_bench/static', PRODUCTS_REQUEST_BODY);
    if (productsWire.encoding !== staticWire.encoding || Math.abs(productsWire.bytes - staticWire.bytes) > productsWire.bytes * 0.02) {
      throw new Error(
        `${database}: the static reference sends ${staticWire.bytes} bytes (${staticWire.encoding}) where the products query sends ${productsWire.bytes} (${productsWire.encoding})`,
      );
    }
    log(
      `${database}: on the wire the products answer is ${productsWire.bytes} bytes (${productsWire.encoding}), the static reference ${staticWire.bytes} bytes`,
    );

    const runs = [];
    for (const connections of connectionCounts) {
      log(
        `${database}: products and static, ${connections} connections (${warmupS} s warm-up each, then ${durationS} s each in ${slices} alternating slices) ...`,
      );
      const [productsRun, staticRun] = await measure({
        port,
        pid: child.pid,
        connections,
        durationS,
        warmupS,
        slices,
        targets: [
          { path: '/graphql', body: PRODUCTS_REQUEST_BODY },
          { path: '/api/_bench/static', body: PRODUCTS_REQUEST_BODY },
        ],
      });
      for (const run of [productsRun, staticRun]) {
        if (run.errors || run.timeouts || run.non2xx || run.requests === 0) {
          throw new Error(
            `${database}: ${run.path} at ${connections} connections had ${run.errors} errors, ${run.timeouts} timeouts, ${run.non2xx} non-2xx answers of ${run.requests}`,
          );
        }
      }
      const ratio = Math.round((productsRun.requestsPerSec / staticRun.requestsPerSec) * 1000) / 1000;
      // The same comparison by the server's CPU time per request (what the ratio would be if the server alone set the pace).
      const cpuRatio =
        productsRun.serverCpuMsPerRequest && staticRun.serverCpuMsPerRequest
          ? Math.round((staticRun.serverCpuMsPerRequest / productsRun.serverCpuMsPerRequest) * 1000) / 1000
          : null;
      runs.push({ connections, products: productsRun, static: staticRun, ratio, pass: ratio >= TARGETS.throughputRatio, cpuRatio });
      log(
        `${database}: c=${connections}: products ${productsRun.requestsPerSec} req/s, static ${staticRun.requestsPerSec} req/s, ratio ${ratio.toFixed(2)}` +
          ` (server CPU ${productsRun.serverCpuPercent}% / ${staticRun.serverCpuPercent}%)`,
      );
    }
    const rssLoaded = rssMb(child.pid);
    memory.push({ what: `RSS bench server (${database}) after ready`, mb: rssReady });
    memory.push({ what: `RSS bench server (${database}) after load`, mb: rssLoaded });

    // Issue 3: customers adding to the cart and checking out, on the same server (after the read load).
    log(`${database}: checkout, ${customers} customers for ${checkoutDurationS} s after ${warmupS} s warm-up ...`);
    const checkout = await benchCheckout({ port, customers, durationS: checkoutDurationS, warmupS, log: (m) => log(`${database}: ${m}`) });
    if (checkout.errors || checkout.checkouts === 0) {
      throw new Error(`${database}: checkout had ${checkout.errors} errors and ${checkout.checkouts} checkouts: ${checkout.errorSamples.join(' | ')}`);
    }
    log(
      `${database}: ${checkout.checkoutsPerSec} checkouts/s; checkout p50 ${checkout.checkoutMs.p50} ms, p99 ${checkout.checkoutMs.p99} ms; ` +
        `addToCart p50 ${checkout.addToCartMs.p50} ms, p99 ${checkout.addToCartMs.p99} ms; tickets: ${checkout.ticketsPrinted} of ${checkout.ticketsExpected} printed, ` +
        `the last ${checkout.lastTicketAfterLoadMs} ms after the load stopped, order to ticket p50 ${checkout.ticketMs.p50} ms, p99 ${checkout.ticketMs.p99} ms` +
        (checkout.ticketCopies ? `, ${checkout.ticketCopies} printed twice` : ''),
    );

    // The answer must not have changed under load.
    const after = await fetchProducts(port);
    if (after.body !== products.body) throw new Error(`${database}: the products answer changed during the bench`);
    return {
      database,
      firstStartMs,
      productCount: products.count,
      productsBodyBytes: products.bytes,
      productsWireBytes: productsWire.bytes,
      productsWireEncoding: productsWire.encoding,
      // The server's x-bakje-cache header on the second request: the steady state the load measures.
      productsResponseCache: cached.cacheHeader,
      runs,
      checkout: {
        ...checkout,
        load: os.loadavg(),
        pass: checkout.checkoutMs.p99 < (database === 'postgres' ? TARGETS.checkoutP99MsPostgres : TARGETS.checkoutP99MsPglite),
      },
    };
  } finally {
    await stopChild(child);
  }
}

/** Times `node scripts/start.mjs` (npm start) on an existing, seeded PGlite directory. */
async function benchStartup(dataDir, memory, notes) {
  const runs = [];
  let entry = 'scripts/start.mjs';
  // scripts/start.mjs rebuilds what is missing or stale; that rebuild must not be what gets timed. main() has
  // already tried to build both; if either is still not fresh (a broken build, or sources edited since), time
  // the server entry that start.mjs imports instead, and say so.
  const notFresh = ['server', 'web'].filter((name) => buildState(root, name) !== 'fresh');
  if (notFresh.length) {
    entry = 'server/dist/main.js';
    notes.push(
      `start-up: the ${notFresh.join(' and ')} build ${notFresh.length > 1 ? 'were' : 'was'} older than the sources (they did not build, or changed during the run) and \`node scripts/start.mjs\` would have rebuilt first; timed \`node server/dist/main.js\` instead (the module start.mjs imports, without its build check).`,
    );
    log(`start-up: ${notFresh.join(' and ')} not fresh: timing node ${entry} instead of scripts/start.mjs`);
  }
  for (let i = 0; i < startupRuns; i++) {
    const port = await freePort();
    const spawnedAt = performance.now();
    const child = spawnNode([entry], { cwd: root, env: serverEnv(port, { BAKJE_DATA_DIR: dataDir, DATABASE_URL: '' }) });
    try {
      const readyAt = await waitReady(child, port, { intervalMs: 20, timeoutMs: 60_000 });
      const ms = Math.round(readyAt - spawnedAt);
      // scripts/start.mjs runs the server as its child: the two together, shared pages once (PSS).
      const rss = memoryOfTree(child.pid).pss;
      const run = { ms, rssAfterReadyMb: rss };
      log(`start-up ${i + 1}/${startupRuns}: ${entry} ready in ${ms} ms, ${rss} MB (PSS of its processes)`);
      if (i === startupRuns - 1) {
        // The same started process under the storefront load: RSS after load.
        const products = await fetchProducts(port);
        const seconds = Math.min(3, durationS);
        const connections = Math.max(...connectionCounts);
        log(`start-up ${i + 1}/${startupRuns}: products load, ${connections} connections for ${seconds} s, then RSS ...`);
        const [load] = await measure({ port, connections, durationS: seconds, targets: [{ path: '/graphql', body: PRODUCTS_REQUEST_BODY }] });
        run.rssAfterLoadMb = memoryOfTree(child.pid).pss;
        run.load = { connections, seconds, requests: load.requests, requestsPerSec: load.requestsPerSec, productCount: products.count };
      }
      runs.push(run);
    } finally {
      await stopChild(child);
    }
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const last = runs[runs.length - 1];
  memory.unshift(
    { what: `PSS ${entry} and its server after ready (median of ${runs.length})`, mb: median(runs.map((r) => r.rssAfterReadyMb)) },
    { what: `PSS ${entry} and its server after ${last.load.seconds} s load (c=${last.load.connections})`, mb: last.rssAfterLoadMb },
  );
  const medianMs = median(runs.map((r) => r.ms));
  return { entry, runs, medianMs, pass: medianMs < TARGETS.startupMs };
}

function benchBundle(webBuild, notes) {
  const webDist = path.join(root, 'web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    return { skipped: webBuild.error ? 'the web app does not build (yet)' : 'web/dist/index.html is missing' };
  }
  if (webBuild.error) notes.push('bundle: the web sources did not build; measured the existing, older web/dist.');
  const { files, totalGzipBytes, totalSentBytes } = initialJavaScript(webDist);
  const totalGzipKB = Math.round((totalGzipBytes / 1000) * 10) / 10;
  const totalSentKB = Math.round((totalSentBytes / 1000) * 10) / 10;
  return { files, totalGzipBytes, totalGzipKB, totalSentBytes, totalSentKB, pass: totalGzipKB < TARGETS.bundleKB };
}

function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

function writeResults(results) {
  fs.mkdirSync(resultsDir, { recursive: true });
  const json = `${JSON.stringify(results, null, 2)}\n`;
  fs.writeFileSync(path.join(resultsDir, 'latest.json'), json);
  fs.writeFileSync(path.join(resultsDir, `${stamp}.json`), json);
  fs.writeFileSync(path.join(resultsDir, 'latest.md'), markdown(results));
  return [`bench/results/latest.json`, `bench/results/${stamp}.json`, `bench/results/latest.md`];
}

async function main() {
  const started = performance.now();
  const notes = [];
  const memory = [];
  const results = {
    meta: {
      date: new Date().toISOString(),
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model?.trim() ?? 'unknown',
      totalMemoryMB: Math.round(os.totalmem() / 1024 / 1024),
      commit: gitCommit(),
      durationS,
      warmupS,
      slices,
      connections: connectionCounts,
      checkout: { customers, durationS: checkoutDurationS, warmupS },
      units: { latency: 'ms', memory: 'MiB (VmRSS, or PSS where said)', bundle: 'KB = 1000 bytes, gzip level 9' },
    },
    targets: TARGETS,
    build: {},
    throughput: [],
    startup: {},
    memory,
    bundle: {},
    notes,
  };

  const busy = os.loadavg()[0];
  results.meta.loadAverage1mAtStart = Math.round(busy * 100) / 100;
  if (busy > os.cpus().length * 0.75) {
    notes.push(
      `the machine was busy when the bench started (1-minute load average ${busy.toFixed(2)} on ${os.cpus().length} CPUs): the figures are noisier and lower than on an idle machine.`,
    );
    log(`warning: 1-minute load average is ${busy.toFixed(2)} on ${os.cpus().length} CPUs; other work will disturb the figures`);
  }

  // a. Builds: when missing (or older than the sources, as `npm start` would rebuild).
  const serverBuild = ensureBuilt(root, 'server', log);
  if (serverBuild.error) {
    if (serverBuild.state === 'missing' || !fs.existsSync(path.join(root, 'server/dist/main.js'))) throw new Error(serverBuild.error);
    log(`the server sources changed since the last build and do not build now; benchmarking the existing server/dist:\n${serverBuild.error}`);
    notes.push('server: the sources were newer than server/dist but did not build; the existing build was benchmarked.');
  }
  const webBuild = ensureBuilt(root, 'web', log);
  if (webBuild.error) log(`the web app does not build; the bundle-size figure uses an older web/dist if there is one, else it is skipped:\n${webBuild.error}`);
  const firstLine = (build) => ({ ...build, error: build.error ? build.error.split('\n')[0] : undefined });
  results.build = { server: firstLine(serverBuild), web: firstLine(webBuild) };

  // d. The /bestellen initial JavaScript, right after the build (before anyone rebuilds web/dist meanwhile).
  results.bundle = benchBundle(webBuild, notes);
  if (results.bundle.skipped) log(`bundle: skipped, ${results.bundle.skipped}`);
  else
    log(
      `bundle: /bestellen initial JavaScript ${results.bundle.totalGzipKB} KB gzip, ${results.bundle.totalSentKB} KB as sent (brotli) in ${results.bundle.files.length} files`,
    );

  // b. PGlite, in a fresh temporary data directory the server seeds on first start.
  if (args['no-pglite']) {
    results.throughput.push({ database: 'pglite', skipped: '--no-pglite' });
    results.startup = { skipped: '--no-pglite (start-up is timed on the seeded PGlite directory)' };
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bakje-bench-pglite-'));
    cleanupState.tempDirs.push(dataDir);
    results.throughput.push(await benchDatabase('pglite', { BAKJE_DATA_DIR: dataDir, DATABASE_URL: '' }, memory));

    // c. Start-up of `npm start` on the now seeded PGlite directory.
    results.startup = await benchStartup(dataDir, memory, notes);
  }

  // b. PostgreSQL, in a fresh database dropped at the end.
  const baseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  if (args['no-postgres']) {
    results.throughput.push({ database: 'postgres', skipped: '--no-postgres' });
  } else {
    let created;
    try {
      if (interrupted) throw new Error('interrupted');
      created = await createBenchDatabase(root, baseUrl, stamp);
    } catch (error) {
      const reason = `cannot create a database on ${redactUrl(baseUrl)}: ${error.message}`;
      log(`PostgreSQL skipped: ${reason}`);
      notes.push(`postgres: skipped, ${reason}`);
      results.throughput.push({ database: 'postgres', skipped: 'PostgreSQL unreachable' });
    }
    if (created) {
      cleanupState.pgDatabase = { baseUrl, name: created.name };
      log(`PostgreSQL ${created.serverVersion}: created database ${created.name}`);
      const emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bakje-bench-unused-'));
      cleanupState.tempDirs.push(emptyDir);
      try {
        const pgResult = await benchDatabase('postgres', { DATABASE_URL: created.url, BAKJE_DATA_DIR: emptyDir }, memory);
        results.throughput.push({ ...pgResult, serverVersion: created.serverVersion });
      } finally {
        if (cleanupState.pgDatabase) {
          cleanupState.pgDatabase = undefined;
          await dropBenchDatabase(root, baseUrl, created.name);
          log(`dropped PostgreSQL database ${created.name}`);
        }
      }
    }
  }

  results.meta.wallClockS = Math.round((performance.now() - started) / 100) / 10;
  printSummary(results);
  const written = writeResults(results);
  console.log(`\nWrote ${written.join(', ')} (${results.meta.wallClockS} s).`);
}

mainSettled = main().then(
  () => {},
  (error) => {
    if (interrupted) return;
    console.error(`\n[bench] failed: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  },
);
await mainSettled;
await cleanup();
