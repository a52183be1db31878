import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/client.js';
import { ensureBuiltServer, freePort, mainJs, serverDir, stopProcess } from './support/built-server.js';

/**
 * What a started server writes when its output is not a terminal (a service manager, a container, a pipe):
 * one JSON object per line, the site-address warning among them (docs/decisions/0070-test-and-live-mode.md).
 */
describe('the server started without a terminal', () => {
  let dataDir: string;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    ensureBuiltServer();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bakje-start-output-'));
    // A database made beforehand: no first-start child, the test is about the server's own lines.
    const database = await openPglite(dataDir);
    await database.migrate();
    await database.close();
  }, 180_000);
  afterAll(async () => {
    if (child) await stopProcess(child, 'SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes JSON lines only, with one warning when the site address is not where it listens', { timeout: 120_000 }, async () => {
    const port = await freePort();
    child = spawn(process.execPath, [mainJs], {
      cwd: serverDir,
      env: {
        ...process.env,
        DATABASE_URL: '',
        BAKJE_DATA_DIR: dataDir,
        HOST: '0.0.0.0',
        PORT: String(port),
        BAKJE_SITE_URL: '',
        LOG_LEVEL: '',
        BAKJE_LOG_FORMAT: '',
        BAKJE_PRINT_URLS: 'false',
        BAKJE_SEED_DEMO: 'false',
        BAKJE_VIRTUAL_PRINTER: 'false',
        BAKJE_ADMIN_EMAIL: 'baas@example.be',
        BAKJE_ADMIN_PASSWORD: 'Een goed wachtwoord 42',
        BAKJE_SESSION_SECRET: 'start-output-test-session-secret-0123456789',
        BAKJE_API_KEY_PEPPER: 'start-output-test-api-key-pepper-0123456789',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => (stdout += d));
    child.stderr!.on('data', (d) => (stderr += d));
    const deadline = Date.now() + 90_000;
    while (!stdout.includes('Bakje is ready')) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start: ${stdout}${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const lines = stdout.split('\n').filter((line) => line !== '');
    const entries = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(entries.find((e) => e.msg.startsWith('Bakje is ready'))?.msg).toBe(`Bakje is ready on http://localhost:${port}`);
    const warnings = entries.filter((e) => e.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toMatch(
      new RegExp(
        `^Warning: payment returns and mail links use http://localhost:${port}, but the server listens on 0\\.0\\.0\\.0:${port}; set .*BAKJE_SITE_URL=`,
      ),
    );
  });
});
