import { createHmac } from 'node:crypto';
import OAuth from 'oauth-1.0a';

/** A refusal or failure of the source shop, with its HTTP status (null when it could not be reached). */
export class WooCommerceSourceError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'WooCommerceSourceError';
  }
}

export interface WooCommerceSource {
  /** The shop's address, e.g. https://frituur.be (the API is under /wp-json/...). */
  url: string;
  consumerKey: string;
  consumerSecret: string;
}

const MAX_PAGES = 1000;

/**
 * Reads a running WooCommerce shop through its REST API (docs/interfaces.md §2, the API Bakje itself speaks): over
 * HTTPS with the key and secret as Basic credentials, over plain HTTP signed with OAuth 1.0a (HMAC-SHA256), as
 * WooCommerce requires. Lists are read page by page (per_page 100) until X-WP-TotalPages.
 */
export class WooCommerceRestClient {
  private readonly base: string;
  private readonly oauth: OAuth;

  constructor(
    private readonly source: WooCommerceSource,
    private readonly options: { timeoutMs?: number; fetch?: typeof fetch } = {},
  ) {
    this.base = source.url.replace(/\/+$/, '');
    this.oauth = new OAuth({
      consumer: { key: source.consumerKey, secret: source.consumerSecret },
      signature_method: 'HMAC-SHA256',
      hash_function: (base, key) => createHmac('sha256', key).update(base).digest('base64'),
    });
  }

  private signedUrl(path: string, query: Record<string, string>): { url: string; headers: Record<string, string> } {
    const url = new URL(`${this.base}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    if (url.protocol === 'https:') {
      const basic = Buffer.from(`${this.source.consumerKey}:${this.source.consumerSecret}`).toString('base64');
      return { url: url.toString(), headers: { authorization: `Basic ${basic}` } };
    }
    const data = this.oauth.authorize({ url: `${url.origin}${url.pathname}`, method: 'GET', data: query });
    for (const [name, value] of Object.entries(data)) url.searchParams.set(name, String(value));
    return { url: url.toString(), headers: {} };
  }

  /** One GET; the parsed body and the total number of pages for a list. */
  async get<T>(path: string, query: Record<string, string> = {}): Promise<{ body: T; totalPages: number }> {
    const { url, headers } = this.signedUrl(path, query);
    let response: Response;
    try {
      response = await (this.options.fetch ?? fetch)(url, {
        headers: { accept: 'application/json', ...headers },
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 20_000),
      });
    } catch (error) {
      throw new WooCommerceSourceError(`The shop at ${this.base} could not be reached (${error instanceof Error ? error.message : String(error)}).`, null);
    }
    const body = (await response.json().catch(() => undefined)) as unknown;
    if (!response.ok) {
      const message = typeof (body as { message?: unknown })?.message === 'string' ? (body as { message: string }).message : `HTTP ${response.status}`;
      throw new WooCommerceSourceError(`The shop refused ${path}: ${message}`, response.status);
    }
    if (body === undefined) throw new WooCommerceSourceError(`The shop answered ${path} with something that is not JSON.`, response.status);
    return { body: body as T, totalPages: Number(response.headers.get('x-wp-totalpages') ?? '1') || 1 };
  }

  /** Every item of a list, page by page. */
  async all<T>(path: string, query: Record<string, string> = {}): Promise<T[]> {
    const items: T[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const { body, totalPages } = await this.get<T[]>(path, { ...query, per_page: '100', page: String(page) });
      if (!Array.isArray(body)) throw new WooCommerceSourceError(`The shop answered ${path} without a list.`, 200);
      items.push(...body);
      if (page >= totalPages || body.length === 0) break;
    }
    return items;
  }
}
