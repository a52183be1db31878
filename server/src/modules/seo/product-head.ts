import type { CatalogSnapshot, ProductRecord } from '../catalog/snapshot.js';
import { centsToDecimal } from '../catalog/money.js';
import { excerpt, stripMarkup } from '../catalog/excerpt.js';
import { stockStatusOf } from '../catalog/product-query.js';
import { LOCALES, translate, type Lang } from '../i18n/locale.js';
import { parseStoreSettings } from '../settings/store-settings.js';

/** Search engines show about this many characters of a description. */
const DESCRIPTION_LENGTH = 155;

const SCHEMA_AVAILABILITY = {
  IN_STOCK: 'https://schema.org/InStock',
  OUT_OF_STOCK: 'https://schema.org/OutOfStock',
  ON_BACKORDER: 'https://schema.org/BackOrder',
} as const;

export interface ProductHeadOptions {
  lang: Lang;
  /** The origin links point at: the shop's own address, or a storefront's (fullYoastHead's frontendUrl). */
  baseUrl: string;
}

export interface ProductHead {
  title: string;
  description: string;
  canonical: string;
  /** The whole head markup: title, meta and link tags and a JSON-LD script, every value escaped. */
  html: string;
}

/** Text for an HTML attribute or element: the five characters that could end it or start markup. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * JSON inside a script element: `<`, `>` and `&` as \u escapes so no "</script>" or "<!--" in a product
 * text can end the element early; U+2028/9 escaped for old parsers.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** An absolute URL on the base (a media path such as /media/u/... or a product path). */
function absolute(baseUrl: string, path: string): string {
  return new URL(path, `${baseUrl.replace(/\/+$/, '')}/`).toString();
}

/** The SEO head of a product page (fullYoastHead, and the server-rendered head of /product/<slug>). */
export function productHead(catalog: CatalogSnapshot, product: ProductRecord, options: ProductHeadOptions): ProductHead {
  const { lang, baseUrl } = options;
  const store = parseStoreSettings(catalog.settings.get('store'));
  const siteName = store.siteName;
  const name = translate(product.row.name, lang);
  // The same title the app sets once it runs (web/src/lib/useDocumentTitle.ts).
  const title = siteName ? `${name} | ${siteName}` : name;
  const description = excerpt(translate(product.row.shortDescription, lang) || translate(product.row.description, lang), DESCRIPTION_LENGTH);
  const canonical = absolute(baseUrl, `/product/${encodeURIComponent(product.row.slug)}`);
  const media = product.row.imageId === null ? undefined : catalog.media.get(product.row.imageId);
  const image = media ? absolute(baseUrl, media.src) : undefined;
  const prices = product.prices;
  const availability = SCHEMA_AVAILABILITY[stockStatusOf(product)];
  const offer = (cents: number[]) =>
    cents.length > 1
      ? { '@type': 'AggregateOffer', lowPrice: centsToDecimal(cents[0]!), highPrice: centsToDecimal(cents[cents.length - 1]!), offerCount: cents.length }
      : { '@type': 'Offer', price: centsToDecimal(cents[0]!) };
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name,
    description: stripMarkup(translate(product.row.description, lang)) || description,
    url: canonical,
    ...(product.row.sku ? { sku: product.row.sku } : {}),
    ...(image ? { image } : {}),
    ...(prices.length ? { offers: { ...offer(prices), priceCurrency: 'EUR', availability, url: canonical } } : {}),
    ...(product.reviews.length
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: product.averageRating, reviewCount: product.reviews.length } }
      : {}),
  };
  const meta = (attribute: 'name' | 'property', key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    ...(description ? [meta('name', 'description', description)] : []),
    '<meta name="robots" content="index, follow" />',
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    meta('property', 'og:locale', LOCALES[lang]),
    meta('property', 'og:type', 'product'),
    meta('property', 'og:title', title),
    ...(description ? [meta('property', 'og:description', description)] : []),
    meta('property', 'og:url', canonical),
    ...(siteName ? [meta('property', 'og:site_name', siteName)] : []),
    ...(image ? [meta('property', 'og:image', image)] : []),
    ...(media?.width ? [meta('property', 'og:image:width', String(media.width))] : []),
    ...(media?.height ? [meta('property', 'og:image:height', String(media.height))] : []),
    ...(prices.length ? [meta('property', 'product:price:amount', centsToDecimal(prices[0]!)), meta('property', 'product:price:currency', 'EUR')] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    ...(description ? [meta('name', 'twitter:description', description)] : []),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
    `<script type="application/ld+json" class="yoast-schema-graph">${jsonForScript(jsonLd)}</script>`,
  ];
  return { title, description, canonical, html: tags.join('\n') };
}

/** Checks a storefront origin given as frontendUrl: http(s) only, no credentials; answers its origin. */
export function frontendOrigin(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return undefined;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
