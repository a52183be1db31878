import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/client.js';
import { prebuiltCluster } from '../src/db/pglite-database.js';
import { serverRoot } from '../src/paths.js';

// A first start loads the empty cluster the build made instead of running initdb in the server
// (docs/decisions/0053-pglite-memory-checkout.md). Needs `npm run build` first, as the other built-server tests.
describe('the prebuilt PGlite cluster', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is written by the build for the installed PGlite, and a new data directory starts from it', async () => {
    const cluster = prebuiltCluster();
    expect(cluster, 'server/dist/pglite-cluster.tar.gz (run npm run build)').toBeInstanceOf(Blob);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bakje-cluster-test-'));
    dirs.push(dir);
    const database = await openPglite(path.join(dir, 'data'));
    try {
      expect(fs.existsSync(path.join(dir, 'data', 'PG_VERSION'))).toBe(true);
      await database.migrate();
      await database.ping();
    } finally {
      await database.close();
    }
    // Opened again, it is an existing cluster: the tarball is not loaded over it.
    const again = await openPglite(path.join(dir, 'data'));
    await again.ping();
    await again.close();
    // Two PGlite starts and the migrations: on a busy 2-core machine that can pass the default 30 s.
  }, 120_000);

  it('is not used when it was made for another PGlite version', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'bakje-cluster-dist-'));
    dirs.push(dist);
    fs.copyFileSync(path.join(serverRoot, 'dist', 'pglite-cluster.tar.gz'), path.join(dist, 'pglite-cluster.tar.gz'));
    fs.writeFileSync(path.join(dist, 'pglite-cluster.json'), JSON.stringify({ pgliteVersion: '0.0.0' }));
    expect(prebuiltCluster(dist)).toBeUndefined();
  });
});
