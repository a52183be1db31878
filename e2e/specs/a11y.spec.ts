import { expect, test } from '@playwright/test';
import { allProducts, expectNoSeriousA11yViolations, waitForShop } from './support';

test.describe('accessibility (axe: no serious or critical violations)', () => {
  test('home', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.category-tile').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('/bestellen', async ({ page }) => {
    await page.goto('/bestellen');
    await waitForShop(page);
    await expectNoSeriousA11yViolations(page);
  });

  test('/bestellen on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/bestellen');
    await waitForShop(page);
    await expectNoSeriousA11yViolations(page);
  });

  test('product page', async ({ page }) => {
    await page.goto('/product/frieten');
    await expect(page.getByTestId('product-page')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('product page with add-ons, after a submit with errors', async ({ page, request }) => {
    const products = await allProducts(request);
    const product = products.find((p) => p.addons.some((a) => a.required) && p.addons.length > 2) ?? products.find((p) => p.addons.length > 0);
    expect(product).toBeTruthy();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/product/${product!.slug}`);
    await page.getByTestId('add-to-cart').click();
    await expectNoSeriousA11yViolations(page);
  });

  test('digital menu board', async ({ page }) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto('/digital-menu/1');
    await expect(page.getByTestId('board-row').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.goto('/digital-menu/BKP-1');
    await expect(page.getByTestId('board-row').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('404 page', async ({ page }) => {
    await page.goto('/bestaat-niet');
    await expect(page.getByTestId('error-page')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('skip link moves focus to the content', async ({ page }) => {
    await page.goto('/bestellen');
    await waitForShop(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Naar de inhoud' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main')).toBeFocused();
  });
});
