// How a bench starts the built server on its own: built first when its sources changed, on a fresh PGlite
// directory and a free port on 127.0.0.1, quiet (LOG_LEVEL=warn) and in production mode; the bench adds its
// own environment. `stop()` ends every child and removes the directory, on success and on failure alike.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt } from './build.mjs';
import { freePort, spawnNode, stopAllChildren, waitReady } from './processes.mjs';

/** The machine's load beside a figure: the benches share 2 cores with whatever else runs. */
export const load = () =>
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')} on ${os.cpus().length} CPUs`;

/**
 * Builds what is stale (`builds`, default the server; exits with the build's error when it does not build)
 * and reserves a port and a data directory: `keptDataDir` when given (kept afterwards), otherwise a new
 * temporary one named after `prefix`. `start(env, options)` spawns `node [...nodeArgs] <entry>` and waits
 * until it answers; it may be called again after the child stopped (the same port and directory).
 */
export async function prepareBenchServer(root, prefix, { builds = ['server'], keptDataDir } = {}) {
  for (const name of builds) {
    const built = ensureBuilt(root, name, console.log);
    if (built.error) {
      console.error(built.error);
      process.exit(1);
    }
  }
  if (keptDataDir) fs.mkdirSync(keptDataDir, { recursive: true });
  const dataDir = keptDataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  return {
    port,
    base,
    dataDir,
    async start(env = {}, { entry = 'server/dist/main.js', nodeArgs = [], ready } = {}) {
      const child = spawnNode([...nodeArgs, entry], {
        cwd: root,
        env: {
          PORT: String(port),
          HOST: '127.0.0.1',
          BAKJE_DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          BAKJE_PRINT_URLS: 'false',
          NODE_ENV: 'production',
          ...env,
        },
      });
      await waitReady(child, port, ready);
      return child;
    },
    async stop() {
      await stopAllChildren();
      if (!keptDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
