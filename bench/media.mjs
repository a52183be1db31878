#!/usr/bin/env node
// `npm run bench:media -w bench`: what image uploads and their resized copies cost (docs/decisions/0024-media.md).
// Starts the built server on a fresh PGlite directory with a known first admin, logs in (cookie + CSRF, as the
// dashboard does), uploads --uploads photo-like JPEGs of --width x --height (each different, 12 MP by default)
// through POST /wp-json/wc/v3/media and times each answer; then, for one upload, asks for every resized copy
// (widths 160/320/640/1280 x AVIF/WebP/JPEG) twice: the first request makes it (the "lazy" cost a first
// visitor pays), the second reads it from disk. Prints p50/max with the load average; writes
// bench/results/media.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { load } from './lib/bench-server.mjs';
import { stopAllChildren } from './lib/processes.mjs';
import { startStaffServer } from './lib/staff-server.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(benchDir, '..');
const { values: args } = parseArgs({
  options: {
    uploads: { type: 'string', default: '5' },
    width: { type: 'string', default: '4000' },
    height: { type: 'string', default: '3000' },
  },
});
const uploads = Number(args.uploads);
const width = Number(args.width);
const height = Number(args.height);
if (![uploads, width, height].every((n) => Number.isInteger(n) && n >= 1)) {
  console.error('bench:media: --uploads, --width and --height must be positive whole numbers');
  process.exit(2);
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const ms = (n) => Math.round(n);

/** A photo-like JPEG (gradients and noise, so the encoders have detail to work on), different per seed. */
async function photo(seed) {
  const raw = Buffer.alloc(width * height * 3);
  let state = seed * 2654435761;
  for (let i = 0; i < raw.length; i += 3) {
    state = (state * 1103515245 + 12345) >>> 0;
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    raw[i] = ((x * 255) / width + (state & 31)) & 255;
    raw[i + 1] = ((y * 255) / height + ((state >> 8) & 31)) & 255;
    raw[i + 2] = (((x + y) * 127) / (width + height) + ((state >> 16) & 31)) & 255;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

let exitCode = 0;
let server;
try {
  server = await startStaffServer(root);
  const { base, authHeaders } = server;
  console.log(`media bench: server pid ${server.child.pid}; ${load()}`);

  const uploadMs = [];
  let bytes = 0;
  let src;
  for (let i = 0; i < uploads; i++) {
    const file = await photo(i + 1);
    bytes += file.length;
    const form = new FormData();
    form.append('file', new Blob([file], { type: 'image/jpeg' }), `foto-${i}.jpg`);
    form.append('alt_text', `Foto ${i}`);
    const started = performance.now();
    const response = await fetch(`${base}/wp-json/wc/v3/media`, { method: 'POST', headers: authHeaders, body: form });
    const answer = await response.json();
    uploadMs.push(performance.now() - started);
    if (response.status !== 201) throw new Error(`upload ${i}: ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
    src = new URL(answer.src).pathname;
  }
  console.log(
    `uploads of ${width} x ${height} JPEG (${(bytes / uploads / 1e6).toFixed(1)} MB each; checked, turned upright, scaled to 2560 px, stripped, stored): ` +
      `p50 ${ms(quantile(uploadMs, 0.5))} ms, max ${ms(Math.max(...uploadMs))} ms`,
  );

  const folder = src.replace(/\/[^/]+$/, '');
  const variants = [];
  for (const format of ['avif', 'webp', 'jpg']) {
    for (const w of [160, 320, 640, 1280]) {
      const url = `${base}${folder}/${w}.${format}`;
      const times = [];
      let size = 0;
      for (let round = 0; round < 2; round++) {
        const started = performance.now();
        const response = await fetch(url);
        const body = Buffer.from(await response.arrayBuffer());
        times.push(performance.now() - started);
        if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
        size = body.length;
      }
      variants.push({ format, width: w, firstMs: ms(times[0]), cachedMs: ms(times[1]), kb: Math.round(size / 100) / 10 });
    }
  }
  console.log('resized copies (first request makes it, second reads it from disk):');
  console.table(variants);
  const firsts = variants.map((v) => v.firstMs);
  console.log(`first request p50 ${ms(quantile(firsts, 0.5))} ms, max ${ms(Math.max(...firsts))} ms; ${load()}`);
  const result = {
    date: new Date().toISOString(),
    load: os.loadavg(),
    cpus: os.cpus().length,
    source: { width, height, uploads, averageBytes: Math.round(bytes / uploads) },
    uploadMs: { p50: ms(quantile(uploadMs, 0.5)), max: ms(Math.max(...uploadMs)) },
    variants,
  };
  fs.mkdirSync(path.join(benchDir, 'results'), { recursive: true });
  fs.writeFileSync(path.join(benchDir, 'results', 'media.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log('written: bench/results/media.json');
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await stopAllChildren();
  server?.cleanup();
}
process.exit(exitCode);
