#!/usr/bin/env node
// `npm run bench:kitchen-rush -w bench`: the Friday rush (issue 30) in real Chromium pages. The built test server
// (open around the clock) on a fresh PGlite directory with one station; the kitchen's expeditor screen
// (/dashboard), that station's screen (/dashboard/kitchen?station=) and the public status screen
// (/order-status-scherm) open in Debian's Chromium (playwright-core). Guests place cash takeaway orders "for
// now" through GraphQL at 80 an hour with time compressed (one every --interval ms, 1.5 s: 30x) plus a burst of
// 20 in one compressed minute (one every 100 ms) in the middle, while the kitchen bumps ("Klaar") the oldest
// order every --bump-every ms. Figures (p50/p99, the machine's load beside each):
// - placed to card: from the checkout's HTTP response in the bench to the order's card in each screen's DOM
//   (a MutationObserver in the page, both on the epoch clock: performance.timeOrigin + performance.now());
// - status re-render: from the status screen's `board` event reaching the page (its first listener) to the
//   number in the "Klaar" column of the DOM;
// - bump to status screen: from the "Klaar" click in the kitchen (the click event's time) to that DOM update.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { killAllChildrenNow } from './lib/processes.mjs';
import { load, loadText, percentile, startKioskServer } from './lib/kiosk.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    stream: { type: 'string', default: '80' },
    interval: { type: 'string', default: '1500' },
    burst: { type: 'string', default: '20' },
    'burst-interval': { type: 'string', default: '100' },
    'bump-every': { type: 'string', default: '3000' },
    warmup: { type: 'string', default: '3' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  },
});
const STREAM = Number(args.stream);
const INTERVAL = Number(args.interval);
const BURST = Number(args.burst);
const BURST_INTERVAL = Number(args['burst-interval']);
const BUMP_EVERY = Number(args['bump-every']);
const WARMUP = Number(args.warmup);
if (!fs.existsSync(args.chromium)) {
  console.error(`kitchen-rush: no Chromium at ${args.chromium} (apt-get install chromium, or --chromium <path>)`);
  process.exit(2);
}
const TARGETS = { placedToScreenP99Ms: 500, statusRenderP99Ms: 100 };
const ADMIN = { email: 'rush@bakje.test', password: 'Vrijdag drukte bench 1' };
const log = (message) => console.log(`[kitchen-rush] ${message}`);
process.on('exit', killAllChildrenNow);
const epoch = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/* global window, document, EventSource, MutationObserver, Element -- page scripts */

/** Kitchen and station pages: when each order's card (an element with data-order-id) first came into the DOM. */
function watchCards() {
  window.__cardSeen = {};
  window.__bumpClick = {};
  const scan = () => {
    const at = performance.timeOrigin + performance.now();
    for (const card of document.querySelectorAll('[data-order-id]')) {
      const id = card.getAttribute('data-order-id');
      if (!(id in window.__cardSeen)) window.__cardSeen[id] = at;
    }
  };
  new MutationObserver(scan).observe(document, { childList: true, subtree: true });
  // A click on an order's "Klaar": the click event's own time (a bump).
  document.addEventListener(
    'click',
    (event) => {
      const card = event.target instanceof Element ? event.target.closest('[data-order-id]') : null;
      if (card) window.__bumpClick[card.getAttribute('data-order-id')] = performance.timeOrigin + event.timeStamp;
    },
    true,
  );
}

/**
 * The status screen: when each `board` event reached the page (before the app's listener runs) and when its
 * number first showed in the "Klaar" column of the DOM.
 */
function watchStatusScreen() {
  window.__readyEvent = {};
  window.__readyShown = {};
  const add = EventSource.prototype.addEventListener;
  const arrived = new WeakSet();
  EventSource.prototype.addEventListener = function (name, listener, options) {
    const wrapped = (event) => {
      if (!arrived.has(event)) {
        arrived.add(event);
        const at = performance.timeOrigin + performance.now();
        try {
          const data = JSON.parse(event.data);
          if (name === 'board' && data.state === 'ready' && !(data.number in window.__readyEvent)) window.__readyEvent[data.number] = at;
        } catch {
          // not this bench's business
        }
      }
      return listener.call(this, event);
    };
    return add.call(this, name, wrapped, options);
  };
  const scan = () => {
    const at = performance.timeOrigin + performance.now();
    for (const tile of document.querySelectorAll('[data-testid="status-ready"] [data-testid="status-number"]')) {
      const number = tile.textContent.trim();
      if (!(number in window.__readyShown)) window.__readyShown[number] = at;
    }
  };
  new MutationObserver(scan).observe(document, { childList: true, subtree: true, characterData: true });
}

async function gql(base, query, variables, token) {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'woocommerce-session': `Session ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = await response.json();
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return { data: body.data, token: response.headers.get('woocommerce-session') ?? token };
}

/** A guest's cash takeaway order for now: resolves with the order and when its checkout response was read. */
async function placeOrder(base, productId) {
  let { token } = await gql(base, 'mutation($id: Int!) { addToCart(input: {productId: $id, quantity: 1}) { cart { isEmpty } } }', { id: productId });
  const billing = { firstName: 'Drukte', lastName: 'Bench', phone: '0470 00 00 00', address1: 'Korenmarkt 1', city: 'Gent', postcode: '9000' };
  const sentAt = epoch();
  const { data } = await gql(
    base,
    'mutation($input: CheckoutInput!) { checkout(input: $input) { order { databaseId pickupNumber } } }',
    { input: { paymentMethod: 'cod', billing, metaData: [{ key: 'fulfilment_type', value: 'takeaway' }] } },
    token,
  );
  token = undefined;
  return { id: data.checkout.order.databaseId, number: data.checkout.order.pickupNumber, sentAt, placedAt: epoch() };
}

async function loggedInPage(browser, base, viewport, url) {
  const context = await browser.newContext({ baseURL: base, viewport, locale: 'nl-BE' });
  const login = await context.request.post('/graphql', {
    data: {
      query: 'mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }',
      variables: { u: ADMIN.email, p: ADMIN.password },
    },
  });
  if (!login.ok()) throw new Error(`login: HTTP ${login.status()}`);
  const page = await context.newPage();
  await page.addInitScript(watchCards);
  await page.goto(url);
  return { context, page };
}

function figure(name, values, target) {
  const p50 = percentile(values, 50);
  const p99 = percentile(values, 99);
  const max = Math.max(...values);
  const verdict = target === undefined ? '' : p99 < target ? ' PASS' : ' MISS';
  const targetText = target === undefined ? '' : ` (target p99 < ${target} ms:${verdict})`;
  log(`${name}: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${max.toFixed(1)} ms over ${values.length}${targetText} [${loadText()}]`);
  return { p50, p99, max, n: values.length, ...(target === undefined ? {} : { target, verdict: verdict.trim() }), load: load() };
}

async function main() {
  const server = await startKioskServer(root, log, { BAKJE_ADMIN_EMAIL: ADMIN.email, BAKJE_ADMIN_PASSWORD: ADMIN.password });
  const { base } = server;
  const browser = await chromium.launch({ executablePath: args.chromium, args: ['--no-sandbox', '--disable-gpu'] });
  const results = {
    date: new Date().toISOString(),
    node: process.version,
    orders: { stream: STREAM, intervalMs: INTERVAL, burst: BURST, burstIntervalMs: BURST_INTERVAL, bumpEveryMs: BUMP_EVERY, warmup: WARMUP },
  };
  try {
    // A simple product in a category, no required choices; the station takes its category.
    const { data } = await gql(
      base,
      '{ products(first: 9999) { nodes { databaseId type addons { required } productCategories { nodes { databaseId } } ... on SimpleProduct { stockStatus } } } }',
    );
    const product = data.products.nodes.find(
      (p) => p.type === 'SIMPLE' && p.stockStatus === 'IN_STOCK' && !p.addons.some((a) => a.required) && p.productCategories.nodes.length > 0,
    );
    const admin = await browser.newContext({ baseURL: base });
    await admin.request.post('/graphql', {
      data: {
        query: 'mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }',
        variables: { u: ADMIN.email, p: ADMIN.password },
      },
    });
    const csrf = (await admin.storageState()).cookies.find((c) => c.name === 'bakje_csrf')?.value ?? '';
    const created = await admin.request.post('/api/dashboard/stations', {
      data: { name: 'Friteuse', categoryIds: [product.productCategories.nodes[0].databaseId] },
      headers: { 'x-csrf-token': csrf },
    });
    if (created.status() !== 201) throw new Error(`create station: HTTP ${created.status()} ${await created.text()}`);
    const station = (await created.json()).id;
    await admin.close();

    const kitchen = await loggedInPage(browser, base, { width: 1400, height: 1000 }, '/dashboard');
    await kitchen.page.getByTestId('kitchen-stream').filter({ hasText: 'Live' }).waitFor({ timeout: 60_000 });
    await kitchen.page.getByRole('tab', { name: /^In bereiding/ }).click();
    const stationScreen = await loggedInPage(browser, base, { width: 1280, height: 800 }, `/dashboard/kitchen?station=${station}`);
    await stationScreen.page.getByTestId('station-screen').waitFor({ timeout: 60_000 });
    const statusContext = await browser.newContext({ baseURL: base, viewport: { width: 1920, height: 1080 }, locale: 'nl-BE' });
    const status = await statusContext.newPage();
    await status.addInitScript(watchStatusScreen);
    await status.goto('/order-status-scherm');
    await status.getByTestId('status-ready').waitFor({ timeout: 60_000 });
    log(`server ${base}, station ${station}, three screens open [${loadText()}]`);

    // Warm-up orders: placed and waited for, left out of the figures.
    const warm = [];
    for (let i = 0; i < WARMUP; i++) warm.push(await placeOrder(base, product.databaseId));
    await kitchen.page.waitForFunction(
      (ids) => ids.every((id) => id in window.__cardSeen),
      warm.map((o) => String(o.id)),
      { timeout: 30_000 },
    );

    // The rush: a steady stream, with the burst in its middle, all scheduled on the clock (not one after another).
    const start = performance.now();
    const schedule = [];
    for (let i = 0; i < STREAM; i++) schedule.push({ at: i * INTERVAL, kind: 'stream' });
    const burstAt = Math.floor(STREAM / 2) * INTERVAL + INTERVAL / 2;
    for (let j = 0; j < BURST; j++) schedule.push({ at: burstAt + j * BURST_INTERVAL, kind: 'burst' });
    const placing = schedule.map(async ({ at, kind }) => {
      await sleep(Math.max(0, at - (performance.now() - start)));
      return { ...(await placeOrder(base, product.databaseId)), kind };
    });
    const placedSoFar = [];
    for (const p of placing) void p.then((o) => placedSoFar.push(o)).catch(() => undefined);

    // The kitchen works: every BUMP_EVERY ms "Klaar" on the oldest order on the expeditor screen.
    const end = schedule.reduce((m, s) => Math.max(m, s.at), 0);
    const bumped = [];
    let bumpErrors = 0;
    const bumpedIds = new Set(warm.map((o) => o.id));
    for (const o of warm) {
      await kitchen.page.locator(`[data-testid="kitchen-order"][data-order-id="${o.id}"]`).getByRole('button', { name: 'Klaar', exact: true }).click();
    }
    while (performance.now() - start < end + 2000) {
      await sleep(BUMP_EVERY);
      const seen = await kitchen.page.evaluate(() => window.__cardSeen);
      const next = placedSoFar.filter((o) => !bumpedIds.has(o.id) && String(o.id) in seen).sort((a, b) => a.number - b.number)[0];
      if (!next) continue;
      bumpedIds.add(next.id);
      try {
        await kitchen.page
          .locator(`[data-testid="kitchen-order"][data-order-id="${next.id}"]`)
          .getByRole('button', { name: 'Klaar', exact: true })
          .click({ timeout: 5000 });
        bumped.push(next);
      } catch {
        bumpErrors += 1;
      }
    }
    const orders = await Promise.all(placing);
    log(`${orders.length} orders placed in ${((performance.now() - start) / 1000).toFixed(1)} s, ${bumped.length} bumped [${loadText()}]`);

    // Every order on both screens, every bumped number under "Klaar" (10 s at most).
    const ids = orders.map((o) => String(o.id));
    const waitAll = (page, fn, arg) => page.waitForFunction(fn, arg, { timeout: 10_000 }).catch(() => undefined);
    await waitAll(kitchen.page, (list) => list.every((id) => id in window.__cardSeen), ids);
    await waitAll(stationScreen.page, (list) => list.every((id) => id in window.__cardSeen), ids);
    await waitAll(
      status,
      (list) => list.every((n) => n in window.__readyShown),
      bumped.map((o) => String(o.number)),
    );

    const kitchenSeen = await kitchen.page.evaluate(() => window.__cardSeen);
    const stationSeen = await stationScreen.page.evaluate(() => window.__cardSeen);
    const clicks = await kitchen.page.evaluate(() => window.__bumpClick);
    const readyEvent = await status.evaluate(() => window.__readyEvent);
    const readyShown = await status.evaluate(() => window.__readyShown);

    const delays = (seen) => {
      const values = [];
      let missing = 0;
      let early = 0;
      for (const o of orders) {
        const at = seen[String(o.id)];
        if (at === undefined) missing += 1;
        else {
          if (at < o.placedAt) early += 1;
          values.push(Math.max(0, at - o.placedAt));
        }
      }
      return { values, missing, early };
    };
    for (const [name, seen] of [
      ['kitchen', kitchenSeen],
      ['station', stationSeen],
    ]) {
      const { values, missing, early } = delays(seen);
      results[`placedTo${name === 'kitchen' ? 'Kitchen' : 'Station'}`] = {
        ...figure(`placed to ${name} screen card`, values, TARGETS.placedToScreenP99Ms),
        missing,
        beforeResponse: early,
      };
      if (missing) log(`${name}: ${missing} orders never showed`);
      if (early) log(`${name}: ${early} cards came before the checkout response (counted as 0 ms)`);
    }
    // Burst orders alone, on the kitchen screen.
    const burstOrders = orders.filter((o) => o.kind === 'burst');
    results.burstPlacedToKitchen = figure(
      'burst orders, placed to kitchen card',
      burstOrders.filter((o) => kitchenSeen[String(o.id)] !== undefined).map((o) => Math.max(0, kitchenSeen[String(o.id)] - o.placedAt)),
    );
    // The checkout itself, from sending it to its response (context for the figures above).
    results.checkout = figure(
      'checkout request to response',
      orders.map((o) => o.placedAt - o.sentAt),
    );

    const render = [];
    const endToEnd = [];
    let readyMissing = 0;
    for (const o of bumped) {
      const shown = readyShown[String(o.number)];
      const arrived = readyEvent[String(o.number)];
      const click = clicks[String(o.id)];
      if (shown === undefined || arrived === undefined) {
        readyMissing += 1;
        continue;
      }
      render.push(Math.max(0, shown - arrived));
      if (click !== undefined) endToEnd.push(shown - click);
    }
    results.statusRender = {
      ...figure('status screen re-render (board event in the page to number under "Klaar")', render, TARGETS.statusRenderP99Ms),
      missing: readyMissing,
    };
    results.bumpToStatus = figure('bump click in the kitchen to number under "Klaar" on the status screen', endToEnd);
    results.bumpErrors = bumpErrors;
    const pass =
      results.placedToKitchen.verdict === 'PASS' &&
      results.placedToStation.verdict === 'PASS' &&
      results.statusRender.verdict === 'PASS' &&
      results.placedToKitchen.missing === 0 &&
      results.placedToStation.missing === 0 &&
      readyMissing === 0;
    results.verdict = pass ? 'PASS' : 'MISS';
    log(`verdict: ${results.verdict}`);
  } finally {
    await browser.close();
    await server.stop();
  }
  const out = path.join(root, 'bench/results/kitchen-rush.json');
  fs.writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  log(`written ${path.relative(root, out)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
