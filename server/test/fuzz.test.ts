import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { App } from '../src/app.js';
import { ApiKeyService, type CreatedApiKey } from '../src/modules/api-keys/api-key-service.js';
import { orderStatuses } from '../src/db/schema/index.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { TEST_PEPPER, catalogCaughtUp, graphql, startTestApp } from './support/server.js';
import { aCategory, aProduct } from './support/builders.js';
import { DAY, NOW, aShopTakingOrders, anOrder } from './support/orders.js';
import { Browser } from './support/browser.js';
import { captureLog, secretsIn } from './support/log-capture.js';
import { ensureFirstAdmin } from '../src/modules/auth/first-admin.js';
import { fuzzOptions, fuzzRuns } from './support/fuzz-depth.js';

const RUNS = fuzzRuns(1000);

/** One fingerprint of every table a request could change (key last-access times excepted). */
async function fingerprint(testDb: TestDatabase): Promise<string> {
  const tables = ['orders', 'order_lines', 'products', 'categories', 'product_categories', 'carts', 'coupons', 'coupon_usages', 'settings', 'slot_bookings'];
  const parts: string[] = [];
  for (const table of tables) {
    const result = await testDb.database.db.execute(
      sql.raw(`select count(*)::text as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h from ${table} t`),
    );
    const row = (Array.isArray(result) ? result[0] : (result as { rows: unknown[] }).rows[0]) as { n: string; h: string };
    parts.push(`${table}:${row.n}:${row.h}`);
  }
  const keys = await testDb.database.db.execute(
    sql.raw(`select md5(string_agg(id || scope || key_hash || coalesce(revoked_at::text, ''), '|' order by id)) as h from api_keys`),
  );
  parts.push(JSON.stringify(Array.isArray(keys) ? keys : (keys as { rows: unknown[] }).rows));
  return parts.join('\n');
}

/** Arbitrary text, including the odd characters parsers trip on. */
const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('', ' ', '0', '-1', '1e309', 'NaN', 'null', '[]', '{}', '%00', '\u0000', "' or 1=1 --", '<script>', '../../etc/passwd', 'a'.repeat(5000)),
);
const scalar = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const anyJson = fc.jsonValue({ maxDepth: 3 });
const loose = fc.oneof(scalar, fc.array(scalar, { maxLength: 4 }), anyJson);

describe.each(databaseKinds)('fuzzing: no 500 and no data change (%s)', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let readKey: CreatedApiKey;
  let readWriteKey: CreatedApiKey;
  let orderId: number;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    const db = testDb.database.db;
    const category = await aCategory(db, { slug: 'frieten' });
    for (let i = 0; i < 5; i++) await aProduct(db, { categoryIds: [category.id], manageStock: i === 0, stockQuantity: i === 0 ? 10 : null });
    orderId = (await anOrder(db)).id;
    const keys = new ApiKeyService(db, () => TEST_PEPPER);
    readKey = await keys.create({ scope: 'read' });
    readWriteKey = await keys.create({ scope: 'read_write' });
    app = await startTestApp(testDb.database);
    await catalogCaughtUp(app, testDb.database);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const noInternalError = (response: { status: number; body: { errors?: { extensions?: { code?: string }; message: string }[] } }) => {
    expect(response.status).toBeLessThan(500);
    for (const error of response.body.errors ?? []) {
      expect(error.extensions?.code).not.toBe('INTERNAL_SERVER_ERROR');
      expect(error.message).not.toMatch(/Internal server error|select |insert |update |\n\s+at /i);
    }
  };

  it(`GraphQL query variables (${RUNS} cases)`, async () => {
    const before = await fingerprint(testDb);
    const where = fc.record(
      {
        categoryIn: loose,
        category: loose,
        slugIn: loose,
        include: loose,
        exclude: loose,
        search: loose,
        type: loose,
        typeIn: loose,
        visibility: loose,
        minPrice: loose,
        maxPrice: loose,
        onSale: loose,
        featured: loose,
        stockStatus: loose,
        status: loose,
        orderby: fc.oneof(loose, fc.array(fc.record({ field: loose, order: loose }, { requiredKeys: [] }), { maxLength: 3 })),
      },
      { requiredKeys: [] },
    );
    const operations = [
      {
        query:
          'query P($first: Int, $after: String, $last: Int, $before: String, $where: RootQueryToProductConnectionWhereArgs) { products(first: $first, after: $after, last: $last, before: $before, where: $where) { found pageInfo { hasNextPage endCursor } nodes { databaseId name } } }',
        variables: fc.record({ first: loose, after: loose, last: loose, before: loose, where: fc.oneof(where, loose) }, { requiredKeys: [] }),
      },
      {
        query: 'query One($id: ID!, $idType: ProductIdTypeEnum) { product(id: $id, idType: $idType) { databaseId name ... on SimpleProduct { stockStatus } } }',
        variables: fc.record({ id: loose, idType: fc.oneof(fc.constantFrom('ID', 'DATABASE_ID', 'SLUG', 'SKU'), loose) }, { requiredKeys: [] }),
      },
      {
        query:
          'query C($first: Int, $where: RootQueryToProductCategoryConnectionWhereArgs) { productCategories(first: $first, where: $where) { nodes { databaseId name count } } }',
        variables: fc.record(
          {
            first: loose,
            where: fc.oneof(fc.record({ hideEmpty: loose, order: loose, orderby: loose, slug: loose, search: loose }, { requiredKeys: [] }), loose),
          },
          { requiredKeys: [] },
        ),
      },
      {
        query: 'query O($id: ID!, $key: String) { order(id: $id, orderKey: $key) { databaseId status total } }',
        variables: fc.record({ id: fc.oneof(fc.constant(String(orderId)), loose), key: loose }, { requiredKeys: [] }),
      },
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: operations.length - 1 }).chain((i) => fc.tuple(fc.constant(i), operations[i]!.variables)),
        async ([i, variables]) => {
          noInternalError(await graphql(app, operations[i]!.query, variables as Record<string, unknown>));
        },
      ),
      fuzzOptions(1000),
    );
    expect(await fingerprint(testDb)).toBe(before);
  });

  it(`GraphQL mutations with invalid input (${RUNS} cases)`, async () => {
    const before = await fingerprint(testDb);
    const missingProduct = fc.oneof(fc.integer({ min: 100_000 }), fc.integer({ max: 0 }), loose);
    const operations = [
      {
        query: 'mutation A($input: AddToCartInput!) { addToCart(input: $input) { cart { isEmpty } } }',
        variables: fc.record(
          {
            input: fc.oneof(
              fc.record(
                { productId: missingProduct, quantity: loose, variationId: loose, variation: loose, extraData: loose, addons: loose },
                { requiredKeys: ['productId'] },
              ),
              loose,
            ),
          },
          { requiredKeys: [] },
        ),
      },
      {
        query: 'mutation C($input: ApplyCouponInput!) { applyCoupon(input: $input) { applied { code } } }',
        variables: fc.record({ input: fc.oneof(fc.record({ code: loose }, { requiredKeys: [] }), loose) }, { requiredKeys: [] }),
      },
      {
        query: 'mutation Q($input: UpdateItemQuantitiesInput!) { updateItemQuantities(input: $input) { cart { isEmpty } } }',
        variables: fc.record(
          {
            input: fc.oneof(
              fc.record(
                { items: fc.oneof(fc.array(fc.record({ key: loose, quantity: loose }, { requiredKeys: [] }), { maxLength: 3 }), loose) },
                { requiredKeys: [] },
              ),
              loose,
            ),
          },
          { requiredKeys: [] },
        ),
      },
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: operations.length - 1 }).chain((i) => fc.tuple(fc.constant(i), operations[i]!.variables)),
        async ([i, variables]) => {
          // updateItemQuantities with no item lines is a valid no-op that saves the (empty) cart: not invalid input.
          const items = (variables as { input?: { items?: unknown } }).input?.items;
          fc.pre(!(Array.isArray(items) && !items.some((item) => typeof item === 'object' && item !== null)));
          noInternalError(await graphql(app, operations[i]!.query, variables as Record<string, unknown>));
        },
      ),
      fuzzOptions(1000),
    );
    expect(await fingerprint(testDb)).toBe(before);
  });

  it(`REST query strings (${RUNS} cases)`, async () => {
    const before = await fingerprint(testDb);
    const paths = [
      '/wp-json/wc/v3/products',
      '/wp-json/wc/v3/products/categories',
      '/wp-json/wc/v3/orders',
      `/wp-json/wc/v3/orders/${orderId}`,
      '/wp-json/wc/v3/products/1',
    ];
    const names = fc.oneof(
      fc.constantFrom(
        'page',
        'per_page',
        'search',
        'category',
        'status',
        'orderby',
        'order',
        'include',
        'slug',
        'sku',
        'type',
        'featured',
        'on_sale',
        'stock_status',
        'min_price',
        'max_price',
        'parent',
        'hide_empty',
        'customer',
        'consumer_key',
        'oauth_nonce',
        'page[]',
      ),
      fc.string({ maxLength: 10 }),
    );
    const params = fc.array(fc.tuple(names, fc.oneof(fc.string({ maxLength: 30 }), fc.integer().map(String), text)), { maxLength: 6 });
    const authorization = `Basic ${Buffer.from(`${readKey.consumerKey}:${readKey.consumerSecret}`).toString('base64')}`;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), params, fc.boolean(), async (path, pairs, signedIn) => {
        const query = new URLSearchParams(pairs).toString();
        const response = await app.server.inject({ method: 'GET', url: `${path}?${query}`, headers: signedIn ? { authorization } : {} });
        expect(response.statusCode).toBeLessThan(500);
        const body = response.json();
        if (response.statusCode >= 400) {
          expect(Object.keys(body).sort()).toEqual(['code', 'data', 'message']);
          expect(body.data.status).toBe(response.statusCode);
        }
      }),
      fuzzOptions(1000),
    );
    expect(await fingerprint(testDb)).toBe(before);
  });

  it(`REST bodies: a read key never writes; invalid bodies change nothing (${RUNS} cases)`, async () => {
    const before = await fingerprint(testDb);
    const basic = (key: CreatedApiKey) => `Basic ${Buffer.from(`${key.consumerKey}:${key.consumerSecret}`).toString('base64')}`;
    // A writer's body that cannot be a valid order change: not an object, or a status that is no order status.
    // Such a request must be refused as a whole (orders accept billing, shipping and meta_data too, so any other
    // object may be a legitimate change).
    const isInvalidChange = (body: unknown) => {
      if (typeof body !== 'object' || body === null || Array.isArray(body)) return body !== null;
      const status = (body as Record<string, unknown>).status;
      return status !== undefined && !(typeof status === 'string' && (orderStatuses as readonly string[]).includes(status));
    };
    const body = fc.oneof(
      anyJson,
      fc.record({ status: fc.oneof(loose, fc.constantFrom(...orderStatuses)), customer_note: loose, id: loose, line_items: loose }, { requiredKeys: [] }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('PUT', 'POST', 'PATCH', 'DELETE'),
        fc.oneof(
          fc.constant(String(orderId)),
          // Not "." or "..": dot segments resolve to another route (a 404 before any key check).
          fc.string({ maxLength: 12 }).filter((s) => !s.includes('/') && !s.includes('?') && !s.includes('#') && s !== '.' && s !== '..'),
        ),
        fc.oneof(
          body.map((b) => ({ raw: false, payload: JSON.stringify(b), parsed: b as unknown })),
          text.map((t) => ({ raw: true, payload: t, parsed: undefined as unknown })),
        ),
        fc.boolean(),
        fc.constantFrom('orders', 'products'),
        async (method, id, sent, asWriter, resource) => {
          // A writer's valid change (or DELETE, which cancels or trashes) is a legitimate change: only invalid ones
          // are fuzzed for it (orders), and product writes only with the read key.
          fc.pre(!asWriter || (resource === 'orders' && method !== 'DELETE' && (sent.raw || isInvalidChange(sent.parsed))));
          const response = await app.server.inject({
            method,
            url: `/wp-json/wc/v3/${resource}/${encodeURIComponent(id)}`,
            headers: { authorization: basic(asWriter ? readWriteKey : readKey), 'content-type': 'application/json' },
            payload: sent.payload,
          });
          expect(response.statusCode).toBeLessThan(500);
          // Every write route checks the key first.
          if (!asWriter) expect(response.statusCode).toBe(401);
        },
      ),
      fuzzOptions(1000),
    );
    expect(await fingerprint(testDb)).toBe(before);
  });
});

/** Someone's details, sent in every case: none of them may ever reach a log line. */
const PERSON = {
  firstName: 'Zegerina',
  lastName: 'Vandersmissen',
  company: 'Frituur Zegerina BV',
  address1: 'Kouterstraat 99',
  address2: 'bus 7',
  city: 'Oudenaarde',
  state: 'Oost-Vlaanderen',
  postcode: '9700',
  email: 'zegerina.vandersmissen@example.be',
  phone: '0499 88 77 66',
};
const PASSWORD = 'Stoofvlees met frietjes 42';

/** Text the database cannot store (NUL, unpaired surrogates) or far longer than any field needs. */
const unstorable = fc.oneof(
  fc.constantFrom('\ud800', '\udfff', 'Zegerina\udbff', '\udc00\ud800', '\u0000', 'a\u0000b', 'x'.repeat(100_000), `${PERSON.firstName}\ud83d\ude00`),
  fc
    .tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\ud800', '\udbff', '\udc00', '\u0000'), fc.string({ maxLength: 8 }))
    .map(([before, bad, after]) => before + bad + after),
  text,
);

/** Replaces the value at a dotted path (a copy): one field per case carries the odd text. */
function withField(input: Record<string, unknown>, path: string, value: string): Record<string, unknown> {
  const [head, ...rest] = path.split('.');
  const copy = { ...input };
  copy[head!] = rest.length ? withField((input[head!] as Record<string, unknown>) ?? {}, rest.join('.'), value) : value;
  return copy;
}

const addressFields = Object.keys(PERSON).filter((field) => field !== 'country');

describe.each(databaseKinds)('fuzzing text fields: no 500 and nothing personal in the log (%s)', (kind) => {
  const TEXT_RUNS = fuzzRuns(300);
  let testDb: TestDatabase;
  let app: App;
  let admin: Browser;
  let productId: number;
  let orderId: number;
  let readWriteKey: CreatedApiKey;
  const logged = captureLog('debug');

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    const db = testDb.database.db;
    ({ productId } = await aShopTakingOrders(db));
    orderId = (await anOrder(db, { billing: { ...PERSON, country: 'BE' }, shipping: { ...PERSON, country: 'BE' } }, productId)).id;
    readWriteKey = await new ApiKeyService(db, () => TEST_PEPPER).create({ scope: 'read_write' });
    await ensureFirstAdmin(testDb.database, { email: 'baas@example.be', password: 'De baas van de frituur' });
    app = await startTestApp(testDb.database, {}, () => NOW, undefined, logged.log);
    admin = new Browser(() => app);
    await admin.graphql('mutation { login(input: {username: "baas@example.be", password: "De baas van de frituur"}) { viewer { role } } }');
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const CHECKOUT = 'mutation($input: CheckoutInput!) { checkout(input: $input) { order { databaseId } } }';
  const slotId = async (customer: Browser) =>
    (await customer.graphql(`query { availableTimeSlots(type: TAKEAWAY, date: "${DAY}") { id } }`)).body.data.availableTimeSlots[0].id as string;

  /** Each sends one request with `bad` in the named field; a fresh browser per case (a guest with a cart). */
  const cases: Record<
    string,
    { fields: string[]; send: (field: string, bad: string) => Promise<{ status: number; errors?: { message: string; extensions?: { code?: string } }[] }> }
  > = {
    checkout: {
      fields: [
        ...addressFields.map((f) => `billing.${f}`),
        ...addressFields.map((f) => `shipping.${f}`),
        'customerNote',
        'paymentMethod',
        'transactionId',
        'createdVia',
        'account.username',
        'account.password',
        'account.email',
        'extra.key',
        'extra.value',
      ],
      send: async (field, bad) => {
        const customer = new Browser(() => app);
        await customer.graphql('mutation($p: Int!) { addToCart(input: {productId: $p, quantity: 1}) { cart { isEmpty } } }', { p: productId });
        const metaData = [
          { key: 'fulfilment_type', value: 'takeaway' },
          { key: 'time_slot', value: await slotId(customer) },
        ];
        const input = withField(
          { paymentMethod: 'cod', billing: PERSON, shipping: PERSON, customerNote: 'zonder ui', extra: { key: 'allergie', value: 'noten' } },
          field,
          bad,
        );
        const { extra, ...rest } = input as { extra: { key: string; value: string } };
        const response = await customer.graphql(CHECKOUT, { input: { ...rest, metaData: [...metaData, extra] } });
        return { status: response.status, errors: response.body.errors };
      },
    },
    updateCustomer: {
      fields: ['firstName', 'lastName', 'email', ...addressFields.map((f) => `billing.${f}`), ...addressFields.map((f) => `shipping.${f}`)],
      send: async (field, bad) => {
        const customer = new Browser(() => app);
        await customer.graphql('mutation($p: Int!) { addToCart(input: {productId: $p, quantity: 1}) { cart { isEmpty } } }', { p: productId });
        const input = withField({ firstName: PERSON.firstName, lastName: PERSON.lastName, email: PERSON.email, billing: PERSON, shipping: PERSON }, field, bad);
        const response = await customer.graphql('mutation($input: UpdateCustomerInput!) { updateCustomer(input: $input) { customer { id } } }', { input });
        return { status: response.status, errors: response.body.errors };
      },
    },
    registerCustomer: {
      fields: ['email', 'username', 'password', 'firstName', 'lastName', ...addressFields.map((f) => `billing.${f}`)],
      send: async (field, bad) => {
        const input = withField(
          { email: `${fc.sample(fc.uuid(), 1)[0]}@example.be`, password: PASSWORD, firstName: PERSON.firstName, lastName: PERSON.lastName, billing: PERSON },
          field,
          bad,
        );
        const response = await new Browser(() => app).graphql(
          'mutation($input: RegisterCustomerInput!) { registerCustomer(input: $input) { customer { databaseId } } }',
          { input },
        );
        return { status: response.status, errors: response.body.errors };
      },
    },
    accountMutations: {
      fields: [
        'login.username',
        'login.password',
        'reset.username',
        'resetPassword.key',
        'resetPassword.login',
        'resetPassword.password',
        'review.author',
        'review.authorEmail',
        'review.content',
        'coupon.code',
      ],
      send: async (field, bad) => {
        const [operation, name] = field.split('.') as [string, string];
        const documents: Record<string, [string, Record<string, unknown>]> = {
          login: ['mutation($input: LoginInput!) { login(input: $input) { viewer { role } } }', { username: PERSON.email, password: PASSWORD }],
          reset: ['mutation($input: SendPasswordResetEmailInput!) { sendPasswordResetEmail(input: $input) { success } }', { username: PERSON.email }],
          resetPassword: [
            'mutation($input: ResetUserPasswordInput!) { resetUserPassword(input: $input) { user { role } } }',
            { key: 'abcdef', login: PERSON.email, password: PASSWORD },
          ],
          review: [
            'mutation($input: WriteReviewInput!) { writeReview(input: $input) { rating } }',
            { rating: 5, commentOn: productId, author: PERSON.firstName, authorEmail: PERSON.email, content: 'Lekker' },
          ],
          coupon: ['mutation($input: ApplyCouponInput!) { applyCoupon(input: $input) { applied { code } } }', { code: 'korting' }],
        };
        const [query, input] = documents[operation]!;
        const response = await new Browser(() => app).graphql(query, { input: withField(input, name, bad) });
        return { status: response.status, errors: response.body.errors };
      },
    },
    rest: {
      fields: [
        'order.customer_note',
        'order.status',
        'staff.email',
        'staff.password',
        'staff.firstName',
        'staff.lastName',
        'staff.username',
        'distance.address_1',
        'distance.city',
        'distance.postcode',
        'printing.printNodeApiKey',
        'printing.customerPrinter',
        'printing.kitchenPrinter',
      ],
      send: async (field, bad) => {
        const [target, name] = field.split('.') as [string, string];
        let response;
        if (target === 'order') {
          response = await app.server.inject({
            method: 'PUT',
            url: `/wp-json/wc/v3/orders/${orderId}`,
            headers: {
              authorization: `Basic ${Buffer.from(`${readWriteKey.consumerKey}:${readWriteKey.consumerSecret}`).toString('base64')}`,
              'content-type': 'application/json',
            },
            payload: JSON.stringify(withField({ customer_note: 'zonder ui' }, name, bad)),
          });
        } else if (target === 'staff') {
          response = await admin.request(
            'POST',
            '/api/staff/users',
            withField({ email: `${fc.sample(fc.uuid(), 1)[0]}@example.be`, password: PASSWORD, role: 'kitchen', firstName: PERSON.firstName }, name, bad),
          );
        } else if (target === 'distance') {
          const query = new URLSearchParams({ address_1: PERSON.address1, city: PERSON.city, postcode: PERSON.postcode, [name]: bad });
          response = await app.server.inject({ method: 'GET', url: `/api/calculate-distance?${query}` });
        } else {
          response = await admin.request('PUT', '/api/printing/settings', { [name]: bad });
        }
        return { status: response.statusCode };
      },
    },
  };

  for (const [name, { fields, send }] of Object.entries(cases)) {
    it(`${name}: every text field with NUL, unpaired surrogates or overlong text (${TEXT_RUNS} cases)`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...fields), unstorable, async (field, bad) => {
          const response = await send(field, bad);
          expect(response.status, `${field} = ${JSON.stringify(bad.slice(0, 40))}`).toBeLessThan(500);
          for (const error of response.errors ?? []) expect(error.extensions?.code, `${field}: ${error.message}`).not.toBe('INTERNAL_SERVER_ERROR');
        }),
        fuzzOptions(300),
      );
      const errorLines = logged.lines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
      expect(errorLines).toEqual([]);
      const leaks = secretsIn(logged.text(), [...Object.values(PERSON), PASSWORD, readWriteKey.consumerSecret]);
      expect(
        leaks,
        logged.lines
          .filter((line) => leaks.some((leak) => line.includes(leak)))
          .slice(0, 3)
          .join(''),
      ).toEqual([]);
    }, 300_000);
  }
});
