import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { parse } from '@formatjs/icu-messageformat-parser';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/** Packages used only by lazily loaded screens (checkout, account, dashboard forms). */
const LAZY_ONLY_PACKAGES = /[\\/]node_modules[\\/](react-hook-form|@hookform|@standard-schema|zod)[\\/]/;

const backend = process.env.BAKJE_DEV_BACKEND ?? 'http://localhost:3000';
const proxied = ['/graphql', '/api', '/media', '/wp-json'];
const proxy = Object.fromEntries(proxied.map((path) => [path, { target: backend, changeOrigin: true }]));

/**
 * Production builds ship the ICU messages already parsed (AST), so the ICU parser is left out of the
 * bundle (react-intl's documented "no-parser" set-up). Dev and tests keep the plain strings.
 */
function precompiledMessages(): Plugin {
  return {
    name: 'bakje-precompiled-messages',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (!/[\\/]i18n[\\/]messages[\\/](staff[\\/])?[a-z]{2}-[A-Z]{2}\.json$/.test(id)) return null;
      const messages = JSON.parse(readFileSync(id, 'utf8')) as Record<string, string>;
      const compiled = Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, parse(message)]));
      return JSON.stringify(compiled);
    },
  };
}

/** Text files the server sends precompressed (server/src/api/web/spa.ts); images and fonts are compressed already. */
const PRECOMPRESSED_FILES = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Smaller files gain less than the headers cost (server/src/api/http/compression.ts uses the same limit). */
const MIN_PRECOMPRESSED_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli quality 11) and `<file>.gz` (gzip level 9) beside every text file of the build,
 * so the server sends the smallest bytes without compressing anything per request. Built once per build,
 * so the slowest, best settings (docs/decisions/0035-compression-and-caching.md).
 */
function precompressedAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'bakje-precompressed-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const files = (readdirSync(outDir, { recursive: true }) as string[]).map((file) => path.join(outDir, file));
      for (const file of files) {
        // The manifest under .vite/ is read by the server from disk, never sent.
        if (!PRECOMPRESSED_FILES.test(file) || file.includes(`${path.sep}.vite${path.sep}`) || !statSync(file).isFile()) continue;
        const content = readFileSync(file);
        if (content.length < MIN_PRECOMPRESSED_BYTES) continue;
        const brotli = zlib.brotliCompressSync(content, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        });
        const gzip = zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION });
        if (brotli.length < content.length) writeFileSync(`${file}.br`, brotli);
        if (gzip.length < content.length) writeFileSync(`${file}.gz`, gzip);
      }
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), precompiledMessages(), precompressedAssets()],
  resolve: {
    alias: command === 'build' ? [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }] : [],
  },
  server: { port: 5173, proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // The chunk graph, read by the server to announce a route's lazily loaded code in its HTML
    // (server/src/api/web/route-preloads.ts). Written under .vite/, which the server never serves.
    manifest: true,
    // Every browser the shop supports knows modulepreload: the polyfill would only cost bytes.
    modulePreload: { polyfill: false },
    // The sizes of every file gzipped: a second compression of the whole build that nobody reads at start-up.
    reportCompressedSize: false,
    rollupOptions: {
      // zod's published code has /* @__PURE__ */ comments where Rollup cannot use them: harmless, and not
      // ours to fix; every other warning still shows.
      onwarn(warning, warn) {
        if (warning.code === 'INVALID_ANNOTATION' && /node_modules[\\/]zod[\\/]/.test(warning.id ?? '')) return;
        warn(warning);
      },
      output: {
        manualChunks(id) {
          // DOMPurify only serves the product page's descriptions: it loads with that page, not with the shop.
          if (/[\\/]node_modules[\\/]dompurify[\\/]/.test(id)) return undefined;
          // React, the router, TanStack Query and react-intl change rarely: one cacheable vendor chunk.
          // Libraries only lazy routes use (the form library and zod) stay with those routes, out of
          // /bestellen's first download.
          if (id.includes('node_modules') && !LAZY_ONLY_PACKAGES.test(id)) return 'vendor';
          return undefined;
        },
      },
    },
  },
  test: {
    environment: 'node',
    // `npm test` runs these beside the server tests on two cores: a render-and-type test that takes 1 s alone
    // took over vitest's default 5 s with the machine loaded (docs/status.md, session 12).
    testTimeout: 20_000,
    // One worker thread keeps its modules and jsdom between files: per file, a fresh process and environment cost
    // three times the tests themselves (docs/decisions/0076-test-time.md). Every test cleans up what it renders.
    pool: 'threads',
    isolate: false,
    // A file that replaces modules with vi.mock is named *.mock.test.ts(x) and runs in a fresh module graph: in the
    // shared one, the module under test may already be loaded with the real modules by an earlier file.
    projects: [
      { extends: true, test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: ['src/**/*.mock.test.{ts,tsx}'] } },
      { extends: true, test: { name: 'mocks', include: ['src/**/*.mock.test.{ts,tsx}'], isolate: true } },
    ],
  },
}));
