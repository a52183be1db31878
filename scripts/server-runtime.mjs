// How `npm start` runs the server process: the Node flags and environment that keep the embedded database's
// server small at idle (docs/decisions/0058-pglite-idle-memory.md). Shared with the benches, so they measure
// the process a user runs.
import { spawn } from 'node:child_process';

/**
 * Node flags and environment additions for the server, given the environment it will get. Only on the embedded
 * database (no DATABASE_URL): a PostgreSQL deployment is sized by its operator and keeps Node's defaults. A
 * variable the user set already is never overridden.
 */
export function serverRuntime(env = process.env) {
  if (env.DATABASE_URL || env.BAKJE_LOW_MEMORY === 'false') return { nodeArgs: [], env: {} };
  return {
    // The young generation's semi-spaces at 2 MB instead of 16 MB: once grown, V8 keeps them resident. At
    // 1 MB the checkout's CPU per order went up measurably; at 2 MB it did not.
    nodeArgs: ['--max-semi-space-size=2'],
    // glibc malloc serves blocks from 32 KB up by mmap, which free() gives back to the system. V8's compiler
    // threads (PGlite's WASM is compiled and re-optimised in the background) each fill a malloc arena with
    // such blocks, and an arena keeps what was freed: 60-70 MB at idle.
    env: env.MALLOC_MMAP_THRESHOLD_ === undefined ? { MALLOC_MMAP_THRESHOLD_: '32768' } : {},
  };
}

/**
 * Runs `entry` in a child node with serverRuntime()'s flags and environment (glibc reads its malloc settings
 * only when a process starts) and this process's own Node flags and arguments, on this terminal. Ctrl-C on a
 * terminal reaches both processes, a supervisor's signal only this one: either way the server gets it, and
 * this process waits for it and then exits as it did (the same code, or the same signal).
 */
export function runServer(entry, { cwd = process.cwd(), env = process.env } = {}) {
  const runtime = serverRuntime(env);
  const server = spawn(process.execPath, [...runtime.nodeArgs, ...process.execArgv, entry, ...process.argv.slice(2)], {
    cwd,
    env: { ...env, ...runtime.env },
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
  server.on('error', (error) => {
    console.error(`Bakje could not start: ${error.message}`);
    process.exit(1);
  });
  server.on('exit', (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    }
    process.exit(code ?? 1);
  });
  return server;
}
