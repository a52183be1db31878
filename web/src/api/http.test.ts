import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpError, httpWithHeaders, NETWORK_FAILURE, retryServerErrors } from './http';

interface Sent {
  url: string;
  init: RequestInit;
}

/** Answers every fetch with `status` and `body`, and records what was sent. */
function answer(status: number, body: unknown): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return Promise.resolve(new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  });
  return sent;
}

const headersOf = (sent: Sent) => sent.init.headers as Record<string, string>;

afterEach(() => vi.unstubAllGlobals());

describe('http', () => {
  it('sends the login CSRF token and a JSON body on changes', async () => {
    vi.stubGlobal('document', { cookie: 'other=1; bakje_csrf=tok%2Ben; x=2' });
    const sent = answer(200, { id: 7 });
    await expect(http<{ id: number }>('POST', '/api/staff/users', { body: { email: 'a@b.be' } })).resolves.toEqual({ id: 7 });
    expect(sent[0]!.init.method).toBe('POST');
    expect(headersOf(sent[0]!)['x-csrf-token']).toBe('tok+en');
    expect(headersOf(sent[0]!)['content-type']).toBe('application/json');
    expect(sent[0]!.init.body).toBe('{"email":"a@b.be"}');
    expect(sent[0]!.init.credentials).toBe('same-origin');
  });

  it('sends an empty JSON object on a change without a body, and neither token nor body on a GET', async () => {
    vi.stubGlobal('document', { cookie: 'bakje_csrf=abc' });
    const sent = answer(200, {});
    await http('POST', '/api/kitchen/orders/ready-all');
    expect(sent[0]!.init.body).toBe('{}');
    await http('GET', '/api/kitchen/settings');
    expect(sent[1]!.init.body).toBeUndefined();
    expect(headersOf(sent[1]!)['x-csrf-token']).toBeUndefined();
    expect(headersOf(sent[1]!)['content-type']).toBeUndefined();
  });

  it('sends no CSRF header when there is no login cookie', async () => {
    vi.stubGlobal('document', { cookie: '' });
    const sent = answer(200, {});
    await http('PUT', '/api/kitchen/settings', { body: { ageAmberMinutes: 5 } });
    expect(headersOf(sent[0]!)['x-csrf-token']).toBeUndefined();
  });

  it("maps the server's error model to an HttpError with status, code, message and named fields", async () => {
    answer(400, {
      code: 'bad_input',
      message: 'Invalid printer.',
      data: { status: 400, fields: [{ field: 'kitchenPrinter', message: 'host:port' }, { nope: 1 }] },
    });
    const error = await http('PUT', '/api/printing/settings', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 400, code: 'bad_input', message: 'Invalid printer.', fields: [{ field: 'kitchenPrinter', message: 'host:port' }] });
  });

  it("reads the store REST API's refused fields (data.params) and gives the paging headers with httpWithHeaders", async () => {
    vi.stubGlobal('document', { cookie: '' });
    answer(400, { code: 'woocommerce_rest_product_invalid_sku', message: 'Invalid or duplicated SKU.', data: { status: 400, params: ['sku'] } });
    const error = (await http('PUT', '/wp-json/wc/v3/products/4', { body: { sku: 'X' } }).catch((e: unknown) => e)) as HttpError;
    expect(error.fields).toEqual([{ field: 'sku', message: 'Invalid or duplicated SKU.' }]);
    const sent: Sent[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return Promise.resolve(new Response('[]', { status: 200, headers: { 'x-wp-total': '12', 'x-wp-totalpages': '2' } }));
    });
    const page = await httpWithHeaders<unknown[]>('PUT', '/wp-json/wc/v3/products/4', { headers: { 'if-match': '"3"' } });
    expect(page.headers.get('x-wp-totalpages')).toBe('2');
    expect(headersOf(sent[0]!)['if-match']).toBe('"3"');
  });

  it('names the HTTP status when the error body is not the error model', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('<html>bad gateway</html>', { status: 502 })));
    await expect(http('GET', '/api/x')).rejects.toMatchObject({ status: 502, message: 'HTTP 502', code: undefined, fields: [] });
  });

  it('turns a network failure into status 0 and lets an abort through', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(http('GET', '/api/x')).rejects.toMatchObject({ status: 0, message: NETWORK_FAILURE });
    vi.stubGlobal('fetch', () => Promise.reject(new DOMException('aborted', 'AbortError')));
    await expect(http('GET', '/api/x')).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('retries only server failures, twice', () => {
    expect(retryServerErrors(0, new HttpError('x', 503))).toBe(true);
    expect(retryServerErrors(2, new HttpError('x', 503))).toBe(false);
    expect(retryServerErrors(0, new HttpError('x', 404))).toBe(false);
    expect(retryServerErrors(0, new Error('x'))).toBe(false);
  });
});
