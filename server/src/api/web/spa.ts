import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { addVary } from '../http/compression.js';
import { ifNoneMatchIncludes, strongEtag } from '../http/caching.js';
import { withFirstPaint, type FirstPaint } from '../../modules/first-paint/first-paint.js';
import { loadRoutePreloads, NO_PRELOADS, withPreloads } from './route-preloads.js';

/** The kinds of file the web build precompresses (web/vite.config.ts). */
const PRECOMPRESSED_KINDS = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)(\.br|\.gz)?$/;

/** The app's routes (docs/product.md §2 plus the product page); anything else gets the 404 page with status 404. */
const APP_ROUTES: RegExp[] = [
  /^\/$/,
  /^\/bestellen(\/page\/\d+)?\/?$/,
  /^\/bestellenkiosk\/?$/,
  /^\/kioskindex\/?$/,
  /^\/cadeaubon\/?$/,
  /^\/checkout\/?$/,
  /^\/checkout\/order-received\/[^/]+\/?$/,
  /^\/confirm-payment\/?$/,
  /^\/contact\/?$/,
  // The staff screens one by one (web/src/app/routes.tsx): an unknown dashboard path is a 404 like any other.
  /^\/dashboard(\/(printer|products|timeslots|staff|api-keys|printing|payments|pos|jobs|hours|kiosks|coupons|gift-cards|kitchen|stations|prep-times|notifications))?\/?$/,
  /^\/dashboard\/(messages|reviews|customers|manuals|settings|delivery|mailbox|orders|figures|media)\/?$/,
  /^\/dashboard\/catalog\/(import|categories|add-ons|allergens|tags)\/?$/,
  /^\/dashboard\/(products|customers)\/[^/]+\/?$/,
  /^\/dashboard\/manuals\/[^/]+(\/edit)?\/?$/,
  /^\/digital-menu\/(BKP-)?\d+\/?$/,
  /^\/login\/?$/,
  /^\/my-account(\/lost-password)?\/?$/,
  /^\/my-account\/reset-password\/?$/,
  /^\/order-status-scherm\/?$/,
  /^\/order-summary(\/[^/]+)?\/?$/,
  /^\/videooverlay\/?$/,
  /^\/sitemap\/?$/,
  /^\/terms-conditions\/?$/,
  /^\/privacy-policy\/?$/,
  /^\/product\/[^/]+\/?$/,
];

export function isAppRoute(pathname: string): boolean {
  return APP_ROUTES.some((route) => route.test(pathname));
}

/** Serves the built React app, its assets, and index.html for every app route. */
const PRODUCT_ROUTE = /^\/product\/([^/]+)\/?$/;

/**
 * index.html with a product's SEO head (docs/interfaces.md §1, fullYoastHead) in place of the generic title
 * and description, so crawlers and link previews that run no script see the product.
 */
export function withHead(indexHtml: string, head: string): string {
  const title = /<title>[^<]*<\/title>/i;
  if (!title.test(indexHtml)) return indexHtml.replace(/<\/head>/i, () => `${head}\n</head>`);
  return indexHtml.replace(/<meta name="description"[^>]*>\s*/i, '').replace(title, () => head);
}

/** The head markup of a product page, or undefined for a slug that is no listed product. */
export type ProductHeadFor = (slug: string, request: FastifyRequest) => Promise<string | undefined>;

/** The menu's HTML shown before the app runs (docs/decisions/0044-first-paint.md), or undefined for a route without one. */
export type FirstPaintFor = (url: string, request: FastifyRequest) => Promise<FirstPaint | undefined>;

export async function registerWebApp(
  app: FastifyInstance,
  options: {
    webDist: string;
    mediaDir: string;
    productHead?: ProductHeadFor;
    firstPaint?: FirstPaintFor;
    /** The language the app starts in for this request (nl, fr, en): its messages are preloaded. */
    langOf?: (request: FastifyRequest) => string;
  },
) {
  await app.register(fastifyStatic, {
    root: options.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    maxAge: '1d',
  });
  const indexFile = path.join(options.webDist, 'index.html');
  const built = fs.existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      decorateReply: false,
      // The build writes .br and .gz beside each text asset (web/vite.config.ts): sent as they are, no work here.
      preCompressed: true,
      // Off, or send's own "public, max-age=0" replaces the header set below (it is applied after setHeaders).
      cacheControl: false,
      setHeaders(res, filePath) {
        // Hashed bundles never change; everything else is revalidated.
        res.setHeader('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The same URL may be answered brotli, gzip or plain; @fastify/static does not say so itself.
        if (PRECOMPRESSED_KINDS.test(filePath)) res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  const preloads = built ? loadRoutePreloads(options.webDist) : NO_PRELOADS;
  const indexHtml = () =>
    built ? fs.readFileSync(indexFile, 'utf8') : '<!doctype html><title>Bakje</title><p>The web app is not built: run npm run build.</p>';
  let cachedIndex: { html: string; etag: string } | undefined;
  // index.html with the preloads of a route and language, one per distinct set of links.
  const preloaded = new Map<string, { html: string; etag: string }>();
  const pageWithPreloads = (page: { html: string; etag: string }, links: string) => {
    if (!links) return page;
    const key = `${page.etag}\n${links}`;
    let result = preloaded.get(key);
    if (!result) {
      const html = withPreloads(page.html, links);
      result = { html, etag: strongEtag(html) };
      // Bounded by routes times languages for index.html; product heads make each product page its own entry.
      if (preloaded.size >= 2000) preloaded.clear();
      preloaded.set(key, result);
    }
    return result;
  };
  // A first paint is rendered once per catalogue version (modules/first-paint); the page and its ETag with it.
  const painted = new WeakMap<FirstPaint, Map<string, { html: string; etag: string }>>();
  const pageWithPaint = (page: { html: string; etag: string }, paint: FirstPaint) => {
    let pages = painted.get(paint);
    if (!pages) painted.set(paint, (pages = new Map()));
    let result = pages.get(page.etag);
    if (!result) {
      const html = withFirstPaint(page.html, paint);
      result = { html, etag: strongEtag(html) };
      pages.set(page.etag, result);
    }
    return result;
  };

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = /^\/(api|graphql|wp-json|media|assets)(\/|$)/.test(pathname);
    if (isApi || request.method !== 'GET') {
      return reply.code(404).send({ code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } });
    }
    if (!cachedIndex) {
      const html = indexHtml();
      cachedIndex = { html, etag: strongEtag(html) };
    }
    const slug = PRODUCT_ROUTE.exec(pathname)?.[1];
    let page = cachedIndex;
    if (slug && options.productHead) {
      let decoded: string | undefined;
      try {
        decoded = decodeURIComponent(slug);
      } catch {
        decoded = undefined;
      }
      const head = decoded === undefined ? undefined : await options.productHead(decoded, request);
      if (head) {
        const html = withHead(cachedIndex.html, head);
        page = { html, etag: strongEtag(html) };
      }
    }
    const status = isAppRoute(pathname) ? 200 : 404;
    const paint = status === 200 && options.firstPaint ? await options.firstPaint(request.url, request) : undefined;
    if (paint?.perVisitor) {
      // One visitor's page (their cart): written for this answer alone, never stored by a browser or a proxy,
      // and no ETag another visitor's page could match (docs/decisions/0056-checkout-first-paint.md).
      const html = withFirstPaint(withPreloads(page.html, preloads.stylesFor(pathname)), paint);
      addVary(reply, 'accept-encoding');
      return reply.code(status).header('cache-control', 'private, no-store').header('content-type', 'text/html; charset=utf-8').send(html);
    }
    if (paint) page = pageWithPaint(page, paint);
    else page = pageWithPreloads(page, preloads.linksFor(pathname, options.langOf?.(request) ?? 'nl'));
    // Revalidated on every load (no-cache) and answered 304 while the page (build and product head) is the same.
    reply.header('cache-control', 'no-cache').header('etag', page.etag);
    addVary(reply, 'accept-encoding');
    // Without the locale cookie the page speaks the browser's language (issue 31).
    addVary(reply, 'accept-language');
    if (status === 200 && ifNoneMatchIncludes(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
    return reply.code(status).header('content-type', 'text/html; charset=utf-8').send(page.html);
  });
}
