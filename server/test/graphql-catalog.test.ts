import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as t from '../src/db/schema/index.js';
import type { App } from '../src/app.js';
import { aCategory, anAllergen, aProduct } from './support/builders.js';
import { Browser } from './support/browser.js';
import { anOrder } from './support/orders.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { catalogCaughtUp, graphql, startTestApp } from './support/server.js';

const PRODUCTS = /* GraphQL */ `
  query Products($first: Int, $where: RootQueryToProductConnectionWhereArgs) {
    products(first: $first, where: $where) {
      found
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        databaseId
        name
        slug
        ... on SimpleProduct {
          price(format: RAW)
          stockStatus
        }
      }
    }
  }
`;

describe.each(databaseKinds)('storefront catalogue on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;

  beforeEach(async () => {
    testDb = await createTestDatabase(kind);
    app = await startTestApp(testDb.database);
  });
  afterEach(async () => {
    await app.close();
    await testDb.cleanup();
  });

  it('lists published products in menu order with localised names', async () => {
    const db = testDb.database.db;
    const snacks = await aCategory(db, { slug: 'snacks' });
    await aProduct(db, { slug: 'frikandel', name: { nl: 'Frikandel', fr: 'Fricadelle', en: 'Frikandel sausage' }, menuOrder: 2, categoryIds: [snacks.id] });
    await aProduct(db, { slug: 'kipcorn', name: { nl: 'Kipcorn', fr: 'Poulet corn', en: 'Chicken corn' }, menuOrder: 1, categoryIds: [snacks.id] });
    await aProduct(db, { slug: 'draft', status: 'draft' });
    await aProduct(db, { slug: 'hidden', catalogVisibility: 'hidden' });
    await catalogCaughtUp(app, testDb.database);

    const nl = await graphql(app, PRODUCTS, { where: { visibility: 'VISIBLE', minPrice: 0, orderby: [{ field: 'MENU_ORDER', order: 'ASC' }] } });
    expect(nl.status).toBe(200);
    expect(nl.body.data.products.nodes.map((n: { slug: string }) => n.slug)).toEqual(['kipcorn', 'frikandel']);
    const fr = await graphql(app, PRODUCTS, { where: { categoryIn: ['snacks'] } }, { 'x-bakje-locale': 'fr_FR' });
    expect(fr.body.data.products.nodes.map((n: { name: string }) => n.name).sort()).toEqual(['Fricadelle', 'Poulet corn']);
    const en = await graphql(app, PRODUCTS, {}, { cookie: 'bakje-locale=en_US' });
    expect(en.body.data.products.nodes.map((n: { name: string }) => n.name)).toContain('Chicken corn');
  });

  it("says which language each text is in, the fallback's where the reader's has no translation (issue 31)", async () => {
    const db = testDb.database.db;
    const sides = await aCategory(db, { slug: 'bijgerechten', name: { nl: 'Bijgerechten' } });
    await aProduct(db, {
      slug: 'zoete-aardappelfrieten',
      name: { nl: 'Zoete-aardappelfrieten', en: 'Sweet potato fries' },
      shortDescription: { nl: 'Krokant.', fr: 'Croustillantes.' },
      categoryIds: [sides.id],
    });
    await catalogCaughtUp(app, testDb.database);
    const query = `{ product(id: "zoete-aardappelfrieten", idType: SLUG) { name textLangs { name shortDescription description } }
      productCategories(where: {hideEmpty: true}) { nodes { slug name nameLang } } }`;
    const fr = await graphql(app, query, {}, { 'x-bakje-locale': 'fr_FR' });
    expect(fr.body.data.product).toEqual({ name: 'Zoete-aardappelfrieten', textLangs: { name: 'nl', shortDescription: 'fr', description: 'fr' } });
    expect(fr.body.data.productCategories.nodes).toContainEqual({ slug: 'bijgerechten', name: 'Bijgerechten', nameLang: 'nl' });
    const en = await graphql(app, query, {}, { 'x-bakje-locale': 'en_US' });
    expect(en.body.data.product.textLangs).toEqual({ name: 'en', shortDescription: 'nl', description: 'en' });
    const nl = await graphql(app, query, {}, { 'x-bakje-locale': 'nl_BE' });
    // Everything in the reader's language: null, so a translated menu's answer does not grow.
    expect(nl.body.data.product.textLangs).toBeNull();
  });

  it('marks add-on and variation texts shown in Dutch, on the product, in the cart and in the order (issue 31)', async () => {
    const db = testDb.database.db;
    const [size] = await db
      .insert(t.attributes)
      .values({ slug: 'pa_formaat', name: { nl: 'Formaat', fr: 'Taille' } })
      .returning();
    await db.insert(t.attributeTerms).values([
      { attributeId: size!.id, slug: 'klein', name: { nl: 'Klein', fr: 'Petit' } },
      { attributeId: size!.id, slug: 'groot', name: { nl: 'Groot' } },
    ]);
    const burger = await aProduct(db, { type: 'VARIABLE', slug: 'burger', regularPrice: null, name: { nl: 'Burger', fr: 'Burger' } });
    await db
      .insert(t.productAttributes)
      .values({ productId: burger.id, position: 0, attributeId: size!.id, name: 'pa_formaat', options: ['klein', 'groot'], variation: true });
    const small = await aProduct(db, {
      type: 'VARIATION',
      parentId: burger.id,
      slug: 'burger-klein',
      regularPrice: 500,
      name: { nl: 'Burger - klein', fr: 'Burger - petit' },
      variationAttributes: [{ name: 'pa_formaat', value: 'klein' }],
    });
    const large = await aProduct(db, {
      type: 'VARIATION',
      parentId: burger.id,
      slug: 'burger-groot',
      regularPrice: 700,
      name: { nl: 'Burger - groot' },
      variationAttributes: [{ name: 'pa_formaat', value: 'groot' }],
    });
    const [sauce] = await db
      .insert(t.addonFields)
      .values({ productId: burger.id, kind: 'checkbox', name: { nl: 'Sauzen' }, description: { nl: 'Zoveel je wil.', fr: 'Autant que vous voulez.' } })
      .returning();
    const [remark] = await db
      .insert(t.addonFields)
      .values({ productId: burger.id, kind: 'custom_text', name: { nl: 'Opmerking', fr: 'Remarque' } })
      .returning();
    const [mayo, samurai] = await db
      .insert(t.addonOptions)
      .values([
        { fieldId: sauce!.id, position: 0, label: { nl: 'Mayonaise', fr: 'Mayonnaise' }, price: 80 },
        { fieldId: sauce!.id, position: 1, label: { nl: 'Samuraisaus' }, price: 80 },
      ])
      .returning();
    await catalogCaughtUp(app, testDb.database);
    const FR = { headers: { 'x-bakje-locale': 'fr_FR' } };

    const product = await graphql(
      app,
      `
        {
          product(id: "burger", idType: SLUG) {
            addons {
              name
              nameLang
              description
              descriptionLang
              options {
                label
                labelLang
              }
            }
            ... on VariableProduct {
              variations {
                nodes {
                  name
                  nameLang
                  attributes {
                    nodes {
                      label
                      labelLang
                    }
                  }
                }
              }
            }
          }
        }
      `,
      {},
      FR.headers,
    );
    expect(product.body.errors).toBeUndefined();
    expect(product.body.data.product.addons).toEqual([
      {
        name: 'Sauzen',
        nameLang: 'nl',
        description: 'Autant que vous voulez.',
        descriptionLang: 'fr',
        options: [
          { label: 'Mayonnaise', labelLang: 'fr' },
          { label: 'Samuraisaus', labelLang: 'nl' },
        ],
      },
      { name: 'Remarque', nameLang: 'fr', description: '', descriptionLang: 'fr', options: [] },
    ]);
    expect(product.body.data.product.variations.nodes).toEqual([
      { name: 'Burger - petit', nameLang: 'fr', attributes: { nodes: [{ label: 'Petit', labelLang: 'fr' }] } },
      { name: 'Burger - groot', nameLang: 'nl', attributes: { nodes: [{ label: 'Groot', labelLang: 'nl' }] } },
    ]);

    const shopper = new Browser(() => app);
    const added = await shopper.graphql(
      `mutation($input: AddToCartInput!) { addToCart(input: $input) { cart { contents { nodes {
        variation { node { name nameLang } } addons { name nameLang value valueLang }
      } } } } }`,
      {
        input: {
          productId: burger.id,
          variationId: large.id,
          quantity: 1,
          addons: [
            { fieldName: `addon-${sauce!.id}`, optionIds: [mayo!.id, samurai!.id] },
            { fieldName: `addon-${remark!.id}`, value: 'Goed gebakken' },
          ],
        },
      },
      FR,
    );
    expect(added.body.errors).toBeUndefined();
    expect(added.body.data.addToCart.cart.contents.nodes).toEqual([
      {
        variation: { node: { name: 'Burger - groot', nameLang: 'nl' } },
        addons: [
          { name: 'Sauzen', nameLang: 'nl', value: 'Mayonnaise', valueLang: 'fr' },
          { name: 'Sauzen', nameLang: 'nl', value: 'Samuraisaus', valueLang: 'nl' },
          // Typed by the customer: its language is not known.
          { name: 'Remarque', nameLang: 'fr', value: 'Goed gebakken', valueLang: null },
        ],
      },
    ]);

    // The order summary: lines and add-ons as stored (Dutch), shown in the reader's language where one exists.
    const order = await anOrder(db, {}, burger.id);
    await db
      .update(t.orderLines)
      .set({
        variationId: small.id,
        name: 'Burger - klein',
        addons: [{ fieldId: sauce!.id, optionId: samurai!.id, name: 'Sauzen', value: 'Samuraisaus', price: 80, priceType: 'quantity_based' }],
      })
      .where(eq(t.orderLines.orderId, order.id));
    const summary = await graphql(
      app,
      `
        query ($id: ID!, $key: String) {
          order(id: $id, orderKey: $key) {
            lineItems {
              nodes {
                name
                nameLang
                addons {
                  name
                  nameLang
                  value
                  valueLang
                }
              }
            }
          }
        }
      `,
      { id: String(order.id), key: order.orderKey },
      FR.headers,
    );
    expect(summary.body.errors).toBeUndefined();
    expect(summary.body.data.order.lineItems.nodes).toEqual([
      { name: 'Burger - petit', nameLang: 'fr', addons: [{ name: 'Sauzen', nameLang: 'nl', value: 'Samuraisaus', valueLang: 'nl' }] },
    ]);
  });

  it('filters by search, price, sale and category, and pages with cursors', async () => {
    const db = testDb.database.db;
    const sauzen = await aCategory(db, { slug: 'sauzen' });
    await aProduct(db, { slug: 'frikandel', name: { nl: 'Frikandel' }, regularPrice: 280 });
    await aProduct(db, { slug: 'mayonaise', name: { nl: 'Mayonaise' }, regularPrice: 90, categoryIds: [sauzen.id] });
    await aProduct(db, {
      slug: 'stoofvlees',
      name: { nl: 'Stoofvlees' },
      description: { nl: '<p>Met frikandel-kruiden</p>' },
      regularPrice: 1250,
      salePrice: 1100,
    });
    await catalogCaughtUp(app, testDb.database);

    const search = await graphql(app, PRODUCTS, { where: { search: 'FRIKANDEL' } });
    expect(search.body.data.products.nodes.map((n: { slug: string }) => n.slug).sort()).toEqual(['frikandel', 'stoofvlees']);
    const cheap = await graphql(app, PRODUCTS, { where: { minPrice: 1, maxPrice: 3 } });
    expect(cheap.body.data.products.nodes.map((n: { slug: string }) => n.slug)).toEqual(['frikandel']);
    const sale = await graphql(app, PRODUCTS, { where: { onSale: true } });
    expect(sale.body.data.products.nodes).toEqual([expect.objectContaining({ slug: 'stoofvlees', price: '11.00' })]);
    const category = await graphql(app, PRODUCTS, { where: { categoryIn: ['sauzen'] } });
    expect(category.body.data.products.found).toBe(1);

    const page1 = await graphql(app, PRODUCTS, { first: 2 });
    expect(page1.body.data.products.pageInfo.hasNextPage).toBe(true);
    const page2 = await graphql(
      app,
      `
        query ($after: String) {
          products(first: 2, after: $after) {
            nodes {
              slug
            }
            pageInfo {
              hasNextPage
            }
          }
        }
      `,
      { after: page1.body.data.products.pageInfo.endCursor },
    );
    expect(page2.body.data.products.nodes).toHaveLength(1);
    expect(page2.body.data.products.pageInfo.hasNextPage).toBe(false);
  });

  it('returns a product by slug with allergens, variations and the excerpt; null for an unknown slug', async () => {
    const db = testDb.database.db;
    const eggs = await anAllergen(db, 'eggs');
    const fries = await aProduct(db, {
      type: 'VARIABLE',
      slug: 'frieten',
      regularPrice: null,
      allergenIds: [eggs.id],
      shortDescription: { nl: `<strong>Verse frieten</strong> ${'dubbel gebakken in ossewit '.repeat(5)}` },
    });
    await aProduct(db, { type: 'VARIATION', parentId: fries.id, slug: 'frieten-klein', regularPrice: 320, name: { nl: 'Frieten - klein' } });
    await aProduct(db, { type: 'VARIATION', parentId: fries.id, slug: 'frieten-groot', regularPrice: 500, salePrice: 450, name: { nl: 'Frieten - groot' } });
    await catalogCaughtUp(app, testDb.database);

    const query = `query($slug: ID!) { product(id: $slug, idType: SLUG) {
      databaseId type excerpt allergens { code name }
      ... on VariableProduct { price(format: RAW) onSale variations { nodes { slug price(format: RAW) } } }
    } }`;
    const { body } = await graphql(app, query, { slug: 'frieten' });
    const product = body.data.product;
    expect(product.type).toBe('VARIABLE');
    expect(product.price).toBe('3.20,4.50');
    expect(product.onSale).toBe(true);
    expect(product.variations.nodes.map((v: { slug: string }) => v.slug)).toEqual(['frieten-klein', 'frieten-groot']);
    expect(product.allergens).toEqual([{ code: 'eggs', name: 'eggs nl' }]);
    expect(product.excerpt).toMatch(/^Verse frieten dubbel/);
    expect(product.excerpt.length).toBe(89);
    expect(product.excerpt.endsWith('…')).toBe(true);

    const missing = await graphql(app, query, { slug: 'bestaat-niet' });
    expect(missing.body).toEqual({ data: { product: null } });
  });

  it('rejects bad input with GraphQL errors and never a stack trace', async () => {
    // A large page is capped at the max query amount, never refused (docs/decisions/0036-woographql-limits.md).
    const large = await graphql(app, PRODUCTS, { first: 10001 });
    expect(large.body.errors).toBeUndefined();
    const negative = await graphql(app, PRODUCTS, { first: -1 });
    expect(negative.body.errors[0].message).toContain('"first"');
    const unknown = await graphql(app, '{ noSuchField }');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].message).toContain('noSuchField');

    const invalidJson = await app.server.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' }, payload: '{"query": ' });
    expect(invalidJson.statusCode).toBe(400);
    expect(invalidJson.json()).toEqual({ errors: [{ message: 'The request body is not valid JSON.' }] });
    expect(invalidJson.body).not.toMatch(/at .*\.js/);
    const noQuery = await app.server.inject({ method: 'POST', url: '/graphql', payload: { variables: {} } });
    expect(noQuery.json().errors[0].message).toBe('Must provide a query string.');
    const wrongOperation = await app.server.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: 'query A { allergens { code } }', operationName: 'B' },
    });
    expect(wrongOperation.json().errors[0].message).toBe('Unknown operation.');
  });

  it('serves cached reads and drops them when a product changes', async () => {
    const db = testDb.database.db;
    const product = await aProduct(db, { slug: 'cola', name: { nl: 'Cola' }, regularPrice: 260 });
    const query = `{ product(id: "cola", idType: SLUG) { ... on SimpleProduct { price(format: RAW) } } }`;
    // The insert reaches this instance's cache by NOTIFY, a moment after it commits.
    await expect.poll(async () => (await graphql(app, query)).body.data.product?.price, { timeout: 5000 }).toBe('2.60');
    const second = await graphql(app, query);
    expect(second.headers['x-bakje-cache']).toBe('hit');

    await db.update(t.products).set({ regularPrice: 280 }).where(eq(t.products.id, product.id));
    await expect.poll(async () => (await graphql(app, query)).body.data.product.price, { timeout: 5000 }).toBe('2.80');
  });

  if (kind === 'postgres') {
    it('invalidates the cache of another instance on the same database', async () => {
      const other = await testDb.openAnother();
      const otherApp = await startTestApp(other);
      try {
        const product = await aProduct(testDb.database.db, { slug: 'fanta', regularPrice: 250 });
        const query = `{ product(id: "fanta", idType: SLUG) { ... on SimpleProduct { price(format: RAW) } } }`;
        await expect.poll(async () => (await graphql(otherApp, query)).body.data.product?.price, { timeout: 5000 }).toBe('2.50');
        expect((await graphql(otherApp, query)).headers['x-bakje-cache']).toBe('hit');
        // The change goes through the first instance's connection; the second hears of it by NOTIFY.
        await testDb.database.db.update(t.products).set({ regularPrice: 270 }).where(eq(t.products.id, product.id));
        await expect.poll(async () => (await graphql(otherApp, query)).body.data.product.price, { timeout: 5000 }).toBe('2.70');
      } finally {
        await otherApp.close();
      }
    });
  }
});
