#!/usr/bin/env node
// Start-up time alone: `node bench/startup.mjs [--runs 7] [--data-dir DIR] [--entry FILE ...]`. Seeds a
// PGlite directory once (first start, not timed), then times `node scripts/start.mjs` (npm start: already
// built, existing database) from spawn to the first 200 on /api/ready, `--runs` times, and prints each run,
// the median, the process's CPU time at ready and the RSS after ready. Several --entry files are timed in
// turns (A B A B ...) so that other work on a shared machine hits them alike. The full `npm run bench`
// measures the same thing among its other figures.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildState, ensureBuilt } from './lib/build.mjs';
import { cpuSeconds, freePort, rssMb, spawnNode, stopChild, waitReady } from './lib/processes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '7' }, 'data-dir': { type: 'string' }, entry: { type: 'string', multiple: true } },
});
const entries = args.entry?.length ? args.entry : ['scripts/start.mjs'];
const runs = Number(args.runs);
const log = (m) => console.log(`[startup] ${m}`);

for (const name of ['server', 'web']) {
  const build = ensureBuilt(root, name, log);
  if (build.error || buildState(root, name) !== 'fresh') throw new Error(`${name} is not built: ${build.error ?? 'stale'}`);
}
const dataDir = args['data-dir'] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bakje-startup-'));
const env = (port) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  BAKJE_PRINT_URLS: 'false',
  NODE_ENV: 'production',
  BAKJE_DATA_DIR: dataDir,
  DATABASE_URL: '',
});

async function once(label, entry = entries[0]) {
  const port = await freePort();
  const spawnedAt = performance.now();
  const child = spawnNode([entry], { cwd: root, env: env(port) });
  try {
    const readyAt = await waitReady(child, port, { intervalMs: 20, timeoutMs: 180_000 });
    const ms = Math.round(readyAt - spawnedAt);
    const cpuMs = Math.round((cpuSeconds(child.pid) ?? NaN) * 1000);
    const rss = rssMb(child.pid);
    log(`${label} ${entry}: ready in ${ms} ms, CPU ${cpuMs} ms, RSS ${rss} MB`);
    return { ms, cpuMs, rss };
  } finally {
    await stopChild(child);
  }
}

try {
  await once('first start (migrate + seed, not counted)');
  const results = new Map(entries.map((e) => [e, []]));
  for (let i = 0; i < runs; i++) for (const entry of entries) results.get(entry).push(await once(`run ${i + 1}/${runs}`, entry));
  const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
  for (const [entry, list] of results) {
    const ms = list.map((r) => r.ms);
    log(
      `${entry}: median ${median(ms)} ms (min ${Math.min(...ms)}, max ${Math.max(...ms)}), CPU median ${median(list.map((r) => r.cpuMs))} ms, RSS median ${median(list.map((r) => r.rss))} MB`,
    );
  }
  log(`load average at the end ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} CPUs`);
} finally {
  if (!args['data-dir']) fs.rmSync(dataDir, { recursive: true, force: true });
}
