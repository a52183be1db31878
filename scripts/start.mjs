#!/usr/bin/env node
// `npm start`: builds whatever is missing or older than its sources, then runs the server in a child process
// with the Node flags and environment of scripts/server-runtime.mjs (glibc reads its malloc settings only when
// a process starts), passing the terminal, signals and exit status through.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runServer } from './server-runtime.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

function isStale(output, sources) {
  if (!fs.existsSync(output)) return true;
  const built = fs.statSync(output).mtimeMs;
  return sources.some((source) => (fs.existsSync(source) && fs.statSync(source).isFile() ? fs.statSync(source).mtimeMs : newestMtime(source)) > built);
}

const targets = [
  { name: 'server', label: 'server', output: 'server/dist/main.js', sources: ['server/src'], quiet: '' },
  { name: 'web', label: 'web app', output: 'web/dist/index.html', sources: ['web/src', 'web/public', 'web/index.html'], quiet: ' -- --logLevel warn' },
];
for (const target of targets) {
  const sources = target.sources.map((s) => path.join(root, s));
  if (isStale(path.join(root, target.output), sources)) {
    // One progress line per phase: the tools' own listings (npm's banner, Vite's ~110 file sizes) stay out,
    // their warnings and errors still show (docs/decisions/0070-test-and-live-mode.md).
    console.log(`  Building the ${target.label} ...`);
    execSync(`npm run --silent build -w ${target.name}${target.quiet}`, { cwd: root, stdio: 'inherit' });
    // Mark the build even when the tool left the output's mtime untouched.
    const now = new Date();
    fs.utimesSync(path.join(root, target.output), now, now);
  }
}

console.log('  Starting Bakje ...');
runServer(path.join(root, 'server/dist/main.js'), { cwd: root });
