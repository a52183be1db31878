#!/usr/bin/env node
// `npm test`: type-check, lint, format check, unit and integration tests (PGlite, and PostgreSQL when DATABASE_URL is
// set), build, then the browser end-to-end tests in Debian's Chromium. Ends with one summary line.
import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'bakje-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function step(name, command, env = {}) {
  console.log(`\n=== ${name}: ${command}`);
  const result = spawnSync(command, { cwd: root, stdio: 'inherit', shell: true, env: { ...process.env, ...env } });
  if (result.status !== 0) failures.push(name);
  return result.status === 0;
}

function countVitest(file) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!fs.existsSync(file)) return;
  const stats = JSON.parse(fs.readFileSync(file, 'utf8')).stats ?? {};
  totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  totals.failed += stats.unexpected ?? 0;
  totals.skipped += stats.skipped ?? 0;
}

function ensureChromium() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (fs.existsSync(chromium)) return true;
  if (process.getuid?.() === 0) {
    console.log("Chromium is missing: installing Debian's chromium package ...");
    try {
      execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
    } catch {
      /* reported below */
    }
  }
  if (fs.existsSync(chromium)) return true;
  console.error(
    `End-to-end tests need Chromium at ${chromium}. Install it with: sudo apt-get install chromium ` +
      '(or set CHROMIUM_PATH to a Chromium binary). Playwright never downloads its own browser here.',
  );
  failures.push('chromium');
  return false;
}

step('type-check', 'npm run typecheck');
step('lint', 'npm run lint');
step('format', 'npm run -s format:check');
step('server tests', `npx vitest run --root server --reporter=default --reporter=json --outputFile=${reports}/server.json`);
countVitest(`${reports}/server.json`);
step('web tests', `npx vitest run --root web --reporter=default --reporter=json --outputFile=${reports}/web.json`);
countVitest(`${reports}/web.json`);
if (step('build', 'npm run build') && ensureChromium()) {
  step('end-to-end tests', 'npx playwright test --config e2e/playwright.config.ts --reporter=list,json', {
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/e2e.json`,
  });
  countPlaywright(`${reports}/e2e.json`);
}

console.log(`\n${failures.length ? `Failed steps: ${failures.join(', ')}` : 'All steps passed.'}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
