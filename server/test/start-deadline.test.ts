import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuiltServer, freePort, mainJs, serverDir, stopProcess } from './support/built-server.js';

/*
 * Issue 33 D1 (docs/decisions/0075-security-defects-d1-d6.md): after a kill -9 a restart on the embedded
 * database sometimes never listened while its job runner and simulators ran. Real server processes
 * (node server/dist/main.js) are made to hang in one start-up step with BAKJE_TEST_HANG_START_STEP (a test-only
 * setting, config.ts): a background step must not keep the server from listening, and a step before listening
 * must end the process at BAKJE_START_DEADLINE_MS with the step named on stderr.
 */

const started: ChildProcess[] = [];
let dataDir: string;

beforeAll(() => {
  ensureBuiltServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bakje-start-'));
}, 180_000);

afterEach(async () => {
  for (const child of started.splice(0)) await stopProcess(child, 'SIGKILL');
});

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

interface Server {
  child: ChildProcess;
  port: number;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

async function spawnServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [mainJs], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: '',
      BAKJE_DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      BAKJE_LOG_FORMAT: 'json',
      BAKJE_PRINT_URLS: 'false',
      BAKJE_SEED_DEMO: 'false',
      BAKJE_SESSION_SECRET: 'start-test-session-secret-0123456789abcdef',
      BAKJE_API_KEY_PEPPER: 'start-test-api-key-pepper-0123456789abcdef',
      BAKJE_ADMIN_EMAIL: 'beheer@example.be',
      BAKJE_ADMIN_PASSWORD: 'Stoofvlees met friet',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, port, stdout: () => stdout, stderr: () => stderr, exited };
}

async function until(what: string, server: Server, check: () => Promise<boolean> | boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited with ${server.child.exitCode} before ${what}: ${server.stdout()}${server.stderr()}`);
    try {
      if (await check()) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}: ${server.stdout()}${server.stderr()}`);
}

describe('start-up on the embedded database (issue 33 D1)', () => {
  it('a step before listening that hangs ends the process at the deadline, non-zero, naming the step', async () => {
    // The first start also creates the database (in a child, not counted); opening it then hangs. The first step
    // hangs, not a later one: on a busy machine opening the database alone can outlast the 3 s.
    const server = await spawnServer({ BAKJE_TEST_HANG_START_STEP: 'database', BAKJE_START_DEADLINE_MS: '3000' });
    const code = await Promise.race([server.exited, new Promise<'alive'>((resolve) => setTimeout(() => resolve('alive'), 120_000))]);
    expect(code, server.stdout() + server.stderr()).toBe(1);
    expect(server.stderr()).toContain('Bakje could not start within 3 s: it was still opening the database.');
    await expect(fetch(`http://127.0.0.1:${server.port}/api/health`)).rejects.toThrow();
  }, 150_000);

  it('a background step that hangs (the job runner, with the payment look-ups) does not keep the server from listening', async () => {
    const server = await spawnServer({ BAKJE_TEST_HANG_START_STEP: 'jobs', BAKJE_START_DEADLINE_MS: '15000', BAKJE_VIRTUAL_PRINTER: 'true' });
    await until('/api/health', server, async () => (await fetch(`http://127.0.0.1:${server.port}/api/health`)).ok, 60_000);
    const ready = await fetch(`http://127.0.0.1:${server.port}/api/ready`);
    expect(ready.status).toBe(200);
    // The virtual printer started; the job runner is still starting and the readiness answer says so.
    expect(await ready.json()).toMatchObject({ status: 'ready', database: 'pglite', starting: ['jobs'] });
    // At the deadline the stuck step is logged as an error; the process goes on serving.
    await until('the error line naming the step', server, () => server.stdout().includes('background start-up still not done'), 30_000);
    const line = server
      .stdout()
      .split('\n')
      .find((text) => text.includes('background start-up still not done'))!;
    expect(JSON.parse(line)).toMatchObject({ level: 50, starting: ['jobs'] });
    expect((await fetch(`http://127.0.0.1:${server.port}/api/health`)).ok).toBe(true);
    expect(server.child.exitCode).toBeNull();
  }, 150_000);
});
