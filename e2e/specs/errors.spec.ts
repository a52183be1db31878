import { expect, test } from '@playwright/test';
import { setLocaleCookie } from './support';

test('an unknown path answers 404 with "Page not found" and the path', async ({ page, baseURL }) => {
  await setLocaleCookie(page, baseURL, 'en_US');
  const response = await page.goto('/dit/bestaat/niet?x=1');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Page not found/);
  await expect(page.getByTestId('error-path')).toHaveText('/dit/bestaat/niet');
  await expect(page).toHaveTitle(/404/);
  // The shell is still there, with a way back.
  await expect(page.getByRole('banner')).toBeVisible();
  await page.getByRole('link', { name: 'Go to the menu' }).click();
  await expect(page).toHaveURL(/\/bestellen$/);
});

test('pages of later issues are real routes with a coming-soon state', async ({ page }) => {
  for (const path of ['/checkout', '/order-summary/123', '/checkout/order-received/123']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByTestId('coming-soon'), path).toContainText('Binnenkort');
  }
  // The account pages exist now: a guest asking for the order history gets the login form.
  for (const path of ['/login', '/my-account?tab=orders']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('form', { name: 'Inloggen' }), path).toBeVisible();
  }
  await expect(page).toHaveTitle(/^Mijn bestellingen/);
  for (const path of ['/kioskindex', '/dashboard', '/order-status-scherm']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByText('Binnenkort').first(), path).toBeVisible();
  }
});
