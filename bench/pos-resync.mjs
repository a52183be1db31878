#!/usr/bin/env node
// `npm run bench:pos-resync -w bench` (issue 16): "sync everything now" of --products products (1,000) against
// the CloudPOS simulator (server/src/integrations/cloudpos, run in this process) answering every call after
// --latency ms (20). The built server gets its products from a CSV import (before the sync is switched on, so
// nothing is sent yet), is pointed at the simulator through PUT /api/admin/pos/settings, then
// POST /api/admin/pos/sync-all; GET /api/admin/pos every 100 ms until every queued record is synced. Checks that
// the till then has every product once. Prints the time, calls and load average; writes
// bench/results/pos-resync.json. Target: under 60 s.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import esbuild from 'esbuild';
import { cpuSeconds, stopAllChildren } from './lib/processes.mjs';
import { load } from './lib/bench-server.mjs';
import { startStaffServer, until } from './lib/staff-server.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(benchDir, '..');
const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '1000' },
    latency: { type: 'string', default: '20' },
    concurrency: { type: 'string' },
  },
});
const count = Number(args.products);
const latencyMs = Number(args.latency);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(latencyMs) || latencyMs < 0) {
  console.error('bench:pos-resync: --products must be a positive and --latency a non-negative whole number');
  process.exit(2);
}
const TARGET_MS = 60_000;
const API_KEY = 'bench-cloudpos-key';

let exitCode = 0;
let server;
let simulator;
try {
  server = await startStaffServer(root, {
    BAKJE_POS_SIMULATOR: 'false',
    ...(args.concurrency ? { BAKJE_JOB_CONCURRENCY: args.concurrency } : {}),
  });
  // The server's bundle does not export the simulator: bundle its source alone for this process.
  const simulatorFile = path.join(os.tmpdir(), `bakje-cloudpos-simulator-${process.pid}.mjs`);
  await esbuild.build({
    entryPoints: [path.join(root, 'server/src/integrations/cloudpos/cloudpos-simulator.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: simulatorFile,
    logLevel: 'warning',
  });
  const { CloudPosSimulator } = await import(pathToFileURL(simulatorFile).href);
  fs.rmSync(simulatorFile, { force: true });
  simulator = new CloudPosSimulator({ apiKey: API_KEY });
  const simulatorUrl = await simulator.start();

  const lines = ['Type,SKU,Name,Published,Regular price,Categories,Meta: cloudpos_tax'];
  for (let i = 0; i < count; i++)
    lines.push(`simple,POS-${i},Kassaproduct ${i},1,${2 + (i % 7)}.50,${['Snacks', 'Burgers', 'Frieten', 'Dranken'][i % 4]},${i % 2 ? 6 : 21}`);
  const preview = await server.request('POST', '/api/admin/menu/import?fileName=pos-bench.csv', `${lines.join('\n')}\n`);
  await server.request('POST', `/api/admin/menu/import/${preview.id}/apply`);
  await until(
    'the products to be imported',
    async () => {
      const view = await server.request('GET', `/api/admin/menu/import/${preview.id}`);
      if (view.status === 'failed') throw new Error(`import failed: ${JSON.stringify(view.result)}`);
      return view.status === 'done' ? view : undefined;
    },
    5 * 60_000,
  );
  await server.request('PUT', '/api/admin/pos/settings', { enabled: true, baseUrl: simulatorUrl, apiKey: API_KEY });
  simulator.latencyMs = latencyMs;
  console.log(`pos resync bench: ${count} products imported; server pid ${server.child.pid}; simulator latency ${latencyMs} ms; ${load()}`);

  const cpuBefore = cpuSeconds(server.child.pid);
  const started = performance.now();
  const queued = await server.request('POST', '/api/admin/pos/sync-all');
  const run = await until(
    'every record to reach the till',
    async () => {
      const overview = await server.request('GET', '/api/admin/pos');
      const r = overview.run;
      return r && r.done + r.failed >= r.total ? r : undefined;
    },
    10 * 60_000,
  );
  const elapsedMs = performance.now() - started;
  // The server's own CPU time for the run: what the machine's load does not stretch (the wall time it does).
  const serverCpuS = cpuBefore === null ? null : Math.round((cpuSeconds(server.child.pid) - cpuBefore) * 10) / 10;
  const names = [...simulator.products.values()].map((p) => p.name);
  const missing = Array.from({ length: count }, (_, i) => `Kassaproduct ${i}`).filter((n) => !names.includes(n));
  if (run.failed || missing.length || names.length !== new Set(names).size)
    throw new Error(`the till is not in step: ${run.failed} failed, ${missing.length} missing, ${names.length - new Set(names).size} twice`);
  const calls = simulator.calls.length;
  const verdict = elapsedMs < TARGET_MS ? 'meets' : 'MISSES';
  console.log(
    `sync everything of ${queued.queued} records (${count} products and the categories) at ${latencyMs} ms a call: ${Math.round(elapsedMs)} ms, ` +
      `${calls} calls to the till, server CPU ${serverCpuS} s: ${verdict} the target of ${TARGET_MS / 1000} s; ${load()}`,
  );
  if (verdict !== 'meets') exitCode = 1;
  fs.mkdirSync(path.join(benchDir, 'results'), { recursive: true });
  fs.writeFileSync(
    path.join(benchDir, 'results', 'pos-resync.json'),
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        load: os.loadavg(),
        cpus: os.cpus().length,
        targetMs: TARGET_MS,
        products: count,
        records: queued.queued,
        latencyMs,
        elapsedMs: Math.round(elapsedMs),
        calls,
      },
      null,
      2,
    )}\n`,
  );
  console.log('written: bench/results/pos-resync.json');
} catch (error) {
  console.error(error);
  if (server) console.error(`server exit: ${JSON.stringify(server.child.exitCode)} ${server.child.signalCode}\n${server.child.output()}`);
  exitCode = 1;
} finally {
  await stopAllChildren();
  server?.cleanup();
  await simulator?.stop();
}
process.exit(exitCode);
