#!/usr/bin/env node
// `npm run bench:guest-carts -w bench`: resident memory of the PGlite server under many guest carts, and after
// the housekeeping purges them. Starts the built server on a fresh PGlite directory (demo shop), warms it up
// with a few hundred guest carts, then has --carts new guests (no session token: each is a new guest with
// its own cart row) add a product to their cart, --concurrency at a time; then runs the guest cart purge
// (POST /api/_bench/purge-guest-carts, BAKJE_BENCH_ROUTES) and reads VmRSS again once the process is
// quiet. Prints the figures with the load average; writes bench/results/guest-carts.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { load, prepareBenchServer } from './lib/bench-server.mjs';
import { rssMb } from './lib/processes.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(benchDir, '..');
const { values: args } = parseArgs({
  options: {
    carts: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '500' },
  },
});
const cartCount = Number(args.carts);
const concurrency = Number(args.concurrency);
const warmupCount = Number(args.warmup);
if (![cartCount, concurrency, warmupCount].every((n) => Number.isInteger(n) && n >= 1)) {
  console.error('bench:guest-carts: --carts, --concurrency and --warmup must be positive whole numbers');
  process.exit(2);
}
/** The target: after the purge, resident memory within this of where it was before the carts. */
const TARGET_MB = 20;

const bench = await prepareBenchServer(root, 'bakje-guest-cart-bench-');
const { base } = bench;
const ADD = 'mutation($p: Int!) { addToCart(input: {productId: $p, quantity: 1}) { cart { isEmpty } } }';

async function post(url, body) {
  const response = await fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = await response.json();
  if (!response.ok || answer.errors?.length) throw new Error(`${url}: ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
  return answer;
}

/** `count` new guests, `concurrency` at a time, each adding the product to a cart of their own. */
async function newGuestCarts(count, productId) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      await post('/graphql', { query: ADD, variables: { p: productId } });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** The server's own view: JavaScript heap and array buffers (PGlite's WebAssembly memory is one), in MB. */
async function memoryParts() {
  const usage = await (await fetch(`${base}/api/_bench/memory`)).json();
  const mb = (bytes) => Math.round((bytes / 1048576) * 10) / 10;
  return { heapUsed: mb(usage.heapUsed), heapTotal: mb(usage.heapTotal), arrayBuffers: mb(usage.arrayBuffers), external: mb(usage.external) };
}

/**
 * VmRSS once it has stopped moving, after a full garbage collection in the server (started with
 * --expose-gc: the JavaScript heap would otherwise hold garbage for a while and hide what stays).
 */
async function settledRss(pid) {
  const parts = await memoryParts();
  let previous = rssMb(pid);
  for (let i = 0; i < 20; i++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = rssMb(pid);
    if (Math.abs(now - previous) < 0.5) return { rss: now, parts };
    previous = now;
  }
  return { rss: previous, parts };
}

let exitCode = 0;
try {
  const server = await bench.start({ BAKJE_BENCH_ROUTES: 'true', BAKJE_VIRTUAL_PRINTER: 'false' }, { nodeArgs: ['--expose-gc'] });
  console.log(`guest carts bench: PGlite server pid ${server.pid}; ${load()}`);
  const { data } = await post('/graphql', { query: '{ product(id: "frikandel", idType: SLUG) { databaseId } }' });
  const productId = data.product.databaseId;

  await newGuestCarts(warmupCount, productId);
  await post('/api/_bench/purge-guest-carts', {});
  const { rss: before, parts: partsBefore } = await settledRss(server.pid);
  console.log(`after ${warmupCount} warm-up carts and a purge: ${before} MB`, partsBefore);

  const started = performance.now();
  await newGuestCarts(cartCount, productId);
  const seconds = (performance.now() - started) / 1000;
  const { rss: withCarts, parts: partsWithCarts } = await settledRss(server.pid);
  console.log(`after ${cartCount} guest carts (${(cartCount / seconds).toFixed(0)}/s): ${withCarts} MB`, partsWithCarts);

  const { purged } = await post('/api/_bench/purge-guest-carts', {});
  const { rss: afterPurge, parts: partsAfterPurge } = await settledRss(server.pid);
  const growth = Math.round((afterPurge - before) * 10) / 10;
  const met = growth <= TARGET_MB;
  console.log(`after the purge (${purged} carts): ${afterPurge} MB`, partsAfterPurge);
  console.log(`growth: ${growth >= 0 ? '+' : ''}${growth} MB against before (target within ${TARGET_MB} MB: ${met ? 'met' : 'NOT met'}); ${load()}`);
  const result = {
    date: new Date().toISOString(),
    carts: cartCount,
    concurrency,
    warmup: warmupCount,
    rssMb: { before, withCarts, afterPurge },
    serverMemoryMb: { before: partsBefore, withCarts: partsWithCarts, afterPurge: partsAfterPurge },
    growthMb: growth,
    purged,
    targetMb: TARGET_MB,
    met,
    loadAverage: os.loadavg(),
    cpus: os.cpus().length,
  };
  fs.mkdirSync(path.join(benchDir, 'results'), { recursive: true });
  fs.writeFileSync(path.join(benchDir, 'results', 'guest-carts.json'), `${JSON.stringify(result, null, 2)}\n`);
  if (!met) exitCode = 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  await bench.stop();
}
process.exit(exitCode);
