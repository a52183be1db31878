import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { aProduct } from './support/builders.js';
import { Browser } from './support/browser.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { anOrder } from './support/orders.js';
import { catalogCaughtUp, graphql, startTestApp } from './support/server.js';
import { codeOf } from './support/shop-hours.js';

// A storefront on another origin: no cookies, only what the response bodies give it (docs/interfaces.md §1).
const REGISTER = `mutation($input: RegisterCustomerInput!) { registerCustomer(input: $input) { customer { databaseId } authToken refreshToken } }`;
const LOGIN = /* GraphQL */ `
  mutation Login($username: String!, $password: String!) {
    login(input: { provider: PASSWORD, credentials: { username: $username, password: $password } }) {
      authToken
      authTokenExpiration
      refreshToken
      refreshTokenExpiration
      user {
        id
        databaseId
        username
        email
        firstName
        lastName
        name
        registeredDate
      }
      customer {
        databaseId
        sessionToken
      }
    }
  }
`;
const ME = `{ customer { databaseId email date } viewer { databaseId } }`;
const REFRESH = `mutation($token: String!) { refreshJwtAuthToken(input: {jwtRefreshToken: $token, clientMutationId: "r1"}) { clientMutationId authToken authTokenExpiration } }`;
const LOGOUT = `mutation { logout(input: {}) { success } }`;
const UPDATE_USER = `mutation($id: ID!, $p: String, $current: String) { updateUser(input: {id: $id, password: $p, currentPassword: $current}) { user { databaseId } } }`;
const UPDATE_CUSTOMER_PASSWORD = `mutation($p: String, $current: String) { updateCustomer(input: {password: $p, currentPassword: $current}) { customer { databaseId } } }`;
const ORDERS = /* GraphQL */ `
  query Orders($where: CustomerToOrderConnectionWhereArgs) {
    customer {
      orders(first: 10, where: $where) {
        nodes {
          databaseId
          status
          total(format: RAW)
        }
      }
      downloadableItems(first: 10) {
        nodes {
          id
          downloadId
          name
          url
          accessExpires
          downloadsRemaining
          product {
            databaseId
            slug
          }
          order {
            databaseId
          }
        }
      }
    }
  }
`;
const ORDER_DOWNLOADS = `query($id: ID!) { order(id: $id, idType: DATABASE_ID) { downloadableItems(first: 5) { nodes { name product { slug } } pageInfo { hasNextPage } } } }`;

const PASSWORD = 'Stoofvlees met friet';
const START = new Date('2026-11-21T09:00:00Z');

describe.each(databaseKinds)('storefront auth tokens on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let now: Date;
  let customerId: number;
  let registeredToken: string;

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const ask = (query: string, variables?: Record<string, unknown>, token?: string) => graphql(app, query, variables, token ? bearer(token) : {});
  async function login(password = PASSWORD) {
    const result = await ask(LOGIN, { username: 'an@example.be', password });
    expect(result.body.errors).toBeUndefined();
    return result.body.data.login as { authToken: string; refreshToken: string; authTokenExpiration: string; refreshTokenExpiration: string };
  }

  beforeEach(async () => {
    testDb = await createTestDatabase(kind);
    now = new Date(START);
    app = await startTestApp(testDb.database, {}, () => now);
    const registered = await new Browser(() => app).graphql(REGISTER, {
      input: { email: 'an@example.be', password: PASSWORD, firstName: 'An', lastName: 'Peeters' },
    });
    expect(registered.body.errors).toBeUndefined();
    customerId = registered.body.data.registerCustomer.customer.databaseId;
    registeredToken = registered.body.data.registerCustomer.authToken;
  });
  afterEach(async () => {
    await app.close();
    await testDb.cleanup();
  });

  it('login answers both tokens, their expirations and the user; a Bearer auth token is that customer', async () => {
    const result = await ask(LOGIN, { username: 'an@example.be', password: PASSWORD });
    const answer = result.body.data.login;
    expect(answer.user).toMatchObject({ databaseId: customerId, email: 'an@example.be', firstName: 'An', lastName: 'Peeters', name: 'An Peeters' });
    // Account rows take the database's time of registration.
    const registeredDate = answer.user.registeredDate as string;
    expect(new Date(registeredDate).toISOString()).toBe(registeredDate);
    expect(Number(answer.authTokenExpiration)).toBe(START.getTime() / 1000 + 15 * 60);
    expect(Number(answer.refreshTokenExpiration)).toBeGreaterThan(START.getTime() / 1000 + 29 * 24 * 3600);
    expect(answer.authToken.split('.')).toHaveLength(3);

    const me = await ask(ME, undefined, answer.authToken);
    expect(me.body.errors).toBeUndefined();
    expect(me.body.data).toEqual({ customer: { databaseId: customerId, email: 'an@example.be', date: registeredDate }, viewer: { databaseId: customerId } });
    // registerCustomer's token works the same.
    expect((await ask(ME, undefined, registeredToken)).body.data.viewer).toEqual({ databaseId: customerId });
    // Without the token the same client is a guest.
    expect((await ask(ME)).body.data.viewer).toBeNull();
  });

  it('a bad, foreign or expired auth token is a clear error, never a login; refresh gives a new one', async () => {
    const tokens = await login();
    for (const token of ['not-a-token', tokens.refreshToken, `${tokens.authToken.slice(0, -2)}xx`]) {
      const result = await ask(ME, undefined, token);
      expect(codeOf(result.body)).toBe('INVALID_AUTH_TOKEN');
      expect(result.body.data?.viewer ?? null).toBeNull();
    }
    // A guest cart token (signed with the same server secret) is no auth token either.
    const cartToken = (await ask(`{ customer { sessionToken } }`)).body.data.customer.sessionToken;
    expect(codeOf((await ask(ME, undefined, cartToken)).body)).toBe('INVALID_AUTH_TOKEN');

    now = new Date(START.getTime() + 16 * 60_000);
    const expired = await ask(ME, undefined, tokens.authToken);
    expect(codeOf(expired.body)).toBe('INVALID_AUTH_TOKEN');
    expect(expired.body.errors[0].message).toMatch(/expired/);

    const refreshed = await ask(REFRESH, { token: tokens.refreshToken });
    expect(refreshed.body.errors).toBeUndefined();
    expect(refreshed.body.data.refreshJwtAuthToken.clientMutationId).toBe('r1');
    expect(Number(refreshed.body.data.refreshJwtAuthToken.authTokenExpiration)).toBe(now.getTime() / 1000 + 15 * 60);
    const fresh = refreshed.body.data.refreshJwtAuthToken.authToken;
    expect((await ask(ME, undefined, fresh)).body.data.customer.databaseId).toBe(customerId);

    // An auth token is not a refresh token.
    expect(codeOf((await ask(REFRESH, { token: fresh })).body)).toBe('INVALID_REFRESH_TOKEN');

    // Logging in again while still sending the expired token: the answer speaks for the new login.
    const again = await ask(LOGIN, { username: 'an@example.be', password: PASSWORD }, tokens.authToken);
    expect(again.body.errors).toBeUndefined();
    expect(again.body.data.login.customer.databaseId).toBe(customerId);
  });

  it('logout ends the auth token and the refresh token at once', async () => {
    const tokens = await login();
    const other = await login();
    expect((await ask(LOGOUT, undefined, tokens.authToken)).body.data.logout.success).toBe(true);

    expect(codeOf((await ask(ME, undefined, tokens.authToken)).body)).toBe('INVALID_AUTH_TOKEN');
    expect(codeOf((await ask(REFRESH, { token: tokens.refreshToken })).body)).toBe('INVALID_REFRESH_TOKEN');
    // Another login of the same account goes on.
    expect((await ask(ME, undefined, other.authToken)).body.data.customer.databaseId).toBe(customerId);
  });

  it('a password change (updateUser or updateCustomer) ends every other login and its tokens', async () => {
    const changer = await login();
    const stolen = await login();
    const id = Buffer.from(`user:${customerId}`).toString('base64');

    const wrong = await ask(UPDATE_USER, { id, p: 'Vol-au-vent met frietjes', current: 'not it' }, changer.authToken);
    expect(codeOf(wrong.body)).toBe('CURRENT_PASSWORD_WRONG');
    expect((await ask(ME, undefined, stolen.authToken)).body.data.customer.databaseId).toBe(customerId);

    const changed = await ask(UPDATE_USER, { id, p: 'Vol-au-vent met frietjes', current: PASSWORD }, changer.authToken);
    expect(changed.body.errors).toBeUndefined();
    expect(codeOf((await ask(ME, undefined, stolen.authToken)).body)).toBe('INVALID_AUTH_TOKEN');
    expect(codeOf((await ask(REFRESH, { token: stolen.refreshToken })).body)).toBe('INVALID_REFRESH_TOKEN');
    // The login that made the change goes on, and its refresh token still works.
    expect((await ask(ME, undefined, changer.authToken)).body.data.customer.databaseId).toBe(customerId);
    expect((await ask(REFRESH, { token: changer.refreshToken })).body.errors).toBeUndefined();

    // The same through updateCustomer (WooGraphQL's UpdateCustomerInput.password).
    const third = await login('Vol-au-vent met frietjes');
    expect(codeOf((await ask(UPDATE_CUSTOMER_PASSWORD, { p: 'Stoverij met mayonaise' }, changer.authToken)).body)).toBe('CURRENT_PASSWORD_REQUIRED');
    const viaCustomer = await ask(UPDATE_CUSTOMER_PASSWORD, { p: 'Stoverij met mayonaise', current: 'Vol-au-vent met frietjes' }, changer.authToken);
    expect(viaCustomer.body.errors).toBeUndefined();
    expect(codeOf((await ask(ME, undefined, third.authToken)).body)).toBe('INVALID_AUTH_TOKEN');
    expect((await ask(LOGIN, { username: 'an@example.be', password: 'Stoverij met mayonaise' })).body.errors).toBeUndefined();
    // A guest cannot set a password through updateCustomer.
    expect(codeOf((await ask(UPDATE_CUSTOMER_PASSWORD, { p: 'Stoverij met mayonaise', current: 'x' })).body)).toBe('LOGIN_REQUIRED');
  });

  it('social login: no providers are listed, and asking for one is a clear error that logs nobody in', async () => {
    expect((await ask(`{ loginClients { name provider isEnabled } }`)).body.data.loginClients).toEqual([]);
    const result = await ask(`mutation { login(input: {provider: GOOGLE, oauthResponse: {code: "abc", state: "xyz"}}) { authToken user { databaseId } } }`);
    expect(codeOf(result.body)).toBe('LOGIN_PROVIDER_NOT_SET_UP');
    expect(result.body.errors[0].message).toMatch(/GOOGLE is not set up/);
    expect(result.body.data).toBeNull();
  });

  it('Customer.orders(where) filters and orders the own orders; downloads come from paid orders of downloadable products', async () => {
    const db = testDb.database.db;
    const ebook = await aProduct(db, {
      slug: 'frietsaus-receptenboek',
      metaData: [
        { key: '_downloadable', value: 'yes' },
        { key: '_downloadable_files', value: JSON.stringify([{ id: 'f1', name: 'Receptenboek', file: 'https://cdn.example/recepten.pdf' }]) },
        { key: '_download_limit', value: '5' },
        { key: '_download_expiry', value: '30' },
      ],
    });
    const fries = await aProduct(db, { slug: 'friet' });
    await catalogCaughtUp(app, testDb.database);
    const paidAt = new Date('2026-11-20T12:00:00Z');
    const paid = await anOrder(db, { customerId, status: 'completed', datePaid: paidAt, total: 1200, createdAt: new Date('2026-11-20T11:00:00Z') }, ebook.id);
    const pending = await anOrder(db, { customerId, status: 'pending', total: 800, createdAt: new Date('2026-11-20T13:00:00Z') }, ebook.id);
    const onHold = await anOrder(db, { customerId, status: 'on-hold', total: 500, createdAt: new Date('2026-11-19T13:00:00Z') }, fries.id);
    await anOrder(db, { status: 'completed' }, ebook.id); // someone else's
    const { authToken } = await login();

    const all = (await ask(ORDERS, {}, authToken)).body.data.customer;
    expect(all.orders.nodes.map((o: { databaseId: number }) => o.databaseId)).toEqual([pending.id, paid.id, onHold.id]);
    const filtered = await ask(ORDERS, { where: { statuses: ['COMPLETED', 'ON_HOLD'], orderby: [{ field: 'TOTAL', order: 'ASC' }] } }, authToken);
    expect(filtered.body.data.customer.orders.nodes).toEqual([
      { databaseId: onHold.id, status: 'ON_HOLD', total: '5.00' },
      { databaseId: paid.id, status: 'COMPLETED', total: '12.00' },
    ]);
    const byNumber = await ask(ORDERS, { where: { search: String(paid.id) } }, authToken);
    expect(byNumber.body.data.customer.orders.nodes.map((o: { databaseId: number }) => o.databaseId)).toEqual([paid.id]);
    const byProduct = await ask(ORDERS, { where: { productId: fries.id } }, authToken);
    expect(byProduct.body.data.customer.orders.nodes.map((o: { databaseId: number }) => o.databaseId)).toEqual([onHold.id]);

    // Only the paid order grants the file; the pending one does not yet.
    expect(all.downloadableItems.nodes).toEqual([
      {
        id: expect.any(String),
        downloadId: 'f1',
        name: 'Receptenboek',
        url: 'https://cdn.example/recepten.pdf',
        accessExpires: new Date(paidAt.getTime() + 30 * 86_400_000).toISOString(),
        downloadsRemaining: 5,
        product: { databaseId: ebook.id, slug: 'frietsaus-receptenboek' },
        order: { databaseId: paid.id },
      },
    ]);
    const orderDownloads = await ask(ORDER_DOWNLOADS, { id: String(paid.id) }, authToken);
    expect(orderDownloads.body.data.order.downloadableItems).toEqual({
      nodes: [{ name: 'Receptenboek', product: { slug: 'frietsaus-receptenboek' } }],
      pageInfo: { hasNextPage: false },
    });
    // After the access period the download is gone from the list.
    now = new Date(paidAt.getTime() + 31 * 86_400_000);
    const { authToken: later } = await login();
    expect((await ask(ORDERS, {}, later)).body.data.customer.downloadableItems.nodes).toEqual([]);

    // A guest sees no orders and no downloads.
    expect((await ask(ORDERS)).body.data.customer).toEqual({ orders: { nodes: [] }, downloadableItems: { nodes: [] } });
  });
});
