#!/usr/bin/env node
// `npm run bench`: the storefront/start-up bench (run.mjs), the order events latency bench (events.mjs), the
// catalogue push bench (catalog-push.mjs), the checkout-to-ticket print latency bench (print-latency.mjs), then the guest cart memory bench (guest-carts.mjs), the page load bench (page-load.mjs: bytes on the wire and Lighthouse), the card payment notification bench (payment-notifications.mjs), the menu import bench (menu-import.mjs), the point-of-sale resync bench (pos-resync.mjs), the uncached catalogue CPU bench (server-cpu.mjs), the PGlite memory bench (pglite-memory.mjs), the ticket CPU bench (ticket-cpu.mjs), the kiosk benches (kiosk-tap.mjs: tap to response; kiosk-heap.mjs: heap growth over scripted orders) the kitchen rush bench (kitchen-rush.mjs: order to kitchen and station screens, status screen after a bump) and the notifications bench (notifications.mjs: 500 orders marked ready to their pushes and SMS, checkout p99 with notifications off and on).
// Options are passed to both; each ignores what is not its own only where noted in bench/README.md.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const forwarded = process.argv.slice(2);
const eventsOnly = new Set(['--orders', '--clients', '--saves', '--pages', '--recovery-saves', '--menu-connections']);
// run.mjs rejects unknown options: keep the events-only ones (and their values) away from it.
const forRun = forwarded.filter((arg, i) => !eventsOnly.has(arg) && !eventsOnly.has(forwarded[i - 1] ?? ''));
let status = 0;
for (const [script, argv] of [
  ['run.mjs', forRun],
  ['events.mjs', forwarded],
  ['catalog-push.mjs', forwarded],
  ['print-latency.mjs', ['--orders', '100']],
  ['guest-carts.mjs', []],
  ['page-load.mjs', []],
  ['payment-notifications.mjs', []],
  ['menu-import.mjs', []],
  ['pos-resync.mjs', []],
  ['server-cpu.mjs', []],
  ['pglite-memory.mjs', []],
  ['ticket-cpu.mjs', []],
  ['kiosk-tap.mjs', []],
  ['kiosk-heap.mjs', []],
  ['kitchen-rush.mjs', []],
  ['notifications.mjs', []],
]) {
  const result = spawnSync(process.execPath, [path.join(dir, script), ...argv], { stdio: 'inherit' });
  if (result.status !== 0) status = result.status ?? 1;
}
process.exit(status);
