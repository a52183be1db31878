import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Kind, getIntrospectionQuery, parse, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';
import { sql } from 'drizzle-orm';
import * as t from '../src/db/schema/index.js';
import type { App } from '../src/app.js';
import { seedDemoShop } from '../src/modules/demo-shop/demo-shop.js';
import { schema } from '../src/api/graphql/schema.js';
import { MAX_ALIASES, MAX_COST } from '../src/api/graphql/endpoint.js';
import { weighOperation, type CostBounds } from '../src/api/graphql/query-limits.js';
import { Browser } from './support/browser.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { graphql, startTestApp } from './support/server.js';
import {
  ADD_TO_CART,
  CHECKOUT,
  GET_ALL_TERMS,
  GET_CART,
  GET_ORDERS,
  GET_PRODUCT,
  GET_PRODUCTS,
  UPDATE_ITEM_QUANTITIES,
} from './support/woographql-documents.js';

// Saturday 21 November 2026, 10:00 in Brussels: the demo shop opens at 11:00, takeaway slots from 11:30.
const NOW = new Date('2026-11-21T09:00:00Z');
const SITE = 'https://bakje.example';
const STOREFRONT = 'https://storefront.example';
const ELSEWHERE = 'https://evil.example';

const billing = {
  firstName: 'An',
  lastName: 'Peeters',
  phone: '0470 12 34 56',
  email: 'an@example.be',
  address1: 'Veldstraat 1',
  city: 'Gent',
  postcode: '9000',
};

/** A WooGraphQL client that keeps only the token it reads from response bodies, never from headers. */
function bodyTokenClient(app: () => App) {
  let token: string | undefined;
  return {
    get token() {
      return token;
    },
    set token(value: string | undefined) {
      token = value;
    },
    async call(query: string, variables?: Record<string, unknown>) {
      const response = await graphql(app(), query, variables, token ? { 'woocommerce-session': `Session ${token}` } : {});
      return response.body;
    },
  };
}

const FRIES = `{ product(id: "frieten", idType: SLUG) { databaseId ... on VariableProduct { variations { nodes { databaseId name } } } } }`;

async function seededShop(kind: (typeof databaseKinds)[number]) {
  const testDb = await createTestDatabase(kind);
  // The demo shop's fries come in sizes: the global attribute pa_formaat (klein, middel, groot).
  await seedDemoShop(testDb.database.db);
  return testDb;
}

// Validation, CORS and CSRF come before any database work: one database kind shows them.
describe('a WooGraphQL storefront: limits, CORS and CSRF', () => {
  let testDb: TestDatabase;
  let app: App;
  beforeAll(async () => {
    testDb = await seededShop('pglite');
    app = await startTestApp(testDb.database, { BAKJE_SITE_URL: SITE, BAKJE_GRAPHQL_CORS_ORIGINS: STOREFRONT, NODE_ENV: 'development' }, () => NOW);
  });
  afterAll(async () => {
    await app.close();
    await testDb.cleanup();
  });

  describe('limits', () => {
    it('answers the standard introspection query with every option code generators turn on', async () => {
      const query = getIntrospectionQuery({
        descriptions: true,
        specifiedByUrl: true,
        directiveIsRepeatable: true,
        schemaDescription: true,
        inputValueDeprecation: true,
      });
      const { status, body } = await graphql(app, query);
      expect(body.errors).toBeUndefined();
      expect(status).toBe(200);
      expect(body.data.__schema.queryType.name).toBe('RootQuery');
    });

    it("runs a storefront's real documents: the menu with variations, the product page (37 aliases), terms", async () => {
      const products = await graphql(app, GET_PRODUCTS, {});
      expect(products.body.errors?.map((e: { message: string }) => e.message)).toBeUndefined();
      const nodes = products.body.data.products.nodes as { slug: string; variations?: { nodes: unknown[] } }[];
      expect(nodes.length).toBeGreaterThan(10);
      expect(nodes.find((p) => p.slug === 'frieten')!.variations!.nodes.length).toBeGreaterThan(1);
      expect(products.body.data.products.pageInfo.hasNextPage).toBe(false);

      const operation = parse(GET_PRODUCT).definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
      expect(weigh(GET_PRODUCT, operation, LARGE_SHOP).aliases).toBe(37);
      const page = await graphql(app, GET_PRODUCT, { slug: 'frieten' });
      expect(page.body.errors).toBeUndefined();
      expect(page.body.data.product.slug).toBe('frieten');
    });

    it('keeps every document of a whole shopper session under the cost limit for a catalogue much larger than a fry shop', () => {
      for (const text of [GET_CART, GET_PRODUCTS, GET_PRODUCT, GET_ORDERS, ADD_TO_CART, UPDATE_ITEM_QUANTITIES, CHECKOUT, GET_ALL_TERMS]) {
        const operation = parse(text).definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
        const weight = weigh(text, operation, LARGE_SHOP);
        expect(weight.cost, operation.name?.value).toBeLessThanOrEqual(MAX_COST);
        expect(weight.aliases, operation.name?.value).toBeLessThanOrEqual(MAX_ALIASES);
      }
    });

    it('caps a large first at the max query amount and says more follow, never refusing it', async () => {
      const small = await startTestApp(testDb.database, { BAKJE_GRAPHQL_MAX_QUERY_AMOUNT: '4' }, () => NOW);
      try {
        const query = `query($after: String) { products(first: 9999, after: $after) { pageInfo { hasNextPage endCursor } nodes { slug } } }`;
        const first = await graphql(small, query);
        expect(first.body.errors).toBeUndefined();
        expect(first.body.data.products.nodes).toHaveLength(4);
        expect(first.body.data.products.pageInfo.hasNextPage).toBe(true);
        const second = await graphql(small, query, { after: first.body.data.products.pageInfo.endCursor });
        expect(second.body.data.products.nodes).toHaveLength(4);
        expect(second.body.data.products.nodes[0].slug).not.toBe(first.body.data.products.nodes[0].slug);
        const huge = await graphql(
          small,
          `
            {
              products(first: 1000000) {
                nodes {
                  slug
                }
              }
              productCategories(first: 50000) {
                nodes {
                  slug
                }
              }
            }
          `,
        );
        expect(huge.status).toBe(200);
        expect(huge.body.errors).toBeUndefined();
        expect(huge.body.data.products.nodes).toHaveLength(4);
        const negative = await graphql(
          small,
          `
            {
              products(first: -1) {
                nodes {
                  slug
                }
              }
            }
          `,
        );
        expect(negative.body.errors[0].message).toBe('Argument "first" must be 0 or more; got -1.');
      } finally {
        await small.close();
      }
    });

    it('refuses a depth bomb before running anything', async () => {
      let inner = 'name';
      for (let i = 0; i < 8; i++) inner = `productCategories { nodes { products { nodes { ${inner} } } } }`;
      const { status, body } = await graphql(app, `{ products(first: 1) { nodes { ${inner} } } }`);
      expect(status).toBe(400);
      expect(body.errors[0].message).toMatch(/^The query is nested too deeply \(\d+ levels; at most 12\)\.$/);
    });

    it('refuses an alias bomb', async () => {
      const fields = Array.from({ length: MAX_ALIASES + 1 }, (_, i) => `p${i}: products(first: 9999) { nodes { name } }`).join(' ');
      const { status, body } = await graphql(app, `{ ${fields} }`);
      expect(status).toBe(400);
      expect(body.errors[0].message).toBe(`The query uses too many aliases (${MAX_ALIASES + 1}; at most ${MAX_ALIASES}).`);
    });

    it('refuses related inside related (and other product links inside one)', async () => {
      for (const query of [
        `{ product(id: "frieten", idType: SLUG) { related { nodes { related { nodes { name } } } } } }`,
        `{ products { nodes { upsell { nodes { crossSell { nodes { name } } } } } } }`,
        `query { products { nodes { related { nodes { ...Links } } } } } fragment Links on Product { upsell { nodes { name } } }`,
      ]) {
        const { status, body } = await graphql(app, query);
        expect(status, query).toBe(400);
        expect(body.errors[0].message).toMatch(/cannot be asked inside another list of linked products\.$/);
      }
      // One level of related is what product pages ask.
      expect(
        (
          await graphql(
            app,
            `
              {
                product(id: "frieten", idType: SLUG) {
                  related {
                    nodes {
                      name
                    }
                  }
                  upsell {
                    nodes {
                      name
                    }
                  }
                }
              }
            `,
          )
        ).status,
      ).toBe(200);
    });

    it('refuses a query whose nested lists multiply past the cost limit on this catalogue', async () => {
      const nested = `products { nodes { productCategories { nodes { products { nodes { productCategories { nodes { products { nodes { name } } } } } } } } } }`;
      const { status, body } = await graphql(app, `{ a: ${nested} b: ${nested} c: ${nested} }`);
      expect(status).toBe(400);
      expect(body.errors[0].message).toBe(`The query is too expensive (cost over ${MAX_COST}; ask for fewer nested lists).`);
    });
  });

  describe('cross-origin', () => {
    const preflight = (origin: string) =>
      app.server.inject({
        method: 'OPTIONS',
        url: '/graphql',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,woocommerce-session,authorization' },
      });

    it('answers the preflight of a listed origin, with credentials', async () => {
      const response = await preflight(STOREFRONT);
      expect(response.statusCode).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe(STOREFRONT);
      expect(response.headers['access-control-allow-credentials']).toBe('true');
      expect(response.headers['access-control-allow-methods']).toContain('POST');
      expect(response.headers['access-control-allow-headers']).toBe('content-type,woocommerce-session,authorization');
      expect(String(response.headers.vary)).toMatch(/Origin/);
    });

    it('refuses the preflight of an unlisted origin', async () => {
      const response = await preflight(ELSEWHERE);
      expect(response.statusCode).toBe(403);
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    });

    it('lets a listed origin read the answer and the woocommerce-session header; an unlisted one gets no CORS headers', async () => {
      const listed = await graphql(app, GET_CART, {}, { origin: STOREFRONT });
      expect(listed.status).toBe(200);
      expect(listed.headers['access-control-allow-origin']).toBe(STOREFRONT);
      expect(listed.headers['access-control-allow-credentials']).toBe('true');
      expect(listed.headers['access-control-expose-headers']).toBe('woocommerce-session');
      const unlisted = await graphql(app, GET_CART, {}, { origin: ELSEWHERE });
      expect(unlisted.headers['access-control-allow-origin']).toBeUndefined();
      expect(unlisted.headers['access-control-expose-headers']).toBeUndefined();
    });

    it('with * listed, any other origin may call without credentials; listed ones keep them', async () => {
      const open = await startTestApp(testDb.database, { BAKJE_GRAPHQL_CORS_ORIGINS: `${STOREFRONT},*` }, () => NOW);
      try {
        const other = await graphql(
          open,
          `
            {
              __typename
            }
          `,
          {},
          { origin: ELSEWHERE },
        );
        expect(other.headers['access-control-allow-origin']).toBe('*');
        expect(other.headers['access-control-allow-credentials']).toBeUndefined();
        const listed = await graphql(
          open,
          `
            {
              __typename
            }
          `,
          {},
          { origin: STOREFRONT },
        );
        expect(listed.headers['access-control-allow-origin']).toBe(STOREFRONT);
        expect(listed.headers['access-control-allow-credentials']).toBe('true');
      } finally {
        await open.close();
      }
    });
  });

  describe('CSRF without X-CSRF-Token', () => {
    const UPDATE = `mutation($input: UpdateCustomerInput!) { updateCustomer(input: $input) { customer { firstName } } }`;
    const NAME = `{ customer { firstName } }`;
    let b: Browser;
    let email = 0;

    beforeEach(async () => {
      b = new Browser(() => app);
      email += 1;
      const registered = await b.graphql(`mutation($input: RegisterCustomerInput!) { registerCustomer(input: $input) { customer { databaseId } } }`, {
        input: { email: `klant${email}@example.be`, password: 'Stoofvlees met friet', firstName: 'An', lastName: 'Peeters' },
      });
      expect(registered.body.errors).toBeUndefined();
    });
    const nameNow = async () => (await b.graphql(NAME)).body.data.customer.firstName;
    const raw = (headers: Record<string, string>, payload: string) =>
      app.server.inject({
        method: 'POST',
        url: '/graphql',
        headers: { cookie: [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; '), ...headers },
        payload,
      });
    const change = (firstName: string) => JSON.stringify({ query: UPDATE, variables: { input: { firstName } } });

    it('accepts JSON whose Origin is the shop itself or a listed storefront', async () => {
      const fromShop = await b.graphql(UPDATE, { input: { firstName: 'Anna' } }, { csrf: false, headers: { origin: SITE } });
      expect(fromShop.status).toBe(200);
      expect(fromShop.body.data.updateCustomer.customer.firstName).toBe('Anna');
      const fromStorefront = await b.graphql(UPDATE, { input: { firstName: 'Annie' } }, { csrf: false, headers: { origin: STOREFRONT } });
      expect(fromStorefront.status).toBe(200);
      expect(await nameNow()).toBe('Annie');
    });

    it('accepts a Bearer-authenticated request (a page on another site cannot set Authorization)', async () => {
      const response = await b.graphql(UPDATE, { input: { firstName: 'Bea' } }, { csrf: false, headers: { authorization: 'Bearer some.token.value' } });
      expect(response.status).not.toBe(403);
    });

    it('refuses a form posted from another site and changes nothing', async () => {
      const response = await raw(
        { 'content-type': 'application/x-www-form-urlencoded', origin: ELSEWHERE },
        `query=${encodeURIComponent(`mutation { updateCustomer(input: {firstName: "Mallory"}) { customer { firstName } } }`)}`,
      );
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('csrf_invalid');
      expect(await nameNow()).toBe('An');
    });

    it('refuses a text/plain body, even from a listed origin, and changes nothing', async () => {
      for (const origin of [STOREFRONT, ELSEWHERE, SITE]) {
        const response = await raw({ 'content-type': 'text/plain', origin }, change('Mallory'));
        expect(response.statusCode, origin).toBe(403);
      }
      expect(await nameNow()).toBe('An');
    });

    it('refuses JSON from an unlisted origin, or with no Origin at all, and changes nothing', async () => {
      expect((await raw({ 'content-type': 'application/json', origin: ELSEWHERE }, change('Mallory'))).statusCode).toBe(403);
      expect((await raw({ 'content-type': 'application/json', origin: 'null' }, change('Mallory'))).statusCode).toBe(403);
      expect((await raw({ 'content-type': 'application/json' }, change('Mallory'))).statusCode).toBe(403);
      expect(await nameNow()).toBe('An');
    });

    it('keeps the token rule everywhere but /graphql', async () => {
      const response = await b.request('POST', '/api/orders/1/cancel', {}, { csrf: false, headers: { origin: SITE } });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('csrf_invalid');
    });
  });
});

const LARGE_SHOP: CostBounds = {
  maxQueryAmount: 1000,
  products: 600,
  variations: 3000,
  variationsPerProduct: 30,
  linksPerProduct: 10,
  reviewsPerProduct: 200,
  galleryPerProduct: 20,
  categories: 60,
  terms: 300,
  categoriesPerProduct: 5,
  termsPerProduct: 20,
};

function weigh(text: string, operation: OperationDefinitionNode, bounds: CostBounds) {
  const fragments = new Map(
    parse(text)
      .definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d]),
  );
  return weighOperation(schema, operation, fragments, bounds, Number.MAX_SAFE_INTEGER);
}

describe.each(databaseKinds)('a WooGraphQL shopper session on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;

  beforeEach(async () => {
    testDb = await seededShop(kind);
    app = await startTestApp(testDb.database, {}, () => NOW);
  });
  afterEach(async () => {
    await app.close();
    await testDb.cleanup();
  });

  it('keeps the cart of a client that takes the token only from customer.sessionToken or viewer.wooSessionToken', async () => {
    const client = bodyTokenClient(() => app);
    const start = await client.call(GET_CART);
    expect(start.errors).toBeUndefined();
    expect(start.data.viewer).toBeNull();
    client.token = start.data.customer.sessionToken;
    expect(client.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    const fries = (await client.call(FRIES)).data.product;
    const variation = fries.variations.nodes[1];
    // A variation's own id as productId (and as variationId), as WooCommerce takes it.
    const added = await client.call(ADD_TO_CART, { input: { productId: variation.databaseId, variationId: variation.databaseId, quantity: 2 } });
    expect(added.errors).toBeUndefined();
    expect(added.data.addToCart.cartItem.variation.node.databaseId).toBe(variation.databaseId);
    expect(added.data.addToCart.cartItem.product.node.databaseId).toBe(fries.databaseId);
    // Without variationId too.
    const again = await client.call(ADD_TO_CART, { input: { productId: variation.databaseId, quantity: 1 } });
    expect(again.errors).toBeUndefined();

    const cart = await client.call(GET_CART);
    expect(cart.errors).toBeUndefined();
    expect(cart.data.cart.contents.nodes).toHaveLength(1);
    expect(cart.data.cart.contents.nodes[0].quantity).toBe(3);
    expect(cart.data.cart.contents.nodes[0].variation.node.databaseId).toBe(variation.databaseId);

    // A variation id with another variation's id as variationId is no such product.
    const other = fries.variations.nodes[0];
    const mismatch = await client.call(ADD_TO_CART, { input: { productId: variation.databaseId, variationId: other.databaseId, quantity: 1 } });
    expect(mismatch.errors[0].extensions.code).toBe('NOT_PURCHASABLE');

    // Logged in, the viewer carries the token too, and a client using only that keeps the customer's cart.
    const b = new Browser(() => app);
    b.token = client.token;
    const registered = await b.graphql(`mutation($input: RegisterCustomerInput!) { registerCustomer(input: $input) { customer { databaseId } } }`, {
      input: { email: 'an@example.be', password: 'Stoofvlees met friet', firstName: 'An', lastName: 'Peeters' },
    });
    expect(registered.body.errors).toBeUndefined();
    b.token = undefined;
    const viewed = await b.graphql(`{ viewer { wooSessionToken } customer { sessionToken } }`);
    const viewerToken = viewed.body.data.viewer.wooSessionToken as string;
    expect(viewerToken).toBe(viewed.body.data.customer.sessionToken);
    b.token = viewerToken;
    const customerCart = await b.graphql(`{ cart { contents { nodes { quantity } } } }`);
    expect(customerCart.body.data.cart.contents.nodes.map((n: { quantity: number }) => n.quantity)).toEqual([3]);
  });

  it('answers attribute terms for taxonomy names as clients spell them (PAFORMAAT, PA_FORMAAT, pa_formaat)', async () => {
    for (const taxonomy of ['PAFORMAAT', 'PA_FORMAAT', 'pa_formaat']) {
      const { body } = await graphql(app, GET_ALL_TERMS, { taxonomies: [taxonomy], hideEmpty: false });
      expect(body.errors, taxonomy).toBeUndefined();
      expect(body.data.terms.nodes.map((n: { slug: string; taxonomyName: string }) => [n.taxonomyName, n.slug])).toEqual([
        ['pa_formaat', 'klein'],
        ['pa_formaat', 'middel'],
        ['pa_formaat', 'groot'],
      ]);
    }
  });

  async function cartWithFries(client: ReturnType<typeof bodyTokenClient>) {
    const start = await client.call(GET_CART);
    client.token = start.data.customer.sessionToken;
    const fries = (await client.call(FRIES)).data.product;
    const added = await client.call(ADD_TO_CART, { input: { productId: fries.databaseId, variationId: fries.variations.nodes[0].databaseId, quantity: 1 } });
    expect(added.errors).toBeUndefined();
  }

  it('checks out without fulfilment or time slot: takeaway as soon as possible, the summary showing the time', async () => {
    const client = bodyTokenClient(() => app);
    await cartWithFries(client);
    const placed = await client.call(CHECKOUT, { input: { paymentMethod: 'cod', billing } });
    expect(placed.errors).toBeUndefined();
    expect(placed.data.checkout.result).toBe('success');
    const order = placed.data.checkout.order;
    expect(order.fulfilmentType).toBe('takeaway');
    // 10:00 plus the 20 minutes' lead time: the first takeaway time is 11:30.
    expect(order.timeSlot).toEqual({ start: '2026-11-21T11:30:00+01:00', end: '2026-11-21T11:45:00+01:00' });
    const summary = await client.call(`query($id: ID!) { order(id: $id, idType: DATABASE_ID) { timeSlot { start } } }`, { id: order.databaseId });
    expect(summary.data.order.timeSlot.start).toBe('2026-11-21T11:30:00+01:00');
  });

  it('concurrent as-soon-as-possible checkouts never overfill a time: each takes the earliest one left', async () => {
    // One order per takeaway time.
    await testDb.database.db.update(t.timeSlots).set({ maxOrders: 1 });
    const clients = Array.from({ length: 6 }, () => bodyTokenClient(() => app));
    for (const client of clients) await cartWithFries(client);
    const results = await Promise.all(clients.map((client) => client.call(CHECKOUT, { input: { paymentMethod: 'cod', billing } })));
    for (const result of results) expect(result.errors).toBeUndefined();
    const starts = results.map((r) => r.data.checkout.order.timeSlot.start as string).sort();
    expect(starts).toEqual([
      '2026-11-21T11:30:00+01:00',
      '2026-11-21T11:45:00+01:00',
      '2026-11-21T12:00:00+01:00',
      '2026-11-21T12:15:00+01:00',
      '2026-11-21T12:30:00+01:00',
      '2026-11-21T12:45:00+01:00',
    ]);
    const overfilled = await testDb.database.db.execute(sql`select count(*)::int as n from slot_bookings where booked > 1`);
    expect((overfilled as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('with as-soon-as-possible orders off, a checkout without a time slot gets the slot message', async () => {
    await app.close();
    await testDb.database.db
      .insert(t.settings)
      .values({ key: 'ordering', value: { leadTimeMinutes: 20, daysAhead: 7, asapOrders: false } })
      .onConflictDoUpdate({ target: t.settings.key, set: { value: { leadTimeMinutes: 20, daysAhead: 7, asapOrders: false } } });
    app = await startTestApp(testDb.database, {}, () => NOW);
    const client = bodyTokenClient(() => app);
    await cartWithFries(client);
    const refused = await client.call(CHECKOUT, { input: { paymentMethod: 'cod', billing } });
    expect(refused.errors[0].message).toBe('A valid time slot must be selected before proceeding.');
    expect(refused.errors[0].extensions.code).toBe('SLOT_REQUIRED');
    const cart = await client.call(GET_CART);
    expect(cart.data.cart.contents.itemCount).toBe(1);
  });
});
