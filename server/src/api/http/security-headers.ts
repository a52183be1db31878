import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every response (docs/security.md). The built web app loads only its own script
 * files (no inline script: checked by test/http-hardening.test.ts against web/dist/index.html), so
 * script-src is 'self' alone. Inline style attributes stay allowed: React and the CSS of a few widgets
 * set them, and they cannot run code. HSTS and upgrade-insecure-requests only make sense over HTTPS:
 * sent when the request came over HTTPS (directly or as reported by the proxy).
 */
export interface SecurityHeaderOptions {
  /**
   * The origin Stripe.js is loaded from while the shop takes Stripe payments (https://js.stripe.com, or
   * BAKJE_STRIPE_JS_URL's); undefined when none or when it is this site (docs/decisions/0040). Answered
   * without a promise when it is known at once (the catalogue's current settings): most requests then set
   * their headers without waiting a turn (docs/decisions/0057-request-overhead.md).
   */
  stripeJsOrigin?: () => string | undefined | Promise<string | undefined>;
}

const withSelf = (origin: string | undefined) => (origin ? `'self' ${origin}` : "'self'");

/**
 * The headers helmet wrote with the options this server used (decision 0057 replaced helmet, which built its
 * whole middleware and parsed the policy again on every request), in its order and spelling. Obsolete headers
 * stay out: no browser in use reads X-XSS-Protection or X-Download-Options, and X-DNS-Prefetch-Control: off
 * only slows pages down (docs/security.md).
 */
export function securityHeaders(stripeJsOrigin: string | undefined): ReadonlyArray<readonly [string, string]> {
  // Stripe.js talks to Stripe's API from the page (Stripe's documented policy); a stand-in talks to its own origin.
  const stripeApi = stripeJsOrigin === 'https://js.stripe.com' ? 'https://api.stripe.com' : stripeJsOrigin;
  const directives: Array<[string, string]> = [
    ['default-src', "'self'"],
    // Only the configured Stripe.js origin, and only while Stripe takes payments.
    ['script-src', withSelf(stripeJsOrigin)],
    ['frame-src', withSelf(stripeJsOrigin)],
    ['style-src', "'self' 'unsafe-inline'"],
    ['img-src', "'self' data: blob:"],
    ['font-src', "'self' data:"],
    // Manual videos: an mp4 on this server or at an https address (docs/decisions/0032-messages-manuals.md).
    ['media-src', "'self' https:"],
    ['connect-src', withSelf(stripeApi)],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'self'"],
  ];
  return [
    ['Content-Security-Policy', directives.map(([name, value]) => `${name} ${value}`).join(';')],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-site'],
    ['Origin-Agent-Cluster', '?1'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'SAMEORIGIN'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
  ];
}

/** Headers per Stripe.js origin: one or two values in practice; a few kept, so a changing origin cannot grow it. */
const MAX_KEPT_ORIGINS = 8;

export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions = {}) {
  const kept = new Map<string | undefined, ReadonlyArray<readonly [string, string]>>();
  const headersFor = (origin: string | undefined) => {
    let headers = kept.get(origin);
    if (!headers) {
      if (kept.size >= MAX_KEPT_ORIGINS) kept.clear();
      headers = securityHeaders(origin);
      kept.set(origin, headers);
    }
    return headers;
  };
  const apply = (request: FastifyRequest, reply: FastifyReply, origin: string | undefined) => {
    // On the raw response, as helmet did: hijacked answers (event streams) write their own head and keep them.
    for (const [name, value] of headersFor(origin)) reply.raw.setHeader(name, value);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
    // Product images are handed to integrations (REST `images[].src`) that may show them on their own site.
    if (request.url.startsWith('/media/')) reply.header('cross-origin-resource-policy', 'cross-origin');
  };
  // A callback hook: an async one costs every request a promise and a turn (decision 0057).
  app.addHook('onRequest', (request, reply, done) => {
    let origin: string | undefined | Promise<string | undefined>;
    try {
      // Read for every request: the owner may turn Stripe on at any time.
      origin = options.stripeJsOrigin?.();
    } catch {
      origin = undefined;
    }
    if (!(origin instanceof Promise)) {
      apply(request, reply, origin);
      return done();
    }
    // Unknown (the settings unreadable, e.g. the database gone): the strict policy, and the request goes on, so
    // /api/ready can still say the database is gone.
    void origin
      .catch(() => undefined)
      .then((known) => {
        apply(request, reply, known);
        done();
      });
  });
}
