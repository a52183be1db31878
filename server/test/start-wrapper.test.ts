import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * scripts/start.mjs (npm start) runs the server in a child process with the runtime of
 * scripts/server-runtime.mjs (docs/decisions/0058-pglite-idle-memory.md). A stand-in server shows what the
 * child gets and that exit codes and signals pass through both ways.
 */

const runtimeModule = pathToFileURL(path.resolve(import.meta.dirname, '../../scripts/server-runtime.mjs')).href;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bakje-start-wrapper-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const entry = path.join(dir, 'server.mjs');
fs.writeFileSync(
  entry,
  `
const mode = process.argv[2];
process.on('SIGTERM', () => { console.log('stopping'); process.exit(0); });
console.log(JSON.stringify({ execArgv: process.execArgv, mmap: process.env.MALLOC_MMAP_THRESHOLD_ ?? null }));
if (mode === 'exit') process.exit(3);
if (mode === 'die') process.kill(process.pid, 'SIGKILL');
setInterval(() => {}, 1000);
`,
);
const wrapper = path.join(dir, 'start.mjs');
fs.writeFileSync(wrapper, `import { runServer } from ${JSON.stringify(runtimeModule)};\nrunServer(${JSON.stringify(entry)});\n`);

function start(mode: string, env: Record<string, string | undefined> = {}) {
  const base = { ...process.env, DATABASE_URL: '', BAKJE_LOW_MEMORY: undefined, MALLOC_MMAP_THRESHOLD_: undefined };
  const child = spawn(process.execPath, [wrapper, mode], { env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  let onOutput = () => {};
  child.stdout.on('data', (chunk) => {
    output += chunk;
    onOutput();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const firstLine = new Promise<{ execArgv: string[]; mmap: string | null }>((resolve) => {
    onOutput = () => {
      if (output.includes('\n')) resolve(JSON.parse(output.slice(0, output.indexOf('\n'))));
    };
  });
  return { child, exited, firstLine, output: () => output };
}

describe('npm start runs the server in a child process', () => {
  it('on the embedded database the server gets the small semi-space and the malloc mmap threshold', async () => {
    const run = start('exit');
    expect(await run.firstLine).toEqual({ execArgv: ['--max-semi-space-size=2'], mmap: '32768' });
    await run.exited;
  });

  it('on PostgreSQL, or with BAKJE_LOW_MEMORY=false, Node keeps its defaults; a threshold the user set is kept', async () => {
    for (const env of [{ DATABASE_URL: 'postgres://localhost/x' }, { BAKJE_LOW_MEMORY: 'false' }]) {
      const run = start('exit', env);
      expect(await run.firstLine).toEqual({ execArgv: [], mmap: null });
      await run.exited;
    }
    const run = start('exit', { MALLOC_MMAP_THRESHOLD_: '65536' });
    expect((await run.firstLine).mmap).toBe('65536');
    await run.exited;
  });

  it("exits with the server's exit code", async () => {
    expect(await start('exit').exited).toEqual({ code: 3, signal: null });
  });

  it('passes SIGTERM to the server and exits as it did once it stopped', async () => {
    const run = start('wait');
    await run.firstLine;
    run.child.kill('SIGTERM');
    expect(await run.exited).toEqual({ code: 0, signal: null });
    expect(run.output()).toContain('stopping');
  });

  it('dies of the signal the server died of', async () => {
    expect(await start('die').exited).toEqual({ code: null, signal: 'SIGKILL' });
  });
});
