import { expect, test, type APIRequestContext as APIRequest, type Page } from '@playwright/test';
import { productId } from './ordering-support';
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

  test.describe('the checkout (docs/decisions/0056-checkout-first-paint.md)', () => {
    /** A guest cart with one simple product, made through the API: the cookie and the product's name. */
    async function cartCookie(request: APIRequest, baseURL: string) {
      const response = await request.post('/graphql', {
        data: {
          query: 'mutation($id: Int!) { addToCart(input: {productId: $id, quantity: 1}) { cart { contents { nodes { product { node { name } } } } } } }',
          variables: { id: await productId(request, 'fristi') },
        },
        headers: { 'x-bakje-locale': 'nl_BE' },
      });
      const body = (await response.json()) as { data: { addToCart: { cart: { contents: { nodes: { product: { node: { name: string } } }[] } } } } };
      const token = response.headers()['woocommerce-session']!;
      expect(token).toBeTruthy();
      const name = body.data.addToCart.cart.contents.nodes[0]!.product.node.name;
      return { cookie: { name: 'woocommerce-session', value: encodeURIComponent(token), url: baseURL }, name };
    }

    test('with JavaScript off shows the heading, the fulfilment choice and the order, and says the form needs JavaScript', async ({
      browser,
      request,
      baseURL,
    }) => {
      const { cookie, name } = await cartCookie(request, baseURL!);
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
      try {
        await context.addCookies([cookie]);
        const page = await context.newPage();
        await page.goto('/checkout');
        const paint = page.getByTestId('checkout-first-paint');
        await expect(paint.getByRole('heading', { level: 1 })).toHaveText('Afrekenen');
        await expect(paint.getByRole('heading', { name: 'Afhalen, levering of ter plaatse' })).toBeVisible();
        await expect(paint.getByRole('radio')).toHaveCount(3);
        await expect(paint.getByRole('radio', { name: /Afhalen/ })).toBeChecked();
        await expect(paint.locator('.summary-line__name')).toHaveText(name);
        await expect(paint.locator('.totals__row--total')).toContainText('€');
        await expect(paint.locator('noscript .notice')).toContainText('Om je bestelling af te ronden heb je JavaScript nodig');
        await expect(paint.locator('noscript .notice')).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

        // Without a cart: the app's empty state, with its way back to the menu.
        await context.clearCookies();
        await page.goto('/checkout');
        await expect(page.getByRole('heading', { name: 'Je winkelmandje is leeg' })).toBeVisible();
        await page.getByRole('link', { name: 'Naar de kaart' }).click();
        await expect(page).toHaveURL(/\/bestellen$/);
      } finally {
        await context.close();
      }
    });

    test('the app’s form takes its place at the same spot, without errors, and works by keyboard', async ({ browser, request, baseURL }) => {
      const { cookie, name } = await cartCookie(request, baseURL!);
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      try {
        await context.addCookies([cookie]);
        const page = await context.newPage();
        const errors = collectErrors(page);
        // Where the first paint drew the fulfilment heading, before the app replaced it.
        await page.route('**/assets/start-*.js', async (route) => {
          const top = await page.evaluate(() => document.querySelector('#first-paint .checkout__section-title')?.getBoundingClientRect().top ?? null);
          (page as Page & { paintedTop?: number | null }).paintedTop = top;
          await route.continue();
        });
        await page.goto('/checkout');
        await expect(page.getByTestId('checkout-page')).toBeVisible();
        await expect(page.getByTestId('checkout-first-paint')).toHaveCount(0);
        await expect(page.locator('#first-paint')).toHaveCount(0);
        await expect(page.locator('body')).not.toHaveClass(/has-first-paint/);
        const paintedTop = (page as Page & { paintedTop?: number | null }).paintedTop;
        expect(paintedTop).not.toBeNull();
        const appTop = await page.locator('#fulfilment-title').evaluate((el) => el.getBoundingClientRect().top);
        expect(appTop).toBe(paintedTop);
        await expect(page.locator('.summary-line__name').first()).toContainText(name);

        // The form's fulfilment choice by keyboard, as before the first paint.
        const takeaway = page.getByTestId('fulfilment-takeaway').getByRole('radio');
        await takeaway.focus();
        await page.keyboard.press('ArrowRight');
        await expect(page.getByTestId('fulfilment-delivery').getByRole('radio')).toBeChecked();
        await expect(page.getByTestId('delivery-rules')).toBeVisible();
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
});
