import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuiltServer, freePort, mainJs, serverDir, stopProcess } from './support/built-server.js';
import { raceRounds } from './support/fuzz-depth.js';
import { LOCK_FILE, type LockContents } from '../src/modules/instance-lock/data-dir-lock.js';

/*
 * The data-dir lock of the embedded database, with real server processes (node server/dist/main.js, as
 * deployed) killed with SIGKILL: the kernel must let go of the lock with the process, so the next start
 * succeeds at once, also when every server is pid 1 (a container). The build is made when missing or stale.
 */

// Each cycle is a real server start: 6 per run prove the lock every run, 20 with BAKJE_FUZZ=deep (decision 0076).
const CYCLES = raceRounds(20, 6);

const started: ChildProcess[] = [];
const dataDirs: string[] = [];

afterEach(async () => {
  for (const child of started.splice(0)) await stopProcess(child, 'SIGKILL');
  for (const dir of dataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

beforeAll(ensureBuiltServer, 180_000);

interface Server {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

/** Spawns dist/main.js on the embedded database in dataDir, optionally behind a wrapper command (unshare). */
async function spawnServer(dataDir: string, wrapper: string[] = []): Promise<Server> {
  const port = await freePort();
  const [command, ...args] = [...wrapper, process.execPath, mainJs];
  const child = spawn(command!, args, {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: '',
      BAKJE_DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      BAKJE_PRINT_URLS: 'false',
      BAKJE_VIRTUAL_PRINTER: 'false',
      BAKJE_PRINT_WORKER: 'false',
      BAKJE_SEED_DEMO: 'false',
      BAKJE_SESSION_SECRET: 'lock-test-session-secret-0123456789abcdef',
      BAKJE_API_KEY_PEPPER: 'lock-test-api-key-pepper-0123456789abcdef',
      BAKJE_ADMIN_EMAIL: 'beheer@example.be',
      BAKJE_ADMIN_PASSWORD: 'Stoofvlees met friet',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, port, output: () => output, exited };
}

/** Waits until the server answers /api/health; fails with its output when it exits first. */
async function healthy(server: Server): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited with ${server.child.exitCode}: ${server.output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${server.port}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start: ${server.output()}`);
}

const lockContents = (dataDir: string) => JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')) as LockContents;

function newDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bakje-lock-'));
  dataDirs.push(dir);
  return dir;
}

function isAlive(pid: number): boolean {
  try {
    // A reaped process is gone; a zombie waiting for its parent counts as dead too.
    return !fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.startsWith('Z');
  } catch {
    return false;
  }
}

/** The pid (in this namespace) of the only child of `parent`: the server that unshare forked. */
function childPid(parent: number): number | undefined {
  try {
    const children = fs.readFileSync(`/proc/${parent}/task/${parent}/children`, 'utf8').trim();
    return children ? Number(children.split(' ')[0]) : undefined;
  } catch {
    return undefined;
  }
}

// unshare needs CAP_SYS_ADMIN (root, or a user namespace the machine allows).
// --kill-child: a SIGKILL to unshare itself (the tests' clean-up) must take the server inside with it.
const UNSHARE = ['unshare', '--pid', '--fork', '--mount-proc', '--kill-child'];
const unshareProbe = spawnSync(UNSHARE[0]!, [...UNSHARE.slice(1), 'true'], { encoding: 'utf8' });
const unshareRefusal =
  unshareProbe.error || unshareProbe.status !== 0
    ? `unshare --pid is not permitted here (${unshareProbe.error?.message ?? unshareProbe.stderr.trim()})`
    : undefined;

describe('data-dir lock of the embedded database (real processes, SIGKILL)', { timeout: 600_000 }, () => {
  it(`a server killed with SIGKILL is followed by one that starts at once, ${CYCLES} times`, async () => {
    const dataDir = newDataDir();
    let server = await spawnServer(dataDir);
    await healthy(server);
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const previous = server;
      // The next one is spawned the moment the signal is sent: the killed process may not even be
      // reaped yet (its pid still shows), which is what the old pid-based lock mistook for a live holder.
      previous.child.kill('SIGKILL');
      server = await spawnServer(dataDir);
      await healthy(server);
      expect(lockContents(dataDir)).toMatchObject({ pid: server.child.pid, role: 'server', port: server.port });
      await previous.exited;
    }
  });

  it('a second server on the same data dir is refused while the first lives, with a message naming it', async () => {
    const dataDir = newDataDir();
    const first = await spawnServer(dataDir);
    await healthy(first);
    const second = await spawnServer(dataDir);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `The data dir is in use by another Bakje process (server, pid ${first.child.pid}). Stop it first, or give this one its own BAKJE_DATA_DIR.`,
    );
    // The refused one took nothing away: the first still serves and is still named in the lock file.
    expect((await fetch(`http://127.0.0.1:${first.port}/api/health`)).ok).toBe(true);
    expect(lockContents(dataDir).pid).toBe(first.child.pid);
  });

  it(`inside a PID namespace (every server is pid 1, as in a container): SIGKILL and restart, ${CYCLES} times`, async (context) => {
    if (unshareRefusal) context.skip(unshareRefusal);
    const dataDir = newDataDir();
    let server = await spawnServer(dataDir, UNSHARE);
    await healthy(server);
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      expect(lockContents(dataDir).pid).toBe(1);
      const inner = childPid(server.child.pid!);
      expect(inner, 'the server forked by unshare').toBeDefined();
      const previous = server;
      process.kill(inner!, 'SIGKILL');
      server = await spawnServer(dataDir, UNSHARE);
      await healthy(server);
      await previous.exited;
    }
    // Both pid 1, each in its own namespace: the lock still tells a live holder from a dead one.
    const second = await spawnServer(dataDir, UNSHARE);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('The data dir is in use by another Bakje process (server, pid 1).');

    // Stopping the wrapper stops the server inside: no server outlives the test run.
    const inner = childPid(server.child.pid!)!;
    server.child.kill('SIGKILL');
    await server.exited;
    const deadline = Date.now() + 10_000;
    while (isAlive(inner) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(isAlive(inner), 'the server inside the killed unshare').toBe(false);
  });
});
