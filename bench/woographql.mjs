#!/usr/bin/env node
// `npm run bench:woographql -w bench` (issue 19): what a WooGraphQL storefront's two heaviest reads cost.
// Starts the built server on a fresh PGlite directory (demo shop), fills one guest cart (three lines, fries
// in a size among them) with the token read from the response body, then runs, each with --connections
// keep-alive clients (default 10) for --duration seconds after a warm-up: `getCart` with the full cart
// selection (every line's product with its variations, as such storefronts ask after each change) on that
// cart, `getProducts` with `variations(first: 100)` (the whole menu), and the shop's own products query for
// comparison. Every answer is checked once before the load (no errors). Prints requests/s and p50/p99 with the
// load average; writes bench/results/woographql.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { load, prepareBenchServer } from './lib/bench-server.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(benchDir, '..');
const { values: args } = parseArgs({
  options: {
    connections: { type: 'string', default: '10' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
  },
});
const connections = Number(args.connections);
const duration = Number(args.duration);
const warmup = Number(args.warmup);
if (![connections, duration, warmup].every((n) => Number.isInteger(n) && n >= 1)) {
  console.error('bench:woographql: --connections, --duration and --warmup must be positive whole numbers');
  process.exit(2);
}

const IMAGE = 'image { databaseId altText sourceUrl thumbnail: sourceUrl(size: THUMBNAIL) medium: sourceUrl(size: MEDIUM) srcSet }';
const VARIATION = `fragment Variation on ProductVariation { databaseId name slug stockStatus onSale price rawPrice: price(format: RAW) regularPrice salePrice ${IMAGE} attributes { nodes { name label value } } }`;
const CARD = `fragment Card on Product { databaseId type name slug sku onSale averageRating reviewCount ${IMAGE}
  productCategories { nodes { databaseId name slug } } terms { nodes { taxonomyName slug name } }
  attributes { nodes { name label options variation visible } }
  ... on SimpleProduct { stockStatus price rawPrice: price(format: RAW) regularPrice salePrice }
  ... on VariableProduct { stockStatus price rawPrice: price(format: RAW) regularPrice salePrice defaultAttributes { nodes { name value } } } }`;
const GET_CART = `query getCart { cart { isEmpty total rawTotal: total(format: RAW) subtotal totalTax discountTotal shippingTotal chosenShippingMethods
  availableShippingMethods { rates { id label cost } } appliedCoupons { code discountAmount }
  contents(first: 100) { itemCount productCount nodes { key quantity total subtotal tax extraData { key value }
    variation { attributes { name value } node { ...Variation } }
    product { node { ...Card ... on VariableProduct { variations(first: 100) { nodes { ...Variation } } } } } } } }
  customer { sessionToken firstName lastName email billing { firstName lastName address1 city postcode phone email } }
  viewer { wooSessionToken } paymentGateways { nodes { id title } } }
${VARIATION}
${CARD}`;
const GET_PRODUCTS = `query getProducts { products(first: 9999, where: { visibility: VISIBLE, minPrice: 0, orderby: [{ field: MENU_ORDER, order: ASC }] }) {
  pageInfo { hasNextPage endCursor } nodes { ...Card ... on VariableProduct { variations(first: 100) { nodes { ...Variation } } } } } }
${VARIATION}
${CARD}`;
const SHOP_PRODUCTS =
  '{ products(first: 9999, where: { visibility: VISIBLE }) { nodes { databaseId name slug ... on SimpleProduct { price } ... on VariableProduct { price } } } }';
const ADD = 'mutation($input: AddToCartInput!) { addToCart(input: $input) { cart { contents { itemCount } } } }';

const bench = await prepareBenchServer(root, 'bakje-woographql-bench-');
const { base } = bench;

async function graphql(query, variables, headers = {}) {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  const answer = await response.json();
  if (!response.ok || answer.errors?.length) throw new Error(`${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
  return answer.data;
}

function cannon(title, body, headers) {
  return new Promise((resolve, reject) => {
    autocannon(
      { title, url: `${base}/graphql`, method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body, connections, duration: warmup },
      (warmError) => {
        if (warmError) return reject(warmError);
        autocannon(
          { title, url: `${base}/graphql`, method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body, connections, duration },
          (error, result) => (error ? reject(error) : resolve(result)),
        );
      },
    );
  });
}

let exitCode = 0;
try {
  const server = await bench.start({ BAKJE_VIRTUAL_PRINTER: 'false' });
  console.log(`woographql bench: PGlite server pid ${server.pid}; ${load()}`);

  // One guest cart, its token taken from the response body as WooGraphQL clients do.
  const token = (await graphql(GET_CART)).customer.sessionToken;
  const session = { 'woocommerce-session': `Session ${token}` };
  const menu = await graphql(
    '{ frikandel: product(id: "frikandel", idType: SLUG) { databaseId } frieten: product(id: "frieten", idType: SLUG) { databaseId ... on VariableProduct { variations { nodes { databaseId } } } } }',
  );
  await graphql(ADD, { input: { productId: menu.frikandel.databaseId, quantity: 2 } }, session);
  await graphql(ADD, { input: { productId: menu.frieten.variations.nodes[0].databaseId, quantity: 1 } }, session);
  await graphql(ADD, { input: { productId: menu.frieten.databaseId, variationId: menu.frieten.variations.nodes.at(-1).databaseId, quantity: 1 } }, session);
  const cart = await graphql(GET_CART, undefined, session);
  if (cart.cart.contents.nodes.length !== 3) throw new Error(`the cart has ${cart.cart.contents.nodes.length} lines, not 3`);
  const products = await graphql(GET_PRODUCTS);
  if (products.products.nodes.length < 20) throw new Error(`getProducts answered ${products.products.nodes.length} products`);

  const runs = [
    ['getCart (full selection, 3 lines)', GET_CART, session],
    ['getProducts (variations(first: 100))', GET_PRODUCTS, {}],
    ['shop products query', SHOP_PRODUCTS, {}],
  ];
  const figures = [];
  for (const [title, query, headers] of runs) {
    const result = await cannon(title, JSON.stringify({ query }), headers);
    const figure = {
      query: title,
      connections,
      requestsPerSec: Math.round(result.requests.average * 10) / 10,
      latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
      errors: result.errors,
      non2xx: result.non2xx,
      bytesPerResponse: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : null,
    };
    if (figure.errors || figure.non2xx) exitCode = 1;
    figures.push(figure);
    console.log(
      `${title}: ${figure.requestsPerSec} req/s, p50 ${figure.latencyMs.p50} ms, p99 ${figure.latencyMs.p99} ms, ${figure.bytesPerResponse} B/response`,
    );
  }
  console.log(load());
  fs.mkdirSync(path.join(benchDir, 'results'), { recursive: true });
  fs.writeFileSync(
    path.join(benchDir, 'results', 'woographql.json'),
    `${JSON.stringify({ date: new Date().toISOString(), database: 'pglite', figures, loadAverage: os.loadavg(), cpus: os.cpus().length }, null, 2)}\n`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  await bench.stop();
}
process.exit(exitCode);
