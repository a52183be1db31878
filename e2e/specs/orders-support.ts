import { expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';

export interface Credentials {
  email: string;
  password: string;
}

export interface PlacedOrder {
  databaseId: number;
  pickupNumber: number;
  orderKey: string;
}

/**
 * A customer (own session) places a cash takeaway order through the shop's GraphQL API on a server opened
 * all day (StaffServer): `day` 0 is today, `products` how many different simple products (one each).
 */
export async function placeOrder(
  base: string,
  /** `code`: a coupon or gift card code entered before the checkout. */
  options: { lastName: string; day?: number; products?: number; skip?: number; code?: string },
): Promise<PlacedOrder> {
  const api: APIRequestContext = await playwrightRequest.newContext({ baseURL: base });
  let token: string | undefined;
  const call = async <T>(query: string, variables: Record<string, unknown> = {}): Promise<T> => {
    const response = await api.post('/graphql', { data: { query, variables }, headers: token ? { 'woocommerce-session': `Session ${token}` } : {} });
    token = response.headers()['woocommerce-session'] ?? token;
    const body = (await response.json()) as { data: T; errors?: { message: string }[] };
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data;
  };
  try {
    const { products } = await call<{ products: { nodes: { databaseId: number; type: string; stockStatus?: string; addons: { required: boolean }[] }[] } }>(
      `{ products(first: 9999) { nodes { databaseId type addons { required } ... on SimpleProduct { stockStatus } } } }`,
    );
    const simple = products.nodes.filter((p) => p.type === 'SIMPLE' && p.stockStatus === 'IN_STOCK' && !p.addons.some((a) => a.required));
    const chosen = simple.slice(options.skip ?? 0, (options.skip ?? 0) + (options.products ?? 1));
    for (const product of chosen) {
      await call(`mutation($id: Int!) { addToCart(input: {productId: $id, quantity: 1}) { cart { isEmpty } } }`, { id: product.databaseId });
    }
    if (options.code) await call(`mutation($code: String!) { applyCoupon(input: {code: $code}) { cart { isEmpty } } }`, { code: options.code });
    const { orderingDays } = await call<{ orderingDays: { date: string }[] }>(`{ orderingDays(type: TAKEAWAY) { date } }`);
    const date = orderingDays[options.day ?? 0]!.date;
    const { availableTimeSlots } = await call<{ availableTimeSlots: { id: string; isFullyBooked: boolean }[] }>(
      `query($date: String!) { availableTimeSlots(type: TAKEAWAY, date: $date) { id isFullyBooked } }`,
      { date },
    );
    // Today: the next free slot; a later day: 18:00, a pre-order for the evening.
    const slot = (options.day ?? 0) === 0 ? availableTimeSlots.find((s) => !s.isFullyBooked) : availableTimeSlots.find((s) => s.id.endsWith('T18:00'));
    if (!slot) throw new Error(`no free slot on ${date}`);
    const billing = {
      firstName: 'Test',
      lastName: options.lastName,
      phone: '0470 00 00 00',
      email: 'klant@bakje.test',
      address1: 'Korenmarkt 1',
      city: 'Gent',
      postcode: '9000',
    };
    const { checkout } = await call<{ checkout: { order: PlacedOrder } }>(
      `mutation($input: CheckoutInput!) { checkout(input: $input) { order { databaseId pickupNumber orderKey } } }`,
      {
        input: {
          paymentMethod: 'cod',
          billing,
          metaData: [
            { key: 'fulfilment_type', value: 'takeaway' },
            { key: 'time_slot', value: slot.id },
          ],
        },
      },
    );
    return checkout.order;
  } finally {
    await api.dispose();
  }
}

/** Logs in through the login page, coming back to `path`. */
export async function loginTo(page: Page, path: string, account: Credentials): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login\?redirect=/);
  const form = page.getByRole('form', { name: 'Inloggen' });
  await form.getByLabel('Gebruikersnaam of e-mailadres').fill(account.email);
  await form.getByLabel('Wachtwoord', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/?]/g, (c) => `\\${c}`)}$`));
}
