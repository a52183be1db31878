import { expect, test } from '@playwright/test';

/**
 * The server sends a strict Content-Security-Policy (script-src 'self', no inline script). The app must
 * run under it: no violation on the main screens, and the header really is there.
 */
test('the shop, a product page and the menu board run under the CSP without a single violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const response = await page.goto('/bestellen');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(response?.headers()['x-content-type-options']).toBe('nosniff');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.locator('a[href^="/product/"]').first().click();
  await expect(page).toHaveURL(/\/product\//);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/digital-menu/1');
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});
