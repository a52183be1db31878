// Builds the server and the web app when their output is missing or older than the sources, with the same
// rule as scripts/start.mjs (so timing `npm start` later does not time a rebuild).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const TARGETS = {
  server: { output: 'server/dist/main.js', sources: ['server/src'] },
  web: { output: 'web/dist/index.html', sources: ['web/src', 'web/public', 'web/index.html'] },
};

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** 'missing' | 'stale' | 'fresh' */
export function buildState(root, name) {
  const { output, sources } = TARGETS[name];
  const out = path.join(root, output);
  if (!fs.existsSync(out)) return 'missing';
  const built = fs.statSync(out).mtimeMs;
  return sources.some((source) => newestMtime(path.join(root, source)) > built) ? 'stale' : 'fresh';
}

/** Builds `name` when needed. Resolves to { state, built, error? }; never throws. */
export function ensureBuilt(root, name, log) {
  const state = buildState(root, name);
  if (state === 'fresh') return { state, built: false };
  log(`Building ${name} (${TARGETS[name].output} is ${state}) ...`);
  const started = performance.now();
  const result = spawnSync('npm', ['run', 'build', '-w', name], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 180_000,
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const out = path.join(root, TARGETS[name].output);
  if (result.status !== 0 || !fs.existsSync(out)) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-25).join('\n');
    return { state, built: false, error: `npm run build -w ${name} failed after ${seconds} s${result.error ? ` (${result.error.message})` : ''}:\n${output}` };
  }
  // Mark the build even when the tool left the output's mtime untouched (as scripts/start.mjs does).
  const now = new Date();
  fs.utimesSync(out, now, now);
  log(`Built ${name} in ${seconds} s.`);
  return { state, built: true };
}
