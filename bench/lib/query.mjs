// The storefront's full-menu query (the shop list), as the web app sends it.
import http from 'node:http';

/** What Chromium sends; the server picks brotli from it. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** POSTs `body` to `path` as a browser would and resolves to the answer's encoding and its bytes as sent. */
export function wireAnswer(port, path, body) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': 'application/json', 'accept-encoding': BROWSER_ACCEPT_ENCODING } },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk) => (bytes += chunk.length));
        response.on('end', () => resolve({ status: response.statusCode, encoding: response.headers['content-encoding'] ?? 'none', bytes }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

export const PRODUCTS_QUERY = `query BenchFullMenu {
  products(first: 9999, where: {visibility: VISIBLE, minPrice: 0, status: "publish", orderby: [{field: MENU_ORDER, order: ASC}]}) {
    pageInfo { hasNextPage endCursor }
    nodes {
      databaseId id name slug type date description shortDescription averageRating onSale isNew discountPercentage
      image { sourceUrl altText }
      allergens { code name icon }
      productCategories { nodes { slug name } }
      terms { nodes { taxonomyName slug } }
      ... on SimpleProduct { price(format: RAW) regularPrice(format: RAW) salePrice(format: RAW) stockStatus }
      ... on VariableProduct { price(format: RAW) regularPrice(format: RAW) salePrice(format: RAW) stockStatus }
    }
  }
}`;

export const PRODUCTS_REQUEST_BODY = JSON.stringify({ query: PRODUCTS_QUERY, operationName: 'BenchFullMenu', variables: {} });

export const MIN_PRODUCTS = 45;

/**
 * Sends the query once and checks the answer: 200, no errors, at least MIN_PRODUCTS products.
 * Resolves to the exact response body (a string) and its product count.
 */
export async function fetchProducts(port) {
  const response = await fetch(`http://127.0.0.1:${port}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: PRODUCTS_REQUEST_BODY,
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`the products query answered HTTP ${response.status}: ${text.slice(0, 500)}`);
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`the products query did not answer JSON: ${text.slice(0, 500)}`);
  }
  if (json.errors?.length) throw new Error(`the products query answered errors: ${JSON.stringify(json.errors).slice(0, 1000)}`);
  const count = json.data?.products?.nodes?.length ?? 0;
  if (count < MIN_PRODUCTS)
    throw new Error(`the products query returned ${count} products; the bench needs at least ${MIN_PRODUCTS} (is the demo shop seeded?)`);
  return { body: text, count, bytes: Buffer.byteLength(text), cacheHeader: response.headers.get('x-bakje-cache') };
}

/** Stores `body` as the static reference and checks the server serves it back byte for byte. */
export async function installStaticReference(port, body) {
  const put = await fetch(`http://127.0.0.1:${port}/api/_bench/static-body`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body,
  });
  if (put.status === 404) throw new Error('PUT /api/_bench/static-body answered 404: is BAKJE_BENCH_ROUTES=true honoured by this build?');
  if (!put.ok) throw new Error(`PUT /api/_bench/static-body answered HTTP ${put.status}: ${(await put.text()).slice(0, 300)}`);
  const check = await fetch(`http://127.0.0.1:${port}/api/_bench/static`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: PRODUCTS_REQUEST_BODY,
  });
  const served = await check.text();
  if (check.status !== 200 || served !== body) {
    throw new Error(`POST /api/_bench/static did not serve the stored body back (HTTP ${check.status}, ${Buffer.byteLength(served)} bytes)`);
  }
  if (!String(check.headers.get('content-type')).startsWith('application/json')) {
    throw new Error(`POST /api/_bench/static answered content-type ${check.headers.get('content-type')}`);
  }
}
