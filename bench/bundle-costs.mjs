#!/usr/bin/env node
// `npm run bench:bundle-costs -w bench`: what each library costs on the wire in /bestellen's first download.
// Builds the web app in memory (vite, nothing written to web/dist), takes the chunks index.html loads first
// (the entry and its static imports), groups their code by npm package, minifies each group alone (esbuild,
// as the build does) and compresses it with brotli 11 (as the build's .br files) and gzip 9. A group
// compressed alone is a little larger than its share of the whole chunk, so the "share" column scales the
// groups to the chunks' real brotli size.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build, transformWithEsbuild } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = path.join(root, 'web');
const resultsFile = path.join(root, 'bench', 'results', 'bundle-costs.json');

const brotli = (text) =>
  zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } })
    .length;
const gzip = (text) => zlib.gzipSync(text, { level: 9 }).length;

/** The npm package a module id belongs to, or "app: <folder>" for the web app's own code. */
function ownerOf(id) {
  const clean = id.replace(/^\0/, '').split('?')[0];
  const match = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(clean);
  if (match) return match[1].replace(/\\/g, '/');
  const relative = path.relative(path.join(webRoot, 'src'), clean);
  if (!relative.startsWith('..')) return `app: ${relative.split(path.sep)[0]}`;
  const contract = /[\\/]contract[\\/]/.test(clean);
  return contract ? '@bakje/contract' : `other: ${path.basename(clean)}`;
}

const output = await build({ root: webRoot, logLevel: 'warn', build: { write: false } });
const bundle = (Array.isArray(output) ? output[0] : output).output;
const chunks = bundle.filter((item) => item.type === 'chunk');
const entry = chunks.find((c) => c.isEntry);
if (!entry) throw new Error('no entry chunk');
// The first download: the entry and everything it imports statically (what index.html loads or preloads).
const first = new Map();
const visit = (chunk) => {
  if (first.has(chunk.fileName)) return;
  first.set(chunk.fileName, chunk);
  for (const name of chunk.imports) {
    const imported = chunks.find((c) => c.fileName === name);
    if (imported) visit(imported);
  }
};
visit(entry);

const groups = new Map();
for (const chunk of first.values()) {
  for (const [id, module] of Object.entries(chunk.modules)) {
    if (!module.code) continue;
    const owner = ownerOf(id);
    const group = groups.get(owner) ?? { owner, modules: 0, code: '' };
    group.modules += 1;
    group.code += module.code;
    groups.set(owner, group);
  }
}
async function minified(code) {
  try {
    return (await transformWithEsbuild(code, 'group.js', { minify: true, target: 'es2022' })).code;
  } catch {
    return code;
  }
}
const rows = [];
for (const g of groups.values()) {
  const code = await minified(g.code);
  rows.push({ owner: g.owner, modules: g.modules, minifiedBytes: Buffer.byteLength(code), brotliBytes: brotli(code), gzipBytes: gzip(code) });
}
rows.sort((a, b) => b.brotliBytes - a.brotliBytes);
const chunkRows = [...first.values()].map((c) => ({
  file: c.fileName,
  minifiedBytes: Buffer.byteLength(c.code),
  brotliBytes: brotli(c.code),
  gzipBytes: gzip(c.code),
}));
const realBrotli = chunkRows.reduce((sum, c) => sum + c.brotliBytes, 0);
const aloneBrotli = rows.reduce((sum, r) => sum + r.brotliBytes, 0);
for (const r of rows) r.shareBytes = Math.round((r.brotliBytes / aloneBrotli) * realBrotli);

const kb = (bytes) => (bytes / 1000).toFixed(1);
console.log(`/bestellen first download: ${chunkRows.length} chunks`);
for (const c of chunkRows) console.log(`  ${c.file}: ${kb(c.minifiedBytes)} KB minified, ${kb(c.brotliBytes)} KB brotli, ${kb(c.gzipBytes)} KB gzip`);
console.log('\nby owner (each compressed alone), largest first:');
console.log('owner'.padEnd(40), 'modules'.padStart(8), 'min KB'.padStart(9), 'br KB'.padStart(8), 'gz KB'.padStart(8), 'share br KB'.padStart(12));
for (const r of rows) {
  console.log(
    r.owner.padEnd(40),
    String(r.modules).padStart(8),
    kb(r.minifiedBytes).padStart(9),
    kb(r.brotliBytes).padStart(8),
    kb(r.gzipBytes).padStart(8),
    kb(r.shareBytes).padStart(12),
  );
}
console.log(`(share: of the ${kb(realBrotli)} KB brotli the first download really is)`);
fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
fs.writeFileSync(resultsFile, `${JSON.stringify({ date: new Date().toISOString(), chunks: chunkRows, owners: rows }, null, 2)}\n`);
console.log(`\nWrote ${path.relative(root, resultsFile)}.`);
