#!/usr/bin/env node
// `npm run bench:server-cpu -w bench` (issue 18): server CPU of an uncached catalogue query. Starts the built
// server on a fresh PGlite directory (demo shop) with the response cache off (BAKJE_CATALOG_CACHE_SIZE=0,
// decision 0035), sends the storefront's own GetProducts (the whole menu) and GetProduct (one product page)
// documents from web/src/api/catalog.graphql one after another, and divides the server process's CPU time
// (/proc/<pid>/stat, user + system) by the number of requests, gross and net of the CPU the idle server
// uses over the same time (measured for 5 s before; the verdict is on the net figure). Answers are asked without Accept-Encoding so the
// figure is the query's cost, not compression's. A search and a category filter (a storefront's own
// products query with the menu's fields, varied per request so no answer repeats) are measured against the
// menu's budget. Prints each figure with the load average and a verdict; writes bench/results/server-cpu.json.
// `--profile <dir>` writes the server's CPU profile (node --cpu-prof) there; `--data-dir <dir>` keeps the
// seeded database in <dir> for the next run instead of a fresh temporary one (the demo seed takes a minute);
// `--entry <file>` starts another build of the server (e.g. an older commit's, for figures side by side);
// Each kind is measured twice: just after start (a warm-up of a tenth of the measured requests) and in the steady
// state of a long-running server (after 3,000 more, once V8 has optimised the request path and its compiler
// threads are done); the verdict is on the steady state, the figure just after start is printed beside it.
// `--warm-up <n>` measures once, after n requests of each kind.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Kind, parse, print } from 'graphql';
import { load, prepareBenchServer } from './lib/bench-server.mjs';
import { cpuSeconds } from './lib/processes.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(benchDir, '..');
const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '400' },
    profile: { type: 'string' },
    'data-dir': { type: 'string' },
    entry: { type: 'string' },
    'warm-up': { type: 'string' },
  },
});
const requests = Number(args.requests);
if (!Number.isInteger(requests) || requests < 50) {
  console.error('bench:server-cpu: --requests must be a whole number of at least 50');
  process.exit(2);
}
/** Requests of each kind before the steady-state figure (issue 18's targets are a long-running server's). */
const STEADY_WARM_UP = 3000;
const warmUp = args['warm-up'] === undefined ? undefined : Number(args['warm-up']);
if (warmUp !== undefined && (!Number.isInteger(warmUp) || warmUp < 0)) {
  console.error('bench:server-cpu: --warm-up must be a whole number');
  process.exit(2);
}
const TARGETS = { menu: 1, product: 0.3, search: 1, filter: 1 };

const source = parse(fs.readFileSync(path.join(root, 'web/src/api/catalog.graphql'), 'utf8'));
/** One operation with the file's fragments, as the web app's typed documents send it. */
const documentOf = (name) => print({ ...source, definitions: source.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION || d.name?.value === name) });
const listFields = print({ ...source, definitions: source.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION) });
const documents = {
  GetProducts: documentOf('GetProducts'),
  GetProduct: documentOf('GetProduct'),
  SearchProducts: `query SearchProducts($search: String, $categoryIn: [String]) {
  products(first: 100, where: { search: $search, categoryIn: $categoryIn, visibility: VISIBLE, orderby: [{ field: MENU_ORDER, order: ASC }] }) {
    found
    nodes { ...ListProductFields }
  }
}
${listFields}`,
};
const bench = await prepareBenchServer(root, 'bakje-server-cpu-bench-', { keptDataDir: args['data-dir'] ? path.resolve(args['data-dir']) : undefined });

async function graphql(operationName, variables) {
  const response = await fetch(`${bench.base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-encoding': 'identity' },
    body: JSON.stringify({ query: documents[operationName], operationName, variables }),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${operationName} answered HTTP ${response.status}: ${text.slice(0, 300)}`);
  if (response.headers.get('x-bakje-cache') !== 'miss') throw new Error(`${operationName} was not a cache miss: is the response cache off?`);
  // The catalogue path (cacheable answers) is the one measured, not the per-visitor one.
  if (response.headers.get('cache-control') !== 'no-cache') throw new Error(`${operationName} was not answered as a catalogue read`);
  const answer = JSON.parse(text);
  if (answer.errors?.length) throw new Error(`${operationName} answered errors: ${JSON.stringify(answer.errors).slice(0, 300)}`);
  return { data: answer.data, bytes: Buffer.byteLength(text) };
}

/** The server's CPU per second of wall time with no request (its job runner's polling and timers). */
async function idleCpuRate(pid, seconds = 5) {
  const before = cpuSeconds(pid);
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  return (cpuSeconds(pid) - before) / ((performance.now() - started) / 1000);
}

/**
 * Server CPU per request in ms over `count` sequential requests after `warmUpRequests` unmeasured ones: gross
 * (everything the process did meanwhile) and net of the idle rate over the same wall time.
 */
async function cpuPerRequest(pid, count, send, idleRate, warmUpRequests) {
  for (let i = 0; i < warmUpRequests; i++) await send();
  const before = cpuSeconds(pid);
  const started = performance.now();
  for (let i = 0; i < count; i++) await send();
  const wallMs = performance.now() - started;
  const grossMs = ((cpuSeconds(pid) - before) * 1000) / count;
  return { grossMs, cpuMs: Math.max(0, grossMs - (idleRate * wallMs) / count), wallMs: wallMs / count };
}

let exitCode = 0;
try {
  const profileArgs = args.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile)}`] : [];
  const server = await bench.start(
    { BAKJE_VIRTUAL_PRINTER: 'false', BAKJE_CATALOG_CACHE_SIZE: '0' },
    { entry: args.entry ?? 'server/dist/main.js', nodeArgs: profileArgs },
  );
  console.log(
    `server-cpu bench: PGlite server pid ${server.pid}, response cache off, ${warmUp === undefined ? `just after start, then after ${STEADY_WARM_UP} more requests of each kind` : `warm-up ${warmUp}`}; ${load()}`,
  );
  const menu = await graphql('GetProducts');
  const products = menu.data.products.nodes;
  if (products.length < 20) throw new Error(`GetProducts answered ${products.length} products`);
  const slug = (products.find((p) => p.type === 'VARIABLE') ?? products[0]).slug;
  const page = await graphql('GetProduct', { slug });
  if (!page.data.product) throw new Error(`GetProduct(${slug}) answered no product`);
  // Searches: the first three letters of each product's name (many distinct answers, none empty).
  const searches = [...new Set(products.map((p) => p.name.slice(0, 3).toLowerCase()))];
  const categories = [...new Set(products.flatMap((p) => p.productCategories.nodes.map((c) => c.slug)))];
  if (searches.length < 5 || categories.length < 3) throw new Error(`too few searches (${searches.length}) or categories (${categories.length})`);
  let turn = 0;
  const search = () => graphql('SearchProducts', { search: searches[turn++ % searches.length] });
  const filter = () => graphql('SearchProducts', { categoryIn: [categories[turn++ % categories.length]] });
  const searchBytes = (await search()).bytes;
  const filterBytes = (await filter()).bytes;

  const idleRate = await idleCpuRate(server.pid);
  console.log(`  idle server: ${(idleRate * 1000).toFixed(1)} ms CPU per second (subtracted from the net figures); ${load()}`);
  const figures = [];
  for (const [key, title, send, bytes] of [
    ['menu', `uncached menu (GetProducts, ${products.length} products)`, () => graphql('GetProducts'), menu.bytes],
    ['product', `uncached product page (GetProduct "${slug}")`, () => graphql('GetProduct', { slug }), page.bytes],
    ['search', `uncached search (products where search, ${searches.length} different words)`, search, searchBytes],
    ['filter', `uncached category filter (products where categoryIn, ${categories.length} categories)`, filter, filterBytes],
  ]) {
    const count = key === 'product' ? requests * 2 : requests;
    const justStarted = warmUp === undefined ? await cpuPerRequest(server.pid, count, send, idleRate, Math.max(20, count / 10)) : undefined;
    const { grossMs, cpuMs, wallMs } = await cpuPerRequest(server.pid, count, send, idleRate, warmUp ?? STEADY_WARM_UP);
    const verdict = cpuMs < TARGETS[key] ? 'PASS' : 'FAIL';
    if (verdict === 'FAIL') exitCode = 1;
    figures.push({ key, title, bytes, cpuMs, grossMs, wallMs, justStartedCpuMs: justStarted?.cpuMs, target: TARGETS[key], verdict, load: os.loadavg() });
    const started = justStarted ? ` (just after start: ${justStarted.cpuMs.toFixed(3)} ms)` : '';
    console.log(
      `  ${title}: ${cpuMs.toFixed(3)} ms server CPU per request net of idle${started} (target < ${TARGETS[key]} ms: ${verdict}), ${grossMs.toFixed(3)} ms gross; ${wallMs.toFixed(2)} ms round trip; ${bytes} bytes; ${load()}`,
    );
  }
  fs.mkdirSync(path.join(benchDir, 'results'), { recursive: true });
  fs.writeFileSync(
    path.join(benchDir, 'results', 'server-cpu.json'),
    JSON.stringify({ at: new Date().toISOString(), warmUp: warmUp ?? STEADY_WARM_UP, figures }, null, 2),
  );
} catch (error) {
  console.error(`server-cpu bench failed: ${error.message}`);
  exitCode = 1;
} finally {
  await bench.stop();
}
process.exit(exitCode);
