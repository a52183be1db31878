import { expect, test } from '@playwright/test';
import { StaffServer } from './staff-server';
import { expectNoSeriousA11yViolations } from './support';

// Its own server (E2E_PORT + 73): a banner on the shop would show on every page of the other specs.
const port = Number(process.env.E2E_PORT ?? 3210) + 73;
const ADMIN = { email: 'beheer-berichten@bakje.test', password: 'Berichten beheer e2e 42' };
const MANAGER = { email: `chef-berichten-${Date.now()}@bakje.test`, password: 'Berichten plannen 42' };
const COOK = { email: `kok-handleiding-${Date.now()}@bakje.test`, password: 'Handleiding lezen 180' };
let server: StaffServer;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await StaffServer.start(port, { BAKJE_ADMIN_EMAIL: ADMIN.email, BAKJE_ADMIN_PASSWORD: ADMIN.password });
  await server.addStaffUser(ADMIN, { ...MANAGER, role: 'manager' });
  await server.addStaffUser(ADMIN, { ...COOK, role: 'kitchen' });
});
test.afterAll(async () => {
  await server?.stop();
});

/** The shop's wall clock (Europe/Brussels) `seconds` from now, as a datetime-local value with seconds. */
function shopClock(seconds: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Brussels',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(Date.now() + seconds * 1000))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

test('a message for the shop and the status screen appears in its window and goes at its end, without a reload', async ({ browser }) => {
  test.setTimeout(120_000);
  // Open before the message exists: it must arrive live.
  const shopContext = await browser.newContext({ baseURL: server.base });
  const shop = await shopContext.newPage();
  await shop.goto('/bestellen');
  const statusContext = await browser.newContext({ baseURL: server.base, viewport: { width: 1920, height: 1080 } });
  const statusScreen = await statusContext.newPage();
  await statusScreen.goto('/order-status-scherm');
  await expect(statusScreen.getByTestId('order-status-screen')).toBeVisible();
  const text = 'Vandaag geen stoofvlees: de pot is leeg';
  await expect(shop.getByText(text)).toHaveCount(0);

  const page = await server.openAs(browser, MANAGER, '/dashboard/messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Berichten' })).toBeVisible();
  await expect(page.getByText('Nog geen berichten')).toBeVisible();
  await page.getByRole('button', { name: 'Nieuw bericht' }).click();
  // Nothing typed: the Dutch text is required, named at its field.
  await page.getByRole('button', { name: 'Bericht opslaan' }).click();
  await expect(page.getByText('De Nederlandse tekst is verplicht.')).toBeVisible();

  await page.getByLabel('Tekst (Nederlands)').fill(text);
  await page.getByLabel('Tekst (Frans)').fill('Pas de carbonnade aujourd’hui');
  await page.getByLabel('Soort').selectOption('warning');
  await page.getByLabel('Kiosk').uncheck();
  await page.getByLabel('Statusscherm bestellingen').check();
  // The preview shows each language as the banner will.
  await expect(page.getByTestId('message-preview')).toContainText(text);
  await page.getByRole('button', { name: 'FR' }).click();
  await expect(page.getByTestId('message-preview')).toContainText('Pas de carbonnade aujourd’hui');
  await expectNoSeriousA11yViolations(page);
  // Starts now (the form's default); ends in 25 seconds.
  await page.getByLabel('Eindigt op').fill(shopClock(25));
  await page.getByRole('button', { name: 'Bericht opslaan' }).click();
  await expect(page.getByText('Bericht opgeslagen.')).toBeVisible();
  const row = page.getByTestId('message-row').filter({ hasText: text });
  await expect(row).toContainText('Zichtbaar');

  // Live on the open shop page (a warning is an alert) and on the status screen.
  const banner = shop.getByRole('alert').filter({ hasText: text });
  await expect(banner).toBeVisible({ timeout: 10_000 });
  await expect(statusScreen.getByTestId('shop-messages')).toContainText(text, { timeout: 10_000 });

  // After its end it goes by itself, on both.
  await expect(banner).toHaveCount(0, { timeout: 45_000 });
  await expect(statusScreen.getByText(text)).toHaveCount(0, { timeout: 10_000 });
  await page.reload();
  await expect(page.getByTestId('message-row').filter({ hasText: text })).toContainText('Afgelopen');
  await shopContext.close();
  await statusContext.close();
});

test('a visitor closes a banner for the session; a kitchen user finds the printer manual by searching', async ({ browser }) => {
  const page = await server.openAs(browser, MANAGER, '/dashboard/messages', 390);
  await page.getByRole('button', { name: 'Nieuw bericht' }).click();
  await page.getByLabel('Tekst (Nederlands)').fill('Vanavond open tot middernacht');
  await page.getByRole('button', { name: 'Bericht opslaan' }).click();
  await expect(page.getByText('Bericht opgeslagen.')).toBeVisible();
  const shop = await (await browser.newContext({ baseURL: server.base })).newPage();
  await shop.goto('/bestellen');
  const banner = shop.getByRole('status').filter({ hasText: 'Vanavond open tot middernacht' });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Bericht sluiten' }).click();
  await expect(banner).toHaveCount(0);
  await shop.reload();
  await expect(shop.getByText('Vanavond open tot middernacht')).toHaveCount(0);

  const kitchen = await server.openAs(browser, COOK, '/dashboard/manuals');
  await expect(kitchen.getByRole('heading', { level: 1, name: 'Handleidingen' })).toBeVisible();
  await expect(kitchen.getByTestId('manual-row')).toHaveCount(2);
  // Kitchen staff read; only managers write.
  await expect(kitchen.getByRole('link', { name: 'Nieuwe handleiding' })).toHaveCount(0);
  await kitchen.getByLabel('Zoeken in handleidingen').fill('stoofvlees');
  await expect(kitchen.getByText('Geen handleiding gevonden voor je zoekopdracht.')).toBeVisible();
  // The opening checklist mentions the printer too; the manual about it comes first.
  await kitchen.getByLabel('Zoeken in handleidingen').fill('printer');
  await expect(kitchen.getByTestId('manual-row')).toHaveCount(2);
  await expect(kitchen.getByTestId('manual-row').first()).toContainText('De printer drukt niet af');
  await kitchen.getByLabel('Zoeken in handleidingen').fill('printer opnieuw afdrukken');
  await expect(kitchen.getByTestId('manual-row')).toHaveCount(1);
  await kitchen.getByRole('link', { name: 'De printer drukt niet af' }).click();
  await expect(kitchen.getByRole('heading', { level: 1, name: 'De printer drukt niet af' })).toBeVisible();
  await expect(kitchen.getByTestId('manual')).toContainText('Keukenticket afdrukken');
  await expect(kitchen.getByRole('link', { name: 'Taken' }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(kitchen);
});
