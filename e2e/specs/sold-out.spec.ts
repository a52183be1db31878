import { expect, test, type Browser, type Page } from '@playwright/test';
import { StaffServer } from './staff-server';
import { expectNoSeriousA11yViolations } from './support';

// Its own server (E2E_PORT + 57) with the demo menu: the kitchen marks a sauce (a global add-on option on
// the fries) sold out, and an open product page and an open menu board follow, then undo.
const port = Number(process.env.E2E_PORT ?? 3210) + 57;
const ADMIN = { email: 'beheer-uitverkocht@bakje.test', password: 'Uitverkocht beheer e2e' };
const COOK = { email: `kok-uitverkocht-${Date.now()}@bakje.test`, password: 'Frieten bakken 180 graden' };
let server: StaffServer;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await StaffServer.start(port, { BAKJE_ADMIN_EMAIL: ADMIN.email, BAKJE_ADMIN_PASSWORD: ADMIN.password });
  await server.addStaffUser(ADMIN, { ...COOK, role: 'kitchen' });
});
test.afterAll(async () => {
  await server?.stop();
});

/** The kitchen screen on a tablet, logged in through /dashboard -> /login -> back. */
async function openKitchen(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.base, viewport: { width: 820, height: 1180 } });
  const page = await context.newPage();
  await page.goto('/dashboard');
  const form = page.getByRole('form', { name: 'Inloggen' });
  await form.getByLabel('Gebruikersnaam of e-mailadres').fill(COOK.email);
  await form.getByLabel('Wachtwoord', { exact: true }).fill(COOK.password);
  await form.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Keuken' })).toBeVisible();
  return page;
}

test('the kitchen marks a sauce sold out; an open product page and menu board follow within a second; undo', async ({ browser }) => {
  // A customer's product page (phone width) and a menu board, both open before the change.
  const shopContext = await browser.newContext({ baseURL: server.base, viewport: { width: 390, height: 844 } });
  const shop = await shopContext.newPage();
  await shop.goto('/product/frieten');
  const sauces = shop.getByRole('group', { name: /Kies je sauzen/ });
  const mayo = sauces.getByRole('checkbox', { name: /^Mayonaise/ });
  await expect(mayo).toBeEnabled();
  const boardContext = await browser.newContext({ baseURL: server.base, viewport: { width: 1920, height: 1080 } });
  const board = await boardContext.newPage();
  await board.goto('/digital-menu/1');
  await expect(board.getByTestId('digital-menu')).toBeVisible();
  await expect(board.getByTestId('board-soldout-options')).toHaveCount(0);

  const kitchen = await openKitchen(browser);
  await kitchen.getByTestId('kitchen-soldout').click();
  const dialog = kitchen.getByRole('dialog', { name: 'Vandaag uitverkocht' });
  await expect(dialog.getByText('Niets is uitverkocht.')).toBeVisible();
  await dialog.getByLabel('Zoek een product').fill('frieten');
  const toggle = dialog.getByRole('region', { name: 'Frieten', exact: true }).getByRole('button', { name: /Kies je sauzen: Mayonaise$/ });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expectNoSeriousA11yViolations(kitchen);
  // One tap, from the keyboard.
  await toggle.focus();
  await kitchen.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByTestId('soldout-now')).toContainText('Mayonaise');

  // The open pages follow without reloading (the issue: within a second).
  await expect(mayo).toBeDisabled({ timeout: 1_000 });
  await expect(sauces.getByText('Uitverkocht')).toBeVisible();
  await expect(board.getByTestId('board-soldout-options')).toContainText('Mayonaise', { timeout: 1_000 });

  // Undo with one tap in the "sold out now" list.
  await dialog
    .getByTestId('soldout-now')
    .getByRole('button', { name: /Weer beschikbaar/ })
    .click();
  await expect(dialog.getByText('Niets is uitverkocht.')).toBeVisible();
  await expect(mayo).toBeEnabled({ timeout: 1_000 });
  await expect(board.getByTestId('board-soldout-options')).toHaveCount(0, { timeout: 1_000 });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
});

test('a product sold out in the kitchen shows sold out in the shop list and refuses the cart; the cart flags a line that sold out', async ({ browser }) => {
  const shopContext = await browser.newContext({ baseURL: server.base, viewport: { width: 390, height: 844 } });
  const shop = await shopContext.newPage();
  await shop.goto('/product/frieten');
  // In the cart before it sells out.
  await shop.getByRole('radio', { name: /Klein/ }).check();
  await shop.getByTestId('add-to-cart').click();
  await expect(shop.getByTestId('added')).toBeVisible();
  await shop.getByTestId('cart-button').click();
  await expect(shop.getByTestId('cart-line')).toHaveCount(1);
  await expect(shop.getByTestId('cart-line-soldout')).toHaveCount(0);

  const kitchen = await openKitchen(browser);
  await kitchen.getByTestId('kitchen-soldout').click();
  const dialog = kitchen.getByRole('dialog', { name: 'Vandaag uitverkocht' });
  await dialog.getByLabel('Zoek een product').fill('frieten');
  const product = dialog.getByRole('region', { name: 'Frieten', exact: true });
  await product
    .getByRole('button', { name: /Frieten$/ })
    .first()
    .click();
  await expect(dialog.getByTestId('soldout-now')).toContainText('Frieten');

  await expect(shop.getByTestId('cart-line-soldout')).toBeVisible({ timeout: 1_000 });
  await dialog
    .getByTestId('soldout-now')
    .getByRole('button', { name: /Weer beschikbaar/ })
    .click();
  await expect(shop.getByTestId('cart-line-soldout')).toHaveCount(0, { timeout: 1_000 });
});
