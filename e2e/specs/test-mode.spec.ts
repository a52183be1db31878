import { expect, test, type Page } from '@playwright/test';
import { adminApi, KIOSK_ADMIN, openKiosk } from './kiosk-support';
import { loginTo } from './orders-support';
import { expectNoSeriousA11yViolations } from './support';

// The demo pays on the MultiSafepay simulator and prints on the virtual printer: the shop is in test mode
// (docs/decisions/0070-test-and-live-mode.md). One visit per screen.
const banner = (page: Page) => page.getByRole('complementary', { name: 'Testmodus' });

test('every screen shows the test banner while the demo runs on the simulators', async ({ page, browser, baseURL }) => {
  await page.goto('/bestellen');
  await expect(banner(page)).toContainText('geen echte bestellingen');
  await expectNoSeriousA11yViolations(page);

  await page.goto('/order-status-scherm');
  await expect(banner(page)).toBeVisible();

  const kiosk = await openKiosk(browser, baseURL!);
  await expect(banner(kiosk.page)).toBeVisible();
  await kiosk.page.context().close();
});

test('the kitchen and dashboard show the banner; switching to live is refused, naming what is missing', async ({ page, baseURL }) => {
  // The checklist (where the switch is) shows even if another spec hid it.
  const { api, csrf } = await adminApi(baseURL!);
  await api.put('/api/settings/setup', { data: { dismissed: false }, headers: { 'x-csrf-token': csrf } });
  await api.dispose();

  await loginTo(page, '/dashboard', KIOSK_ADMIN);
  await expect(banner(page)).toBeVisible();
  await expect(page.getByTestId('setup-step-live')).toHaveAttribute('data-done', 'false');
  await expect(page.getByTestId('setup-step-printer')).toContainText('virtuele printer');

  const live = page.getByTestId('live-mode-switch');
  await live.getByRole('button', { name: 'Live gaan' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Live gaan' }).click();
  const refused = live.getByRole('listitem');
  await expect(live.getByTestId('live-mode-refused')).toHaveText('Nog niet live. Dit ontbreekt:');
  await expect(refused.filter({ hasText: 'MultiSafepay draait op de simulator' })).toBeVisible();
  await expect(refused.filter({ hasText: 'virtuele printer' })).toBeVisible();
  await expect(refused.filter({ hasText: 'testticket' })).toBeVisible();
  await expect(banner(page)).toBeVisible();
});
