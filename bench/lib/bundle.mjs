// The initial JavaScript of /bestellen: the module script(s) and modulepreloads web/dist/index.html names.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

function attr(tag, name) {
  const match = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/**
 * Resolves to { files: [{ file, bytes, gzipBytes, sentBytes }], totalGzipBytes, totalSentBytes } or throws when
 * index.html is missing. `sentBytes` is what the server sends a browser that accepts brotli: the build's
 * `<file>.br` beside the file (server/src/api/web/spa.ts), or the file itself when there is none.
 */
export function initialJavaScript(webDist) {
  const indexHtml = path.join(webDist, 'index.html');
  const html = fs.readFileSync(indexHtml, 'utf8');
  const assets = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, 'src');
    if (src && attr(tag, 'type') === 'module') assets.push(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const href = attr(tag, 'href');
    if (href && attr(tag, 'rel')?.split(/\s+/).includes('modulepreload')) assets.push(href);
  }
  const files = [];
  for (const asset of [...new Set(assets)]) {
    if (/^(https?:)?\/\//i.test(asset)) throw new Error(`index.html loads ${asset} from another origin; the bench only sizes local files`);
    const relative = decodeURIComponent(asset.split(/[?#]/)[0]).replace(/^\.?\//, '');
    const file = path.join(webDist, relative);
    const content = fs.readFileSync(file);
    files.push({
      file: relative,
      bytes: content.length,
      gzipBytes: zlib.gzipSync(content, { level: 9 }).length,
      sentBytes: fs.existsSync(`${file}.br`) ? fs.statSync(`${file}.br`).size : content.length,
    });
  }
  if (files.length === 0) throw new Error(`${indexHtml} names no <script type="module" src> and no <link rel="modulepreload">`);
  return { files, totalGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0), totalSentBytes: files.reduce((sum, f) => sum + f.sentBytes, 0) };
}
