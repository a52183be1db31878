import { expect, request as playwrightRequest, test } from '@playwright/test';
import { loginTo } from './orders-support';
import { StaffServer } from './staff-server';
import { expectNoSeriousA11yViolations } from './support';

// A refund from the dashboard (docs/decisions/0039-refunds.md): its own server (E2E_PORT + 110) with the
// MultiSafepay simulator, so the day's figures hold this spec's order only.
const port = Number(process.env.E2E_PORT ?? 3210) + 110;
const ADMIN = { email: 'beheer-terugbetaling@bakje.test', password: 'Terugbetalen beheer e2e' };
let server: StaffServer;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(150_000);
  // Paid on the simulators (test mode), its orders count as a live shop's in the figures (decision 0070).
  server = await StaffServer.start(port, {
    BAKJE_TEST_ORDERS_LIVE: 'true',
    BAKJE_ADMIN_EMAIL: ADMIN.email,
    BAKJE_ADMIN_PASSWORD: ADMIN.password,
    BAKJE_MSP_SIMULATOR: 'true',
    // The payment page sends the customer back to the site URL: this server's.
    BAKJE_SITE_URL: `http://127.0.0.1:${port}`,
  });
});
test.afterAll(async () => {
  await server?.stop();
});

interface CardOrder {
  databaseId: number;
  pickupNumber: number;
  /** Cents. */
  total: number;
  redirect: string;
}

/** A customer's cart and checkout by Bancontact through the shop's GraphQL API: the answer sends them to the payment page. */
async function cardCheckout(base: string): Promise<CardOrder> {
  const api = await playwrightRequest.newContext({ baseURL: base });
  let token: string | undefined;
  const call = async <T>(query: string, variables: Record<string, unknown> = {}): Promise<T> => {
    const response = await api.post('/graphql', { data: { query, variables }, headers: token ? { 'woocommerce-session': `Session ${token}` } : {} });
    token = response.headers()['woocommerce-session'] ?? token;
    const body = (await response.json()) as { data: T; errors?: unknown[] };
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data;
  };
  try {
    const { products } = await call<{ products: { nodes: { databaseId: number; type: string; stockStatus?: string; addons: { required: boolean }[] }[] } }>(
      `{ products(first: 9999) { nodes { databaseId type addons { required } ... on SimpleProduct { stockStatus } } } }`,
    );
    const simple = products.nodes.filter((p) => p.type === 'SIMPLE' && p.stockStatus === 'IN_STOCK' && !p.addons.some((a) => a.required));
    await call(`mutation($id: Int!) { addToCart(input: {productId: $id, quantity: 2}) { cart { isEmpty } } }`, { id: simple[0]!.databaseId });
    const { orderingDays } = await call<{ orderingDays: { date: string }[] }>(`{ orderingDays(type: TAKEAWAY) { date } }`);
    const { availableTimeSlots } = await call<{ availableTimeSlots: { id: string; isFullyBooked: boolean }[] }>(
      `query($date: String!) { availableTimeSlots(type: TAKEAWAY, date: $date) { id isFullyBooked } }`,
      { date: orderingDays[0]!.date },
    );
    const slot = availableTimeSlots.find((s) => !s.isFullyBooked)!;
    const { checkout } = await call<{ checkout: { redirect: string; order: { databaseId: number; pickupNumber: number; total: string } } }>(
      `mutation($input: CheckoutInput!) { checkout(input: $input) { redirect order { databaseId pickupNumber total(format: RAW) } } }`,
      {
        input: {
          paymentMethod: 'bancontact',
          billing: {
            firstName: 'Test',
            lastName: 'Terugbetaling',
            phone: '0470 00 00 00',
            email: 'klant@bakje.test',
            address1: 'Korenmarkt 1',
            city: 'Gent',
            postcode: '9000',
          },
          metaData: [
            { key: 'fulfilment_type', value: 'takeaway' },
            { key: 'time_slot', value: slot.id },
          ],
        },
      },
    );
    return {
      databaseId: checkout.order.databaseId,
      pickupNumber: checkout.order.pickupNumber,
      total: Math.round(Number(checkout.order.total.replace(/[^\d.,]/g, '').replace(',', '.')) * 100),
      redirect: checkout.redirect,
    };
  } finally {
    await api.dispose();
  }
}

/** "€ 5,60" as the dashboard writes euros in Dutch (any space between). */
const euro = (cents: number) => new RegExp(`€\\s?${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`);

test('a card order paid on the simulator is refunded from the dashboard, in part and then in full; the order and the figures show it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const order = await cardCheckout(server.base);
  expect(order.total).toBeGreaterThan(100);

  // The customer pays on MultiSafepay's (simulated) hosted page.
  await page.goto(`${server.base}${new URL(order.redirect, server.base).pathname}`);
  await page.getByRole('button', { name: 'Completed (paid)' }).click();
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\?key=/, { timeout: 30_000 });
  await expect(page.getByTestId('order-summary').getByTestId('order-status')).toHaveText('In bereiding', { timeout: 30_000 });

  // A manager on a phone.
  const context = await browser.newContext({ baseURL: server.base, viewport: { width: 390, height: 844 } });
  const staff = await context.newPage();
  await loginTo(staff, '/dashboard/orders', ADMIN);
  await staff.getByLabel('Zoeken').fill(String(order.databaseId));
  await staff.getByRole('button', { name: `Bestelling ${order.pickupNumber} openen` }).click();
  const details = staff.getByTestId('order-details');
  await expect(details.getByTestId('order-status')).toHaveText('In bereiding');
  await expect(details.getByText(`Nog terug te betalen:`)).toContainText(euro(order.total));

  await details.getByRole('button', { name: 'Terugbetalen', exact: true }).click();
  const dialog = staff.getByRole('dialog', { name: `Bestelling ${order.pickupNumber} terugbetalen` });
  const amount = dialog.getByLabel('Bedrag (€)');
  // Prefilled with all that can be refunded.
  await expect(amount).toHaveValue(`${Math.floor(order.total / 100)},${String(order.total % 100).padStart(2, '0')}`);
  // More than was paid: refused in the dialog, nothing sent.
  await amount.fill('999,00');
  await dialog.getByLabel('Reden').fill('Friet was koud');
  await dialog.getByRole('button', { name: /^€.*terugbetalen$/ }).click();
  await expect(dialog.getByText(/Geef een bedrag boven 0 en hoogstens/)).toBeVisible();
  await amount.fill('1,00');
  await dialog.getByRole('button', { name: /^€.*terugbetalen$/ }).click();
  await expect(dialog).toBeHidden();
  await expect(details.getByTestId('order-refund')).toHaveCount(1);
  await expect(details.getByTestId('order-refund').first()).toContainText('Friet was koud');
  // A partial refund: the order goes on as it was.
  await expect(details.getByTestId('order-status')).toHaveText('In bereiding');
  await expect(details.getByText(`Nog terug te betalen:`)).toContainText(euro(order.total - 100));
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The rest, by keyboard: the amount is the rest already.
  await details.getByRole('button', { name: 'Terugbetalen', exact: true }).focus();
  await staff.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(staff);
  await dialog.getByLabel('Reden').focus();
  await staff.keyboard.type('Klant wou niet meer');
  await dialog.getByRole('button', { name: /^€.*terugbetalen$/ }).focus();
  await staff.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(details.getByTestId('order-status')).toHaveText('Terugbetaald');
  await expect(details.getByTestId('order-refund')).toHaveCount(2);
  await expect(details.getByRole('button', { name: 'Terugbetalen', exact: true })).toHaveCount(0);

  // The day's figures: sold, and refunded the same day.
  await staff.goto('/dashboard/figures');
  await expect(staff.getByTestId('figures-orders')).toHaveText('1');
  const refunds = staff.getByTestId('figures-refunds');
  await expect(refunds).toContainText('2 terugbetalingen');
  await expect(refunds).toContainText(euro(order.total));
  await expect(staff.getByTestId('figures-gross')).toContainText(euro(0));
  await context.close();
});
