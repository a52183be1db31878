#!/usr/bin/env node
// `npm run bench:menu-import -w bench` (issue 16): a 1,000-product WooCommerce CSV with an image per product,
// through the dashboard's own routes: POST /api/admin/menu/import (the preview), POST .../{id}/apply, then
// GET .../{id} every 100 ms until the job is done. The images are served by an HTTP server in this process
// (photo-like JPEGs of --width x --height, each different, made before the clock starts), so the import downloads
// every one into the media library. Prints preview, apply and total time with the load average; writes
// bench/results/menu-import.json. Target: under 30 s in all.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { cpuSeconds, stopAllChildren } from './lib/processes.mjs';
import { load } from './lib/bench-server.mjs';
import { startStaffServer, until } from './lib/staff-server.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(benchDir, '..');
const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '1000' },
    width: { type: 'string', default: '800' },
    height: { type: 'string', default: '600' },
  },
});
const count = Number(args.products);
const width = Number(args.width);
const height = Number(args.height);
if (![count, width, height].every((n) => Number.isInteger(n) && n >= 1)) {
  console.error('bench:menu-import: --products, --width and --height must be positive whole numbers');
  process.exit(2);
}
const TARGET_MS = 30_000;

/** A photo-like JPEG (gradients and noise), different per seed. */
function photo(seed) {
  const raw = Buffer.alloc(width * height * 3);
  let state = seed * 2654435761;
  for (let i = 0; i < raw.length; i += 3) {
    state = (state * 1103515245 + 12345) >>> 0;
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    raw[i] = ((x * 255) / width + (state & 31) + seed) & 255;
    raw[i + 1] = ((y * 255) / height + ((state >> 8) & 31)) & 255;
    raw[i + 2] = (((x + y) * 127) / (width + height) + ((state >> 16) & 31)) & 255;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

const csvCell = (value) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

let exitCode = 0;
let imageServer;
let server;
try {
  const madeAt = performance.now();
  const photos = [];
  for (let i = 0; i < count; i++) photos.push(await photo(i + 1));
  const bytes = photos.reduce((sum, p) => sum + p.length, 0);
  console.log(
    `menu import bench: ${count} images of ${width} x ${height} made in ${Math.round(performance.now() - madeAt)} ms (${Math.round(bytes / count / 1024)} KB each)`,
  );
  let served = 0;
  imageServer = http.createServer((request, response) => {
    const match = /^\/foto\/(\d+)\.jpg$/.exec(request.url ?? '');
    const data = match ? photos[Number(match[1])] : undefined;
    if (!data) {
      response.writeHead(404);
      response.end();
      return;
    }
    served += 1;
    response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': data.length });
    response.end(data);
  });
  await new Promise((resolve) => imageServer.listen(0, '127.0.0.1', resolve));
  const imageBase = `http://127.0.0.1:${imageServer.address().port}`;

  const header = ['Type', 'SKU', 'Name', 'Published', 'Short description', 'In stock?', 'Regular price', 'Categories', 'Images', 'Meta: english_translation'];
  const lines = [header.join(',')];
  for (let i = 0; i < count; i++) {
    lines.push(
      [
        'simple',
        `BENCH-${i}`,
        `Snack ${i}`,
        '1',
        'Vers gebakken, met saus naar keuze',
        '1',
        `${2 + (i % 9)}.${i % 2 ? '50' : '00'}`,
        i % 3 === 0 ? 'Snacks > Warm' : i % 3 === 1 ? 'Burgers' : 'Frieten, Promoties',
        `${imageBase}/foto/${i}.jpg`,
        `Snack ${i} (en)`,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  const csv = `${lines.join('\n')}\n`;

  server = await startStaffServer(root);
  console.log(`server pid ${server.child.pid}; ${load()}`);
  const cpuBefore = cpuSeconds(server.child.pid);
  const started = performance.now();
  const preview = await server.request('POST', '/api/admin/menu/import?fileName=bench.csv', csv);
  const previewMs = performance.now() - started;
  if (preview.problems.length) throw new Error(`the preview found problems: ${JSON.stringify(preview.problems.slice(0, 3))}`);
  const applyAt = performance.now();
  await server.request('POST', `/api/admin/menu/import/${preview.id}/apply`);
  let imagesDoneAt;
  const done = await until(
    'the import to finish',
    async () => {
      const view = await server.request('GET', `/api/admin/menu/import/${preview.id}`);
      // The images come in first; then the rows in one transaction (on PGlite this read waits for it).
      const imagesIn = (view.images && view.images.done >= view.images.total) || view.applied > 0 || view.status !== 'applying';
      if (imagesDoneAt === undefined && imagesIn) imagesDoneAt = performance.now();
      return view.status === 'done' || view.status === 'failed' ? view : undefined;
    },
    10 * 60_000,
  );
  const totalMs = performance.now() - started;
  // The server's own CPU time for the run: what the machine's load does not stretch (the wall time it does).
  const serverCpuS = cpuBefore === null ? null : Math.round((cpuSeconds(server.child.pid) - cpuBefore) * 10) / 10;
  if (done.status !== 'done') throw new Error(`the import failed: ${JSON.stringify(done.result)}`);
  if (done.result.created !== count || done.result.images !== count || done.result.imageProblems.length)
    throw new Error(`unexpected result: ${JSON.stringify(done.result).slice(0, 500)}`);
  const figures = {
    products: count,
    imageBytes: Math.round(bytes / count),
    previewMs: Math.round(previewMs),
    imagesMs: Math.round((imagesDoneAt ?? performance.now()) - applyAt),
    applyMs: Math.round(performance.now() - applyAt),
    totalMs: Math.round(totalMs),
    imagesServed: served,
    serverCpuS,
  };
  const verdict = totalMs < TARGET_MS ? 'meets' : 'MISSES';
  console.log(
    `import of ${count} products with an image each: preview ${figures.previewMs} ms, apply ${figures.applyMs} ms ` +
      `(images downloaded and stored by ${figures.imagesMs} ms, then the rows), total ${figures.totalMs} ms, server CPU ${serverCpuS} s: ${verdict} the target of ${TARGET_MS / 1000} s; ${load()}`,
  );
  if (verdict !== 'meets') exitCode = 1;
  fs.mkdirSync(path.join(benchDir, 'results'), { recursive: true });
  fs.writeFileSync(
    path.join(benchDir, 'results', 'menu-import.json'),
    `${JSON.stringify({ date: new Date().toISOString(), load: os.loadavg(), cpus: os.cpus().length, targetMs: TARGET_MS, ...figures }, null, 2)}\n`,
  );
  console.log('written: bench/results/menu-import.json');
} catch (error) {
  console.error(error);
  if (server) console.error(`server exit: ${JSON.stringify(server.child.exitCode)} ${server.child.signalCode}\n${server.child.output()}`);
  exitCode = 1;
} finally {
  await stopAllChildren();
  server?.cleanup();
  imageServer?.close();
}
process.exit(exitCode);
