import { expect, test } from '@playwright/test';
import { setLocaleCookie } from './support';

// The terms name only the payment methods the shop offers (issue 17: they promised "Bancontact, kaart" while
// only cash existed); the list comes from the same gateways the checkout shows.
test('the terms list the payment methods the shop offers, in the visitor language', async ({ page, baseURL }) => {
  await page.goto('/terms-conditions');
  const payment = page.getByRole('heading', { name: 'Prijzen en betaling' }).locator('xpath=following-sibling::p[1]');
  await expect(payment).toHaveText('Alle prijzen zijn in euro en inclusief btw. Je betaalt met: Contant betalen.');
  await expect(page.locator('main')).not.toContainText(/Bancontact|kaart/);

  await setLocaleCookie(page, baseURL, 'en_US');
  await page.goto('/terms-conditions');
  await expect(page.getByRole('heading', { name: 'Prices and payment' }).locator('xpath=following-sibling::p[1]')).toHaveText(
    'All prices are in euro and include VAT. You pay by Cash.',
  );
});
