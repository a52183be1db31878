import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, setLocaleCookie, waitForShop, type Locale } from './support';
import { addFromProductPage, billing, customer, pickSlot, placeApiOrder, slotAt, tomorrow } from './ordering-support';
import { loginTo } from './orders-support';

// The English run takes two portions with the flat-fee extra (packing the sauces once per line), the Dutch run
// one portion with an extra priced per portion, so the summary is checked for both ways add-ons are priced.
const TEXT = {
  en_US: {
    size: 'Large',
    sauces: 'Choose your sauces',
    sauce1: 'Andalouse',
    sauce2: 'Samurai',
    extras: 'Extras',
    extra: 'Sauces packed separately',
    line: 'Fries - large',
    quantity: 2,
    preparing: 'Preparing',
    takeaway: 'Takeaway',
    cash: 'To pay in cash when you pick it up',
    clock: '18:15',
    shown: '6:15 PM',
    // 2 x 4.40 + 2 x 1.00 + 2 x 1.00 + 0.20 (once) + 2.50 Fristi. Each add-on shows what one portion pays
    // (the flat fee once), not the line's amount (issue 17).
    addonPrices: [/\+€1\.00/, /\+€1\.00/, /\+€0\.20/],
    total: /15[.,]50/,
    // Ends in 0: cash pays it to the cent, no rounding line.
    burger: null,
    toPay: /15[.,]50/,
    rounding: null,
  },
  nl_BE: {
    size: 'Groot',
    sauces: 'Kies je sauzen',
    sauce1: 'Andalouse',
    sauce2: 'Samurai',
    extras: "Extra's",
    extra: 'Gebakken uitjes',
    line: 'Frieten - groot',
    quantity: 1,
    preparing: 'In bereiding',
    takeaway: 'Afhalen',
    cash: 'Cash te betalen bij het afhalen',
    clock: '18:30',
    shown: '18:30',
    // 4.40 + 1.00 + 1.00 + 0.50 + 2.50 Fristi
    addonPrices: [/\+€\s1,00/, /\+€\s1,00/, /\+€\s0,50/],
    // ... + a cheeseburger on promotion at 4.99 = 14.39; cash is rounded to 5 cents (decision 0080): 14.40.
    burger: 'cheeseburger',
    total: /14[.,]39/,
    toPay: /14[.,]40/,
    rounding: /Afronding\s*\+€\s0,01/,
  },
} as const;

for (const locale of ['en_US', 'nl_BE'] as const satisfies readonly Locale[]) {
  test(`takeaway: fries (large, two sauces, an extra) + a drink, a chosen slot, cash, summary with pickup number (${locale})`, async ({
    page,
    request,
    baseURL,
  }) => {
    const t = TEXT[locale];
    const day = await tomorrow(request);
    const slot = await slotAt(request, 'TAKEAWAY', day, t.clock);
    await setLocaleCookie(page, baseURL, locale);

    // Fries from the product page with its add-on form: size, two sauces and an extra (checkboxes).
    await page.goto('/product/frieten');
    await page
      .locator('.order-form')
      .getByRole('radio', { name: new RegExp(t.size) })
      .check();
    const sauces = page.getByRole('group', { name: new RegExp(t.sauces) });
    await sauces.getByRole('checkbox', { name: new RegExp(t.sauce1) }).check();
    await sauces.getByRole('checkbox', { name: new RegExp(t.sauce2) }).check();
    await page
      .getByRole('group', { name: new RegExp(`^${t.extras}`) })
      .getByRole('checkbox', { name: new RegExp(t.extra) })
      .check();
    await expect(sauces.getByRole('checkbox', { checked: true })).toHaveCount(2);
    if (t.quantity > 1) await page.locator('.order-form .stepper__input').fill(String(t.quantity));
    await page.getByTestId('add-to-cart').click();
    await expect(page.getByTestId('added')).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText(String(t.quantity));
    const burgers = t.burger ? 1 : 0;
    if (t.burger) await addFromProductPage(page, t.burger);

    // A drink from its card.
    await page.goto('/bestellen?filter=category[dranken]');
    await waitForShop(page);
    await page.locator('[data-testid="product-card"][data-slug="fristi"]').getByTestId('card-add').click();
    await expect(page.getByTestId('cart-count')).toHaveText(String(t.quantity + burgers + 1));

    // The cart panel from the right: lines, total, scroll lock.
    await page.getByTestId('cart-button').click();
    const panel = page.getByTestId('cart-panel');
    await expect(panel.getByTestId('cart-line')).toHaveCount(2 + burgers);
    await expect(panel).toContainText(t.sauce1);
    await expect(panel).toContainText(t.sauce2);
    await expect(page.locator('body')).toHaveClass(/overflow-hidden/);
    await expect(panel.getByTestId('totals-total')).toContainText(t.total);
    await expectNoSeriousA11yViolations(page, '#cart-panel');
    await panel.getByTestId('to-checkout').click();

    // Checkout: takeaway, tomorrow's slot, billing details, cash.
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByTestId('checkout-page')).toBeVisible();
    await page.getByTestId('fulfilment-takeaway').click();
    await pickSlot(page, day, slot.id);
    await page.locator('#billing-firstName').fill(billing.firstName);
    await page.locator('#billing-lastName').fill(billing.lastName);
    await page.locator('#billing-phone').fill(billing.phone);
    await page.locator('#kitchen-note').fill('zonder ui|goed gebakken');
    // Cash (the default method): a total not ending in 0 or 5 is rounded, on a line of its own.
    const aside = page.locator('.checkout__summary');
    if (t.rounding) await expect(aside.getByTestId('totals-cash-rounding')).toHaveText(t.rounding);
    else await expect(aside.getByTestId('totals-cash-rounding')).toHaveCount(0);
    await expect(aside.getByTestId('totals-total')).toContainText(t.toPay);
    await expectNoSeriousA11yViolations(page);
    // A double click places one order.
    await page.getByTestId('place-order').dblclick();

    await expect(page).toHaveURL(/\/order-summary\/\d+$/);
    const summary = page.getByTestId('order-summary');
    await expect(summary.getByTestId('pickup-number')).toContainText(/\d+/);
    await expect(summary.getByTestId('order-status')).toHaveText(t.preparing);
    await expect(summary.getByTestId('order-fulfilment')).toHaveText(t.takeaway);
    await expect(summary.getByTestId('order-slot')).toContainText(t.shown);
    // Where to fetch it and how it is paid, as the confirmation mail says (issue 35).
    await expect(summary.getByTestId('order-shop-address')).toHaveText('Kerkstraat 12, 9000 Gent');
    await expect(summary.getByTestId('order-payment-state')).toHaveText(t.cash);
    await expect(summary.getByTestId('order-line')).toHaveCount(2 + burgers);
    // The fries line, in the visitor's language, with its three add-ons, each with what it adds to the line.
    const fries = summary.getByTestId('order-line').first();
    await expect(fries).toContainText(t.line);
    const addons = fries.locator('.line-addons li');
    await expect(addons).toHaveCount(3);
    await expect(addons.nth(0)).toContainText(`${t.sauces}: ${t.sauce1}`);
    await expect(addons.nth(1)).toContainText(`${t.sauces}: ${t.sauce2}`);
    await expect(addons.nth(2)).toContainText(`${t.extras}: ${t.extra}`);
    for (const [i, price] of t.addonPrices.entries()) await expect(addons.nth(i)).toContainText(price);
    if (t.rounding) await expect(summary.getByTestId('totals-cash-rounding')).toHaveText(t.rounding);
    await expect(summary.getByTestId('totals-total')).toContainText(t.toPay);
    await expectNoSeriousA11yViolations(page);

    // The cart is empty now; /order-summary shows this last order.
    await expect(page.getByTestId('cart-count')).toHaveCount(0);
    const number = await summary.getByTestId('order-number').textContent();
    await page.goto('/order-summary');
    await expect(page.getByTestId('order-number')).toHaveText(number ?? '');
  });
}

test.describe('in English', () => {
  test.beforeEach(async ({ page, baseURL }) => setLocaleCookie(page, baseURL, 'en_US'));

  test('delivery to a far postcode shows the distance and the maximum', async ({ page }) => {
    await addFromProductPage(page, 'fristi', 6);
    await page.goto('/checkout');
    await page.getByTestId('fulfilment-delivery').click();
    await page.getByTestId('check-address').click();
    await expect(page.getByText('Incomplete address')).toBeVisible();
    await expect(page.getByTestId('delivery-message')).toHaveText('Please provide a complete address to proceed with the delivery.');
    await page.locator('#billing-address1').fill('Grote Markt 1');
    await page.locator('#billing-postcode').fill('1000');
    await page.locator('#billing-city').fill('Brussel');
    await page.getByTestId('check-address').click();
    await expect(page.getByTestId('delivery-message')).toHaveText(/your address is 65\.2 km away and we deliver up to 8 km/);
    await expect(page.getByTestId('confirm-address')).toHaveCount(0);
  });

  test('what the customer typed stays when they switch to delivery', async ({ page }) => {
    await addFromProductPage(page, 'fristi', 6);
    await page.goto('/checkout');
    await page.locator('#billing-firstName').fill('Anna');
    await page.getByTestId('fulfilment-delivery').click();
    // The delivery fee shows once the cart has the new fulfilment and its slots are loaded.
    await expect(page.getByTestId('totals-fee')).toContainText(/2[.,]50/);
    await expect(page.locator('#billing-firstName')).toHaveValue('Anna');
    // And a reload keeps them for this tab (issue 31).
    await page.locator('#billing-phone').fill('0470 12 34 56');
    await page.locator('#billing-address1').fill('Veldstraat 1');
    await page.reload();
    await expect(page.locator('#billing-firstName')).toHaveValue('Anna');
    await expect(page.locator('#billing-phone')).toHaveValue('0470 12 34 56');
    await expect(page.locator('#billing-address1')).toHaveValue('Veldstraat 1');
  });

  test('delivery below the minimum asks for more', async ({ page }) => {
    await addFromProductPage(page, 'fristi');
    await page.goto('/checkout');
    await page.getByTestId('fulfilment-delivery').click();
    await expect(page.getByTestId('below-minimum')).toHaveText(/at least €15\.00: please add €12\.50 more/);
  });

  test('a delivery order: address checked and confirmed, fee added, summary', async ({ page, request }) => {
    const day = await tomorrow(request);
    const slot = await slotAt(request, 'DELIVERY', day, '19:00');
    await addFromProductPage(page, 'fristi', 6);
    await page.goto('/checkout');
    await page.getByTestId('fulfilment-delivery').click();
    await expect(page.getByTestId('totals-fee')).toContainText(/2[.,]50/);
    await pickSlot(page, day, slot.id);
    for (const [field, value] of Object.entries(billing)) await page.locator(`#billing-${field}`).fill(value);
    await page.getByTestId('place-order').click();
    // The address is checked on submit and must be confirmed first.
    await expect(page.getByTestId('delivery-message')).toHaveText(/0\.0 km away: we deliver there/);
    await expect(page).toHaveURL(/\/checkout$/);
    await page.getByTestId('confirm-address').check();
    await page.getByTestId('place-order').click();
    await expect(page).toHaveURL(/\/order-summary\/\d+$/);
    await expect(page.getByTestId('order-fulfilment')).toHaveText('Delivery');
    // A delivered order has an order number, not a pickup number (issue 17).
    await expect(page.getByTestId('pickup-number')).toContainText('Order number');
    await expect(page.getByTestId('pickup-number')).not.toContainText(/pickup/i);
    await expect(page.getByTestId('totals-total')).toContainText(/17[.,]50/);
    // The guest's details were for this order: forgotten once it is placed (issue 31).
    expect(await page.evaluate(() => sessionStorage.getItem('bakje-checkout-details'))).toBeNull();
  });

  test('ship to another address: its zone sets the fee at once, the distance check and the order use it (issue 17)', async ({ page, browser, request }) => {
    // A zone of its own (no other spec delivers to 9300): € 4,50 fee from € 10, added by the shop's admin.
    const admin = await browser.newContext();
    try {
      const adminPage = await admin.newPage();
      await loginTo(adminPage, '/dashboard', { email: 'beheer@bakje.test', password: 'Frituur beheer e2e' });
      const csrf = (await admin.cookies()).find((c) => c.name === 'bakje_csrf')?.value ?? '';
      const current = (await (await admin.request.get('/api/settings/delivery')).json()) as { zones: { postcodes: string[] }[] };
      const zones = [...current.zones.filter((z) => !z.postcodes.includes('9300')), { name: 'Aalst', postcodes: ['9300'], minimumOrder: 1000, fee: 450 }];
      const saved = await admin.request.put('/api/settings/delivery', { data: { ...current, zones }, headers: { 'x-csrf-token': csrf } });
      expect(saved.status(), await saved.text()).toBe(200);
    } finally {
      await admin.close();
    }

    const day = await tomorrow(request);
    const slot = await slotAt(request, 'DELIVERY', day, '20:30');
    await addFromProductPage(page, 'fristi', 6);
    await page.goto('/checkout');
    await page.getByTestId('fulfilment-delivery').click();
    // No address yet: the distance rule's fee.
    await expect(page.getByTestId('totals-fee')).toContainText(/2[.,]50/);
    // Billed in Brussels (65 km, too far), delivered in Aalst's zone.
    for (const [field, value] of Object.entries({ ...billing, address1: 'Grote Markt 1', postcode: '1000', city: 'Brussel' })) {
      await page.locator(`#billing-${field}`).fill(value);
    }
    await page.getByTestId('ship-to-different-address').check();
    await page.locator('#shipping-firstName').fill('Mia');
    await page.locator('#shipping-address1').fill('Kerkstraat 3');
    await page.locator('#shipping-postcode').fill('9300');
    await page.locator('#shipping-city').fill('Aalst');
    // The zone's fee and total as soon as the postcode is known, before any check or order.
    await expect(page.getByTestId('totals-fee')).toContainText(/4[.,]50/);
    await expect(page.getByTestId('totals-total')).toContainText(/19[.,]50/);
    await expect(page.getByTestId('delivery-rules')).toContainText(/4[.,]50/);
    await pickSlot(page, day, slot.id);
    await page.getByTestId('check-address').click();
    await expect(page.getByTestId('delivery-message')).toContainText('we deliver there');
    await expect(page.locator('label', { has: page.getByTestId('confirm-address') })).toContainText('Kerkstraat 3, 9300 Aalst');
    await page.getByTestId('confirm-address').check();
    await page.getByTestId('place-order').click();
    await expect(page).toHaveURL(/\/order-summary\/\d+$/);
    await expect(page.getByTestId('order-delivery-address')).toHaveText('Mia Peeters, Kerkstraat 3, 9300 Aalst');
    await expect(page.getByTestId('totals-fee')).toContainText(/4[.,]50/);
    await expect(page.getByTestId('totals-total')).toContainText(/19[.,]50/);
  });

  test('a fully booked slot is shown and cannot be picked', async ({ page, request }) => {
    const day = await tomorrow(request);
    const slot = await slotAt(request, 'TAKEAWAY', day, '12:00');
    // Fill it with real orders from other customers.
    for (let i = 0; i < slot.remaining; i++) await placeApiOrder(request, slot.id);
    await addFromProductPage(page, 'fristi');
    await page.goto('/checkout');
    await page.locator(`[data-testid="day-option"][data-date="${day}"]`).click();
    const option = page.locator(`[data-testid="slot-option"][data-slot-id="${slot.id}"]`);
    await expect(option).toHaveAttribute('data-full', 'true');
    await expect(option).toContainText('Fully booked');
    await expect(option.getByRole('radio')).toBeDisabled();
    await option.click({ force: true });
    await expect(option.getByRole('radio')).not.toBeChecked();
  });

  test('a guest creates an account with the order and finds it in the order history (issue 17)', async ({ page, request }) => {
    const day = await tomorrow(request);
    const slot = await slotAt(request, 'TAKEAWAY', day, '12:30');
    await addFromProductPage(page, 'fristi');
    await page.goto('/checkout');
    await pickSlot(page, day, slot.id);
    for (const [field, value] of Object.entries(billing)) await page.locator(`#billing-${field}`).fill(value);
    await page.getByTestId('create-account').check();
    await page.getByTestId('place-order').click();
    // It needs an e-mail address and a password first.
    await expect(page.getByText('An account needs an e-mail address.')).toBeVisible();
    const email = `gast-${Date.now()}@example.be`;
    await page.locator('#billing-email').fill(email);
    await page.getByLabel('Password for your account').fill('Frietjes met mayo');
    await page.getByTestId('place-order').click();
    await expect(page).toHaveURL(/\/order-summary\/\d+$/);
    const number = (await page.getByTestId('order-number').textContent()) ?? '';
    // Logged in as the new customer: the order is in the history.
    await page.goto('/my-account?tab=orders');
    await expect(page.getByTestId('account-order')).toHaveCount(1);
    await expect(page.getByTestId('account-order')).toContainText(number.replace(/^\D*/, ''));
  });

  test('every billing input has the same height, also beside a field with a hint (issue 17)', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await addFromProductPage(page, 'fristi');
    await page.goto('/checkout');
    const height = async (id: string) => (await page.locator(`#billing-${id}`).boundingBox())?.height;
    const reference = await height('firstName');
    expect(reference).toBeGreaterThan(0);
    for (const id of ['lastName', 'phone', 'email', 'address1', 'postcode', 'city']) expect(await height(id)).toBe(reference);
  });

  test("someone else's order is refused without its key, shown with it", async ({ page, request }) => {
    const day = await tomorrow(request);
    const slot = await slotAt(request, 'TAKEAWAY', day, '13:00');
    const order = await placeApiOrder(request, slot.id);
    await page.goto(`/order-summary/${order.databaseId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not find your order');
    await expect(page.getByTestId('order-not-found')).toHaveText('We could not find your order');
    await expect(page.getByTestId('pickup-number')).toHaveCount(0);
    await page.goto(`/checkout/order-received/${order.databaseId}?key=${order.orderKey}`);
    await expect(page.getByTestId('pickup-number')).toContainText(String(order.pickupNumber));
  });

  test('dine-in: only now (today, the next slots) while open, otherwise the closed message; never days ahead', async ({ page, request }) => {
    const status = await (await request.post('/graphql', { data: { query: '{ openingStatus { isOpen } }' } })).json();
    const dineinSlots = async (date: string) =>
      (
        await customer(request)<{ availableTimeSlots: { id: string }[] }>(`query($date: String!) { availableTimeSlots(type: DINEIN, date: $date) { id } }`, {
          date,
        })
      ).availableTimeSlots;
    const { orderingDays } = await customer(request)<{ orderingDays: { date: string }[] }>(`{ orderingDays(type: DINEIN) { date } }`);
    const today = orderingDays[0]!.date;
    // Dine-in is not bookable days ahead (docs/decisions/0028).
    expect(await dineinSlots(await tomorrow(request))).toEqual([]);
    await addFromProductPage(page, 'fristi');
    await page.goto('/checkout');
    const dinein = page.getByTestId('fulfilment-dinein');
    const now = await dineinSlots(today);
    if (status.data.openingStatus.isOpen && now.length > 0) {
      await dinein.click();
      await pickSlot(page, today, now[0]!.id);
      for (const field of ['firstName', 'lastName', 'phone'] as const) await page.locator(`#billing-${field}`).fill(billing[field]);
      await page.getByTestId('place-order').click();
      await expect(page.getByTestId('order-fulfilment')).toHaveText('Dine-in');
    } else if (!status.data.openingStatus.isOpen) {
      await expect(dinein.getByRole('radio')).toBeDisabled();
      await expect(page.getByTestId('dinein-closed')).toHaveText('Dine-in is not available at the current time.');
    }
  });

  test('the checkout tells which fields are missing', async ({ page }) => {
    await addFromProductPage(page, 'fristi');
    await page.goto('/checkout');
    await page.getByTestId('place-order').click();
    await expect(page.getByTestId('slot-error')).toHaveText('A valid time slot must be selected before proceeding.');
    await expect(page.getByTestId('field-error')).toHaveText(['Field is required', 'Field is required', 'Field is required']);
    await page.locator('#billing-phone').fill('call me');
    await page.locator('#billing-email').fill('an@');
    await expect(page.locator('#billing-phone-error')).toHaveText('This is not a valid phone number.');
    await expect(page.locator('#billing-email-error')).toHaveText('This is not a valid email address.');
    await expectNoSeriousA11yViolations(page);
  });
});

test("a logged-in customer's checkout starts from their profile and saved address", async ({ page, request }) => {
  const email = `dirk-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.be`;
  const password = 'Stoofvlees met frietjes';
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Registreren' });
  await form.getByLabel('E-mailadres').fill(email);
  await form.getByLabel('Voornaam').fill('Dirk');
  await form.getByLabel('Achternaam').fill('Peeters');
  await form.getByLabel('Wachtwoord', { exact: true }).fill(password);
  await form.getByLabel('Bevestig het wachtwoord').fill(password);
  await form.getByRole('button', { name: 'Account aanmaken' }).click();
  await expect(page).toHaveURL(/\/my-account$/);

  // The saved shipping address has the street; the billing address only the phone.
  await page.getByRole('link', { name: 'Adressen' }).click();
  const billingForm = page.getByRole('form', { name: 'Factuuradres' });
  await billingForm.getByLabel('Telefoon').fill('0470 98 76 54');
  await billingForm.getByRole('button', { name: 'Wijzigingen opslaan' }).click();
  await expect(billingForm.getByRole('status')).toHaveText('Je account is bijgewerkt.');
  const shippingForm = page.getByRole('form', { name: 'Leveradres' });
  await shippingForm.getByLabel('Straat en huisnummer').fill('Veldstraat 1');
  await shippingForm.getByLabel('Postcode').fill('9000');
  await shippingForm.getByLabel('Gemeente').fill('Gent');
  await shippingForm.getByRole('button', { name: 'Wijzigingen opslaan' }).click();
  await expect(shippingForm.getByRole('status')).toHaveText('Je account is bijgewerkt.');

  await addFromProductPage(page, 'fristi');
  await page.goto('/checkout');
  await expect(page.locator('#billing-firstName')).toHaveValue('Dirk');
  await expect(page.locator('#billing-lastName')).toHaveValue('Peeters');
  await expect(page.locator('#billing-email')).toHaveValue(email);
  await expect(page.locator('#billing-phone')).toHaveValue('0470 98 76 54');
  await expect(page.locator('#billing-address1')).toHaveValue('Veldstraat 1');
  await expect(page.locator('#billing-postcode')).toHaveValue('9000');
  await expect(page.locator('#billing-city')).toHaveValue('Gent');

  // Nothing else to type: a slot and the order is placed.
  const day = await tomorrow(request);
  const slot = await slotAt(request, 'TAKEAWAY', day, '19:00');
  await page.getByTestId('fulfilment-takeaway').click();
  await pickSlot(page, day, slot.id);
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/order-summary\/\d+$/);
  await expect(page.getByTestId('order-summary').getByTestId('pickup-number')).toContainText(/\d+/);
});

// The form's messages come from one schema in every language: French and Dutch here, English above.
for (const [locale, text] of [
  ['fr_FR', { required: 'Ce champ est obligatoire', phone: "Ce numéro de téléphone n'est pas valide.", fix: 'Veuillez remplir les champs obligatoires.' }],
  ['nl_BE', { required: 'Dit veld is verplicht', phone: 'Dit is geen geldig telefoonnummer.', fix: 'Vul de verplichte velden in.' }],
] as const) {
  test(`the checkout names the missing and wrong fields in the visitor's language (${locale})`, async ({ page, baseURL }) => {
    await setLocaleCookie(page, baseURL, locale);
    await addFromProductPage(page, 'fristi');
    await page.goto('/checkout');
    await page.getByTestId('place-order').click();
    await expect(page.getByTestId('field-error')).toHaveText([text.required, text.required, text.required]);
    await expect(page.getByRole('alert').filter({ hasText: text.fix })).toBeVisible();
    await page.locator('#billing-phone').fill('bel me');
    await expect(page.locator('#billing-phone-error')).toHaveText(text.phone);
    await expect(page.locator('#billing-phone')).toHaveAttribute('aria-invalid', 'true');
  });
}
