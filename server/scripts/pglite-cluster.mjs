// An empty PGlite cluster (what initdb makes) as a gzipped tar, made at build time and given to PGlite on a
// server's first start instead of running initdb there: initdb grows the process's memory by several hundred
// MB that it never gives back (docs/decisions/0053-pglite-memory-checkout.md). The cluster depends only on
// the PGlite version, so it is kept in node_modules/.cache between builds and made again when PGlite changes.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** Writes `<outDir>/pglite-cluster.tar.gz` and `pglite-cluster.json` ({ pgliteVersion }). */
export async function writePgliteCluster(outDir) {
  const pgliteDir = path.dirname(path.dirname(require.resolve('@electric-sql/pglite')));
  const version = JSON.parse(fs.readFileSync(path.join(pgliteDir, 'package.json'), 'utf8')).version;
  const cacheDir = path.join(pgliteDir, '..', '..', '.cache', 'bakje');
  const cached = path.join(cacheDir, `pglite-cluster-${version}.tar.gz`);
  if (!fs.existsSync(cached)) {
    const { PGlite } = await import('@electric-sql/pglite');
    const pg = await PGlite.create('memory://');
    const dump = await pg.dumpDataDir('gzip');
    await pg.close();
    fs.mkdirSync(cacheDir, { recursive: true });
    const partial = `${cached}.${process.pid}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, cached);
  }
  fs.copyFileSync(cached, path.join(outDir, 'pglite-cluster.tar.gz'));
  fs.writeFileSync(path.join(outDir, 'pglite-cluster.json'), JSON.stringify({ pgliteVersion: version }));
}
