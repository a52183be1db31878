// Child processes of the bench: spawning the server, waiting for readiness, reading RSS, and making sure
// every child is gone when the bench ends, fails or is interrupted.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';

const children = new Set();
let aborted = false;

/** After this (SIGINT and friends), no new child is started: the bench is winding down. */
export function abortSpawning() {
  aborted = true;
}

/** A port the kernel just handed out on 127.0.0.1 (free at the time of asking). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Spawns `node <args>` with the given extra environment. Output is kept (last 200 lines) so a failure can
 * show it. The child is tracked until it exits.
 */
export function spawnNode(args, { env, cwd }) {
  if (aborted) throw new Error('interrupted');
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = [];
  const keep = (chunk) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line) continue;
      lines.push(line);
      if (lines.length > 200) lines.shift();
    }
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.output = () => lines.join('\n');
  child.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  child.hasExited = false;
  children.add(child);
  void child.exited.then(() => {
    child.hasExited = true;
    children.delete(child);
  });
  return child;
}

/** One GET; resolves to the status code, or 0 when the connection fails or takes longer than `timeoutMs`. */
export function probe(port, path, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent: false, timeout: timeoutMs }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', () => resolve(0));
    });
    request.on('timeout', () => {
      request.destroy();
      resolve(0);
    });
    request.on('error', () => resolve(0));
  });
}

/**
 * Polls GET /api/ready every `intervalMs` until it answers 200. Rejects when the child exits first or
 * after `timeoutMs`. Resolves to the moment (performance.now()) the 200 arrived.
 */
export async function waitReady(child, port, { intervalMs = 50, timeoutMs = 120_000 } = {}) {
  const started = performance.now();
  for (;;) {
    if (child.hasExited) {
      throw new Error(`the server exited before it was ready (exit code ${child.exitCode ?? child.signalCode}). Its output:\n${child.output()}`);
    }
    const status = await probe(port, '/api/ready', 1000);
    if (status === 200) return performance.now();
    if (performance.now() - started > timeoutMs) {
      throw new Error(`the server was not ready after ${timeoutMs / 1000} s. Its output:\n${child.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Resident set size of a process in MB, from /proc/<pid>/status (VmRSS); null where /proc is missing. */
export function rssMb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Math.round((Number(match[1]) / 1024) * 10) / 10 : null;
  } catch {
    return null;
  }
}

/** kB from a /proc file's "Key: N kB" line; 0 when the process is gone. */
function kb(pid, file, key) {
  try {
    const match = new RegExp(`^${key}:\\s+(\\d+)\\s+kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/${file}`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** The pid and all its descendants. */
export function processTree(pid) {
  let pids = [pid];
  try {
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      const children = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of children.split(' ').filter(Boolean)) pids = pids.concat(processTree(Number(child)));
    }
  } catch {
    // gone
  }
  return pids;
}

const mb = (kilobytes) => Math.round((kilobytes / 1024) * 10) / 10;

/**
 * Memory of a process and its descendants (`npm start` runs the server as a child of a small wrapper): the PSS
 * sum (shared pages counted once), the RSS sum and the RSS of the largest process (the server), in MB.
 */
export function memoryOfTree(rootPid) {
  const pids = processTree(rootPid);
  const rss = pids.map((pid) => kb(pid, 'status', 'VmRSS'));
  return {
    pss: mb(pids.reduce((sum, pid) => sum + kb(pid, 'smaps_rollup', 'Pss'), 0)),
    rss: mb(rss.reduce((sum, kilobytes) => sum + kilobytes, 0)),
    largestRss: mb(Math.max(...rss)),
    processes: pids.length,
  };
}
let clockTicks;
/** CPU time (user + system) a process has used so far, in seconds, from /proc/<pid>/stat; null without /proc. */
export function cpuSeconds(pid) {
  try {
    clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    clockTicks = 100;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return null;
  }
}

/** SIGTERM (the server closes its database cleanly), then SIGKILL after `graceMs`. */
export async function stopChild(child, graceMs = 5000) {
  if (!child || child.hasExited) return;
  child.kill('SIGTERM');
  const timer = new Promise((resolve) => setTimeout(() => resolve('timeout'), graceMs));
  if ((await Promise.race([child.exited, timer])) === 'timeout') {
    child.kill('SIGKILL');
    await child.exited;
  }
}

export async function stopAllChildren() {
  await Promise.all([...children].map((child) => stopChild(child)));
}

/** Last resort in a synchronous 'exit' handler. */
export function killAllChildrenNow() {
  for (const child of children) {
    try {
      child.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
}
