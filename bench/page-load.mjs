#!/usr/bin/env node
// `npm run bench:page-load -w bench`: what a phone receives and feels (issue 18). The built server on a fresh,
// seeded PGlite directory; (1) bytes on the wire for /bestellen's first load as Chromium receives them; (2)
// Lighthouse's mobile preset on /bestellen, a product page and /checkout with a cart, median of --runs.
// Debian's Chromium only (never a downloaded browser). See bench/README.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { ensureBuilt } from './lib/build.mjs';
import { freePort, killAllChildrenNow, spawnNode, stopAllChildren, waitReady } from './lib/processes.mjs';
import { fetchProducts } from './lib/query.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(benchDir, '..');
const resultsDir = path.join(benchDir, 'results');

export const PAGE_TARGETS = { score: 95, lcpMs: 2000, tbtMs: 150, cls: 0.05, bestellenKB: 200 };
/** Lighthouse's mobile preset emulates this screen (Moto G Power); the byte count loads the page at the same size. */
const PHONE = { width: 412, height: 823, deviceScaleFactor: 1.75 };

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    'no-lighthouse': { type: 'boolean', default: false },
    only: { type: 'string' },
    reports: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log(
    'Usage: node bench/page-load.mjs [--runs 3] [--chromium /usr/bin/chromium] [--no-lighthouse] [--only bestellen|product|checkout] [--reports <dir>]',
  );
  console.log('  --only     Lighthouse on that page alone (the byte count still runs)');
  console.log("  --reports  also write each run's full Lighthouse report (JSON) into <dir>, to see what it attributes");
  process.exit(0);
}
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('page-load: --runs must be a positive integer');
  process.exit(2);
}
if (!fs.existsSync(args.chromium)) {
  console.error(`page-load: no Chromium at ${args.chromium} (apt-get install chromium, or --chromium <path>)`);
  process.exit(2);
}

const log = (message) => console.log(`[page-load] ${message}`);
const load = () => os.loadavg().map((v) => Math.round(v * 100) / 100);
const loadText = (l) => `load ${l.join(' / ')}`;
const kb = (bytes) => Math.round(bytes / 100) / 10;

let dataDir;
async function cleanup() {
  await stopAllChildren();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
process.on('exit', killAllChildrenNow);
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void cleanup().finally(() => process.exit(130)));

/** A GraphQL GET by its operation name: its URL holds the whole document. */
function shortUrl(url) {
  if (!url.startsWith('/graphql?')) return url;
  const operation = /\b(query|mutation)\s+(\w+)/.exec(new URL(url, 'http://shop').searchParams.get('query') ?? '');
  return operation ? `/graphql (GET ${operation[2]})` : '/graphql (GET)';
}

/** Everything Chromium fetched for the first load of `url`, with the bytes as they came over the network. */
async function bytesOnTheWire(url) {
  const browser = await chromium.launch({ executablePath: args.chromium, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({
      viewport: { width: PHONE.width, height: PHONE.height },
      deviceScaleFactor: PHONE.deviceScaleFactor,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const pending = [];
    let lastActivity = performance.now();
    page.on('request', () => (lastActivity = performance.now()));
    page.on('requestfinished', (request) => {
      lastActivity = performance.now();
      pending.push(
        (async () => {
          const response = await request.response();
          const sizes = await request.sizes();
          const headers = response ? await response.allHeaders() : {};
          return {
            url: shortUrl(request.url().replace(url.replace(/\/bestellen$/, ''), '')),
            type: request.resourceType(),
            encoding: headers['content-encoding'] ?? 'none',
            bodyBytes: sizes.responseBodySize,
            headerBytes: sizes.responseHeadersSize,
          };
        })(),
      );
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.getByTestId('product-card').first().waitFor({ timeout: 30_000 });
    // The menu is there; wait until the network has been quiet for a second (event streams stay open and never finish).
    while (performance.now() - lastActivity < 1000) await new Promise((resolve) => setTimeout(resolve, 100));
    const files = await Promise.all(pending);
    const byType = {};
    for (const f of files) {
      byType[f.type] ??= { files: 0, bodyBytes: 0 };
      byType[f.type].files += 1;
      byType[f.type].bodyBytes += f.bodyBytes;
    }
    const bodyBytes = files.reduce((sum, f) => sum + f.bodyBytes, 0);
    const headerBytes = files.reduce((sum, f) => sum + f.headerBytes, 0);
    return { files: files.sort((a, b) => b.bodyBytes - a.bodyBytes), byType, bodyBytes, headerBytes, totalBytes: bodyBytes + headerBytes };
  } finally {
    await browser.close();
  }
}

/** A guest cart with one product: the session token the web app keeps in its cookie (web/src/cart/session.ts). */
async function cartToken(base, productId) {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'mutation($id: Int!) { addToCart(input: {productId: $id, quantity: 1}) { cart { isEmpty } } }',
      variables: { id: productId },
    }),
  });
  const json = await response.json();
  const token = response.headers.get('woocommerce-session');
  if (json.errors?.length || !token) throw new Error(`addToCart failed: ${JSON.stringify(json.errors ?? 'no session token')}`);
  return token;
}

/** One Lighthouse run (mobile preset, performance only) in a fresh Chromium profile: a cold cache, as a first visit. */
async function lighthouseRun(url, cookie, reportName) {
  const chrome = await chromeLauncher.launch({ chromePath: args.chromium, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  let browser;
  try {
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    const page = await browser.newPage();
    if (cookie) await page.setCookie({ ...cookie, url });
    const loadBefore = load();
    // The profile is new (nothing cached); keeping its storage keeps the cart's cookie.
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
      undefined,
      page,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (args.reports && reportName) {
      fs.mkdirSync(args.reports, { recursive: true });
      fs.writeFileSync(path.join(args.reports, `${reportName}.json`), JSON.stringify(lhr));
    }
    const audit = (id) => lhr.audits[id]?.numericValue ?? null;
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcpMs: Math.round(audit('largest-contentful-paint')),
      fcpMs: Math.round(audit('first-contentful-paint')),
      tbtMs: Math.round(audit('total-blocking-time')),
      cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
      load: loadBefore,
      warnings: lhr.runWarnings,
    };
  } finally {
    await browser?.disconnect().catch(() => {});
    chrome.kill();
  }
}

/**
 * Lighthouse sometimes fails to record a trace (NO_NAVSTART, NO_FCP: "Please run Lighthouse again"); such a run
 * has no figures, so it is run again, at most twice, and the bench says so.
 */
async function lighthouseRunOrRetry(url, cookie, reportName) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseRun(url, cookie, reportName);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (attempt > 2 || !/^Lighthouse: (NO_NAVSTART|NO_FCP|NO_TRACING_STARTED)\b/.test(message)) throw error;
      log(`${new URL(url).pathname}: ${message.split('. ')[0]}; running it again`);
    }
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function verdict(m) {
  const misses = [];
  if (m.score < PAGE_TARGETS.score) misses.push(`score ${m.score} < ${PAGE_TARGETS.score}`);
  if (m.lcpMs >= PAGE_TARGETS.lcpMs) misses.push(`LCP ${m.lcpMs} ms >= ${PAGE_TARGETS.lcpMs}`);
  if (m.tbtMs >= PAGE_TARGETS.tbtMs) misses.push(`TBT ${m.tbtMs} ms >= ${PAGE_TARGETS.tbtMs}`);
  if (m.cls >= PAGE_TARGETS.cls) misses.push(`CLS ${m.cls} >= ${PAGE_TARGETS.cls}`);
  return misses.length ? `MISS (${misses.join(', ')})` : 'PASS';
}

function markdown(results) {
  const lines = [`# Page load (${results.date}, commit ${results.commit ?? '?'})`, ''];
  const w = results.wire;
  lines.push(
    `/bestellen first load, as Chromium received it: **${kb(w.totalBytes)} KB** (bodies ${kb(w.bodyBytes)} KB + headers ${kb(w.headerBytes)} KB, ${w.files.length} files), target < ${PAGE_TARGETS.bestellenKB} KB: ${w.pass ? 'PASS' : 'MISS'} (${loadText(w.load)})`,
    '',
    '| kind | files | KB on the wire |',
    '| --- | --- | --- |',
    ...Object.entries(w.byType).map(([type, t]) => `| ${type} | ${t.files} | ${kb(t.bodyBytes)} |`),
    '',
    '| largest files | encoding | KB on the wire |',
    '| --- | --- | --- |',
    ...w.files.slice(0, 8).map((f) => `| ${f.url} | ${f.encoding} | ${kb(f.bodyBytes)} |`),
    '',
  );
  if (results.lighthouse.skipped) lines.push(`Lighthouse: skipped (${results.lighthouse.skipped})`);
  else {
    lines.push(
      `Lighthouse ${results.lighthouse.version}, mobile preset, median of ${runs}; targets: score >= ${PAGE_TARGETS.score}, LCP < ${PAGE_TARGETS.lcpMs} ms, TBT < ${PAGE_TARGETS.tbtMs} ms, CLS < ${PAGE_TARGETS.cls}`,
      '',
      '| page | score | LCP ms | TBT ms | CLS | FCP ms | verdict | load (1/5/15 min) per run |',
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
      ...results.lighthouse.pages.map(
        (p) =>
          `| ${p.path} | ${p.median.score} | ${p.median.lcpMs} | ${p.median.tbtMs} | ${p.median.cls} | ${p.median.fcpMs} | ${p.verdict} | ${p.runs.map((r) => r.load.join('/')).join('; ')} |`,
      ),
    );
  }
  return `${lines.join('\n')}\n`;
}

async function main() {
  for (const name of ['server', 'web']) {
    const build = ensureBuilt(root, name, log);
    if (build.error) throw new Error(`${name} does not build: ${build.error.split('\n')[0]}`);
  }
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bakje-bench-pages-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  log(`starting node server/dist/main.js on ${base} (fresh PGlite directory, demo shop seeded) ...`);
  const child = spawnNode(['server/dist/main.js'], {
    cwd: root,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      BAKJE_PRINT_URLS: 'false',
      BAKJE_DATA_DIR: dataDir,
      DATABASE_URL: '',
    },
  });
  await waitReady(child, port, { intervalMs: 100, timeoutMs: 180_000 });
  const menu = JSON.parse((await fetchProducts(port)).body).data.products.nodes;
  const product = menu.find((p) => p.image?.sourceUrl && String(p.type).toLowerCase() === 'simple') ?? menu[0];
  const results = { date: new Date().toISOString(), commit: undefined, node: process.version, cpus: os.cpus().length, targets: PAGE_TARGETS };
  try {
    results.commit = (await import('node:child_process')).execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    // not a git checkout
  }

  const wireLoad = load();
  const wire = await bytesOnTheWire(`${base}/bestellen`);
  results.wire = { ...wire, load: wireLoad, pass: wire.totalBytes / 1000 < PAGE_TARGETS.bestellenKB };
  log(
    `/bestellen first load: ${kb(wire.totalBytes)} KB on the wire (bodies ${kb(wire.bodyBytes)} KB, headers ${kb(wire.headerBytes)} KB, ${wire.files.length} files; target < ${PAGE_TARGETS.bestellenKB} KB: ${results.wire.pass ? 'PASS' : 'MISS'}) [${loadText(wireLoad)}]`,
  );
  for (const [type, t] of Object.entries(wire.byType)) log(`  ${type}: ${t.files} files, ${kb(t.bodyBytes)} KB`);

  if (args['no-lighthouse']) results.lighthouse = { skipped: '--no-lighthouse' };
  else {
    const lighthousePackage = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8'));
    results.lighthouse = { version: lighthousePackage.version, pages: [] };
    const allPages = [
      { name: 'bestellen', path: '/bestellen' },
      { name: 'product', path: `/product/${product.slug}` },
      { name: 'checkout', path: '/checkout', cart: true },
    ];
    const pages = args.only ? allPages.filter((p) => p.name === args.only) : allPages;
    if (!pages.length) throw new Error(`--only must be one of ${allPages.map((p) => p.name).join(', ')}`);
    for (const page of pages) {
      const pageRuns = [];
      for (let i = 0; i < runs; i++) {
        const cookie = page.cart ? { name: 'woocommerce-session', value: encodeURIComponent(await cartToken(base, product.databaseId)) } : undefined;
        const run = await lighthouseRunOrRetry(`${base}${page.path}`, cookie, `${page.name}-${i + 1}`);
        pageRuns.push(run);
        log(
          `${page.path} run ${i + 1}/${runs}: score ${run.score}, LCP ${run.lcpMs} ms, TBT ${run.tbtMs} ms, CLS ${run.cls}, FCP ${run.fcpMs} ms [${loadText(run.load)}]`,
        );
      }
      const m = {
        score: median(pageRuns.map((r) => r.score)),
        lcpMs: median(pageRuns.map((r) => r.lcpMs)),
        tbtMs: median(pageRuns.map((r) => r.tbtMs)),
        cls: median(pageRuns.map((r) => r.cls)),
        fcpMs: median(pageRuns.map((r) => r.fcpMs)),
      };
      const entry = { path: page.path, runs: pageRuns, median: m, verdict: verdict(m) };
      results.lighthouse.pages.push(entry);
      log(`${page.path} median: score ${m.score}, LCP ${m.lcpMs} ms, TBT ${m.tbtMs} ms, CLS ${m.cls}: ${entry.verdict}`);
    }
  }

  // A partial run (--only) must not stand in for the full figures.
  if (args.only) return;
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, 'page-load-latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  const md = markdown(results);
  fs.writeFileSync(path.join(resultsDir, 'page-load-latest.md'), md);
  console.log(`\n${md}\nWrote bench/results/page-load-latest.{json,md}.`);
}

try {
  await main();
} catch (error) {
  console.error(`[page-load] failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
