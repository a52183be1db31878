import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import {
  execute,
  getVariableValues,
  Kind,
  parse,
  print,
  validate,
  type DefinitionNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../src/db/schema/index.js';
import type { App } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { writeCatalog } from '../src/modules/catalog/catalog-write.js';
import { seedDemoShop } from '../src/modules/demo-shop/demo-shop.js';
import type { Lang } from '../src/modules/i18n/locale.js';
import { schema } from '../src/api/graphql/schema.js';
import type { GraphQLContext } from '../src/api/graphql/context.js';
import { KeptParts, planCatalogueQuery } from '../src/api/graphql/catalogue-executor.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { catalogCaughtUp, graphql, startTestApp, TEST_PEPPER } from './support/server.js';
import { GET_ALL_TERMS, GET_PRODUCT, GET_PRODUCTS } from './support/woographql-documents.js';

// The web app's own catalogue documents, as it sends them: one operation with the fragments it uses.
const webSource = parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../web/src/api/catalog.graphql'), 'utf8'));
function webDocument(name: string) {
  const operation = webSource.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION && d.name?.value === name)!;
  const fragments = webSource.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION);
  const used: DefinitionNode[] = [operation];
  for (let i = 0; i < used.length; i++) {
    const text = print(used[i]!);
    for (const fragment of fragments) if (!used.includes(fragment) && text.includes(`...${fragment.name.value}`)) used.push(fragment);
  }
  return print({ ...webSource, definitions: used });
}

const VARIED = /* GraphQL */ `
  fragment Card on Product {
    __typename
    id
    databaseId
    title: name
    slug
    ... on SimpleProduct {
      price
      formatted: price(format: FORMATTED)
      raw: price(format: RAW)
      regularPrice
      salePrice
      stockStatus
    }
    ... on VariableProduct {
      price
      variations(first: $variations) {
        pageInfo {
          hasNextPage
          endCursor
        }
        nodes {
          databaseId
          name
          price(format: RAW)
          attributes {
            nodes {
              name
              value
              label
            }
          }
        }
      }
    }
  }
  query Varied($search: String, $category: String, $size: MediaItemSizeEnum, $variations: Int = 2) {
    found: products(first: 5, where: { search: $search, orderby: [{ field: NAME, order: DESC }] }) {
      found
      pageInfo {
        hasNextPage
        hasPreviousPage
        startCursor
        endCursor
      }
      nodes {
        ...Card
        image {
          sourceUrl(size: $size)
          sizes(size: $size)
          srcSet
          mediaDetails {
            width
            height
            file
          }
        }
      }
    }
    paged: products(first: 4, after: "YXJyYXljb25uZWN0aW9uOjI=") {
      edges {
        cursor
        node {
          slug
          ...Card
        }
      }
    }
    inCategory: products(where: { categoryIn: [$category], onSale: false }) {
      nodes {
        ...Card
        card: image {
          sourceUrl(size: THUMBNAIL)
        }
        allergens {
          code
          name
        }
        productCategories {
          nodes {
            name
            slug
          }
        }
      }
    }
    productCategories(first: 50, where: { hideEmpty: true, orderby: NAME }) {
      nodes {
        databaseId
        name
        slug
        count
      }
    }
    allergens {
      code
      name
      icon
    }
    catalogVersion
    __typename
  }
`;

const PAGE_AND_REST = /* GraphQL */ `
  query PageAndRest($slug: ID!) {
    product(id: $slug, idType: SLUG) {
      __typename
      name
      related(first: 3) {
        nodes {
          slug
          name
        }
      }
      addons {
        name
        options {
          label
          price
          priceCents
        }
      }
      attributes {
        nodes {
          __typename
          name
          label
          scope
          ... on GlobalProductAttribute {
            terms(where: { orderby: NAME }) {
              nodes {
                name
                slug
              }
            }
          }
        }
      }
    }
    missing: product(id: "no-such-product", idType: SLUG) {
      name
    }
    storeSettings {
      siteName
      currency
    }
    soldOutAddonOptions {
      databaseId
    }
  }
`;

describe.each(databaseKinds)('catalogue executor on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  const kept = new KeptParts();
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', BAKJE_API_KEY_PEPPER: TEST_PEPPER });

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    await seedDemoShop(testDb.database.db);
    app = await startTestApp(testDb.database, { BAKJE_CATALOG_CACHE_SIZE: '0' });
    await catalogCaughtUp(app, testDb.database);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  /** The catalogue executor's answer and graphql-js's (as the endpoint writes it), for one request. */
  async function bothAnswers(query: string, variables: Record<string, unknown>, lang: Lang) {
    const document = parse(query);
    expect(validate(schema, document)).toEqual([]);
    const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
    const catalog = await app.catalog.get();
    const context = { lang, catalog, config } as GraphQLContext;
    const expected = await execute({ schema, document, variableValues: variables, contextValue: context });
    expect(expected.errors).toBeUndefined();
    const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables);
    if ('errors' in coerced) throw new Error(String(coerced.errors));
    const plan = planCatalogueQuery(schema, document, operation, kept);
    expect(plan).toBeDefined();
    return {
      expected: JSON.stringify({ data: expected.data }),
      fast: plan!.run(context, coerced.coerced)?.toString(),
      again: plan!.run(context, coerced.coerced)?.toString(),
      plan,
    };
  }

  it('answers exactly what graphql-js answers: menu, product pages, searches, filters, fragments, aliases, variables', async () => {
    const catalog = await app.catalog.get();
    const listed = [...catalog.products.values()].filter((p) => p.row.type !== 'VARIATION' && p.row.status === 'publish');
    const variable = listed.find((p) => p.row.type === 'VARIABLE')!;
    const simple = listed.find((p) => p.row.type === 'SIMPLE' && p.categoryIds.length > 0)!;
    expect(variable).toBeDefined();
    const category = catalog.categories.get(simple.categoryIds[0]!)!.slug;
    const cases: [string, Record<string, unknown>][] = [
      [webDocument('GetProducts'), {}],
      [webDocument('GetProducts'), { first: 7 }],
      [webDocument('GetProduct'), { slug: variable.row.slug }],
      [webDocument('GetProduct'), { slug: simple.row.slug }],
      [webDocument('GetProductCategories'), {}],
      [webDocument('GetAllTerms'), { taxonomies: ['PRODUCTCATEGORY'] }],
      [GET_PRODUCTS, {}],
      [GET_PRODUCTS, { slugs: [simple.row.slug, variable.row.slug] }],
      [GET_PRODUCT, { slug: variable.row.slug }],
      [GET_ALL_TERMS, { taxonomies: ['PRODUCTCATEGORY'] }],
      [VARIED, { search: 'fr', category, size: 'MEDIUM' }],
      [VARIED, { search: 'fr', category, size: 'LARGE', variations: 1 }],
      [VARIED, { category }],
      [PAGE_AND_REST, { slug: variable.row.slug }],
      [PAGE_AND_REST, { slug: simple.row.slug }],
    ];
    for (const lang of ['nl', 'fr', 'en'] as const) {
      for (const [query, variables] of cases) {
        const { expected, fast, again } = await bothAnswers(query, variables, lang);
        // Byte for byte: the kept product parts (the second run) too.
        expect(fast, `${query.slice(0, 60)} ${JSON.stringify(variables)} ${lang}`).toBe(expected);
        expect(again).toBe(expected);
      }
    }
  });

  it('keeps parts within its bytes and answers the same when they do not fit', async () => {
    const menu = parse(webDocument('GetProducts'));
    const operation = menu.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
    const catalog = await app.catalog.get();
    const context = { lang: 'fr', catalog, config } as GraphQLContext;
    const expected = JSON.stringify({ data: (await execute({ schema, document: menu, contextValue: context })).data });
    const small = new KeptParts(4096);
    const plan = planCatalogueQuery(schema, menu, operation, small)!;
    expect(plan.run(context, { first: 9999 })?.toString()).toBe(expected);
    expect(plan.run(context, { first: 9999 })?.toString()).toBe(expected);
  });

  it('leaves errors, promises and what it does not take to graphql-js', async () => {
    // A cursor that is no cursor: the resolver's error is graphql-js's to report.
    const badCursor = parse('query { products(after: "bm9wZQ==") { nodes { slug } } }');
    const plan = planCatalogueQuery(schema, badCursor, badCursor.definitions[0] as OperationDefinitionNode, kept);
    expect(plan).toBeDefined();
    const catalog = await app.catalog.get();
    expect(plan!.run({ lang: 'nl', catalog, config } as GraphQLContext, {})).toBeUndefined();
    // Directives and introspection are not planned at all.
    const skip = parse('query ($no: Boolean!) { products { nodes { slug @skip(if: $no) } } }');
    expect(planCatalogueQuery(schema, skip, skip.definitions[0] as OperationDefinitionNode, kept)).toBeUndefined();
    const typeQuery = parse('query { products { nodes { slug } } __type(name: "Product") { name } }');
    expect(planCatalogueQuery(schema, typeQuery, typeQuery.definitions[0] as OperationDefinitionNode, kept)).toBeUndefined();

    // Over HTTP, the error reads as graphql-js's and the answer is not stored.
    const answer = await graphql(app, 'query { products(after: "bm9wZQ==") { nodes { slug } } }');
    expect(answer.body.errors[0].message).toBe('Argument "after" is not a valid cursor.');
    expect(answer.body.errors[0].path).toEqual(['products']);
    expect(answer.headers['etag']).toBeUndefined();
  });

  it('answers a changed product with its new values, not a kept part', async () => {
    const menu = webDocument('GetProducts');
    const before = await graphql(app, menu, {});
    const slug = before.body.data.products.nodes[0].slug as string;
    expect((await graphql(app, menu, {})).body).toEqual(before.body);
    const [row] = await testDb.database.db.select().from(t.products).where(eq(t.products.slug, slug));
    await writeCatalog(testDb.database.db, (tx) =>
      tx
        .update(t.products)
        .set({ name: { ...row!.name, nl: 'Nieuwe naam' } })
        .where(eq(t.products.id, row!.id)),
    );
    await catalogCaughtUp(app, testDb.database);
    const after = await graphql(app, menu, {});
    expect(after.body.data.products.nodes.find((p: { slug: string }) => p.slug === slug).name).toBe('Nieuwe naam');
  });
});
