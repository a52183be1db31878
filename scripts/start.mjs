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
  { name: 'server', output: 'server/dist/main.js', sources: ['server/src'] },
  { name: 'web', output: 'web/dist/index.html', sources: ['web/src', 'web/public', 'web/index.html'] },
];
for (const target of targets) {
  const sources = target.sources.map((s) => path.join(root, s));
  if (isStale(path.join(root, target.output), sources)) {
    console.log(`Building ${target.name} ...`);
    execSync(`npm run build -w ${target.name}`, { cwd: root, stdio: 'inherit' });
    // Mark the build even when the tool left the output's mtime untouched.
    const now = new Date();
    fs.utimesSync(path.join(root, target.output), now, now);
  }
}

runServer(path.join(root, 'server/dist/main.js'), { cwd: root });
