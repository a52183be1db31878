import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Set in the environment of the process that creates a new embedded database and then exits. */
export const FIRST_START_CHILD_ENV = 'BAKJE_FIRST_START_CHILD';

export const isFirstStartChild = (env: NodeJS.ProcessEnv = process.env) => env[FIRST_START_CHILD_ENV] === '1';

/** A data directory PGlite has not created yet (memory:// is never created on disk). */
export const isNewPgliteDir = (dataDir: string) => !dataDir.startsWith('memory://') && !fs.existsSync(path.join(dataDir, 'PG_VERSION'));

/**
 * Creates the embedded database (cluster, migrations, demo seed) in a child process running this same
 * entry with the same Node flags and environment, and waits for it. What the creation takes (PGlite's
 * WASM memory touched by the seed, the compilers' malloc arenas) leaves with the child, so the serving
 * process opens an existing directory and idles like a restart (docs/decisions/0058-pglite-idle-memory.md).
 * The child prints the first-start progress itself on the same stdout. Resolves when it succeeded; when
 * it failed, this process exits the way the child did.
 */
export async function createInChildProcess(): Promise<void> {
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, ...process.argv.slice(2)], {
    env: { ...process.env, [FIRST_START_CHILD_ENV]: '1' },
    // The IPC channel only tells the child when this process is gone (disconnect): it must not go on
    // holding the data dir for a server that no longer exists.
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
  const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
  const onInt = forward('SIGINT');
  const onTerm = forward('SIGTERM');
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onTerm);
  const { code, signal } = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  process.off('SIGINT', onInt);
  process.off('SIGTERM', onTerm);
  if (code === 0) return;
  if (signal) process.kill(process.pid, signal);
  process.exit(code ?? 1);
}

/** In the child: stop when the server that started it is gone. */
export function exitWithParent(): void {
  process.on('disconnect', () => process.exit(1));
}
