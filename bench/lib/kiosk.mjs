// The kiosk benches' shared part (bench/kiosk-tap.mjs, bench/kiosk-heap.mjs): the built test server on a fresh
// PGlite directory, open around the clock, and a kiosk page at 1080x1920 with touch, paired through the dashboard
// REST API when the server has kiosk devices (standalone otherwise, docs/decisions/0042-kiosk-screens.md).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, request as playwrightRequest } from 'playwright-core';
import { ensureBuilt } from './build.mjs';
import { freePort, spawnNode, stopAllChildren, waitReady } from './processes.mjs';

const ADMIN = { email: 'bench@bakje.test', password: 'Kiosk bench beheer 1' };
export const load = () => os.loadavg().map((v) => Math.round(v * 100) / 100);
export const loadText = (l = load()) => `load ${l.join(' / ')}`;

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export async function startKioskServer(root, log, env = {}) {
  for (const name of ['server', 'web']) {
    const build = ensureBuilt(root, name, log);
    if (build.error) throw new Error(`${name} does not build: ${build.error.split('\n')[0]}`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bakje-bench-kiosk-'));
  const port = await freePort();
  const child = spawnNode(['server/dist/test-server.js'], {
    cwd: root,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      BAKJE_PRINT_URLS: 'false',
      BAKJE_DATA_DIR: dataDir,
      DATABASE_URL: '',
      BAKJE_TEST_STAFF_TOKEN: randomBytes(24).toString('hex'),
      BAKJE_TEST_OPEN_ALL_DAY: 'true',
      BAKJE_ADMIN_EMAIL: ADMIN.email,
      BAKJE_ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
  });
  await waitReady(child, port, { intervalMs: 100, timeoutMs: 180_000 });
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    async stop() {
      await stopAllChildren();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function pair(base, code, device) {
  const api = await playwrightRequest.newContext({ baseURL: base });
  try {
    const login = await api.post('/graphql', {
      data: {
        query: 'mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }',
        variables: { u: ADMIN.email, p: ADMIN.password },
      },
    });
    if (!login.ok()) throw new Error(`admin login: HTTP ${login.status()}`);
    const csrf = (await api.storageState()).cookies.find((c) => c.name === 'bakje_csrf')?.value ?? '';
    const created = await api.post('/api/dashboard/kiosks', { data: device, headers: { 'x-csrf-token': csrf } });
    if (created.status() !== 201) throw new Error(`create kiosk: HTTP ${created.status()} ${await created.text()}`);
    const { id } = await created.json();
    const paired = await api.post(`/api/dashboard/kiosks/${id}/pair`, { data: { code }, headers: { 'x-csrf-token': csrf } });
    if (!paired.ok()) throw new Error(`pair kiosk: HTTP ${paired.status()} ${await paired.text()}`);
  } finally {
    await api.dispose();
  }
}

/** A kiosk page on the start screen; `paired` says whether the server has kiosk devices. */
export async function openKioskPage(base, chromiumPath, { device = {} } = {}) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1080, height: 1920 }, hasTouch: true, locale: 'nl-BE' });
  const page = await context.newPage();
  await page.goto('/kioskindex');
  const pairing = page.getByTestId('kiosk-pairing');
  const start = page.getByTestId('kiosk-start');
  await pairing.or(start).waitFor({ timeout: 60_000 });
  let paired = false;
  if (await pairing.isVisible()) {
    const code = (await page.getByTestId('kiosk-pairing-code').textContent()).trim();
    await pair(base, code, {
      name: 'Bench kiosk',
      terminalId: '',
      printerId: null,
      fulfilment: ['takeaway'],
      paymentMethods: ['counter'],
      // Long idle times: the bench drives the page without pauses a customer would make.
      idleSeconds: 600,
      countdownSeconds: 120,
      attractSeconds: 3600,
      confirmationSeconds: 5,
      printCounterOrdersAtOnce: false,
      ...device,
    });
    paired = true;
  }
  await start.waitFor({ timeout: 60_000 });
  return { browser, context, page, paired };
}

/**
 * Taps `locator` and answers the time from the touch (its event's timestamp) to the first frame in which `selector`
 * is on the page (with `text` as its text, when given), polled every animation frame.
 */
/* global window, document, requestAnimationFrame -- the two functions below run in the page */
export async function measureTap(page, locator, { selector, text }) {
  await page.evaluate(() => {
    window.__kioskTap = null;
    window.addEventListener('touchstart', (e) => (window.__kioskTap = e.timeStamp), { capture: true, once: true, passive: true });
  });
  const waiting = page.evaluate(
    ([sel, txt]) =>
      new Promise((resolve) => {
        const ready = () => {
          const el = document.querySelector(sel);
          return el !== null && (txt === null || el.textContent.trim() === txt);
        };
        const tick = () => {
          if (window.__kioskTap !== null && ready()) requestAnimationFrame(() => resolve(performance.now() - window.__kioskTap));
          else requestAnimationFrame(tick);
        };
        tick();
      }),
    [selector, text ?? null],
  );
  await locator.tap();
  return waiting;
}
