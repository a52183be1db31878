import { expect, test } from '@playwright/test';
import { allProducts, parseEuro, setLocaleCookie } from './support';

test.describe('product page', () => {
  test('add-ons: a required field shows "Field is required", filling it in succeeds', async ({ page, request, baseURL }) => {
    const products = await allProducts(request, 'en_US');
    const product = products.find(
      (p) => p.stockStatus !== 'OUT_OF_STOCK' && p.addons.some((a) => a.required && a.type === 'MULTIPLE_CHOICE' && a.options.length > 0),
    );
    expect(product, 'a product with a required multiple-choice add-on').toBeTruthy();
    const required = product!.addons.find((a) => a.required && a.type === 'MULTIPLE_CHOICE')!;
    const paid = product!.addons.find((a) => a.type === 'CHECKBOX' && a.options.some((o) => (o.price ?? 0) > 0));

    await setLocaleCookie(page, baseURL, 'en_US');
    await page.goto(`/product/${product!.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product!.name);
    await expect(page).toHaveTitle(new RegExp(product!.name));

    const total = page.getByTestId('line-total');
    const before = parseEuro((await total.textContent()) ?? '');

    await page.getByTestId('add-to-cart').click();
    const group = page.getByRole('group', { name: new RegExp(required.name) });
    await expect(group.getByText('Field is required')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Please fill in the required fields.' })).toBeVisible();
    await expect(group.getByRole('radio').first()).toBeFocused();
    await expect(page.getByTestId('added')).toHaveCount(0);

    await group.getByRole('radio', { name: new RegExp(required.options[0]!.label) }).check();
    await expect(group.getByText('Field is required')).toHaveCount(0);

    if (paid) {
      const option = paid.options.find((o) => (o.price ?? 0) > 0)!;
      const box = page.getByRole('group', { name: new RegExp(paid.name) }).getByRole('checkbox', { name: new RegExp(option.label) });
      await expect(page.getByRole('group', { name: new RegExp(paid.name) })).toContainText(`+€${option.price!.toFixed(2)}`);
      await box.check();
      await expect(total).toHaveText(`€${(before + option.price!).toFixed(2)}`);
      await page.getByRole('button', { name: 'One more' }).click();
      await expect(total).toHaveText(`€${((before + option.price!) * 2).toFixed(2)}`);
    }

    await page.getByTestId('add-to-cart').click();
    await expect(page.getByRole('status').filter({ hasText: `${product!.name} was added to your cart.` })).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText(paid ? '2' : '1');
  });

  test('the quantity stops at the maximum with a message', async ({ page, request, baseURL }) => {
    const products = await allProducts(request, 'en_US');
    const product = products.find((p) => p.maxQuantity && p.maxQuantity < 10 && p.stockStatus !== 'OUT_OF_STOCK');
    test.skip(!product, 'no product with a maximum quantity');
    await setLocaleCookie(page, baseURL, 'en_US');
    await page.goto(`/product/${product!.slug}`);
    const more = page.getByRole('button', { name: 'One more' });
    for (let i = 1; i < product!.maxQuantity!; i += 1) await more.click();
    await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(String(product!.maxQuantity));
    await expect(page.getByTestId('max-quantity')).toHaveCount(0);
    await more.click();
    await expect(page.getByTestId('max-quantity')).toHaveText('You have reached the maximum allowed quantity for this product.');
    await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(String(product!.maxQuantity));
  });

  test('variable product: sizes with their prices, sale and reviews', async ({ page }) => {
    await page.goto('/product/frieten');
    const sizes = page.getByRole('group', { name: /Kies je formaat/ });
    await expect(sizes.getByRole('radio')).toHaveCount(3);
    const price = page.getByTestId('product-main-price');
    const initial = await price.textContent();
    await sizes.getByRole('radio', { name: /Groot/ }).check();
    await expect(price).not.toHaveText(initial ?? '');
    await expect(page.getByRole('heading', { name: /Beoordelingen/ })).toBeVisible();
    await expect(page.getByText('Geverifieerde koper').first()).toBeVisible();
  });

  test('the description keeps its formatting: DOMPurify loads with the product page', async ({ page }) => {
    await page.goto('/product/stoofvlees-schotel');
    await expect(page.locator('.product__short strong', { hasText: 'Vlaams stoofvlees' })).toBeVisible();
    const description = page.getByRole('region', { name: 'Beschrijving' });
    await expect(description.locator('p', { hasText: 'Mals rundvlees' })).toBeVisible();
  });

  test('an unknown product shows a not-found state', async ({ page }) => {
    await page.goto('/product/bestaat-niet');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Product niet gevonden');
    await expect(page.getByTestId('error-page')).toContainText('404');
    await expect(page.getByTestId('error-path')).toHaveText('/product/bestaat-niet');
  });
});
