// The printed summary and bench/results/latest.md.

const fmt = (value, digits = 0) => (value === null || value === undefined || Number.isNaN(value) ? '-' : Number(value).toFixed(digits));
const verdict = (pass) => (pass === null || pass === undefined ? '-' : pass ? 'PASS' : 'MISS');

function table(headers, rows) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

function markdownTable(headers, rows) {
  return [
    `| ${headers.join(' | ')} |`,
    `| ${headers.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

function throughputRows(results) {
  const rows = [];
  for (const db of results.throughput) {
    if (db.skipped) continue;
    for (const row of db.runs) {
      rows.push([
        `${db.database} c=${row.connections}`,
        fmt(row.products.requestsPerSec),
        fmt(row.products.latencyMs.p50, 1),
        fmt(row.products.latencyMs.p99, 1),
        fmt(row.static.requestsPerSec),
        fmt(row.static.latencyMs.p50, 1),
        fmt(row.static.latencyMs.p99, 1),
        db.productsWireBytes ? `${fmt(db.productsBodyBytes)} (${db.productsWireEncoding} ${fmt(db.productsWireBytes)})` : fmt(db.productsBodyBytes),
        fmt(row.ratio, 2),
        verdict(row.pass),
        `${fmt(row.products.serverCpuMsPerRequest, 3)} / ${fmt(row.static.serverCpuMsPerRequest, 3)}`,
      ]);
    }
  }
  return rows;
}

const THROUGHPUT_HEADERS = [
  'database',
  'products req/s',
  'p50 ms',
  'p99 ms',
  'static req/s',
  'p50 ms',
  'p99 ms',
  'body bytes (on the wire)',
  'ratio',
  '>= 0.70',
  'server CPU ms/req (products / static)',
];

const CHECKOUT_HEADERS = [
  'database',
  'customers',
  'checkouts/s',
  'checkout p50',
  'p90',
  'p99',
  'addToCart p50',
  'p99',
  'flow p50',
  'p99',
  'errors',
  'ticket p50',
  'ticket p99',
  'tickets printed',
  'last ticket after load',
];

function checkoutRows(results) {
  return results.throughput
    .filter((db) => !db.skipped && db.checkout)
    .map((db) => {
      const c = db.checkout;
      return [
        db.database,
        fmt(c.customers),
        fmt(c.checkoutsPerSec, 1),
        fmt(c.checkoutMs.p50, 1),
        fmt(c.checkoutMs.p90, 1),
        fmt(c.checkoutMs.p99, 1),
        fmt(c.addToCartMs.p50, 1),
        fmt(c.addToCartMs.p99, 1),
        fmt(c.flowMs.p50, 1),
        fmt(c.flowMs.p99, 1),
        fmt(c.errors),
        fmt(c.ticketMs?.p50, 1),
        fmt(c.ticketMs?.p99, 1),
        c.ticketsExpected === undefined ? '-' : `${fmt(c.ticketsPrinted)} / ${fmt(c.ticketsExpected)}`,
        c.lastTicketAfterLoadMs === undefined || c.lastTicketAfterLoadMs === null ? '-' : `${fmt(c.lastTicketAfterLoadMs)} ms`,
      ];
    });
}

function summaryRows(results) {
  const { targets, startup, bundle, memory } = results;
  const rows = [];
  for (const db of results.throughput) {
    if (db.skipped) {
      rows.push([`products/static throughput, ${db.database}`, `skipped: ${db.skipped}`, `>= ${targets.throughputRatio}`, '-']);
      continue;
    }
    const worst = Math.min(...db.runs.map((r) => r.ratio));
    rows.push([`products/static throughput, ${db.database} (worst)`, fmt(worst, 2), `>= ${targets.throughputRatio}`, verdict(db.runs.every((r) => r.pass))]);
  }
  for (const db of results.throughput) {
    if (db.skipped || !db.checkout) continue;
    const limit = db.database === 'postgres' ? targets.checkoutP99MsPostgres : targets.checkoutP99MsPglite;
    const target = limit === undefined ? '-' : `< ${limit} ms`;
    const load = db.checkout.load ? `, load ${db.checkout.load.map((n) => n.toFixed(2)).join(' ')}` : '';
    rows.push([
      `checkout p99, ${db.database} (${db.checkout.customers} customers)`,
      `${fmt(db.checkout.checkoutMs.p99, 1)} ms (${fmt(db.checkout.checkoutsPerSec, 1)} checkouts/s${load})`,
      target,
      verdict(db.checkout.pass),
    ]);
    if (db.checkout.ticketMs) {
      const c = db.checkout;
      const ticketTarget = db.database === 'postgres' ? `< ${targets.ticketP99MsPostgres} ms` : '-';
      rows.push([
        `order to ticket on the LAN printer p99, ${db.database}`,
        `${fmt(c.ticketMs.p99, 1)} ms`,
        ticketTarget,
        db.database === 'postgres' ? verdict(c.ticketMs.p99 < targets.ticketP99MsPostgres) : '-',
      ]);
      rows.push([
        `tickets printed by 10 s after the load, ${db.database}`,
        `${fmt(c.ticketsPrinted)} / ${fmt(c.ticketsExpected)}, last ${fmt(c.lastTicketAfterLoadMs)} ms after the load`,
        'all',
        verdict(c.allTicketsPrinted),
      ]);
    }
  }
  if (startup.skipped) rows.push(['start-up to ready (median)', `skipped: ${startup.skipped}`, `< ${targets.startupMs} ms`, '-']);
  else
    rows.push([
      `start-up to ready (median of ${startup.runs.length})`,
      `${fmt(startup.medianMs)} ms (${startup.runs.map((r) => fmt(r.ms)).join(', ')})`,
      `< ${targets.startupMs} ms`,
      verdict(startup.pass),
    ]);
  for (const m of memory) rows.push([m.what, `${fmt(m.mb, 1)} MB`, '', '']);
  if (bundle.skipped) rows.push(['/bestellen initial JS (gzip)', `skipped: ${bundle.skipped}`, `< ${targets.bundleKB} KB`, '-']);
  else
    rows.push([
      '/bestellen initial JS (gzip)',
      `${fmt(bundle.totalGzipKB, 1)} KB (${bundle.files.length} files)`,
      `< ${targets.bundleKB} KB`,
      verdict(bundle.pass),
    ]);
  if (!bundle.skipped && bundle.totalSentKB !== undefined) {
    rows.push(['/bestellen initial JS as sent (brotli)', `${fmt(bundle.totalSentKB, 1)} KB`, '', '']);
  }
  return rows;
}

export function printSummary(results, print = console.log) {
  print('');
  print("Storefront full-menu `products` query vs. the same server's static reference (same body)");
  print(table(THROUGHPUT_HEADERS, throughputRows(results)));
  print('');
  print('Checkout: concurrent customers, each a new session doing addToCart then checkout (cash, takeaway); latencies in ms');
  print(table(CHECKOUT_HEADERS, checkoutRows(results)));
  if (!results.bundle.skipped) {
    print('');
    print('/bestellen initial JavaScript (gzip -9)');
    print(
      table(
        ['file', 'bytes', 'gzip bytes', 'sent bytes (br)'],
        results.bundle.files.map((f) => [f.file, f.bytes, f.gzipBytes, f.sentBytes ?? '-']),
      ),
    );
  }
  print('');
  print('Summary');
  print(table(['figure', 'value', 'target', 'verdict'], summaryRows(results)));
  for (const note of results.notes) print(`note: ${note}`);
}

export function markdown(results) {
  const lines = [
    `# Bakje bench: ${results.meta.date}`,
    '',
    `Node ${results.meta.node}, ${results.meta.cpus} x ${results.meta.cpuModel}, commit ${results.meta.commit ?? 'unknown'}` +
      `; ${results.meta.durationS} s per measurement after ${results.meta.warmupS} s warm-up.`,
    '',
    markdownTable(THROUGHPUT_HEADERS, throughputRows(results)),
    '',
    'Checkout: concurrent customers, each a new session doing addToCart then checkout (cash, takeaway); latencies in ms.',
    '',
    markdownTable(CHECKOUT_HEADERS, checkoutRows(results)),
    '',
    markdownTable(['figure', 'value', 'target', 'verdict'], summaryRows(results)),
  ];
  if (!results.bundle.skipped) {
    lines.push(
      '',
      markdownTable(
        ['initial JS file', 'bytes', 'gzip bytes', 'sent bytes (br)'],
        results.bundle.files.map((f) => [f.file, f.bytes, f.gzipBytes, f.sentBytes ?? '-']),
      ),
    );
  }
  if (results.notes.length) lines.push('', ...results.notes.map((n) => `- ${n}`));
  return `${lines.join('\n')}\n`;
}
