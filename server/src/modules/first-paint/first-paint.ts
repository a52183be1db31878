import { formatCents } from '@bakje/contract/money';
import { mediaSrcSet, mediaUrlFor, parseUploadedSrc } from '@bakje/contract/media';
import { excerpt } from '../catalog/excerpt.js';
import { isListed, isShopCategory, type CatalogSnapshot, type ProductRecord } from '../catalog/snapshot.js';
import { isOnSale, queryProducts, stockStatusOf } from '../catalog/product-query.js';
import { pickLang, translate, translatedLang, type Lang } from '../i18n/locale.js';
import { parseStoreSettings } from '../settings/store-settings.js';
import { escapeHtml } from '../seo/product-head.js';
import { FIRST_PAINT_TEXTS, type FirstPaintText } from './texts.js';

/**
 * The shop's first paint (docs/decisions/0044-first-paint.md): plain HTML of the menu, rendered from the
 * in-memory catalogue per catalogue version and language, that a phone shows before the JavaScript runs.
 * The web app keeps it on screen until its own page has its data, then removes it (web/src/shell/firstPaint.ts).
 * Class names are the React components' (web/src/shop/ProductCard.tsx, ShopPage.tsx, HomePage.tsx) so it
 * looks the same with the app's stylesheet.
 */

export type FirstPaintRoute = { kind: 'home' } | { kind: 'shop'; page: number } | { kind: 'product'; slug: string };

export interface FirstPaint {
  lang: Lang;
  /** Head markup: the preload of the largest image, when the page has one. */
  head: string;
  /** The markup shown in place of the app until it has rendered. */
  body: string;
  /**
   * Written for one visitor (the checkout's, from their cart): never cached or shared, no ETag
   * (docs/decisions/0056-checkout-first-paint.md). Menu pages are the same for everyone.
   */
  perVisitor?: boolean;
}

/**
 * The same language the web app starts in (web/src/i18n/locale.ts initialLocale): the customer's choice (the
 * cookie), else the browser's first shop language (Accept-Language; issue 31), else Dutch.
 */
export function firstPaintLang(cookie: string | undefined, acceptLanguage?: string): Lang {
  return pickLang(undefined, cookie, acceptLanguage);
}

export const INTL_LOCALES: Record<Lang, string> = { nl: 'nl-BE', fr: 'fr-FR', en: 'en-US' };
const HTML_LANGS = INTL_LOCALES;

/**
 * The routes with a first paint. A shop URL with a query (filters, search, sort) gets none: the app
 * filters in the browser, and a first paint of the whole menu would show the wrong products.
 */
export function firstPaintRoute(url: string): FirstPaintRoute | undefined {
  const [pathname = '/', query] = url.split('?', 2);
  if (pathname === '/') return { kind: 'home' };
  const shop = /^\/bestellen(?:\/page\/(\d{1,4}))?\/?$/.exec(pathname);
  if (shop) return query ? undefined : { kind: 'shop', page: shop[1] ? Number(shop[1]) : 1 };
  const product = /^\/product\/([^/]+)\/?$/.exec(pathname);
  if (!product) return undefined;
  try {
    return { kind: 'product', slug: decodeURIComponent(product[1]!) };
  } catch {
    return undefined;
  }
}

const fillLanguage = (message: string, language: string) => message.replace('{language}', language);

/** `lang`'s name in the reader's language, as the app gets it (Intl.DisplayNames: "néerlandais" on a French page). */
function languageName(lang: Lang, reader: Lang): string {
  try {
    return new Intl.DisplayNames([INTL_LOCALES[reader]], { type: 'language' }).of(lang) ?? lang;
  } catch {
    return lang;
  }
}

/** ` lang="nl"` for a text in another language than the reader's (shown for lack of a translation), else nothing. */
export function langAttribute(textLang: Lang, reader: Lang): string {
  return textLang === reader ? '' : ` lang="${textLang}"`;
}

/**
 * A text (`html`, already escaped) as web/src/ui/OtherLanguage.tsx InLanguage shows it: in the reader's language
 * as it is; in another, marked with `lang` and followed by "(en néerlandais)" (docs/decisions/0074-untranslated-texts-hyphenation.md).
 * `block`: the text is a block, so the wrapper and the note are too.
 */
export function inLanguageHtml(html: string, textLang: Lang, reader: Lang, text: Pick<FirstPaintText, 'i18n.inLanguage'>, block = false): string {
  if (textLang === reader) return html;
  const note = fillLanguage(text['i18n.inLanguage'], languageName(textLang, reader));
  return block
    ? `<div lang="${textLang}">${html}</div><p class="other-language">${escapeHtml(note)}</p>`
    : `<span lang="${textLang}">${html}</span><span class="other-language"> ${escapeHtml(note)}</span>`;
}

/** The app's one note for a list with some texts in another language (OtherLanguageNotice), for the first of `langs` not the reader's. */
export function otherLanguageNoticeHtml(langs: Iterable<Lang>, reader: Lang, text: Pick<FirstPaintText, 'i18n.someInLanguage'>): string {
  for (const lang of langs) {
    if (lang !== reader) return `<p class="other-language-notice">${escapeHtml(fillLanguage(text['i18n.someInLanguage'], languageName(lang, reader)))}</p>`;
  }
  return '';
}

/** The product list the shop shows (web/src/api/catalog.graphql GetProducts: visible, priced, menu order). */
function shopList(snapshot: CatalogSnapshot, lang: Lang): ProductRecord[] {
  return queryProducts(snapshot, { visibility: 'visible', minPrice: 0 }, lang);
}

interface Image {
  src: string;
  alt: string;
}

function imageOf(snapshot: CatalogSnapshot, product: ProductRecord): Image | undefined {
  const media = product.row.imageId === null ? undefined : snapshot.media.get(product.row.imageId);
  return media ? { src: media.src, alt: media.altText ?? '' } : undefined;
}

/** The card's image sizes (web/src/shop/ProductCard.tsx). */
const CARD_SIZES = '(max-width: 600px) 100vw, (max-width: 1000px) 50vw, 400px';
/** The product page's main image (web/src/product/Gallery.tsx: 800 wide, ProductImage's default sizes). */
const PRODUCT_SIZES = '(max-width: 800px) 100vw, 800px';

/** An image as web/src/ui/ProductImage.tsx renders it: a <picture> in every served width for an upload. */
/** `high`: the page's largest image, preloaded too; `eager`: on the first screen; `lazy`: below the fold. */
type Loading = 'high' | 'eager' | 'lazy';

function imageHtml(src: string, alt: string, options: { width: number; height: number; sizes: string; loading: Loading; className: string }): string {
  const loading = options.loading === 'high' ? 'eager" fetchpriority="high' : options.loading;
  const className = options.className ? ` class="${options.className}"` : '';
  const attrs = `alt="${escapeHtml(alt)}" decoding="async" loading="${loading}" width="${options.width}" height="${options.height}"${className}`;
  const upload = parseUploadedSrc(src);
  if (!upload) return `<img src="${escapeHtml(src)}" ${attrs} />`;
  const sizes = escapeHtml(options.sizes);
  return (
    '<picture class="product-image">' +
    `<source type="image/avif" srcset="${escapeHtml(mediaSrcSet(upload, 'avif'))}" sizes="${sizes}" />` +
    `<source type="image/webp" srcset="${escapeHtml(mediaSrcSet(upload, 'webp'))}" sizes="${sizes}" />` +
    `<img src="${escapeHtml(mediaUrlFor(upload, options.width, upload.format))}" srcset="${escapeHtml(mediaSrcSet(upload, upload.format))}" sizes="${sizes}" ${attrs} />` +
    '</picture>'
  );
}

/**
 * `<link rel=preload as=image>` for the largest image of the page, in the format the browser will pick:
 * the AVIF srcset for uploads (every browser that honours imagesrcset decodes AVIF), the file itself otherwise.
 */
function preloadHtml(src: string, sizes: string): string {
  const upload = parseUploadedSrc(src);
  if (!upload) return `<link rel="preload" as="image" href="${escapeHtml(src)}" fetchpriority="high" />`;
  return `<link rel="preload" as="image" type="image/avif" imagesrcset="${escapeHtml(mediaSrcSet(upload, 'avif'))}" imagesizes="${escapeHtml(sizes)}" fetchpriority="high" />`;
}

function priceHtml(product: ProductRecord, locale: string, text: FirstPaintText): string {
  const prices = product.prices;
  if (!prices.length) return '';
  const range = prices.length > 1 && prices[0] !== prices[prices.length - 1];
  const current = formatCents(prices[0]!, locale);
  const regular = product.row.regularPrice;
  const from = range ? `<span class="price__from">${escapeHtml(text['price.from'])} </span>` : '';
  if (!range && isOnSale(product) && regular !== null && regular > prices[0]!) {
    return (
      `<span class="price price--md price--sale">${from}<del class="price__regular">${escapeHtml(formatCents(regular, locale))}</del> ` +
      `<ins class="price__current">${escapeHtml(current)}</ins></span>`
    );
  }
  return `<span class="price price--md">${from}<span class="price__current">${escapeHtml(current)}</span></span>`;
}

function cardHtml(snapshot: CatalogSnapshot, product: ProductRecord, lang: Lang, text: FirstPaintText, loading: Loading, headingLevel: 2 | 3): string {
  const name = translate(product.row.name, lang);
  const href = `/product/${encodeURIComponent(product.row.slug)}`;
  const soldOut = stockStatusOf(product) === 'OUT_OF_STOCK';
  const image = imageOf(snapshot, product);
  const alt = image && image.alt.trim().toLowerCase() !== name.trim().toLowerCase() ? image.alt : '';
  const summary = excerpt(translate(product.row.shortDescription, lang));
  const locale = INTL_LOCALES[lang];
  const nameLang = langAttribute(translatedLang(product.row.name, lang), lang);
  return (
    `<article class="card${soldOut ? ' card--soldout' : ''}" data-testid="first-paint-card">` +
    `<a href="${escapeHtml(href)}" class="card__link"><div class="card__media">` +
    imageHtml(image?.src ?? '/images/placeholder.jpg', alt, { width: 400, height: 300, sizes: CARD_SIZES, loading, className: 'card__img' }) +
    (soldOut ? `<div class="card__badges"><span class="badge badge--soldout">${escapeHtml(text['product.soldOut'])}</span></div>` : '') +
    `</div><h${headingLevel} class="card__title"${nameLang}>${escapeHtml(name)}</h${headingLevel}></a>` +
    '<div class="card__body">' +
    (summary ? `<p class="card__excerpt"${langAttribute(translatedLang(product.row.shortDescription, lang), lang)}>${escapeHtml(summary)}</p>` : '') +
    `<div class="card__foot"><span class="card__price">${priceHtml(product, locale, text)}</span></div>` +
    '</div></article>'
  );
}

/** Cards in the first row of the grid load at once (web/src/shop/ShopPage.tsx FIRST_ROW); the rest lazily. */
const FIRST_ROW = 4;

function shopPage(snapshot: CatalogSnapshot, page: number, lang: Lang, text: FirstPaintText): { head: string; body: string } | undefined {
  const store = parseStoreSettings(snapshot.settings.get('store'));
  const list = shopList(snapshot, lang);
  const perPage = store.productsPerPage;
  const items = list.slice((page - 1) * perPage, page * perPage);
  if (page > 1 && items.length === 0) return undefined;
  const first = items[0] ? imageOf(snapshot, items[0]) : undefined;
  const langs = [
    ...items.flatMap((p) => [translatedLang(p.row.name, lang), translatedLang(p.row.shortDescription, lang)]),
    ...shopCategories(snapshot).map((c) => translatedLang(c.name, lang)),
  ];
  const body =
    '<div class="shop"><div class="container shop__layout shop__layout--no-filters"><section class="shop__results">' +
    `<div class="shop__head"><h1 class="shop__title">${escapeHtml(text['shop.title'])}</h1></div>` +
    otherLanguageNoticeHtml(langs, lang, text) +
    `<div class="grid">${items.map((p, i) => cardHtml(snapshot, p, lang, text, i === 0 ? 'high' : i < FIRST_ROW ? 'eager' : 'lazy', 2)).join('')}</div>` +
    '</section></div></div>';
  return { head: first ? preloadHtml(first.src, CARD_SIZES) : '', body };
}

/** The shop's categories with products, in the order of GetProductCategories (server/src/api/graphql/resolvers/query.ts, TERM_ORDER). */
function shopCategories(snapshot: CatalogSnapshot) {
  return [...snapshot.categories.values()]
    .filter((c) => isShopCategory(c) && (snapshot.categoryCounts.get(c.id) ?? 0) > 0)
    .sort((a, b) => a.customOrder - b.customOrder || a.menuOrder - b.menuOrder || a.id - b.id);
}

function homePage(snapshot: CatalogSnapshot, lang: Lang, text: FirstPaintText): { head: string; body: string } {
  const store = parseStoreSettings(snapshot.settings.get('store'));
  const heroText = translate(store.shortDescription, lang) || text['home.heroText'];
  const tiles = shopCategories(snapshot)
    .map((c) => {
      const media = c.imageId === null ? undefined : snapshot.media.get(c.imageId);
      const href = `/bestellen?category=${encodeURIComponent(c.slug)}`;
      return (
        `<li><a class="category-tile" href="${escapeHtml(href)}">` +
        imageHtml(media?.src ?? '/images/placeholder.jpg', '', {
          width: 320,
          height: 200,
          sizes: '(max-width: 320px) 100vw, 320px',
          loading: 'lazy',
          className: 'category-tile__img',
        }) +
        `<span class="category-tile__name"${langAttribute(translatedLang(c.name, lang), lang)}>${escapeHtml(translate(c.name, lang))}</span></a></li>`
      );
    })
    .join('');
  const body =
    '<div class="home"><section class="hero"><div class="container hero__inner">' +
    `<p class="hero__eyebrow">${escapeHtml(text['home.eyebrow'])}</p>` +
    `<h1 class="hero__title">${escapeHtml(text['home.heroTitle'].replace('{site}', store.siteName))}</h1>` +
    `<p class="hero__text">${escapeHtml(heroText)}</p>` +
    `<div class="hero__actions"><a class="btn btn--primary btn--lg" href="/bestellen">${escapeHtml(text['home.cta'])}</a></div>` +
    '</div></section>' +
    `<section class="container home__section"><h2 class="section-title">${escapeHtml(text['home.categories'])}</h2>` +
    `<ul class="category-tiles">${tiles}</ul></section></div>`;
  return { head: '', body };
}

function productPage(snapshot: CatalogSnapshot, slug: string, lang: Lang, text: FirstPaintText): { head: string; body: string } | undefined {
  const product = snapshot.productsBySlug.get(slug);
  if (!product || !isListed(product.row)) return undefined;
  const name = translate(product.row.name, lang);
  const image = imageOf(snapshot, product);
  const short = translate(product.row.shortDescription, lang);
  const summary = excerpt(short || translate(product.row.description, lang), 400);
  const summaryLang = translatedLang(short ? product.row.shortDescription : product.row.description, lang);
  const soldOut = stockStatusOf(product) === 'OUT_OF_STOCK';
  const body =
    '<article class="container product first-paint__product"><div class="product__main">' +
    (image
      ? `<div class="gallery"><div class="gallery__main">${imageHtml(image.src, image.alt || name, { width: 800, height: 600, sizes: PRODUCT_SIZES, loading: 'high', className: '' })}</div></div>`
      : '') +
    '<div class="product__info">' +
    (soldOut ? `<div class="card__badges"><span class="badge badge--soldout">${escapeHtml(text['product.soldOut'])}</span></div>` : '') +
    `<h1 class="product__title">${inLanguageHtml(escapeHtml(name), translatedLang(product.row.name, lang), lang, text)}</h1>` +
    `<div class="product__price">${priceHtml(product, INTL_LOCALES[lang], text)}</div>` +
    (summary ? inLanguageHtml(`<p class="product__short">${escapeHtml(summary)}</p>`, summaryLang, lang, text, true) : '') +
    '</div></div></article>';
  return { head: image ? preloadHtml(image.src, PRODUCT_SIZES) : '', body };
}

export function firstPaintHeader(snapshot: CatalogSnapshot, text: Pick<FirstPaintText, 'nav.order'>): string {
  const store = parseStoreSettings(snapshot.settings.get('store'));
  return (
    '<header class="site-header"><div class="site-header__bar container">' +
    `<a href="/bestellen" class="brand"><img class="brand__logo" src="${escapeHtml(store.logo ?? '/media/logo.svg')}" alt="" width="120" height="40" />` +
    `<span class="brand__name">${escapeHtml(store.siteName)}</span><span class="visually-hidden"> – ${escapeHtml(text['nav.order'])}</span></a>` +
    '</div></header>'
  );
}

/** The first paint of a route, or undefined when the route shows no menu (an unknown product, a page past the end). */
export function renderFirstPaint(snapshot: CatalogSnapshot, route: FirstPaintRoute, lang: Lang): FirstPaint | undefined {
  const text = FIRST_PAINT_TEXTS[lang];
  const page =
    route.kind === 'home'
      ? homePage(snapshot, lang, text)
      : route.kind === 'shop'
        ? shopPage(snapshot, route.page, lang, text)
        : productPage(snapshot, route.slug, lang, text);
  if (!page) return undefined;
  const body =
    `<div id="first-paint" class="shell first-paint" data-catalog-version="${snapshot.version}">` +
    `${firstPaintHeader(snapshot, text)}<main class="shell__main">${page.body}</main></div>`;
  return { lang, head: page.head, body };
}

/**
 * index.html with a first paint: the markup after the app's (empty) root, the preload in the head, the
 * language on <html>, and the class that keeps the root hidden until the app has rendered (web/src/styles/base.css).
 * The entry is fetched at low priority: the page shows without it, and it fetches the app only once the page
 * has loaded (web/src/main.tsx, docs/decisions/0052-main-thread.md).
 */
export function withFirstPaint(indexHtml: string, paint: FirstPaint): string {
  let html = indexHtml
    .replace(/<html([^>]*)\slang="[^"]*"/i, (_, attrs: string) => `<html${attrs} lang="${HTML_LANGS[paint.lang]}"`)
    .replace(/<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/gi, (_, tag: string) => `<${tag} fetchpriority="low"`);
  if (paint.head) html = html.replace(/<\/head>/i, () => `${paint.head}\n</head>`);
  const root = /<div id="root"><\/div>/;
  if (root.test(html))
    return html.replace(root, () => `<div id="root"></div>${paint.body}`).replace(/<body([^>]*)>/i, (_, a: string) => `<body${a} class="has-first-paint">`);
  return html.replace(/<\/body>|$/i, (end) => `${paint.body}${end}`);
}

/**
 * Rendered pages of the current catalogue version, per route and language: a version change (any
 * catalogue write, a sale or "sold out today" ending: a new snapshot) starts a new, empty cache.
 */
export class FirstPaintCache {
  private snapshot: CatalogSnapshot | undefined;
  private pages = new Map<string, FirstPaint | null>();
  /** A shop has a few hundred products at most; this bounds product pages times three languages. */
  private static readonly MAX_ENTRIES = 2000;

  get(snapshot: CatalogSnapshot, route: FirstPaintRoute, lang: Lang): FirstPaint | undefined {
    // A new snapshot is a new catalogue version, or the same version after a sale or "sold out today" ended.
    if (snapshot !== this.snapshot) {
      this.snapshot = snapshot;
      this.pages.clear();
    }
    const key = `${lang}:${route.kind}:${route.kind === 'shop' ? route.page : route.kind === 'product' ? route.slug : ''}`;
    const cached = this.pages.get(key);
    if (cached !== undefined) return cached ?? undefined;
    const paint = renderFirstPaint(snapshot, route, lang);
    if (this.pages.size >= FirstPaintCache.MAX_ENTRIES) this.pages.clear();
    this.pages.set(key, paint ?? null);
    return paint;
  }
}
