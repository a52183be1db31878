import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Tests that run real server processes start the bundle, as `npm start` does. */
export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const mainJs = path.join(serverDir, 'dist', 'main.js');

/** The folders the bundle is built from: the server's sources and the contract it imports. */
const SOURCES = [path.join(serverDir, 'src'), path.join(serverDir, '..', 'contract', 'src')];

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * `npm test` runs the server tests before its build step: a missing or stale bundle (older than its sources)
 * is built here, so the processes always run the code under test. For a `beforeAll` (allow 180 s).
 */
export function ensureBuiltServer(): void {
  if (fs.existsSync(mainJs) && fs.statSync(mainJs).mtimeMs >= Math.max(...SOURCES.map(newestMtime))) return;
  const built = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: serverDir, encoding: 'utf8' });
  if (built.status !== 0 || !fs.existsSync(mainJs)) throw new Error(`building the server failed: ${built.stderr}`);
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Sends `signal` and waits until the process is gone and reaped. */
export function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}
