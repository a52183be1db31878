import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';

/**
 * A storefront written for WooGraphQL on its own origin (a second port, served by this spec) runs a shopper's
 * session against Bakje's /graphql: it keeps the cart token it reads from response bodies only (never the
 * response header), sends JSON with cookies and no X-CSRF-Token, and checks out without any time slot
 * (docs/decisions/0036-woographql-limits.md). The server lists this origin in BAKJE_GRAPHQL_CORS_ORIGINS
 * (playwright.config.ts).
 */
const storefrontOrigin = process.env.BAKJE_E2E_STOREFRONT_ORIGIN!;

function storefrontPage(api: string): string {
  // The storefront's own code, as small as such a page gets: no framework, plain fetch.
  const script = `
const api = ${JSON.stringify(`${api}/graphql`)};
let token = null;
let auth = null;
const show = (id, value) => { document.getElementById(id).textContent = String(value); };
async function call(query, variables) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers['woocommerce-session'] = 'Session ' + token;
  if (auth) headers.authorization = 'Bearer ' + auth;
  const response = await fetch(api, { method: 'POST', credentials: 'include', headers, body: JSON.stringify({ query, variables }) });
  const body = await response.json();
  if (body.errors) throw new Error(body.errors[0].message);
  return body.data;
}
const CART = 'query getCart { cart { contents(first: 100) { itemCount nodes { quantity variation { node { databaseId name } } } } } customer { sessionToken } viewer { wooSessionToken } }';
async function shop() {
  const start = await call(CART);
  token = start.customer.sessionToken;
  show('token', token ? 'yes' : 'no');
  const fries = (await call('{ product(id: "frieten", idType: SLUG) { databaseId ... on VariableProduct { variations(first: 100) { nodes { databaseId name } } } } }')).product;
  const variation = fries.variations.nodes[fries.variations.nodes.length - 1];
  await call('mutation($input: AddToCartInput!) { addToCart(input: $input) { cart { contents { itemCount } } } }', { input: { productId: variation.databaseId, variationId: variation.databaseId, quantity: 2 } });
  const cart = await call(CART);
  show('items', cart.cart.contents.itemCount);
  show('variation', cart.cart.contents.nodes[0].variation.node.name);
  const email = 'woo-' + Date.now() + '-' + Math.floor(Math.random() * 1e6) + '@example.be';
  const registered = await call('mutation($input: RegisterCustomerInput!) { registerCustomer(input: $input) { customer { sessionToken firstName } } }', { input: { email, password: 'Stoofvlees met friet', firstName: 'An', lastName: 'Peeters' } });
  token = registered.registerCustomer.customer.sessionToken;
  const renamed = await call('mutation($input: UpdateCustomerInput!) { updateCustomer(input: $input) { customer { firstName } } }', { input: { firstName: 'Anna' } });
  show('name', renamed.updateCustomer.customer.firstName);
  const customerCart = await call(CART);
  token = customerCart.viewer.wooSessionToken;
  show('customer-items', customerCart.cart.contents.itemCount);
  const billing = { firstName: 'Anna', lastName: 'Peeters', phone: '0470 12 34 56', email, address1: 'Veldstraat 1', city: 'Gent', postcode: '9000' };
  const placed = await call('mutation($input: CheckoutInput!) { checkout(input: $input) { result order { orderNumber fulfilmentType timeSlot { start } } } }', { input: { paymentMethod: 'cod', billing } });
  show('result', placed.checkout.result);
  show('fulfilment', placed.checkout.order.fulfilmentType);
  show('slot', placed.checkout.order.timeSlot.start);
  // Logged in again as WooGraphQL clients do: the auth token from the body, sent as Authorization: Bearer.
  const login = await call('mutation($input: LoginInput!) { login(input: $input) { authToken refreshToken customer { sessionToken } } }', { input: { username: email, password: 'Stoofvlees met friet' } });
  auth = login.login.authToken;
  token = login.login.customer.sessionToken;
  const mine = await call('{ customer { orders(first: 10) { nodes { orderNumber } } downloadableItems(first: 10) { nodes { id } } } }');
  show('orders', mine.customer.orders.nodes.map((o) => o.orderNumber).join(','));
  show('downloads', mine.customer.downloadableItems.nodes.length);
  const review = await call('mutation($input: WriteReviewInput!) { writeReview(input: $input) { rating published } }', { input: { rating: 5, commentOn: fries.databaseId, content: 'Krokant en warm.', author: 'Anna', authorEmail: email } });
  show('review', review.writeReview.rating + (review.writeReview.published ? ' published' : ' waiting'));
  await call('mutation { logout(input: {}) { success } }');
  // The ended token is refused, never taken for a guest or for the cookie's login.
  show('after-logout', await call('{ customer { email } }').then(() => 'still logged in', (e) => e.message));
}
document.getElementById('shop').addEventListener('click', () => shop().then(() => show('done', 'done'), (e) => show('error', e.message)));
`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Other storefront</title></head><body>
<button id="shop">Shop</button>
<dl>
<dt>token</dt><dd><output id="token"></output></dd>
<dt>items</dt><dd><output id="items"></output></dd>
<dt>variation</dt><dd><output id="variation"></output></dd>
<dt>name</dt><dd><output id="name"></output></dd>
<dt>customer items</dt><dd><output id="customer-items"></output></dd>
<dt>result</dt><dd><output id="result"></output></dd>
<dt>fulfilment</dt><dd><output id="fulfilment"></output></dd>
<dt>slot</dt><dd><output id="slot"></output></dd>
<dt>orders</dt><dd><output id="orders"></output></dd>
<dt>downloads</dt><dd><output id="downloads"></output></dd>
<dt>review</dt><dd><output id="review"></output></dd>
<dt>after logout</dt><dd><output id="after-logout"></output></dd>
<dt>state</dt><dd><output id="done"></output><output id="error"></output></dd>
</dl>
<script>${script}</script></body></html>`;
}

test.describe('a WooGraphQL storefront on another origin', () => {
  let server: http.Server;

  test.beforeAll(async ({ baseURL }) => {
    const page = storefrontPage(baseURL!);
    server = http.createServer((_, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(page);
    });
    const { hostname, port } = new URL(storefrontOrigin);
    await new Promise<void>((resolve) => server.listen(Number(port), hostname, resolve));
    expect((server.address() as AddressInfo).port).toBe(Number(port));
  });
  test.afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  test('runs a whole shopper session cross-origin, keeping the token it reads from response bodies', async ({ page }) => {
    const tokenHeaderRead: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/graphql') && response.request().method() === 'POST') {
        // The browser lets the page read the renewed token header: the server exposes it to this origin.
        const exposed = response.headers()['access-control-expose-headers'];
        if (exposed) tokenHeaderRead.push(exposed);
      }
    });
    await page.goto(storefrontOrigin);
    await page.getByRole('button', { name: 'Shop' }).click();
    await expect(page.locator('#done')).toHaveText('done', { timeout: 20_000 });
    await expect(page.locator('#error')).toHaveText('');
    await expect(page.locator('#token')).toHaveText('yes');
    await expect(page.locator('#items')).toHaveText('2');
    await expect(page.locator('#variation')).not.toHaveText('');
    // Logged in by cookie, changed without X-CSRF-Token: JSON from a listed origin.
    await expect(page.locator('#name')).toHaveText('Anna');
    // The guest cart went along into the customer's.
    await expect(page.locator('#customer-items')).toHaveText('2');
    await expect(page.locator('#result')).toHaveText('success');
    await expect(page.locator('#fulfilment')).toHaveText('takeaway');
    await expect(page.locator('#slot')).toHaveText(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00[+-]\d{2}:\d{2}$/);
    // Its orders, downloads (a frituur sells none), a review and logout, with the Bearer token of the login.
    await expect(page.locator('#orders')).toHaveText(/^\S+$/);
    await expect(page.locator('#downloads')).toHaveText('0');
    await expect(page.locator('#review')).toHaveText('5 published');
    await expect(page.locator('#after-logout')).not.toHaveText('still logged in');
    await expect(page.locator('#after-logout')).not.toHaveText('');
    expect(tokenHeaderRead.every((value) => value === 'woocommerce-session')).toBe(true);
    expect(tokenHeaderRead.length).toBeGreaterThan(3);
  });
});
