#!/usr/bin/env node
// `npm test`: type-check, lint, format check, unit and integration tests (PGlite, and PostgreSQL when DATABASE_URL is
// set), build, then the browser end-to-end tests in Debian's Chromium. Ends with one summary line.
// The build comes first (server tests start the bundle and read web/dist). The server tests mostly wait on databases
// and sockets, so they run beside the checks and web tests; each of the two lanes prints its output as a whole when it
// ends. The end-to-end tests need the machine to themselves, so they come last.
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'bakje-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

/**
 * Runs one step. In a lane (`lane` is an array of output chunks) its output is kept and printed when the lane
 * ends; otherwise it goes straight to the terminal.
 */
function step(name, command, env = {}, lane) {
  const started = Date.now();
  const say = (text) => (lane ? lane.push(text) : process.stdout.write(text));
  say(`\n=== ${name}: ${command}\n`);
  return new Promise((resolve) => {
    const child = spawn(command, {
      cwd: root,
      stdio: lane ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      shell: true,
      env: { ...process.env, ...(lane ? { FORCE_COLOR: '0' } : {}), ...env },
    });
    if (lane) {
      child.stdout.on('data', (chunk) => lane.push(chunk));
      child.stderr.on('data', (chunk) => lane.push(chunk));
    }
    child.on('close', (code) => {
      const ok = code === 0;
      if (!ok) failures.push(name);
      say(`=== ${name}: ${ok ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s\n`);
      resolve(ok);
    });
  });
}

/** Runs steps one after another, keeping their output; prints it all when done. */
async function lane(name, run) {
  const output = [];
  console.log(`--- ${name}: started`);
  await run(output);
  process.stdout.write(`\n--- ${name}: output\n`);
  for (const chunk of output) process.stdout.write(chunk);
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

/**
 * The end-to-end tests run in Debian's chromium-headless-shell, and the few that need the full browser (web push)
 * in Debian's chromium (e2e/playwright.config.ts). Installs what is missing when run as root.
 */
function ensureChromium() {
  const browsers = [
    {
      path: process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell',
      pkg: 'chromium-headless-shell',
      variable: 'CHROMIUM_HEADLESS_SHELL_PATH',
    },
    { path: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', pkg: 'chromium', variable: 'CHROMIUM_PATH' },
  ];
  const missing = () => browsers.filter((browser) => !fs.existsSync(browser.path));
  if (missing().length && process.getuid?.() === 0) {
    const packages = missing().map((browser) => browser.pkg);
    console.log(`Installing Debian's ${packages.join(' and ')} for the end-to-end tests ...`);
    try {
      execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages.join(' ')}`, { stdio: 'inherit' });
    } catch {
      /* reported below */
    }
  }
  for (const browser of missing()) {
    console.error(
      `End-to-end tests need ${browser.pkg} at ${browser.path}. Install it with: sudo apt-get install ${browser.pkg} ` +
        `(or set ${browser.variable} to its binary). Playwright never downloads its own browser here.`,
    );
  }
  if (!missing().length) return true;
  failures.push('chromium');
  return false;
}

const built = await step('build', 'npm run build');
await Promise.all([
  lane('server tests', async (output) => {
    await step('server tests', `npx vitest run --root server --reporter=default --reporter=json --outputFile=${reports}/server.json`, {}, output);
    countVitest(`${reports}/server.json`);
  }),
  lane('checks and web tests', async (output) => {
    // One TypeScript program (TypeScript 7's checker in oxlint) type-checks and lints: docs/decisions/0079-one-typed-pass.md.
    await step('type-check and lint', 'npm run -s codegen:check -w web && npm run -s lint', {}, output);
    await step('format', 'npm run -s format:check', {}, output);
    await step('web tests', `npx vitest run --root web --reporter=default --reporter=json --outputFile=${reports}/web.json`, {}, output);
    countVitest(`${reports}/web.json`);
  }),
]);
if (built && ensureChromium()) {
  await step('end-to-end tests', 'npx playwright test --config e2e/playwright.config.ts --reporter=list,json', {
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/e2e.json`,
  });
  countPlaywright(`${reports}/e2e.json`);
}

console.log(`\n${failures.length ? `Failed steps: ${failures.join(', ')}` : 'All steps passed.'}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
