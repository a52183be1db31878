import { crc32, deflateSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export type Locale = 'nl_BE' | 'fr_FR' | 'en_US';

/** Calls the storefront GraphQL API directly, to find test data the way the app would. */
export async function gql<T>(request: APIRequestContext, query: string, variables: Record<string, unknown> = {}, locale: Locale = 'nl_BE'): Promise<T> {
  const response = await request.post('/graphql', {
    data: { query, variables },
    headers: { 'x-bakje-locale': locale },
  });
  expect(response.ok()).toBeTruthy();
  const body = (await response.json()) as { data: T; errors?: { message: string }[] };
  expect(body.errors ?? []).toEqual([]);
  return body.data;
}

export interface ApiProduct {
  slug: string;
  name: string;
  maxQuantity: number | null;
  rawPrice?: string | null;
  stockStatus?: string;
  productCategories: { nodes: { slug: string; name: string }[] };
  addons: { name: string; type: string; required: boolean; options: { label: string; price: number | null }[] }[];
}

export async function allProducts(request: APIRequestContext, locale: Locale = 'nl_BE'): Promise<ApiProduct[]> {
  const data = await gql<{ products: { nodes: ApiProduct[] } }>(
    request,
    `{ products(first: 9999, where: {visibility: VISIBLE, minPrice: 0, status: "publish", orderby: [{field: MENU_ORDER, order: ASC}]}) {
        nodes { slug name maxQuantity productCategories { nodes { slug name } }
          addons { name type required options { label price } }
          ... on SimpleProduct { rawPrice stockStatus } ... on VariableProduct { rawPrice stockStatus } } } }`,
    {},
    locale,
  );
  return data.products.nodes;
}

export async function setLocaleCookie(page: Page, baseURL: string | undefined, locale: Locale): Promise<void> {
  await page.context().addCookies([{ name: 'bakje-locale', value: locale, url: baseURL ?? 'http://127.0.0.1' }]);
}

/** "€ 3,20", "3,20 €", "€3.20", "vanaf € 3,20" -> 3.2. With a struck-through regular price first, the last amount (what you pay). */
export function parseEuro(text: string): number {
  const all = [...text.matchAll(/(\d+)[.,](\d{2})/g)];
  const m = all[all.length - 1];
  if (!m) throw new Error(`no price in "${text}"`);
  return Number(`${m[1]}.${m[2]}`);
}

/** Runs axe and fails on serious or critical violations, listing them. */
export async function expectNoSeriousA11yViolations(page: Page, include?: string): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} -> ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join(' | ')}`,
    );
  expect(serious).toEqual([]);
}

/** Waits until the shop list shows products (or its empty state). */
export async function waitForShop(page: Page): Promise<void> {
  await expect(page.getByTestId('result-count')).not.toHaveText(/Laden|Chargement|Loading/);
}

/** A real PNG (a colour gradient), written by hand so the spec needs no image library. */
export function gradientPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) row.set([Math.round((x * 255) / width), Math.round((y * 255) / height), 60], 1 + x * 3);
    rows.push(row);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}
