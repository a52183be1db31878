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

test('pages of the shop are real routes with their own empty states', async ({ page }) => {
  // The payment confirmation without an order to wait for says so (card-payment.spec.ts covers the rest).
  const confirm = await page.goto('/confirm-payment');
  expect(confirm?.status()).toBe(200);
  await expect(page.getByText('We konden je bestelling niet vinden.')).toBeVisible();
  // The account pages exist now: a guest asking for the order history gets the login form.
  for (const path of ['/login', '/my-account?tab=orders']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('form', { name: 'Inloggen' }), path).toBeVisible();
  }
  await expect(page).toHaveTitle(/^Mijn bestellingen/);
  // Checkout and order summary are real pages now (an empty cart; an order that is not ours).
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Je winkelmandje is leeg' })).toBeVisible();
  for (const path of ['/order-summary/123', '/checkout/order-received/123']) {
    expect((await page.goto(path))?.status(), path).toBe(200);
    await expect(page.getByTestId('order-not-found'), path).toHaveText('We konden je bestelling niet vinden');
  }
  for (const path of ['/kioskindex']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    // The kiosk: its start screen, or its pairing code on a server with kiosk devices.
    await expect(page.getByTestId('kiosk-start').or(page.getByTestId('kiosk-pairing')), path).toBeVisible();
  }
  // The dashboard is the kitchen view: a visitor is sent to log in first (and comes back after).
  expect((await page.goto('/dashboard'))?.status()).toBe(200);
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
});
