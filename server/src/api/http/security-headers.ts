import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every response (docs/security.md). The built web app loads only its own script
 * files (no inline script: checked by test/security-headers.test.ts against web/dist/index.html), so
 * script-src is 'self' alone. Inline style attributes stay allowed: React and the CSS of a few widgets
 * set them, and they cannot run code. HSTS and upgrade-insecure-requests only make sense over HTTPS:
 * sent when the request came over HTTPS (directly or as reported by the proxy).
 */
export interface SecurityHeaderOptions {
  /**
   * The origin Stripe.js is loaded from while the shop takes Stripe payments (https://js.stripe.com, or
   * BAKJE_STRIPE_JS_URL's); undefined when none or when it is this site (docs/decisions/0040).
   */
  stripeJsOrigin?: () => Promise<string | undefined>;
}

type WithStripeOrigin = ServerResponse & { bakjeStripeJsOrigin?: string };
const stripeOrigin = (res: ServerResponse) => (res as WithStripeOrigin).bakjeStripeJsOrigin;
/** Stripe.js talks to Stripe's API from the page (Stripe's documented policy); a stand-in talks to its own origin. */
const stripeApiOrigin = (res: ServerResponse) => (stripeOrigin(res) === 'https://js.stripe.com' ? 'https://api.stripe.com' : stripeOrigin(res));
const withSelf = (origin: string | undefined) => (origin ? `'self' ${origin}` : "'self'");

export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions = {}) {
  // Read before helmet's own hook writes the header: the owner may turn Stripe on at any time.
  if (options.stripeJsOrigin) {
    const origin = options.stripeJsOrigin;
    app.addHook('onRequest', async (_request, reply) => {
      // Unknown (the settings unreadable, e.g. the database gone): the strict policy, and the request goes on, so
      // /api/ready can still say the database is gone.
      (reply.raw as WithStripeOrigin).bakjeStripeJsOrigin = await origin().catch(() => undefined);
    });
  }
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        // Only the configured Stripe.js origin, and only while Stripe takes payments.
        'script-src': [(_req, res) => withSelf(stripeOrigin(res))],
        'frame-src': [(_req, res) => withSelf(stripeOrigin(res))],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        // Manual videos: an mp4 on this server or at an https address (docs/decisions/0032-messages-manuals.md).
        'media-src': ["'self'", 'https:'],
        'connect-src': [(_req, res) => withSelf(stripeApiOrigin(res))],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'self'"],
      },
    },
    hsts: false,
    // Obsolete: no browser in use reads X-XSS-Protection or X-Download-Options, and X-DNS-Prefetch-Control: off
    // only slows pages down. Each was about 25 bytes on every answer (docs/security.md).
    xXssProtection: false,
    xDownloadOptions: false,
    xDnsPrefetchControl: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
    // Product images are handed to integrations (REST `images[].src`) that may show them on their own site.
    if (request.url.startsWith('/media/')) reply.header('cross-origin-resource-policy', 'cross-origin');
  });
}
