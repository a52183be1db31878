import { readFileSync } from 'node:fs';
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

export default defineConfig(({ command }) => ({
  plugins: [react(), precompiledMessages()],
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
    rollupOptions: {
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
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
  },
}));
