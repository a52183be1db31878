#!/usr/bin/env node
// `npm run cli -- <command>`: builds the server when its sources are newer than the build, then runs the
// command-line tool (server/src/cli/main.ts) from the project root, so ./data is the server's data dir.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const output = path.join(root, 'server/dist/cli/main.js');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

if (!fs.existsSync(output) || newestMtime(path.join(root, 'server/src')) > fs.statSync(output).mtimeMs) {
  console.error('Building the server ...');
  // Build output goes to stderr: stdout carries the command's result (e.g. --json).
  execSync('npm run build -w server', { cwd: root, stdio: ['ignore', process.stderr, 'inherit'] });
  const now = new Date();
  fs.utimesSync(output, now, now);
}

process.chdir(root);
await import(output);
