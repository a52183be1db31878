import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE, type LockContents } from '../src/modules/instance-lock/data-dir-lock.js';
import { createTestDatabase, databaseKinds } from './support/database.js';
import { startTestApp, TEST_PEPPER } from './support/server.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(script: string, args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: serverDir, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const cli = (args: string[], env: Record<string, string>) => run('src/cli/main.ts', args, env);

function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: serverDir, env: { ...process.env, ...env }, stdio: 'ignore' });
}

async function lockWithPort(dataDir: string, timeoutMs = 60_000): Promise<LockContents> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const lock = JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')) as LockContents;
      if (lock.port) return lock;
    } catch {
      // not there yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not publish its port');
}

const basic = (key: { consumer_key: string; consumer_secret: string }) =>
  `Basic ${Buffer.from(`${key.consumer_key}:${key.consumer_secret}`).toString('base64')}`;

// Each step starts a real process (tsx, PGlite): slow on a shared machine, so generous time limits.
describe('npm run cli -- api-key (embedded database)', { timeout: 240_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bakje-cli-'));
  // No DATABASE_URL: this part is about the embedded database whatever the test run uses.
  const env = {
    BAKJE_DATA_DIR: dataDir,
    DATABASE_URL: '',
    BAKJE_SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    BAKJE_PRINT_URLS: 'false',
    PORT: '0',
    HOST: '127.0.0.1',
  };
  let server: ChildProcess | undefined;
  afterAll(() => {
    server?.kill('SIGTERM');
  });

  it('without a server: takes the lock, creates and lists keys on the database itself, refuses bad input', async () => {
    const created = await cli(['api-key', 'create', '--scope', 'read', '--description', 'boekhouding', '--json'], env);
    expect(created.code, created.stderr).toBe(0);
    const key = JSON.parse(created.stdout) as { id: number; consumer_key: string; consumer_secret: string; scope: string };
    expect(key.consumer_key).toMatch(/^ck_[0-9a-f]{40}$/);
    expect(key.consumer_secret).toMatch(/^cs_[0-9a-f]{40}$/);
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    expect(fs.statSync(path.join(dataDir, 'api-key-pepper')).mode & 0o777).toBe(0o600);

    const listed = await cli(['api-key', 'list'], env);
    expect(listed.stdout).toContain(`...${key.consumer_key.slice(-7)}`);
    expect(listed.stdout).toContain('boekhouding');
    expect(listed.stdout).not.toContain(key.consumer_secret);

    const bad = await cli(['api-key', 'create', '--scope', 'admin'], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('The scope must be one of read, write, read_write.');
    expect((await cli(['api-key', 'frobnicate'], env)).code).toBe(2);
  });

  it('while the server runs: goes through it, the key works at once, and a second server is refused', async () => {
    server = startServer(env);
    const lock = await lockWithPort(dataDir);
    expect(lock.pid).toBe(server.pid);
    expect(fs.statSync(path.join(dataDir, LOCK_FILE)).mode & 0o777).toBe(0o600);
    const base = `http://127.0.0.1:${lock.port}`;

    const created = await cli(['api-key', 'create', '--scope', 'read_write', '--json'], env);
    expect(created.code, created.stderr).toBe(0);
    const key = JSON.parse(created.stdout) as { id: number; consumer_key: string; consumer_secret: string };
    const products = await fetch(`${base}/wp-json/wc/v3/products`, { headers: { authorization: basic(key) } });
    expect(products.status).toBe(200);
    expect(products.headers.get('x-wp-total')).toBe('0');

    const human = await cli(['api-key', 'list'], env);
    expect(human.code).toBe(0);
    expect(human.stdout.split('\n').filter(Boolean)).toHaveLength(2);

    const revoked = await cli(['api-key', 'revoke', String(key.id)], env);
    expect(revoked.stdout).toContain('is revoked');
    expect((await fetch(`${base}/wp-json/wc/v3/products`, { headers: { authorization: basic(key) } })).status).toBe(401);

    // The local endpoint wants the secret of the lock file: without it the caller is unknown (401).
    expect((await fetch(`${base}/api/local-admin/api-keys`)).status).toBe(401);
    expect((await fetch(`${base}/api/local-admin/api-keys`, { headers: { 'x-bakje-admin-secret': 'guess' } })).status).toBe(401);

    const second = await run('src/main.ts', [], env);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`in use by another Bakje process (server, pid ${server.pid})`);

    server.kill('SIGTERM');
    await new Promise((resolve) => server!.once('exit', resolve));
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('a lock left by a process that died is taken over', async () => {
    fs.writeFileSync(path.join(dataDir, LOCK_FILE), JSON.stringify({ pid: 2_147_483_000, role: 'server', port: 1, adminSecret: 'x', startedAt: '' }));
    const listed = await cli(['api-key', 'list', '--json'], env);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout)).toHaveLength(2);
  });
});

describe.runIf(databaseKinds.includes('postgres'))('npm run cli -- api-key (PostgreSQL, server running)', { timeout: 120_000 }, () => {
  it('creates a key on the shared database that the running server accepts', async () => {
    const testDb = await createTestDatabase('postgres');
    const app = await startTestApp(testDb.database);
    try {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bakje-cli-pg-'));
      const created = await cli(['api-key', 'create', '--scope', 'read', '--json'], {
        DATABASE_URL: testDb.url!,
        BAKJE_DATA_DIR: dataDir,
        BAKJE_API_KEY_PEPPER: TEST_PEPPER,
      });
      expect(created.code, created.stderr).toBe(0);
      const key = JSON.parse(created.stdout) as { consumer_key: string; consumer_secret: string };
      const response = await app.server.inject({ url: '/wp-json/wc/v3/products', headers: { authorization: basic(key) } });
      expect(response.statusCode).toBe(200);
    } finally {
      await app.close();
      await testDb.cleanup();
    }
  });
});
