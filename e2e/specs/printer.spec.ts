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
