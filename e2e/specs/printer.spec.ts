import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support';

/** A guest session against the GraphQL API: keeps the woocommerce-session token between calls. */
function guest(request: APIRequestContext) {
  let token: string | undefined;
  return async <T>(query: string, variables: Record<string, unknown> = {}): Promise<T> => {
    const response = await request.post('/graphql', {
      data: { query, variables },
      headers: token ? { 'woocommerce-session': `Session ${token}` } : {},
    });
    const issued = response.headers()['woocommerce-session'];
    if (issued) token = issued;
    const body = (await response.json()) as { data: T; errors?: { message: string }[] };
    expect(body.errors ?? []).toEqual([]);
    return body.data;
  };
}

test('a cash order prints a customer and a kitchen ticket on the virtual printer', async ({ page, request }) => {
  const call = guest(request);
  const { product } = await call<{ product: { databaseId: number } }>(`{ product(id: "frikandel", idType: SLUG) { databaseId } }`);
  await call(`mutation($id: Int!) { addToCart(input: {productId: $id, quantity: 2}) { cart { isEmpty } } }`, { id: product.databaseId });
  let slot: string | undefined;
  for (let day = 0; day < 7 && !slot; day++) {
    const date = new Date(Date.now() + day * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Brussels' });
    const { availableTimeSlots } = await call<{ availableTimeSlots: { id: string }[] }>(
      `query($date: String!) { availableTimeSlots(type: TAKEAWAY, date: $date) { id } }`,
      { date },
    );
    slot = availableTimeSlots[0]?.id;
  }
  expect(slot).toBeTruthy();
  const { checkout } = await call<{ checkout: { order: { databaseId: number; pickupNumber: number } } }>(
    `mutation($input: CheckoutInput!) { checkout(input: $input) { order { databaseId pickupNumber } } }`,
    {
      input: {
        paymentMethod: 'cod',
        billing: { firstName: 'Héloïse', lastName: 'Printtest', phone: '0470 00 00 00', address1: 'Kerkstraat 1', city: 'Gent', postcode: '9000' },
        customerNote: 'zonder ui|extra zout',
        metaData: [
          { key: 'fulfilment_type', value: 'takeaway' },
          { key: 'time_slot', value: slot },
        ],
      },
    },
  );
  const orderId = checkout.order.databaseId;

  // Staff only: the page sends a guest to the login and back (the first admin of playwright.config.ts).
  await page.goto('/dashboard/printer');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Fprinter$/);
  const login = page.getByRole('form', { name: 'Inloggen' });
  await login.getByLabel('Gebruikersnaam of e-mailadres').fill('beheer@bakje.test');
  await login.getByLabel('Wachtwoord', { exact: true }).fill('Frituur beheer e2e');
  await login.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/dashboard\/printer$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Virtuele printer' })).toBeVisible();
  const customer = page.locator('pre', { hasText: `ref o${orderId}-c1` });
  const kitchen = page.locator('pre', { hasText: `ref o${orderId}-k1` });
  await expect(customer).toContainText('PRO FORMA');
  await expect(customer).toContainText('Klant: Heloise Printtest');
  await expect(customer).toContainText('Betalingsmethode: Contant');
  await expect(kitchen).toContainText(`#${checkout.order.pickupNumber}`);
  await expect(kitchen).toContainText('- extra zout');
  await expect(page.locator('pre', { hasText: `ref o${orderId}-c1` })).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
});

test('the ticket, label and mail of a delivery order list the allergens of its products and add-ons', async ({ page, request }) => {
  // A hamburger (gluten, eggs, mustard, sesame) with extra cheese (milk): the line's allergens are both
  // (docs/decisions/0084-allergens-at-the-door-own-container.md).
  const call = guest(request);
  const { product } = await call<{ product: { databaseId: number; addons: { fieldName: string; options: { databaseId: number; label: string }[] }[] } }>(
    `{ product(id: "hamburger", idType: SLUG) { databaseId addons { fieldName options { databaseId label } } } }`,
  );
  const extras = product.addons.find((a) => a.options.some((o) => o.label === 'Extra kaas'))!;
  const cheese = extras.options.find((o) => o.label === 'Extra kaas')!.databaseId;
  await call(`mutation($id: Int!, $addons: [CartAddonInput]) { addToCart(input: {productId: $id, quantity: 3, addons: $addons}) { cart { isEmpty } } }`, {
    id: product.databaseId,
    addons: [{ fieldName: extras.fieldName, optionIds: [cheese] }],
  });
  let slot: string | undefined;
  for (let day = 1; day < 8 && !slot; day++) {
    const date = new Date(Date.now() + day * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Brussels' });
    const { availableTimeSlots } = await call<{ availableTimeSlots: { id: string }[] }>(
      `query($date: String!) { availableTimeSlots(type: DELIVERY, date: $date) { id } }`,
      { date },
    );
    slot = availableTimeSlots[0]?.id;
  }
  expect(slot).toBeTruthy();
  const email = `allergenen-${Date.now()}@example.be`;
  const { checkout } = await call<{ checkout: { order: { databaseId: number } } }>(
    `mutation($input: CheckoutInput!) { checkout(input: $input) { order { databaseId } } }`,
    {
      input: {
        paymentMethod: 'cod',
        billing: { firstName: 'Lies', lastName: 'Labeltest', phone: '0470 00 00 01', email, address1: 'Veldstraat 1', city: 'Gent', postcode: '9000' },
        metaData: [
          { key: 'fulfilment_type', value: 'delivery' },
          { key: 'time_slot', value: slot },
        ],
      },
    },
  );
  const orderId = checkout.order.databaseId;

  await page.goto('/login?redirect=%2Fdashboard%2Fprinter');
  const login = page.getByRole('form', { name: 'Inloggen' });
  await login.getByLabel('Gebruikersnaam of e-mailadres').fill('beheer@bakje.test');
  await login.getByLabel('Wachtwoord', { exact: true }).fill('Frituur beheer e2e');
  await login.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/dashboard\/printer$/);
  const allergens = 'Allergenen: Gluten, Eieren, Melk, Mosterd, Sesamzaad';
  const customer = page.locator('pre', { hasText: `ref o${orderId}-c1` });
  const label = page.locator('pre', { hasText: `ref o${orderId}-l1` });
  await expect(customer).toContainText('3x  Hamburger');
  await expect(customer).toContainText("+ Extra's: Extra kaas");
  await expect(customer).toContainText(allergens);
  await expect(label).toContainText('LEVERING');
  await expect(label).toContainText('Veldstraat 1');
  await expect(label).toContainText(allergens);
  await expect(label).not.toContainText('EUR');

  // The confirmation mail, in the customer's language (Dutch here), from the local mailbox the staff may read.
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get('/api/dev/mailbox')).json()) as { to: string; text: string }[];
      return mails.find((m) => m.to === email)?.text ?? '';
    })
    .toContain(`3 x Hamburger`);
  const mails = (await (await page.request.get('/api/dev/mailbox')).json()) as { to: string; text: string }[];
  expect(mails.find((m) => m.to === email)!.text).toContain(`   ${allergens}`);
});
