import type { FastifyInstance } from 'fastify';
import { isListed } from '../../modules/catalog/snapshot.js';
import { renderCheckoutFirstPaint } from '../../modules/first-paint/checkout.js';
import { FirstPaintCache, firstPaintLang, firstPaintRoute } from '../../modules/first-paint/first-paint.js';
import { LOCALE_COOKIE, LOCALE_HEADER, pickLang } from '../../modules/i18n/locale.js';
import { productHead } from '../../modules/seo/product-head.js';
import { mediaDir } from '../../paths.js';
import { registerBenchCheckoutFixture } from '../bench/checkout-fixture.js';
import { registerBenchGuestCartPurge } from '../bench/guest-cart-purge.js';
import { registerBenchPrintFixture } from '../bench/print-fixture.js';
import { registerBenchRoutes } from '../bench/static-reference.js';
import { CHECKOUT_ROUTE, checkoutCartOf } from '../web/checkout-paint.js';
import { registerMediaFiles } from '../web/media-files.js';
import { registerWebApp } from '../web/spa.js';
import type { AreaContext } from './context.js';

/** The web app (its pages' first paint and product heads), the media files, and the benchmarks' fixtures when on. */
export async function registerWebArea(server: FastifyInstance, context: AreaContext): Promise<void> {
  const { config, db, catalog, clock } = context;
  registerMediaFiles(server, { media: context.media });
  if (config.benchRoutes) {
    registerBenchRoutes(server);
    registerBenchCheckoutFixture(server, db);
    registerBenchPrintFixture(server, db);
    registerBenchGuestCartPurge(server, db, clock);
  }
  const firstPaints = new FirstPaintCache();
  await registerWebApp(server, {
    webDist: config.webDist,
    mediaDir,
    productHead: async (slug, request) => {
      const snapshot = await catalog.get();
      const product = snapshot.productsBySlug.get(slug);
      if (!product || !isListed(product.row)) return undefined;
      const lang = pickLang(request.headers[LOCALE_HEADER] as string | undefined, request.cookies[LOCALE_COOKIE], request.headers['accept-language']);
      return productHead(snapshot, product, { lang, baseUrl: config.siteUrl }).html;
    },
    firstPaint: async (url, request) => {
      if (CHECKOUT_ROUTE.test(url)) {
        try {
          const snapshot = await catalog.get();
          return renderCheckoutFirstPaint({
            snapshot,
            cart: await checkoutCartOf(request, { tokens: context.tokens, carts: context.carts }),
            lang: firstPaintLang(request.cookies[LOCALE_COOKIE], request.headers['accept-language']),
            now: clock(),
            timeZone: config.timeZone,
          });
        } catch (err) {
          // The page still works without it: the app loads the cart itself (and shows the problem, if any).
          request.log.warn({ err }, 'the checkout first paint could not be written');
          return undefined;
        }
      }
      const route = firstPaintRoute(url);
      if (!route) return undefined;
      return firstPaints.get(await catalog.get(), route, firstPaintLang(request.cookies[LOCALE_COOKIE], request.headers['accept-language']));
    },
    langOf: (request) => firstPaintLang(request.cookies[LOCALE_COOKIE], request.headers['accept-language']),
  });
}
