import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Ordering helpers: a GraphQL caller that keeps its own session token (one per simulated customer), used to
 * prepare data through the same public API the storefront uses (e.g. fill a slot with real orders).
 */
export function customer(request: APIRequestContext) {
  let token: string | undefined;
  return async <T>(query: string, variables: Record<string, unknown> = {}): Promise<T> => {
    const response = await request.post('/graphql', {
      data: { query, variables },
      headers: { 'x-bakje-locale': 'en_US', ...(token ? { 'woocommerce-session': `Session ${token}` } : {}) },
    });
    const issued = response.headers()['woocommerce-session'];
    if (issued) token = issued;
    const body = (await response.json()) as { data: T; errors?: { message: string }[] };
    expect(body.errors ?? []).toEqual([]);
    return body.data;
  };
}

export const billing = { firstName: 'An', lastName: 'Peeters', phone: '0470 12 34 56', address1: 'Veldstraat 1', city: 'Gent', postcode: '9000' };

export async function productId(request: APIRequestContext, slug: string): Promise<number> {
  const data = await customer(request)<{ product: { databaseId: number } }>(`query($slug: ID!) { product(id: $slug, idType: SLUG) { databaseId } }`, { slug });
  return data.product.databaseId;
}

/**
 * Tomorrow in the shop's time zone (the server's second ordering day). Its slots are valid whatever the
 * hour the suite runs: the lead time (20 min) never reaches into tomorrow's first slot.
 */
export async function tomorrow(request: APIRequestContext): Promise<string> {
  const data = await customer(request)<{ orderingDays: { date: string }[] }>(`{ orderingDays(type: TAKEAWAY) { date } }`);
  return data.orderingDays[1]!.date;
}

export async function slotAt(request: APIRequestContext, type: 'TAKEAWAY' | 'DELIVERY' | 'DINEIN', date: string, clock: string) {
  const data = await customer(request)<{ availableTimeSlots: { id: string; remaining: number; isFullyBooked: boolean }[] }>(
    `query($type: FulfilmentTypeEnum!, $date: String!) { availableTimeSlots(type: $type, date: $date) { id remaining isFullyBooked } }`,
    { type, date },
  );
  const slot = data.availableTimeSlots.find((s) => s.id.endsWith(`${date}T${clock}`));
  expect(slot, `${type} slot at ${date} ${clock}`).toBeTruthy();
  return slot!;
}

/** Places a cash order through the API as a new customer; returns its id and key. */
export async function placeApiOrder(request: APIRequestContext, slotId: string, fulfilment = 'takeaway') {
  const call = customer(request);
  const pid = await productId(request, 'fristi');
  await call(`mutation($id: Int!) { addToCart(input: {productId: $id, quantity: 1}) { cart { isEmpty } } }`, { id: pid });
  const data = await call<{ checkout: { order: { databaseId: number; orderKey: string; pickupNumber: number } } }>(
    `mutation($input: CheckoutInput!) { checkout(input: $input) { order { databaseId orderKey pickupNumber } } }`,
    {
      input: {
        paymentMethod: 'cod',
        billing,
        metaData: [
          { key: 'fulfilment_type', value: fulfilment },
          { key: 'time_slot', value: slotId },
        ],
      },
    },
  );
  return data.checkout.order;
}

/** Adds a simple product from its page, `quantity` times one line. */
export async function addFromProductPage(page: Page, slug: string, quantity = 1) {
  await page.goto(`/product/${slug}`);
  await expect(page.getByTestId('product-page')).toBeVisible();
  if (quantity > 1) await page.locator('.order-form .stepper__input').fill(String(quantity));
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('added')).toBeVisible();
}

/** Picks a day and slot in the checkout's picker. */
export async function pickSlot(page: Page, date: string, slotId: string) {
  await page.locator(`[data-testid="day-option"][data-date="${date}"]`).click();
  const option = page.locator(`[data-testid="slot-option"][data-slot-id="${slotId}"]`);
  await option.click();
  await expect(option.getByRole('radio')).toBeChecked();
}
