#!/usr/bin/env node
// `npm run bench:ticket-cpu -w bench` (issue 18, "Tickets"): CPU per ticket, target under 1 ms.
//
// 1. Render + encode: the pure function from an order to ESC/POS bytes (tickets.ts renderTicket, escpos.ts
//    encodeTicket), bundled from the server's source with esbuild and run here on the fixed orders of the
//    ticket golden test (server/test/support/ticket-orders.ts), each ticket timed with process.cpuUsage():
//    p50/p99 per kind over --tickets tickets after a warm-up, and the very first ticket of the process (cold).
// 2. End to end: the built server (demo shop, bench routes) on PGlite and on PostgreSQL, tickets asked for as
//    staff reprints do through POST /api/_bench/print-tickets and printed on this process's own LAN printer
//    (a TCP listener). CPU per printed ticket = the server process's CPU (/proc/<pid>/stat) from the request
//    to the last ticket's arrival, net of its idle rate over the same wall time, divided by the tickets; on
//    PostgreSQL also with the CPU of the server's database backends. Rounds of 2 tickets (what a checkout
//    prints: a customer and a kitchen ticket) and rounds of 20 (a rush, printed in batches); each round
//    includes one small HTTP request, which a checkout's tickets do not.
// Prints each figure with a verdict and the load average; writes bench/results/ticket-cpu.json.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { load } from './lib/bench-server.mjs';
import { ensureBuilt } from './lib/build.mjs';
import { startReceiptPrinter } from './lib/checkout.mjs';
import { createBenchDatabase, DEFAULT_DATABASE_URL, dropBenchDatabase, redactUrl } from './lib/postgres.mjs';
import { cpuSeconds, freePort, spawnNode, stopAllChildren, stopChild, waitReady } from './lib/processes.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(benchDir, '..');
const { values: args } = parseArgs({
  options: {
    tickets: { type: 'string', default: '1000' },
    printed: { type: 'string', default: '400' },
    'skip-postgres': { type: 'boolean', default: false },
  },
});
const ticketCount = Number(args.tickets);
const printedCount = Number(args.printed);
if (!Number.isInteger(ticketCount) || ticketCount < 100 || !Number.isInteger(printedCount) || printedCount < 40) {
  console.error('bench:ticket-cpu: --tickets must be a whole number of at least 100, --printed at least 40');
  process.exit(2);
}
const TARGET_MS = 1;

const verdict = (ms) => (ms < TARGET_MS ? `meets < ${TARGET_MS} ms` : `MISSES < ${TARGET_MS} ms`);
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const round3 = (n) => Math.round(n * 1000) / 1000;

/** The render + encode functions and the fixed orders, bundled from the server's TypeScript source. */
async function loadTicketCode() {
  const { build } = createRequire(path.join(root, 'server/package.json'))('esbuild');
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bakje-ticket-cpu-'));
  const outfile = path.join(outDir, 'tickets.mjs');
  await build({
    stdin: {
      contents: [
        "export { encodeTicket } from './src/modules/printing/escpos.ts';",
        "export { renderTicket } from './src/modules/printing/tickets.ts';",
        "export { TICKET_CASES } from './test/support/ticket-orders.ts';",
      ].join('\n'),
      resolveDir: path.join(root, 'server'),
      loader: 'ts',
    },
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
    banner: { js: "import { createRequire as __bakjeCreateRequire } from 'node:module'; const require = __bakjeCreateRequire(import.meta.url);" },
  });
  try {
    return await import(pathToFileURL(outfile).href);
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

function renderEncodeCpu({ encodeTicket, renderTicket, TICKET_CASES }) {
  const cpuMs = (fn) => {
    const before = process.cpuUsage();
    fn();
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1000;
  };
  const first = TICKET_CASES[0];
  const cold = cpuMs(() => encodeTicket(renderTicket('customer', first.order, first.context)));
  const result = { coldFirstTicketMs: round3(cold) };
  for (const kind of ['customer', 'kitchen']) {
    for (let i = 0; i < 3000; i++) encodeTicket(renderTicket(kind, TICKET_CASES[i % TICKET_CASES.length].order, TICKET_CASES[i % TICKET_CASES.length].context));
    const samples = [];
    let bytes = 0;
    for (let i = 0; i < ticketCount; i++) {
      const c = TICKET_CASES[i % TICKET_CASES.length];
      samples.push(cpuMs(() => (bytes += encodeTicket(renderTicket(kind, c.order, c.context)).length)));
    }
    samples.sort((a, b) => a - b);
    result[kind] = {
      tickets: ticketCount,
      p50: round3(percentile(samples, 50)),
      p99: round3(percentile(samples, 99)),
      bytesPerTicket: Math.round(bytes / ticketCount),
    };
  }
  return result;
}

const built = ensureBuilt(root, 'server', console.log);
if (built.error) {
  console.error(built.error);
  process.exit(1);
}

async function json(url, body) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** Resolves when every key has arrived on the printer (polled: the printer notes arrivals as they come). */
async function arrived(printer, keys, timeoutMs = 60_000) {
  const started = performance.now();
  const map = printer.arrivals();
  while (!keys.every((key) => map.has(key))) {
    if (performance.now() - started > timeoutMs)
      throw new Error(`tickets not printed within ${timeoutMs / 1000} s: ${keys.filter((k) => !map.has(k)).join(', ')}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** CPU seconds of the PostgreSQL backends serving `database`, by pid (read from /proc: same machine). */
async function backendCpu(pg, adminUrl, database) {
  if (!pg) return 0;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
    return rows.reduce((sum, row) => sum + (cpuSeconds(row.pid) ?? 0), 0);
  } finally {
    await client.end();
  }
}

/** One database: start the server, place a few orders, then print `printedCount` tickets per round size. */
async function endToEnd(label, env, postgres) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bakje-ticket-cpu-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const printer = await startReceiptPrinter();
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = spawnNode([...nodeArgs, 'server/dist/main.js'], {
    cwd: root,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      BAKJE_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      BAKJE_PRINT_URLS: 'false',
      NODE_ENV: 'production',
      BAKJE_VIRTUAL_PRINTER: 'false',
      BAKJE_BENCH_ROUTES: 'true',
      ...env,
    },
  });
  try {
    await waitReady(server, port);
    const { slotId } = await json(`${base}/api/_bench/checkout-slot`, { printer: printer.address });
    // A few real orders of three to five demo products to print tickets of.
    const gql = async (query, variables, token) => {
      const response = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { 'woocommerce-session': `Session ${token}` } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      const body = await response.json();
      if (body.errors?.length) throw new Error(body.errors[0].message);
      return { data: body.data, token: response.headers.get('woocommerce-session') ?? token };
    };
    const productIds = [];
    for (const slug of ['frikandel', 'fristi', 'mayonaise', 'andalouse', 'samurai']) {
      const { data } = await gql(`query($slug: ID!) { product(id: $slug, idType: SLUG) { databaseId } }`, { slug });
      productIds.push(data.product.databaseId);
    }
    const { data: days } = await gql(`{ orderingDays(type: TAKEAWAY, count: 7) { date hasSlots } }`);
    const day = days.orderingDays.filter((d) => d.hasSlots)[1];
    const { data: slots } = await gql(`query($date: String!) { availableTimeSlots(type: TAKEAWAY, date: $date) { id slotId } }`, { date: day.date });
    const slot = slots.availableTimeSlots.find((s) => s.slotId === slotId).id;
    const orderIds = [];
    for (let i = 0; i < 10; i++) {
      let token;
      for (const id of productIds.slice(0, 3 + (i % 3))) {
        ({ token } = await gql(`mutation($id: Int!) { addToCart(input: {productId: $id, quantity: 2}) { cart { isEmpty } } }`, { id }, token));
      }
      const { data } = await gql(
        `mutation($input: CheckoutInput!) { checkout(input: $input) { order { databaseId } } }`,
        {
          input: {
            paymentMethod: 'cod',
            billing: { firstName: 'Bench', lastName: `Klant ${i}`, phone: '0470 00 00 00', address1: 'Kerkstraat 1', city: 'Gent', postcode: '9000' },
            customerNote: 'zonder ui | extra saus',
            metaData: [
              { key: 'fulfilment_type', value: 'takeaway' },
              { key: 'time_slot', value: slot },
            ],
          },
        },
        token,
      );
      orderIds.push(data.checkout.order.databaseId);
    }
    await arrived(
      printer,
      orderIds.flatMap((id) => [`o${id}-c1`, `o${id}-k1`]),
    );
    const ask = async (count, offset) => {
      const tickets = Array.from({ length: count }, (_, i) => ({ orderId: orderIds[(offset + i) % orderIds.length], kind: i % 2 ? 'kitchen' : 'customer' }));
      const { keys } = await json(`${base}/api/_bench/print-tickets`, { tickets });
      await arrived(printer, keys);
    };
    // Warm-up (JIT, prepared statements), then the idle rate of the server (its timers and job polling).
    for (let i = 0; i < 20; i++) await ask(2, i * 2);
    const idleStart = cpuSeconds(server.pid);
    const idleFrom = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const idleRate = (cpuSeconds(server.pid) - idleStart) / ((performance.now() - idleFrom) / 1000);

    const rounds = {};
    for (const size of [2, 20]) {
      const before = cpuSeconds(server.pid);
      const pgBefore = await backendCpu(postgres?.pg, postgres?.adminUrl, postgres?.name);
      const started = performance.now();
      for (let printed = 0; printed < printedCount; printed += size) await ask(size, printed);
      const wall = (performance.now() - started) / 1000;
      const gross = cpuSeconds(server.pid) - before;
      const pgUsed = postgres ? (await backendCpu(postgres.pg, postgres.adminUrl, postgres.name)) - pgBefore : null;
      const net = Math.max(0, gross - idleRate * wall);
      rounds[size] = {
        tickets: printedCount,
        grossMs: round3((gross * 1000) / printedCount),
        netMs: round3((net * 1000) / printedCount),
        ...(pgUsed === null ? {} : { withDatabaseMs: round3(((net + pgUsed) * 1000) / printedCount) }),
        wallS: Math.round(wall * 10) / 10,
      };
    }
    if (printer.copies() > 0) throw new Error(`${printer.copies()} tickets arrived twice`);
    return { database: label, idleCpuPerSecondMs: round3(idleRate * 1000), rounds, load: load() };
  } finally {
    await stopChild(server);
    await printer.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = { date: new Date().toISOString(), targetMs: TARGET_MS };
let created;
const baseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
try {
  const code = await loadTicketCode();
  results.renderEncode = renderEncodeCpu(code);
  results.renderEncode.load = load();
  const re = results.renderEncode;
  console.log(`Render + encode CPU per ticket (pure function, ${ticketCount} tickets per kind over ${code.TICKET_CASES.length} fixed orders, ${re.load}):`);
  for (const kind of ['customer', 'kitchen']) {
    console.log(`  ${kind.padEnd(8)} p50 ${re[kind].p50} ms  p99 ${re[kind].p99} ms  (${re[kind].bytesPerTicket} bytes)  ${verdict(re[kind].p99)}`);
  }
  console.log(`  first ticket of the process (cold): ${re.coldFirstTicketMs} ms`);

  results.endToEnd = [await endToEnd('pglite', { DATABASE_URL: '' })];
  if (!args['skip-postgres']) {
    try {
      created = await createBenchDatabase(root, baseUrl, `tickets_${Date.now()}`);
    } catch (error) {
      console.log(`PostgreSQL at ${redactUrl(baseUrl)} not reachable (${error.message}): end to end on PGlite only`);
    }
    if (created) {
      const pg = createRequire(path.join(root, 'server/package.json'))('pg');
      const adminUrl = new URL(baseUrl);
      adminUrl.pathname = '/postgres';
      results.endToEnd.push(
        await endToEnd(`postgres ${created.serverVersion}`, { DATABASE_URL: created.url }, { pg, adminUrl: adminUrl.toString(), name: created.name }),
      );
    }
  }
  for (const run of results.endToEnd) {
    console.log(`CPU per printed ticket end to end, ${run.database} (server process net of its idle ${run.idleCpuPerSecondMs} ms/s; ${run.load}):`);
    for (const [size, r] of Object.entries(run.rounds)) {
      const database = r.withDatabaseMs === undefined ? '' : `, with its PostgreSQL backends ${r.withDatabaseMs} ms`;
      console.log(
        `  rounds of ${size.padStart(2)}: ${r.netMs} ms net (gross ${r.grossMs} ms${database}) over ${r.tickets} tickets in ${r.wallS} s  ${verdict(r.netMs)}`,
      );
    }
  }
  fs.mkdirSync(path.join(benchDir, 'results'), { recursive: true });
  fs.writeFileSync(path.join(benchDir, 'results', 'ticket-cpu.json'), `${JSON.stringify(results, null, 2)}\n`);
} finally {
  await stopAllChildren();
  if (created) await dropBenchDatabase(root, baseUrl, created.name).catch(() => undefined);
}
