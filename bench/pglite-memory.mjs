#!/usr/bin/env node
// `npm run bench:pglite-memory -w bench` (issue 18): memory of the server on the embedded database, run as a
// user runs it: `node scripts/start.mjs` (what `npm start` runs; npm's own process is not counted), which
// starts the server with the flags and environment of scripts/server-runtime.mjs; on an empty data directory
// the server creates the database (cluster, migrations, demo shop seed) in a child process that exits
// (docs/decisions/0058-pglite-idle-memory.md). Samples every 50 ms from spawn until /api/ready answers (the
// peak), then again after --idle seconds with no requests (idle). Each figure is the whole process tree
// (start.mjs, the server, the first-start child while it lives) as the sum of the processes' PSS, in which a
// page shared by several (the node binary's code) counts once; the sum of their RSS and the RSS of the
// largest process (at idle, the server) are printed beside it. Targets: peak under 450 MB, idle under
// 200 MB. Writes bench/results/pglite-memory.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { load } from './lib/bench-server.mjs';
import { ensureBuilt } from './lib/build.mjs';
import { freePort, memoryOfTree as sample, spawnNode, stopAllChildren, waitReady } from './lib/processes.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(benchDir, '..');
const { values: args } = parseArgs({ options: { idle: { type: 'string', default: '15' } } });
const idleSeconds = Number(args.idle);
if (!Number.isInteger(idleSeconds) || idleSeconds < 1) {
  console.error('bench:pglite-memory: --idle must be a positive whole number of seconds');
  process.exit(2);
}
const TARGETS = { peak: 450, idle: 200 };

// start.mjs builds what is stale itself: build first, so that no build runs inside the measured tree.
for (const name of ['server', 'web']) {
  const built = ensureBuilt(root, name, console.log);
  if (built.error) {
    console.error(built.error);
    process.exit(1);
  }
}

const max = (a, b) => ({
  pss: Math.max(a.pss, b.pss),
  rss: Math.max(a.rss, b.rss),
  largestRss: Math.max(a.largestRss, b.largestRss),
  processes: Math.max(a.processes, b.processes),
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bakje-pglite-memory-bench-'));
const port = await freePort();
let exitCode = 0;
try {
  const server = spawnNode(['scripts/start.mjs'], {
    cwd: root,
    env: { PORT: String(port), HOST: '127.0.0.1', BAKJE_DATA_DIR: dataDir, LOG_LEVEL: 'warn', BAKJE_PRINT_URLS: 'false', NODE_ENV: 'production' },
  });
  let peak = { pss: 0, rss: 0, largestRss: 0, processes: 0 };
  const sampler = setInterval(() => (peak = max(peak, sample(server.pid))), 50);
  const started = performance.now();
  await waitReady(server, port, { timeoutMs: 600_000 });
  const readySeconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = max(peak, sample(server.pid));
  await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
  const idle = sample(server.pid);
  const figures = [
    { key: 'peak', title: `first start with the demo seed (ready after ${readySeconds.toFixed(1)} s), peak`, ...peak },
    { key: 'idle', title: `idle ${idleSeconds} s after ready`, ...idle },
  ].map((f) => ({ ...f, mb: f.pss, target: TARGETS[f.key], verdict: f.pss > 0 && f.pss < TARGETS[f.key] ? 'PASS' : 'FAIL', load: os.loadavg() }));
  for (const f of figures) {
    if (f.verdict === 'FAIL') exitCode = 1;
    console.log(
      `  PGlite ${f.title}: ${f.pss} MB PSS of ${f.processes} processes (target < ${f.target} MB: ${f.verdict}); their RSS sum ${f.rss} MB, the largest one's RSS ${f.largestRss} MB; ${load()}`,
    );
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
