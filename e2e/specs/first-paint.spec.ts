import { expect, test, type Page } from '@playwright/test';
import { allProducts } from './support';

/** Console errors and uncaught exceptions of a page (a hydration or render mistake shows up here). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('the first paint (docs/decisions/0044-first-paint.md)', () => {
  test('shows the menu, a product and home with JavaScript off, in the cookie’s language', async ({ browser, request, baseURL }) => {
    const [nl, fr] = await Promise.all([allProducts(request, 'nl_BE'), allProducts(request, 'fr_FR')]);
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await page.goto('/bestellen');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Onze kaart');
      const cards = page.getByTestId('first-paint-card');
      await expect(cards).toHaveCount(Math.min(24, nl.length));
      await expect(cards.first().getByRole('heading')).toHaveText(nl[0]!.name);
      await expect(cards.first()).toContainText('€');
      // No horizontal scrolling on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // A card is a plain link: the product page, rendered by the server too.
      await cards.first().getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`/product/${nl[0]!.slug}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl[0]!.name);

      await page.goto('/');
      await expect(page.getByRole('link', { name: 'Bekijk de kaart' })).toBeVisible();

      await context.addCookies([{ name: 'bakje-locale', value: 'fr_FR', url: baseURL! }]);
      await page.goto('/bestellen');
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notre carte');
      await expect(cards.first().getByRole('heading')).toHaveText(fr[0]!.name);
      await expect(cards.first()).toContainText(/\d,\d\d\s€/);
    } finally {
      await context.close();
    }
  });

  test('the app takes over without errors: the server’s menu gives way to the app’s', async ({ page }) => {
    const errors = collectErrors(page);
    for (const path of ['/bestellen', '/', '/product/frieten']) {
      await page.goto(path);
      await expect(page.locator('#first-paint')).toHaveCount(0);
      await expect(page.locator('body')).not.toHaveClass(/has-first-paint/);
      await expect(page.locator('#root')).toBeVisible();
    }
    await page.goto('/bestellen');
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await expect(page.getByTestId('first-paint-card')).toHaveCount(0);
    // The app's own card works: a click opens the product inside the app.
    await page.getByTestId('product-card').first().getByRole('link').first().click();
    await expect(page.getByTestId('product-page')).toBeVisible();
    expect(errors).toEqual([]);
  });
});
