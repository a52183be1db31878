#!/usr/bin/env node
// `npm run bench:kiosk-heap -w bench`: a kiosk page left open for a day of use must not grow (issue 15: 200 orders,
// heap growth under 20 MB). One kiosk page at 1080x1920 with touch runs a scripted loop of orders: fries with a
// sauce and a drink, to the end (counter payment and confirmation) when the server has kiosk devices, else up to
// where to eat, then back to the start screen, which empties the order. The JS heap is measured after a forced
// garbage collection (CDP) after a warm-up and at the end; printed with the machine's load.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { killAllChildrenNow } from './lib/processes.mjs';
import { load, loadText, openKioskPage, startKioskServer } from './lib/kiosk.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '5' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  },
});
const orders = Number(args.orders);
const warmup = Number(args.warmup);
const TARGET_MB = 20;
const log = (message) => console.log(`[kiosk-heap] ${message}`);
process.on('exit', killAllChildrenNow);

async function heapMb(cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize / 1024 / 1024;
}

async function add(page, category, slug, choice) {
  await page.getByTestId(`kiosk-category-${category}`).tap();
  await page.locator(`[data-testid="kiosk-product"][data-slug="${slug}"]`).tap();
  const sheet = page.getByTestId('kiosk-product-sheet');
  await sheet.getByTestId('kiosk-add').waitFor();
  if (choice) await sheet.locator('label', { hasText: choice }).tap();
  await sheet.getByTestId('kiosk-add').tap();
  await sheet.waitFor({ state: 'detached' });
}

async function oneOrder(page, paired) {
  await page.getByTestId('kiosk-tap-to-order').tap();
  await add(page, 'frieten', 'frieten', /middel/i);
  await add(page, 'sauzen', 'mayonaise');
  await add(page, 'dranken', 'fristi');
  await page.getByTestId('kiosk-pay').tap();
  await page.getByTestId('kiosk-suggestions').or(page.getByTestId('kiosk-fulfilment')).first().waitFor();
  if (await page.getByTestId('kiosk-suggest-next').isVisible()) await page.getByTestId('kiosk-suggest-next').tap();
  if (paired) {
    // The bench's device: takeaway and the counter only, so the order is placed at once.
    await page.getByTestId('kiosk-confirmation').waitFor({ timeout: 30_000 });
    await page.getByTestId('kiosk-done').tap();
  } else {
    await page.getByTestId('kiosk-fulfilment').waitFor();
    await page.getByTestId('kiosk-fulfilment-back').tap();
    await page.getByTestId('kiosk-leave').tap();
    await page.getByTestId('kiosk-leave-confirm').tap();
  }
  await page.getByTestId('kiosk-start').waitFor();
}

async function main() {
  const server = await startKioskServer(root, log);
  const { browser, page, paired } = await openKioskPage(server.base, args.chromium);
  const results = { date: new Date().toISOString(), node: process.version, orders, paired, targetMb: TARGET_MB };
  try {
    const cdp = await page.context().newCDPSession(page);
    log(`kiosk on ${server.base} (${paired ? 'paired: whole orders at the counter' : 'standalone: orders up to where to eat'}) [${loadText()}]`);
    for (let i = 0; i < warmup; i++) await oneOrder(page, paired);
    const before = await heapMb(cdp);
    log(`heap after ${warmup} warm-up orders: ${before.toFixed(1)} MB [${loadText()}]`);
    const started = Date.now();
    for (let i = 1; i <= orders; i++) {
      await oneOrder(page, paired);
      if (i % 25 === 0) log(`${i} orders, heap ${(await heapMb(cdp)).toFixed(1)} MB [${loadText()}]`);
    }
    const after = await heapMb(cdp);
    const growth = after - before;
    const verdict = growth < TARGET_MB ? 'PASS' : 'MISS';
    log(
      `heap after ${orders} more orders: ${after.toFixed(1)} MB, growth ${growth.toFixed(1)} MB in ${Math.round((Date.now() - started) / 1000)} s (target < ${TARGET_MB} MB: ${verdict}) [${loadText()}]`,
    );
    Object.assign(results, { beforeMb: before, afterMb: after, growthMb: growth, verdict, load: load() });
  } finally {
    await browser.close();
    await server.stop();
  }
  const out = path.join(root, 'bench/results/kiosk-heap.json');
  fs.writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  log(`written ${path.relative(root, out)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
