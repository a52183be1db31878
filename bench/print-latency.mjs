#!/usr/bin/env node
// `npm run bench:print -w bench`: how long a cash order takes from the checkout response to its tickets on a
// LAN receipt printer. Starts the built server on a fresh PGlite directory in demo mode once (so the printer
// settings point at 127.0.0.1:<port>), restarts it without its own virtual printer, listens on that port
// itself and timestamps each ticket as it arrives. Sequential orders, so the figure is the print path's own
// latency (NOTIFY wake-up, claim, render, TCP), not queueing. Writes bench/results/print-latency.json.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { prepareBenchServer } from './lib/bench-server.mjs';
import { freePort, stopChild } from './lib/processes.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(benchDir, '..');
const { values: args } = parseArgs({ options: { orders: { type: 'string', default: '100' } } });
const orderCount = Number(args.orders);
if (!Number.isInteger(orderCount) || orderCount < 1) {
  console.error('bench:print: --orders must be a positive whole number');
  process.exit(2);
}

const bench = await prepareBenchServer(root, 'bakje-print-bench-');
const printerPort = await freePort();
const { base } = bench;

/** ref -> arrival time; waiters resolve when their ref arrives. */
const arrivals = new Map();
const waiters = new Map();
const printer = net.createServer((socket) => {
  const chunks = [];
  socket.on('data', (c) => chunks.push(c));
  socket.on('end', () => {
    const at = performance.now();
    for (const match of Buffer.concat(chunks)
      .toString('latin1')
      .matchAll(/ref (o\d+-[ck]\d+)/g)) {
      arrivals.set(match[1], at);
      waiters.get(match[1])?.(at);
    }
    socket.end();
  });
  socket.on('error', () => undefined);
});
const arrival = (ref) => (arrivals.has(ref) ? Promise.resolve(arrivals.get(ref)) : new Promise((resolve) => waiters.set(ref, resolve)));

let token;
async function gql(query, variables = {}) {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'woocommerce-session': `Session ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const issued = response.headers.get('woocommerce-session');
  if (issued) token = issued;
  const body = await response.json();
  if (body.errors?.length) throw new Error(body.errors[0].message);
  return body.data;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

try {
  // 1. Demo start: seeds the shop and points the printer settings at 127.0.0.1:<printerPort>.
  await stopChild(await bench.start({ BAKJE_VIRTUAL_PRINTER: 'true', BAKJE_VIRTUAL_PRINTER_PORT: String(printerPort) }));
  // 2. Our own printer on that port, the server without its virtual printer.
  await new Promise((resolve) => printer.listen(printerPort, '127.0.0.1', resolve));
  const server = await bench.start({ BAKJE_VIRTUAL_PRINTER: 'false' });

  const { product } = await gql(`{ product(id: "frikandel", idType: SLUG) { databaseId } }`);
  const slots = [];
  for (let day = 0; day < 7; day++) {
    const date = new Date(Date.now() + day * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Brussels' });
    const { availableTimeSlots } = await gql(`query($date: String!) { availableTimeSlots(type: TAKEAWAY, date: $date) { id remaining } }`, { date });
    for (const slot of availableTimeSlots) for (let i = 0; i < slot.remaining; i++) slots.push(slot.id);
  }
  if (slots.length < orderCount) throw new Error(`only ${slots.length} slot places in the next 7 days for ${orderCount} orders`);

  const customer = [];
  const kitchen = [];
  for (let i = 0; i < orderCount; i++) {
    token = undefined;
    await gql(`mutation($id: Int!) { addToCart(input: {productId: $id, quantity: 1}) { cart { isEmpty } } }`, { id: product.databaseId });
    const { checkout } = await gql(`mutation($input: CheckoutInput!) { checkout(input: $input) { order { databaseId } } }`, {
      input: {
        paymentMethod: 'cod',
        billing: { firstName: 'Bench', lastName: `Klant ${i}`, phone: '0470 00 00 00', address1: 'Kerkstraat 1', city: 'Gent', postcode: '9000' },
        metaData: [
          { key: 'fulfilment_type', value: 'takeaway' },
          { key: 'time_slot', value: slots[i] },
        ],
      },
    });
    const answered = performance.now();
    const id = checkout.order.databaseId;
    const [c, k] = await Promise.all([arrival(`o${id}-c1`), arrival(`o${id}-k1`)]);
    customer.push(c - answered);
    kitchen.push(k - answered);
  }
  await stopChild(server);

  const summary = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    return { p50: +percentile(sorted, 50).toFixed(1), p99: +percentile(sorted, 99).toFixed(1), max: +sorted[sorted.length - 1].toFixed(1) };
  };
  const result = {
    date: new Date().toISOString(),
    orders: orderCount,
    database: 'pglite',
    customerTicketMs: summary(customer),
    kitchenTicketMs: summary(kitchen),
  };
  console.log(`Checkout response -> ticket on the LAN printer, ${orderCount} sequential cash orders (PGlite, ms):`);
  console.log(`  customer ticket  p50 ${result.customerTicketMs.p50}  p99 ${result.customerTicketMs.p99}  max ${result.customerTicketMs.max}`);
  console.log(`  kitchen ticket   p50 ${result.kitchenTicketMs.p50}  p99 ${result.kitchenTicketMs.p99}  max ${result.kitchenTicketMs.max}`);
  fs.mkdirSync(path.join(benchDir, 'results'), { recursive: true });
  fs.writeFileSync(path.join(benchDir, 'results', 'print-latency.json'), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await bench.stop();
  printer.close();
}
