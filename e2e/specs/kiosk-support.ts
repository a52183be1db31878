import { expect, request as playwrightRequest, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { KioskDeviceInput, KioskDeviceView } from '@bakje/contract';

/** The first admin of the kiosk specs' own servers (StaffServer.start env). */
export const KIOSK_ADMIN = { email: 'beheer@bakje.test', password: 'Frituur beheer e2e' };
export const KIOSK_ADMIN_ENV = { BAKJE_ADMIN_EMAIL: KIOSK_ADMIN.email, BAKJE_ADMIN_PASSWORD: KIOSK_ADMIN.password };

/** The kiosk's screen: 1080x1920 portrait, touch only. */
export const KIOSK_VIEWPORT = { width: 1080, height: 1920 };

export const DEFAULT_DEVICE: KioskDeviceInput = {
  name: 'Kiosk aan de deur',
  terminalId: '',
  printerId: null,
  fulfilment: ['takeaway', 'dinein'],
  paymentMethods: ['counter'],
  idleSeconds: 45,
  countdownSeconds: 20,
  attractSeconds: 60,
  confirmationSeconds: 30,
  printCounterOrdersAtOnce: false,
};

/** The admin's REST session on `base` (GraphQL login, then the CSRF token on every change), as the dashboard does. */
export async function adminApi(base: string): Promise<{ api: APIRequestContext; csrf: string }> {
  const api = await playwrightRequest.newContext({ baseURL: base });
  const login = await api.post('/graphql', {
    data: {
      query: `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }`,
      variables: { u: KIOSK_ADMIN.email, p: KIOSK_ADMIN.password },
    },
  });
  expect(await login.json()).toEqual({ data: { login: { viewer: { role: 'admin' } } } });
  const csrf = (await api.storageState()).cookies.find((c) => c.name === 'bakje_csrf')!.value;
  return { api, csrf };
}

/** Registers a kiosk device in the dashboard REST API and pairs it with the code the kiosk page shows. */
export async function pairDevice(base: string, code: string, device: Partial<KioskDeviceInput> = {}): Promise<KioskDeviceView> {
  const { api, csrf } = await adminApi(base);
  try {
    const created = await api.post('/api/dashboard/kiosks', { data: { ...DEFAULT_DEVICE, ...device }, headers: { 'x-csrf-token': csrf } });
    expect(created.status(), await created.text()).toBe(201);
    const view = (await created.json()) as KioskDeviceView;
    const paired = await api.post(`/api/dashboard/kiosks/${view.id}/pair`, { data: { code }, headers: { 'x-csrf-token': csrf } });
    expect(paired.status(), await paired.text()).toBeLessThan(300);
    return view;
  } finally {
    await api.dispose();
  }
}

/**
 * A kiosk page on its own browser context, on the start screen. A server with kiosk devices shows the pairing code
 * first: the device is registered and paired through the dashboard REST API, and the page follows by itself.
 * A server without the kiosk routes runs the kiosk standalone with the defaults (docs/decisions/0042-kiosk-screens.md).
 * `clock`: Playwright's clock is installed before the page loads, so idle times can be fast-forwarded.
 */
export async function openKiosk(
  browser: Browser,
  base: string,
  options: { clock?: boolean; device?: Partial<KioskDeviceInput> } = {},
): Promise<{ page: Page; paired: KioskDeviceView | null }> {
  const context = await browser.newContext({ baseURL: base, viewport: KIOSK_VIEWPORT, hasTouch: true, locale: 'nl-BE' });
  const page = await context.newPage();
  if (options.clock) await page.clock.install();
  await page.goto('/kioskindex');
  const pairing = page.getByTestId('kiosk-pairing');
  const start = page.getByTestId('kiosk-start');
  await expect(pairing.or(start)).toBeVisible({ timeout: 20_000 });
  let paired: KioskDeviceView | null = null;
  if (await pairing.isVisible()) {
    const code = (await page.getByTestId('kiosk-pairing-code').textContent())!.trim();
    paired = await pairDevice(base, code, options.device);
  }
  await expect(start).toBeVisible({ timeout: 20_000 });
  return { page, paired };
}

/** Every control (buttons, links, inputs) on the screen now, with its box (a ticked input: its label's). */
export async function visibleControlBoxes(page: Page): Promise<{ name: string; top: number; bottom: number; height: number; width: number }[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('button, a[href], input, select, [role="button"]'))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        // Scrolled out of its list: not on screen now, so not a target now.
        const onScreen = r.bottom > 0 && r.top < innerHeight;
        return (
          onScreen &&
          r.width > 0 &&
          r.height > 0 &&
          style.visibility !== 'hidden' &&
          !el.closest('.visually-hidden') &&
          !el.classList.contains('visually-hidden')
        );
      })
      .map((el) => {
        const r = el.getBoundingClientRect();
        const target = el instanceof HTMLInputElement && el.closest('label') ? el.closest('label')!.getBoundingClientRect() : r;
        return {
          name: (el.getAttribute('aria-label') ?? el.textContent ?? el.getAttribute('name') ?? el.tagName).trim().slice(0, 40),
          top: r.top,
          bottom: r.bottom,
          height: target.height,
          width: target.width,
        };
      }),
  );
}
