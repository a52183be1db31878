import fs from 'node:fs';
import path from 'node:path';

/**
 * The code a page without a first paint loads on demand, announced in its HTML so the browser fetches it
 * together with the entry instead of after the entry has run (docs/decisions/0052-main-thread.md): the app
 * itself (web/src/main.tsx imports it), the route's lazily loaded page (web/src/app/routes.tsx) and the
 * messages of a language other than Dutch. A page with a first paint gets none: the entry fetches the app
 * once the page has loaded. The chunk graph comes from the build's manifest (`build.manifest` in
 * web/vite.config.ts).
 */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** The app, started by the entry on every page. */
const APP_MODULE = 'src/app/start.tsx';

/**
 * The lazily loaded page of a route that has no first paint and whose page the shop's visitors open first.
 * A product page has a first paint (docs/decisions/0044-first-paint.md): its code, fetched early, took
 * bandwidth from the largest image (measured: LCP 1.8 -> 2.2 s).
 */
const ROUTE_MODULES: { route: RegExp; module: string }[] = [{ route: /^\/checkout\/?$/, module: 'src/checkout/CheckoutPage.tsx' }];

/** The message file the app fetches first for a language other than Dutch (web/src/i18n/messages.ts). */
const LANG_MODULES: Record<string, string> = { fr: 'src/i18n/messages/fr-FR.json', en: 'src/i18n/messages/en-US.json' };

export interface RoutePreloads {
  /** The `<link>` tags for a page without a first paint, by path and language (nl, fr, en). */
  linksFor(pathname: string, lang: string): string;
  /**
   * The stylesheets of the route's page as render-blocking links, for a first paint drawn with the page's classes
   * (the checkout's, docs/decisions/0056-checkout-first-paint.md); the app finds them in place and adds none.
   */
  stylesFor(pathname: string): string;
}

export const NO_PRELOADS: RoutePreloads = { linksFor: () => '', stylesFor: () => '' };

/** Reads `<webDist>/.vite/manifest.json`; without it (an older build) pages announce nothing extra. */
export function loadRoutePreloads(webDist: string): RoutePreloads {
  const file = path.join(webDist, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return NO_PRELOADS;
  return routePreloads(JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest);
}

export function routePreloads(manifest: Manifest): RoutePreloads {
  // What index.html already loads: the entry and its static imports.
  const loaded = new Set<string>();
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const visit = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported, into);
  };
  for (const entry of entries) visit(entry, loaded);

  const stylesOf = (module: string, skip: Set<string>): string[] => {
    const chunks = new Set<string>();
    visit(module, chunks);
    const styles = new Set<string>();
    for (const key of chunks) if (!skip.has(key)) for (const css of manifest[key]!.css ?? []) styles.add(css);
    return [...styles];
  };
  const linksOf = (module: string, skip: Set<string>): string => {
    if (!manifest[module]) return '';
    const chunks = new Set<string>();
    visit(module, chunks);
    const scripts: string[] = [];
    const styles = new Set<string>();
    for (const key of chunks) {
      if (skip.has(key)) continue;
      const chunk = manifest[key]!;
      scripts.push(`<link rel="modulepreload" crossorigin href="/${chunk.file}">`);
      for (const css of chunk.css ?? []) styles.add(css);
    }
    // Preloaded, not linked: a stylesheet link would hold the first paint back until it arrives.
    const styleLinks = [...styles].map((css) => `<link rel="preload" as="style" crossorigin href="/${css}">`);
    return [...scripts, ...styleLinks].join('');
  };

  // The app's chunks count as loaded for the route's page: the links name each file once.
  const appChunks = new Set<string>();
  visit(APP_MODULE, appChunks);
  const app = linksOf(APP_MODULE, loaded);
  const afterApp = new Set([...loaded, ...appChunks]);
  const byRoute = new Map(ROUTE_MODULES.map(({ module }) => [module, linksOf(module, afterApp)]));
  const stylesByRoute = new Map(
    ROUTE_MODULES.map(({ module }) => [
      module,
      stylesOf(module, afterApp)
        .map((css) => `<link rel="stylesheet" href="/${css}">`)
        .join(''),
    ]),
  );
  const byLang = new Map(Object.entries(LANG_MODULES).map(([lang, module]) => [lang, linksOf(module, afterApp)]));
  return {
    linksFor(pathname, lang) {
      const route = ROUTE_MODULES.find((r) => r.route.test(pathname));
      return `${app}${route ? (byRoute.get(route.module) ?? '') : ''}${byLang.get(lang) ?? ''}`;
    },
    stylesFor(pathname) {
      const route = ROUTE_MODULES.find((r) => r.route.test(pathname));
      return route ? (stylesByRoute.get(route.module) ?? '') : '';
    },
  };
}

/** `html` with the links at the end of its head. */
export function withPreloads(html: string, links: string): string {
  if (!links) return html;
  return html.replace(/<\/head>/i, () => `${links}\n</head>`);
}
