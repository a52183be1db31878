import { expect, test } from '@playwright/test';
import { allProducts, setLocaleCookie, waitForShop } from './support';
import { addFromProductPage } from './ordering-support';

test.describe('cart panel and session (English)', () => {
  test.beforeEach(async ({ page, baseURL }) => setLocaleCookie(page, baseURL, 'en_US'));

  test('quantities, coupon, totals with VAT and discount, remove, scroll lock', async ({ page }) => {
    await page.goto('/bestellen?filter=category[dranken]');
    await waitForShop(page);
    await page.locator('[data-testid="product-card"][data-slug="fristi"]').getByTestId('card-add').click();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await page.getByTestId('cart-button').click();
    const panel = page.getByTestId('cart-panel');
    await expect(page.locator('body')).toHaveClass(/overflow-hidden/);
    const line = panel.getByTestId('cart-line');
    await expect(line).toHaveCount(1);
    await expect(panel.getByTestId('totals')).toContainText('incl. VAT');

    // Delivery adds the fee and asks for the minimum; takeaway takes both away again.
    await panel.getByTestId('cart-fulfilment-delivery').click();
    await expect(panel.getByTestId('totals-fee')).toContainText('€2.50');
    await expect(panel.getByTestId('cart-below-minimum')).toHaveText('Add €12.50 more for delivery.');
    await panel.getByTestId('cart-fulfilment-takeaway').click();
    await expect(panel.getByTestId('totals-fee')).toHaveCount(0);
    await expect(panel.getByTestId('cart-below-minimum')).toHaveCount(0);

    // The demo coupon needs €10.00: refused first, accepted at four bottles.
    await panel.getByLabel('Coupon code').fill('welkom10');
    await panel.getByRole('button', { name: 'Apply' }).click();
    await expect(panel.getByTestId('cart-error')).toHaveText('The minimum spend for this coupon is €10.00.');
    await line.locator('.stepper__input').fill('4');
    await expect(line.locator('.stepper__input')).toHaveValue('4');
    await expect(panel.getByTestId('totals-total')).toContainText('€10.00');
    await panel.getByLabel('Coupon code').fill('WELKOM10');
    await panel.getByRole('button', { name: 'Apply' }).click();
    // The discount on its own line with a real minus sign; the line keeps its price before the coupon, so the
    // lines add up to the subtotal above the discount (issue 17).
    await expect(panel.getByTestId('totals-discount')).toContainText('\u2212€1.00');
    await expect(line.locator('.cart-line__total')).toHaveText('€10.00');
    await expect(panel.getByTestId('totals').locator('.totals__row').first()).toContainText('€10.00');
    await expect(panel.getByTestId('totals-total')).toContainText('€9.00');
    await panel.getByRole('button', { name: 'Remove coupon welkom10' }).click();
    await expect(panel.getByTestId('totals-discount')).toHaveCount(0);

    await line.getByRole('button', { name: 'One more' }).click();
    await expect(panel).toHaveAttribute('data-updating', 'false');
    await expect(line.locator('.stepper__input')).toHaveValue('5');
    await line.getByTestId('cart-remove').click();
    await expect(panel.getByText('Your cart is empty')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('body')).not.toHaveClass(/overflow-hidden/);
  });

  test('the maximum quantity is refused with its message', async ({ page, request }) => {
    const products = await allProducts(request, 'en_US');
    const product = products.find((p) => p.maxQuantity && p.maxQuantity < 10 && p.stockStatus !== 'OUT_OF_STOCK' && !p.addons.some((a) => a.required));
    test.skip(!product, 'no product with a maximum quantity');
    await addFromProductPage(page, product!.slug, product!.maxQuantity!);
    await page.getByTestId('cart-button').click();
    const panel = page.getByTestId('cart-panel');
    await panel.getByTestId('cart-line').getByRole('button', { name: 'One more' }).click();
    await expect(panel.getByTestId('cart-error')).toHaveText('You have reached the maximum allowed quantity for this product.');
    await expect(panel.getByTestId('cart-line').locator('.stepper__input')).toHaveValue(String(product!.maxQuantity));
  });

  test('network loss: "Network request failed", the cart is intact when the network returns', async ({ page, context }) => {
    await addFromProductPage(page, 'fristi');
    await page.getByTestId('cart-button').click();
    const panel = page.getByTestId('cart-panel');
    const line = panel.getByTestId('cart-line');
    // The panel is a lazy chunk: it must have arrived before the network goes.
    await expect(line).toBeVisible();
    await context.setOffline(true);
    await line.getByRole('button', { name: 'One more' }).click();
    await expect(panel.getByTestId('cart-error')).toContainText('Network request failed');
    await expect(line.locator('.stepper__input')).toHaveValue('1');
    await context.setOffline(false);
    await expect(panel.getByTestId('cart-error')).toHaveCount(0);
    await expect(line).toHaveCount(1);
    await line.getByRole('button', { name: 'One more' }).click();
    await expect(line.locator('.stepper__input')).toHaveValue('2');
  });

  test('an invalid session token clears cookies and local storage and reloads once', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'woocommerce-session', value: 'abc.def.ghi', url: baseURL! }]);
    await page.goto('/bestellen');
    await waitForShop(page);
    await page.evaluate(() => localStorage.setItem('bakje-test', 'kept?'));
    const reloaded = page.waitForEvent('load');
    // The first activity loads the cart; the server refuses the token.
    await page.mouse.move(200, 200);
    await page.mouse.click(5, 300);
    await reloaded;
    await waitForShop(page);
    expect(await page.evaluate(() => localStorage.getItem('bakje-test'))).toBeNull();
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'woocommerce-session')?.value ?? '').not.toBe('abc.def.ghi');
    expect(cookies.find((c) => c.name === 'bakje-locale')?.value).toBe('en_US');
    // A fresh session works.
    await page.goto('/bestellen?filter=category[dranken]');
    await waitForShop(page);
    await page.locator('[data-testid="product-card"][data-slug="chocomelk"]').getByTestId('card-add').click();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
  });

  test('a failing cart load clears the session and reloads only once', async ({ page }) => {
    await page.route('**/graphql', async (route) => {
      if (route.request().postData()?.includes('GetCart')) {
        await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ errors: [{ message: 'Internal server error' }] }) });
      } else {
        await route.fallback();
      }
    });
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.goto('/bestellen');
    await waitForShop(page);
    const reloaded = page.waitForEvent('load');
    await page.mouse.move(100, 300);
    await reloaded;
    await waitForShop(page);
    // After the reload the load fails again: the guard stops, the panel offers a retry instead of a loop.
    await page.getByTestId('cart-button').click();
    await expect(page.getByTestId('cart-panel').getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(page.getByTestId('cart-error')).toContainText('Internal server error');
    expect(loads).toBe(2);
  });
});
