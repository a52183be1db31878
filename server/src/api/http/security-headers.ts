import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every response (docs/security.md). The built web app loads only its own script
 * files (no inline script: checked by test/security-headers.test.ts against web/dist/index.html), so
 * script-src is 'self' alone. Inline style attributes stay allowed: React and the CSS of a few widgets
 * set them, and they cannot run code. HSTS and upgrade-insecure-requests only make sense over HTTPS:
 * sent when the request came over HTTPS (directly or as reported by the proxy).
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        // Manual videos: an mp4 on this server or at an https address (docs/decisions/0032-messages-manuals.md).
        'media-src': ["'self'", 'https:'],
        'connect-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'self'"],
      },
    },
    hsts: false,
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
