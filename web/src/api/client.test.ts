import { afterEach, describe, expect, it, vi } from 'vitest';
import { cacheableUrl, gql, MAX_GET_URL_LENGTH } from './client';
import { GetAllTermsDocument, GetProductDocument, GetProductsDocument, GetStoreSettingsDocument } from './catalog.generated';

interface Sent {
  url: string;
  init: RequestInit;
}

function answer(body: unknown): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
  });
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('catalogue reads over GET', () => {
  it('fits every catalogue document of the shop in a GET URL', () => {
    for (const [document, variables] of [
      [GetProductsDocument, { first: 9999 }],
      [GetProductDocument, { slug: 'frikandel-speciaal' }],
      [GetAllTermsDocument, { taxonomies: ['PA_ALLERGENEN'] }],
      [GetStoreSettingsDocument, {}],
    ] as const) {
      const url = cacheableUrl(document.toString(), variables);
      expect(url, document.toString().slice(0, 40)).toBeDefined();
      expect(url!.length).toBeLessThanOrEqual(MAX_GET_URL_LENGTH);
      const params = new URL(url!, 'http://shop.test').searchParams;
      expect(params.get('query')).toBe(document.toString());
      expect(JSON.parse(params.get('variables')!)).toEqual(variables);
    }
  });

  it('never sends a mutation or an overlong query by GET', () => {
    expect(cacheableUrl('mutation Add { addToCart(input: {productId: 1}) { cart { isEmpty } } }', {})).toBeUndefined();
    expect(cacheableUrl(`query Long { ${'products { nodes { name } } '.repeat(400)} }`, {})).toBeUndefined();
  });

  it('sends a cacheable read by GET without a body or CSRF header, and anything else by POST', async () => {
    vi.stubGlobal('document', { cookie: 'bakje_csrf=tok' });
    const sent = answer({ data: { storeSettings: { currency: 'EUR' } } });
    await gql(GetStoreSettingsDocument, undefined, { locale: 'nl_BE', cacheable: true });
    expect(sent[0]!.init.method).toBe('GET');
    expect(sent[0]!.url.startsWith('/graphql?query=')).toBe(true);
    expect(sent[0]!.init.body).toBeUndefined();
    expect(sent[0]!.init.headers).toEqual({ accept: 'application/json', 'x-bakje-locale': 'nl_BE' });

    await gql(GetStoreSettingsDocument, undefined, { locale: 'nl_BE' });
    expect(sent[1]!.init.method).toBe('POST');
    expect(sent[1]!.url).toBe('/graphql');
    expect(JSON.parse(sent[1]!.init.body as string)).toEqual({ query: GetStoreSettingsDocument.toString(), variables: {} });
    expect((sent[1]!.init.headers as Record<string, string>)['x-csrf-token']).toBe('tok');
  });
});
