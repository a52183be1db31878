import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests against the real server (`npm run build` must have run: server/dist and web/dist).
 * Each run gets a fresh embedded database in a temporary directory. The browser is the system Chromium;
 * no browser is ever downloaded.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;

// The config is loaded by the runner and again by every worker: create the data directory once and
// hand it down through the environment.
if (!process.env.BAKJE_E2E_DATA_DIR) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bakje-e2e-'));
  process.env.BAKJE_E2E_DATA_DIR = dir;
  // With it go the seeded database the specs' own servers copy (e2e/specs/staff-server.ts) and its lock.
  process.on('exit', () => {
    for (const made of [dir, `${dir}-staff-template`, `${dir}-staff-template.lock`, `${dir}-staff-template.partial`]) {
      fs.rmSync(made, { recursive: true, force: true });
    }
  });
}
const dataDir = process.env.BAKJE_E2E_DATA_DIR;
// A storefront on another origin (woographql-cross-origin.spec.ts serves it): listed for CORS.
process.env.BAKJE_E2E_STOREFRONT_ORIGIN ??= `http://127.0.0.1:${port + 10000}`;
// Debian's chromium-headless-shell (Chromium's old headless mode, Playwright's own default for headless runs) takes
// about a quarter of the full browser's CPU per page; the full Chromium runs only the specs that need what the
// shell lacks: web push and notifications (docs/decisions/0085-test-time-third-round.md).
const HEADLESS_SHELL = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FULL_BROWSER_SPECS = ['**/order-push.spec.ts'];
const launchWith = (executablePath: string) => ({
  executablePath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const CATALOGUE_WRITERS = [
  '**/dashboard-products.spec.ts',
  '**/dashboard-catalog-taxonomies.spec.ts',
  '**/media.spec.ts',
  '**/dashboard-menu-scenario.spec.ts',
  // Adds a gift card product.
  '**/coupons-gift-cards.spec.ts',
];

export default defineConfig({
  testDir: './specs',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]] : [['list']],
  outputDir: 'test-results',
  use: {
    baseURL,
    browserName: 'chromium',
    locale: 'nl-BE',
    // The site stops its animations and transitions for reduced motion (web/src/styles/base.css): spinners,
    // shimmer and pulses no longer keep Chromium painting (docs/decisions/0079-one-typed-pass.md).
    reducedMotion: 'reduce',
    // Recording a trace for every test costs about a sixth of the run's CPU: CI records one when it retries a
    // failed test; locally add --trace on (docs/decisions/0085-test-time-third-round.md).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: launchWith(HEADLESS_SHELL),
  },
  // Specs that change the shared server's catalogue (new products, categories, global add-ons, images) run
  // after the others: a shop list or a checkout counting products must not see them appear midway. To run one
  // of them alone, add --no-deps.
  projects: [
    { name: 'chromium', testIgnore: [...CATALOGUE_WRITERS, ...FULL_BROWSER_SPECS] },
    { name: 'full-chromium', testMatch: FULL_BROWSER_SPECS, use: { launchOptions: launchWith(FULL_CHROMIUM) } },
    { name: 'catalogue-writes', testMatch: CATALOGUE_WRITERS, dependencies: ['chromium'] },
  ],
  webServer: {
    command: 'node server/dist/main.js',
    cwd: root,
    url: `${baseURL}/api/ready`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      // The address the browser uses: the payment simulator sends the customer back to it.
      BAKJE_SITE_URL: baseURL,
      // Always a fresh embedded database, even when DATABASE_URL is set for the server tests.
      DATABASE_URL: '',
      BAKJE_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      BAKJE_PRINT_URLS: 'false',
      NODE_ENV: 'production',
      // The first admin (reads the local mailbox in the lost-password spec).
      BAKJE_ADMIN_EMAIL: 'beheer@bakje.test',
      BAKJE_ADMIN_PASSWORD: 'Frituur beheer e2e',
      BAKJE_GRAPHQL_CORS_ORIGINS: process.env.BAKJE_E2E_STOREFRONT_ORIGIN,
    },
  },
});
