import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as t from '../src/db/schema/index.js';
import type { App } from '../src/app.js';
import { aProduct } from './support/builders.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { catalogCaughtUp, graphql, startTestApp } from './support/server.js';
import { codeOf } from './support/shop-hours.js';

// Our own documents, written as a WooGraphQL storefront asks (issue 19's missing types, fields and values).
const PRODUCT_PAGE = /* GraphQL */ `
  query ProductPage($slug: ID!, $frontendUrl: String) {
    product(id: $slug, idType: SLUG) {
      databaseId
      fullYoastHead(sanitize: true, frontendUrl: $frontendUrl)
      image {
        sourceUrl(size: MEDIUM_LARGE)
      }
      ... on ProductWithPricing {
        price(format: RAW)
        regularPrice(format: RAW)
        salePrice(format: RAW)
      }
      ... on ProductWithAttributes {
        attributes {
          nodes {
            name
            ... on GlobalProductAttribute {
              terms(where: { orderby: NAME, order: DESC }) {
                nodes {
                  taxonomyName
                  name
                  slug
                }
              }
            }
          }
        }
      }
      ... on SimpleProduct {
        weight
        length
        width
        height
        virtual
      }
      reviews(first: 5) {
        averageRating
        edges {
          rating
          node {
            __typename
            databaseId
            content
            approved
            type
            commentedOnId
            author {
              node {
                name
              }
            }
          }
        }
      }
    }
  }
`;
const VARIABLE = /* GraphQL */ `
  query Variable($slug: ID!) {
    product(id: $slug, idType: SLUG) {
      ... on VariableProduct {
        defaultAttributes {
          nodes {
            name
            value
            label
          }
        }
        attributes {
          nodes {
            ... on GlobalProductAttribute {
              terms {
                nodes {
                  slug
                  taxonomyName
                }
              }
            }
          }
        }
        variations {
          nodes {
            databaseId
            ... on ProductWithPricing {
              price(format: RAW)
            }
          }
        }
      }
    }
  }
`;
const GROUPED = `query($slug: ID!) { product(id: $slug, idType: SLUG) { ... on GroupProduct { price(format: RAW) regularPrice(format: RAW) salePrice(format: RAW) regularFormatted: regularPrice } } }`;
const POPULAR = `{ products(first: 3, where: {orderby: [{field: POPULARITY, order: DESC}]}) { nodes { slug } } }`;

describe.each(databaseKinds)('WooGraphQL schema additions on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let stew: { id: number };

  beforeEach(async () => {
    testDb = await createTestDatabase(kind);
    const db = testDb.database.db;
    const [image] = await db.insert(t.media).values({ src: '/media/demo/frieten.svg', title: 'Stoofvlees', width: 800, height: 600 }).returning();
    const [formaat] = await db
      .insert(t.attributes)
      .values({ slug: 'pa_formaat', name: { nl: 'Formaat', en: 'Size' } })
      .returning();
    await db.insert(t.attributeTerms).values([
      { attributeId: formaat!.id, slug: 'klein', name: { nl: 'Klein' }, menuOrder: 1 },
      { attributeId: formaat!.id, slug: 'middel', name: { nl: 'Middel' }, menuOrder: 2 },
      { attributeId: formaat!.id, slug: 'groot', name: { nl: 'Groot' }, menuOrder: 3 },
    ]);
    await db.insert(t.settings).values({ key: 'store', value: { siteName: 'Frituur Bakje' } });
    stew = await aProduct(db, {
      slug: 'stoofvlees',
      sku: 'STV',
      name: { nl: 'Stoofvlees "huisgemaakt" & friet' },
      shortDescription: { nl: '<p>Met </script><script>alert(1)</script> saus</p>' },
      description: { nl: '<p>Rundvlees, <b>traag gegaard</b>.</p>' },
      regularPrice: 1200,
      salePrice: 1000,
      imageId: image!.id,
      weight: '0.5',
      length: '20',
      width: '10',
      height: '5',
      metaData: [{ key: '_virtual', value: 'yes' }],
      totalSales: 50,
    });
    await db.insert(t.productAttributes).values({ productId: stew.id, position: 0, attributeId: formaat!.id, name: 'pa_formaat', options: ['klein', 'groot'] });
    await db.insert(t.reviews).values([
      { productId: stew.id, author: 'An', authorEmail: 'an@example.be', content: 'Lekker', rating: 4 },
      { productId: stew.id, author: 'Bert', authorEmail: 'bert@example.be', content: 'Top', rating: 5 },
      { productId: stew.id, author: 'Spam', authorEmail: 'spam@example.be', content: 'Koop nu', rating: 1, status: 'hold' },
    ]);
    const curry = await aProduct(db, { slug: 'curryworst', regularPrice: 350, totalSales: 200 });
    await aProduct(db, { slug: 'frikandel', regularPrice: 300, totalSales: 10 });
    const fries = await aProduct(db, { type: 'VARIABLE', slug: 'friet', regularPrice: null, defaultAttributes: [{ name: 'pa_formaat', value: 'groot' }] });
    await db
      .insert(t.productAttributes)
      .values({ productId: fries.id, position: 0, attributeId: formaat!.id, name: 'pa_formaat', options: ['klein', 'middel', 'groot'], variation: true });
    await aProduct(db, {
      type: 'VARIATION',
      parentId: fries.id,
      slug: 'friet-klein',
      regularPrice: 320,
      variationAttributes: [{ name: 'pa_formaat', value: 'klein' }],
    });
    await aProduct(db, {
      type: 'VARIATION',
      parentId: fries.id,
      slug: 'friet-groot',
      regularPrice: 500,
      variationAttributes: [{ name: 'pa_formaat', value: 'groot' }],
    });
    const menu = await aProduct(db, { type: 'GROUPED', slug: 'menu', regularPrice: null });
    await db.insert(t.productLinks).values([
      { productId: menu.id, linkedId: stew.id, kind: 'grouped', position: 0 },
      { productId: menu.id, linkedId: curry.id, kind: 'grouped', position: 1 },
    ]);
    app = await startTestApp(testDb.database, { BAKJE_SITE_URL: 'https://bakje.example' });
    await catalogCaughtUp(app, testDb.database);
  });
  afterEach(async () => {
    await app.close();
    await testDb.cleanup();
  });

  it('a simple product answers pricing, attributes, dimensions, reviews as comments and MEDIUM_LARGE images', async () => {
    const result = await graphql(app, PRODUCT_PAGE, { slug: 'stoofvlees' });
    expect(result.body.errors).toBeUndefined();
    const product = result.body.data.product;
    expect(product).toMatchObject({
      price: '10.00',
      regularPrice: '12.00',
      salePrice: '10.00',
      weight: '0.5',
      length: '20',
      width: '10',
      height: '5',
      virtual: true,
      image: { sourceUrl: '/media/demo/frieten.svg' },
    });
    expect(product.attributes.nodes).toEqual([
      {
        name: 'pa_formaat',
        terms: {
          nodes: [
            { taxonomyName: 'pa_formaat', name: 'Klein', slug: 'klein' },
            { taxonomyName: 'pa_formaat', name: 'Groot', slug: 'groot' },
          ],
        },
      },
    ]);
    expect(product.reviews.averageRating).toBe(4.5);
    expect(
      product.reviews.edges.map((e: { rating: number; node: { author: { node: { name: string } } } }) => [e.rating, e.node.author.node.name]).sort(),
    ).toEqual([
      [4, 'An'],
      [5, 'Bert'],
    ]);
    expect(product.reviews.edges[0].node).toMatchObject({ __typename: 'Comment', approved: true, type: 'review', commentedOnId: stew.id });
    // A product without _virtual is not virtual.
    expect((await graphql(app, PRODUCT_PAGE, { slug: 'curryworst' })).body.data.product.virtual).toBe(false);
  });

  it('fullYoastHead: title, description, canonical, Open Graph, Twitter and JSON-LD with offers, escaped', async () => {
    const head: string = (await graphql(app, PRODUCT_PAGE, { slug: 'stoofvlees' })).body.data.product.fullYoastHead;
    expect(head).toContain('<title>Stoofvlees &quot;huisgemaakt&quot; &amp; friet | Frituur Bakje</title>');
    expect(head).toContain('<link rel="canonical" href="https://bakje.example/product/stoofvlees" />');
    expect(head).toContain('<meta property="og:type" content="product" />');
    expect(head).toContain('<meta property="og:image" content="https://bakje.example/media/demo/frieten.svg" />');
    expect(head).toContain('<meta property="og:locale" content="nl_BE" />');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(head).toContain('<meta name="description" content="Met alert(1) saus" />');
    // The product's own text cannot end the script element or add one.
    expect(head.match(/<script/g)).toHaveLength(1);
    expect(head.match(/<\/script>/g)).toHaveLength(1);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json"[^>]*>(.*)<\/script>/s.exec(head)![1]!);
    expect(jsonLd).toMatchObject({
      '@type': 'Product',
      name: 'Stoofvlees "huisgemaakt" & friet',
      sku: 'STV',
      url: 'https://bakje.example/product/stoofvlees',
      offers: { '@type': 'Offer', price: '10.00', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
      aggregateRating: { ratingValue: 4.5, reviewCount: 2 },
    });

    const elsewhere = await graphql(app, PRODUCT_PAGE, { slug: 'stoofvlees', frontendUrl: 'https://shop.frituur.example/' });
    expect(elsewhere.body.data.product.fullYoastHead).toContain('<link rel="canonical" href="https://shop.frituur.example/product/stoofvlees" />');
    const bad = await graphql(app, PRODUCT_PAGE, { slug: 'stoofvlees', frontendUrl: 'javascript:alert(1)' });
    expect(codeOf(bad.body)).toBe('INVALID_INPUT');

    // A variable product offers the range of its variations.
    const fries = await graphql(
      app,
      `
        {
          product(id: "friet", idType: SLUG) {
            fullYoastHead
          }
        }
      `,
    );
    const friesLd = JSON.parse(/<script[^>]*>(.*)<\/script>/s.exec(fries.body.data.product.fullYoastHead)![1]!);
    expect(friesLd.offers).toMatchObject({ '@type': 'AggregateOffer', lowPrice: '3.20', highPrice: '5.00', offerCount: 2 });
  });

  it("the server puts the product's head into its own product page, in the visitor's language", async () => {
    const page = await app.server.inject({ method: 'GET', url: '/product/stoofvlees', headers: { 'accept-language': 'fr-BE' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<meta property="og:title" content="Stoofvlees &quot;huisgemaakt&quot; &amp; friet | Frituur Bakje" />');
    expect(page.body).toContain('<meta property="og:locale" content="fr_FR" />');
    expect(page.body.match(/<title>/g)).toHaveLength(1);
    const unknown = await app.server.inject({ method: 'GET', url: '/product/bestaat-niet' });
    expect(unknown.body).not.toContain('og:title');
  });

  it('variable products: defaultAttributes as a connection, terms with taxonomyName, variations with pricing', async () => {
    const result = await graphql(app, VARIABLE, { slug: 'friet' });
    expect(result.body.errors).toBeUndefined();
    const fries = result.body.data.product;
    expect(fries.defaultAttributes).toEqual({ nodes: [{ name: 'pa_formaat', value: 'groot', label: 'Groot' }] });
    expect(fries.attributes.nodes[0].terms.nodes).toEqual([
      { slug: 'klein', taxonomyName: 'pa_formaat' },
      { slug: 'middel', taxonomyName: 'pa_formaat' },
      { slug: 'groot', taxonomyName: 'pa_formaat' },
    ]);
    expect(fries.variations.nodes.map((v: { price: string }) => v.price).sort()).toEqual(['3.20', '5.00']);
  });

  it('grouped products answer the regular and sale prices of their products; POPULARITY orders by units sold', async () => {
    const menu = (await graphql(app, GROUPED, { slug: 'menu' })).body.data.product;
    expect(menu).toEqual({ price: '3.50,10.00', regularPrice: '3.50,12.00', salePrice: '10.00', regularFormatted: '€3.50 - €12.00' });
    expect((await graphql(app, POPULAR)).body.data.products.nodes.map((p: { slug: string }) => p.slug)).toEqual(['curryworst', 'stoofvlees', 'frikandel']);
  });

  it('stripePaymentIntent refuses SETUP intents (saving a card for later is not offered)', async () => {
    const result = await graphql(
      app,
      `
        query ($m: StripePaymentMethodEnum) {
          stripePaymentIntent(stripePaymentMethod: $m) {
            id
            clientSecret
            amount
            currency
            error
          }
        }
      `,
      { m: 'SETUP' },
    );
    // STRIPE_NOT_CONFIGURED without Stripe: stripe-payments.test.ts.
    expect(codeOf(result.body)).toBe('STRIPE_SETUP_UNSUPPORTED');
    expect(result.body.errors[0].message).toBe('Saving a card for later is not offered.');
  });
});
