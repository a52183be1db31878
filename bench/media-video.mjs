#!/usr/bin/env node
// `npm run bench:media-video -w bench`: what a kiosk video upload costs the server (docs/decisions/0049-kiosk-video-suggestions-keyboard.md).
// Starts the built server on a fresh PGlite directory, logs in as the first admin (cookie + CSRF, as the dashboard
// does) and uploads one synthetic MP4 of --mb megabytes (ftyp, a large mdat, moov) through POST /wp-json/wc/v3/media,
// sampling the server's resident memory (VmRSS) every 50 ms. The upload is streamed to disk, so the server's
// memory must not grow with the file: verdict on the growth (budget 64 MB for a 150 MB file). Then times a 1 MB
// range and a suffix range of the stored file. Prints the figures with the load average; writes
// bench/results/media-video.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { rssMb, stopAllChildren } from './lib/processes.mjs';
import { load } from './lib/bench-server.mjs';
import { startStaffServer } from './lib/staff-server.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(benchDir, '..');
const { values: args } = parseArgs({ options: { mb: { type: 'string', default: '150' } } });
const mb = Number(args.mb);
if (!Number.isInteger(mb) || mb < 1 || mb > 1900) {
  console.error('bench:media-video: --mb must be a whole number from 1 to 1900');
  process.exit(2);
}
const BUDGET_MB = 64;

/** An MP4's boxes around `size` bytes of frames: what the server's structure check reads. */
function syntheticMp4(size) {
  const box = (type, body) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(8 + body.length);
    head.write(type, 4, 'latin1');
    return Buffer.concat([head, body]);
  };
  const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2avc1mp41', 'latin1'));
  const mdat = Buffer.alloc(8 + size, 0x5a);
  mdat.writeUInt32BE(8 + size);
  mdat.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, mdat, box('moov', Buffer.alloc(64))]);
}

let exitCode = 0;
let started;
try {
  started = await startStaffServer(root, {
    BAKJE_MEDIA_MAX_VIDEO_BYTES: String((mb + 10) * 1024 * 1024),
    BAKJE_REQUEST_TIMEOUT_MS: '600000',
  });
  const { child: server, base, authHeaders } = started;
  console.log(`media-video bench: server pid ${server.pid}; ${load()}`);

  const file = syntheticMp4(mb * 1024 * 1024);
  const before = rssMb(server.pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(server.pid));
  }, 50);
  const form = new FormData();
  form.append('alt_text', 'Bench');
  form.append('file', new Blob([file], { type: 'video/mp4' }), 'bench.mp4');
  const uploadStart = performance.now();
  const response = await fetch(`${base}/wp-json/wc/v3/media`, { method: 'POST', headers: authHeaders, body: form });
  const answer = await response.json();
  const uploadMs = performance.now() - uploadStart;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(server.pid));
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
  const growth = peak - before;
  const verdict = growth <= BUDGET_MB ? 'OK' : 'OVER BUDGET';
  console.log(
    `upload of ${(file.length / 1024 / 1024).toFixed(0)} MB MP4: ${Math.round(uploadMs)} ms (${((file.length / 1024 / 1024 / uploadMs) * 1000).toFixed(0)} MB/s); ` +
      `server RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB: +${growth.toFixed(1)} MB (budget ${BUDGET_MB} MB) ${verdict}; ${load()}`,
  );

  const src = new URL(answer.src).pathname;
  const ranges = [];
  for (const range of ['bytes=0-1048575', `bytes=${Math.floor(file.length / 2)}-${Math.floor(file.length / 2) + 1048575}`, 'bytes=-1048576']) {
    const t = performance.now();
    const part = await fetch(`${base}${src}`, { headers: { range } });
    const body = Buffer.from(await part.arrayBuffer());
    ranges.push({ range, status: part.status, bytes: body.length, ms: Math.round(performance.now() - t) });
  }
  console.table(ranges);
  const result = {
    date: new Date().toISOString(),
    load: os.loadavg(),
    cpus: os.cpus().length,
    fileBytes: file.length,
    uploadMs: Math.round(uploadMs),
    rssMb: { before: Math.round(before), peak: Math.round(peak), growth: Math.round(growth * 10) / 10, budget: BUDGET_MB, verdict },
    ranges,
  };
  fs.mkdirSync(path.join(benchDir, 'results'), { recursive: true });
  fs.writeFileSync(path.join(benchDir, 'results', 'media-video.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log('written: bench/results/media-video.json');
  if (verdict !== 'OK') exitCode = 1;
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await stopAllChildren();
  started?.cleanup();
}
process.exit(exitCode);
