import type { App } from '../../src/app.js';

export interface BrowserOptions {
  /** Echo the CSRF cookie in X-CSRF-Token, as the web app does (default true). */
  csrf?: boolean;
  headers?: Record<string, string>;
}

/**
 * A browser's view of the shop: keeps the cookies it is given and the woocommerce-session token, and
 * sends the CSRF header as the web app does.
 */
export class Browser {
  cookies = new Map<string, string>();
  token: string | undefined;
  lastSetCookie: string[] = [];

  constructor(private readonly app: () => App) {}

  private remember(setCookie: string | string[] | undefined) {
    const list = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
    this.lastSetCookie = list;
    for (const header of list) {
      const [pair, ...attributes] = header.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a)) || attributes.some((a) => /^\s*max-age=0\b/i.test(a));
      if (expired || value === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
  }

  private cookieHeader(): Record<string, string> {
    return this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {};
  }

  async graphql(query: string, variables?: Record<string, unknown>, options: BrowserOptions = {}) {
    const response = await this.app().server.inject({
      method: 'POST',
      url: '/graphql',
      headers: {
        'content-type': 'application/json',
        ...this.cookieHeader(),
        ...(this.token ? { 'woocommerce-session': `Session ${this.token}` } : {}),
        ...(options.csrf !== false && this.cookies.get('bakje_csrf') ? { 'x-csrf-token': this.cookies.get('bakje_csrf')! } : {}),
        ...options.headers,
      },
      payload: JSON.stringify({ query, variables }),
    });
    this.remember(response.headers['set-cookie']);
    const issued = response.headers['woocommerce-session'];
    if (typeof issued === 'string') this.token = issued;
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  }

  /** `body` is sent as JSON; `options.raw` as it is, with the content type of `options.headers`. */
  async request(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, options: BrowserOptions & { raw?: string } = {}) {
    const response = await this.app().server.inject({
      method,
      url,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...this.cookieHeader(),
        ...(options.csrf !== false && this.cookies.get('bakje_csrf') ? { 'x-csrf-token': this.cookies.get('bakje_csrf')! } : {}),
        ...options.headers,
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : options.raw !== undefined ? { payload: options.raw } : {}),
    });
    this.remember(response.headers['set-cookie']);
    return response;
  }
}
