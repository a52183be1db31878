import { expect, test, type Page } from '@playwright/test';
import { addFromProductPage, billing, pickSlot, slotAt, tomorrow } from './ordering-support';
import { expectNoSeriousA11yViolations } from './support';
import { loginTo } from './orders-support';

const ADMIN = { email: 'beheer@bakje.test', password: 'Frituur beheer e2e' };
const GROUPED_CODE = /[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/;

/** A write to the store REST API as the logged-in staff member (cookie and its CSRF token). */
async function staffWrite(page: Page, method: 'POST' | 'PUT', url: string, data: unknown) {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'bakje_csrf')?.value ?? '';
  const response = await page.request.fetch(url, { method, data, headers: { 'x-csrf-token': csrf } });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

/** Checks out the cart as takeaway at `clock` tomorrow, cash, and returns to the order summary. */
async function checkoutTakeaway(page: Page, day: string, slotId: string, email: string) {
  await page.goto('/checkout');
  await expect(page.getByTestId('checkout-page')).toBeVisible();
  await page.getByTestId('fulfilment-takeaway').click();
  await pickSlot(page, day, slotId);
  await page.locator('#billing-firstName').fill(billing.firstName);
  await page.locator('#billing-lastName').fill(billing.lastName);
  await page.locator('#billing-phone').fill(billing.phone);
  await page.locator('#billing-email').fill(email);
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/order-summary\/\d+$/);
  await expect(page.getByTestId('order-summary')).toBeVisible();
  return Number(/\/order-summary\/(\d+)$/.exec(page.url())![1]);
}

test('a manager limits a coupon to takeaway on the web; a gift card bought in the shop is paid, mailed and redeemed in part', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36).slice(-5);
  const code = `afhaal${run}`;
  const day = await tomorrow(request);

  // The manager creates the coupon on /dashboard/coupons.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await loginTo(staff, '/dashboard/coupons', ADMIN);
  await staff.getByRole('button', { name: 'Nieuwe kortingscode' }).click();
  const form = staff.getByRole('form', { name: 'Nieuwe kortingscode' });
  await form.getByLabel('Code', { exact: true }).fill(code.toUpperCase());
  await form.getByLabel('Soort korting').selectOption('fixed_cart');
  await form.getByLabel('Korting (€)').fill('1,50');
  // Bad input first: a clear error at the field, nothing saved.
  await form.getByLabel('Geldig vanaf').fill('2030-06-10');
  await form.getByLabel('Geldig tot en met').fill('2030-06-01');
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expect(form.getByText('De einddatum ligt voor de begindatum.')).toBeVisible();
  await form.getByLabel('Geldig vanaf').fill('');
  await form.getByLabel('Geldig tot en met').fill('');
  await expectNoSeriousA11yViolations(staff);
  await form.getByRole('group', { name: 'Kanalen' }).getByLabel('Webwinkel').check();
  await form.getByRole('group', { name: 'Soort bestelling' }).getByLabel('Afhalen').check();
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expect(staff.getByText(`Kortingscode ${code} is opgeslagen.`)).toBeVisible();
  await staff.getByLabel('Zoek een kortingscode').fill(code);
  const row = staff.getByTestId('coupon-row').filter({ hasText: code });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Afhalen');
  await expect(row).toContainText('Webwinkel');
  await expect(row).toHaveAttribute('data-state', 'active');

  // A gift card product: a product the manager marks as gift card with the switch in the product editor.
  const product = await staffWrite(staff, 'POST', '/wp-json/wc/v3/products', { name: `Cadeaubon €20 ${run}`, type: 'simple', regular_price: '20.00' });
  await staff.goto(`/dashboard/products/${product.id}`);
  const editor = staff.getByRole('form', { name: 'Product bewerken' });
  const giftSwitch = editor.getByRole('checkbox', { name: 'Cadeaubon', exact: true });
  await expect(giftSwitch).not.toBeChecked();
  await expect(editor.getByText('De code wordt gemaild zodra de bestelling betaald is.', { exact: false })).toBeVisible();
  await giftSwitch.check();
  await editor.getByRole('button', { name: 'Product opslaan' }).click();
  await expect(staff.getByTestId('toast').filter({ hasText: `Cadeaubon €20 ${run} opgeslagen.` })).toBeVisible();
  await staff.reload();
  await expect(staff.getByRole('form', { name: 'Product bewerken' }).getByRole('checkbox', { name: 'Cadeaubon', exact: true })).toBeChecked();

  // A customer uses the code: it takes effect on takeaway, not on delivery, and the cart says so.
  const shopContext = await browser.newContext();
  const shop = await shopContext.newPage();
  await addFromProductPage(shop, 'fristi', 2);
  await shop.getByTestId('cart-button').click();
  const panel = shop.getByTestId('cart-panel');
  await panel.getByTestId('cart-fulfilment-takeaway').click();
  await panel.locator('#coupon-code').fill(code.toUpperCase());
  await panel.getByRole('button', { name: 'Toepassen' }).click();
  const applied = panel.getByTestId('applied-coupon');
  await expect(applied).toHaveAttribute('data-in-effect', 'true');
  await expect(applied).toContainText(`${code} is toegepast`);
  await expect(panel.getByTestId('totals-total')).toContainText(/3,50/);
  await panel.getByTestId('cart-fulfilment-delivery').click();
  await expect(applied).toHaveAttribute('data-in-effect', 'false');
  await expect(applied).toContainText('niet geldig voor deze soort bestelling');
  await expect(panel.getByTestId('totals-discount')).toHaveCount(0);
  await panel.getByTestId('cart-fulfilment-takeaway').click();
  await expect(applied).toHaveAttribute('data-in-effect', 'true');
  const takeawaySlot = await slotAt(request, 'TAKEAWAY', day, '20:15');
  await checkoutTakeaway(shop, day, takeawaySlot.id, `klant-${run}@example.be`);
  await expect(shop.getByTestId('totals-discount')).toContainText(code);
  await expect(shop.getByTestId('totals-total')).toContainText(/3,50/);

  // The customer buys the gift card, cash.
  await addFromProductPage(shop, product.slug as string);
  const buyer = `koper-${run}@example.be`;
  const giftOrder = await checkoutTakeaway(shop, day, (await slotAt(request, 'TAKEAWAY', day, '20:30')).id, buyer);
  await expect(shop.getByTestId('totals-total')).toContainText(/20,00/);

  // Paid at the counter: staff complete the order; the card is issued and mailed to the buyer.
  await staffWrite(staff, 'PUT', `/wp-json/wc/v3/orders/${giftOrder}`, { status: 'completed' });
  let giftCode = '';
  await expect(async () => {
    await staff.goto('/dashboard/mailbox');
    const mail = staff.locator('article', { hasText: buyer }).first();
    await expect(mail).toContainText(/cadeaubon/i);
    giftCode = GROUPED_CODE.exec((await mail.textContent()) ?? '')?.[0] ?? '';
    expect(giftCode).not.toBe('');
  }).toPass({ timeout: 30_000 });
  // The dashboard lists it with its balance and movements.
  await staff.goto('/dashboard/gift-cards');
  await staff.getByLabel('Zoek op code, naam of e-mail').fill(buyer);
  await expect(staff.getByTestId('gift-card-row')).toContainText(giftCode);

  // The balance page in the shop.
  await shop.goto('/cadeaubon');
  await shop.getByLabel('Code van de cadeaubon').fill(giftCode.toLowerCase());
  await shop.getByRole('button', { name: 'Saldo bekijken' }).click();
  await expect(shop.getByTestId('gift-card-balance')).toContainText(/20,00/);
  await expectNoSeriousA11yViolations(shop);

  // A second order: one Fristi (2.50), paid by the card in part of its value.
  await addFromProductPage(shop, 'fristi');
  await shop.getByTestId('cart-button').click();
  await panel.getByTestId('cart-fulfilment-takeaway').click();
  await panel.locator('#coupon-code').fill(giftCode);
  await panel.getByRole('button', { name: 'Toepassen' }).click();
  await expect(panel.getByTestId('applied-gift-card')).toContainText(giftCode.slice(-4));
  await expect(panel.getByTestId('totals-gift-cards')).toContainText(/2,50/);
  await expect(panel.getByTestId('totals-total')).toContainText(/0,00/);
  await checkoutTakeaway(shop, day, (await slotAt(request, 'TAKEAWAY', day, '20:45')).id, `klant-${run}@example.be`);
  await expect(shop.getByTestId('totals-gift-cards')).toContainText(/2,50/);
  await expect(shop.getByTestId('totals-total')).toContainText(/0,00/);

  await shop.goto('/cadeaubon');
  await shop.getByLabel('Code van de cadeaubon').fill(giftCode);
  await shop.getByRole('button', { name: 'Saldo bekijken' }).click();
  await expect(shop.getByTestId('gift-card-balance')).toContainText(/17,50/);

  // The card's movements: issued 20.00, redeemed 2.50.
  await staff.goto('/dashboard/gift-cards');
  await staff.getByLabel('Zoek op code, naam of e-mail').fill(buyer);
  await staff.getByRole('button', { name: `Cadeaubon ${giftCode} bekijken` }).click();
  await expect(staff.getByTestId('gift-card-movement')).toHaveCount(2);
  await expect(staff.getByTestId('gift-card-movement').nth(1)).toContainText(/17,50/);
  await expectNoSeriousA11yViolations(staff);

  // A 390 px phone: the coupons screen has no sideways scrolling.
  await staff.setViewportSize({ width: 390, height: 800 });
  await staff.goto('/dashboard/coupons');
  await expect(staff.getByTestId('coupon-row').first()).toBeVisible();
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await staffContext.close();
  await shopContext.close();
});
