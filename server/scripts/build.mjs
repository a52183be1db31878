// Builds the server into one ES module, dist/main.js (+ lazily loaded chunks and source maps). One file
// instead of ~100 compiled modules and the node_modules they import: Node then reads and links a few files
// at start instead of hundreds, which is most of the start-up time (docs/decisions/0005-boot-startup.md).
// Type-checking is `npm run typecheck`; this only transpiles and bundles.
import fs from 'node:fs';
import { build } from 'esbuild';

fs.rmSync('dist', { recursive: true, force: true });
await build({
  // The CLI and the staff-token test server are separate entries sharing chunks with main.
  entryPoints: { main: 'src/main.ts', 'cli/main': 'src/cli/main.ts', 'test-server': 'src/testing/test-server.ts' },
  outdir: 'dist',
  bundle: true,
  // Dynamic import() of the seed and of the database drivers become chunks loaded only when needed.
  splitting: true,
  chunkNames: '[name]-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  // PGlite finds its WASM and data files next to its own module; argon2 and fs-native-extensions load a
  // native addon for this platform; pg-native is an optional addon pg may try. @fastify/cookie imports
  // `cookie` dynamically and reads its named exports: bundled, the CommonJS cookie 1.x (the version for
  // Node 20) would only have a default export, so Node loads it and finds the names itself. sharp loads
  // libvips for this platform (images, docs/decisions/0024-media.md).
  external: ['@electric-sql/pglite', '@node-rs/argon2', 'fs-native-extensions', 'pg-native', 'cookie', 'sharp'],
  // CommonJS dependencies bundled into an ES module still call require() for Node built-ins.
  banner: { js: "import { createRequire as __bakjeCreateRequire } from 'node:module'; const require = __bakjeCreateRequire(import.meta.url);" },
  legalComments: 'none',
  logLevel: 'warning',
});

const { writePgliteCluster } = await import('./pglite-cluster.mjs');
await writePgliteCluster('dist');
