#!/usr/bin/env node
// `npm run bench:pglite-memory -w bench` (issue 18): resident memory of the server on the embedded database.
// Starts the built server on an empty PGlite directory (first start: cluster creation, migrations, demo shop
// seed), samples its RSS every 50 ms from spawn until /api/ready answers (the peak), then again after
// --idle seconds with no requests (idle). Targets: peak under 450 MB, idle under 200 MB. Prints each figure with
// the load average and a verdict; writes bench/results/pglite-memory.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureBuilt } from './lib/build.mjs';
import { freePort, rssMb, spawnNode, stopAllChildren, waitReady } from './lib/processes.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(benchDir, '..');
const { values: args } = parseArgs({ options: { idle: { type: 'string', default: '15' } } });
const idleSeconds = Number(args.idle);
if (!Number.isInteger(idleSeconds) || idleSeconds < 1) {
  console.error('bench:pglite-memory: --idle must be a positive whole number of seconds');
  process.exit(2);
}
const TARGETS = { peak: 450, idle: 200 };
const load = () =>
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')} on ${os.cpus().length} CPUs`;

const built = ensureBuilt(root, 'server', console.log);
if (built.error) {
  console.error(built.error);
  process.exit(1);
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bakje-pglite-memory-bench-'));
const port = await freePort();
let exitCode = 0;
try {
  const server = spawnNode(['server/dist/main.js'], {
    cwd: root,
    env: { PORT: String(port), HOST: '127.0.0.1', BAKJE_DATA_DIR: dataDir, LOG_LEVEL: 'warn', BAKJE_PRINT_URLS: 'false', NODE_ENV: 'production' },
  });
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid) ?? 0)), 50);
  const started = performance.now();
  await waitReady(server, port, { timeoutMs: 600_000 });
  const readySeconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(server.pid) ?? 0);
  await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
  const idle = rssMb(server.pid);
  const figures = [
    { key: 'peak', title: `first start with the demo seed (ready after ${readySeconds.toFixed(1)} s), peak RSS`, mb: peak },
    { key: 'idle', title: `idle ${idleSeconds} s after ready, RSS`, mb: idle },
  ].map((f) => ({ ...f, target: TARGETS[f.key], verdict: f.mb !== null && f.mb < TARGETS[f.key] ? 'PASS' : 'FAIL', load: os.loadavg() }));
  for (const f of figures) {
    if (f.verdict === 'FAIL') exitCode = 1;
    console.log(`  PGlite ${f.title}: ${f.mb} MB (target < ${f.target} MB: ${f.verdict}); ${load()}`);
  }
  fs.mkdirSync(path.join(benchDir, 'results'), { recursive: true });
  fs.writeFileSync(path.join(benchDir, 'results', 'pglite-memory.json'), JSON.stringify({ at: new Date().toISOString(), figures }, null, 2));
} catch (error) {
  console.error(`pglite-memory bench failed: ${error.message}`);
  exitCode = 1;
} finally {
  await stopAllChildren();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
