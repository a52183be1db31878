import type { AddonField, AddonOption as AddonOptionValue, ProductRecord, ReviewRow } from '../../../modules/catalog/snapshot.js';
import { addonsFor, isListed } from '../../../modules/catalog/snapshot.js';
import { ownContainerAllowed } from '../../../modules/catalog/line-allergens.js';
import { toGlobalId } from '../../../modules/catalog/global-id.js';
import { centsToDecimal, discountPercentage, formatEuro } from '../../../modules/catalog/money.js';
import { excerpt } from '../../../modules/catalog/excerpt.js';
import { isOnSale, ownStockStatus, relatedProducts, stockStatusOf } from '../../../modules/catalog/product-query.js';
import { translate, translatedLang } from '../../../modules/i18n/locale.js';
import type { GraphQLContext } from '../context.js';
import { connectionFromArray, type ConnectionArgs } from '../connection.js';
import { mediaById } from './media.js';
import { CATEGORY_TAXONOMY, isShopCategory, sortTerms, termsOfAttribute, type TermOrderField } from './taxonomy.js';
import { frontendOrigin, productHead } from '../../../modules/seo/product-head.js';
import { reviewHtml } from '../../../modules/reviews/review-html.js';
import { DomainError } from '../../../errors/domain-error.js';

type Format = { format?: 'RAW' | 'FORMATTED' | null };

function priceString(cents: number[], format: Format['format']): string | null {
  if (cents.length === 0) return null;
  if (format === 'RAW') return cents.map(centsToDecimal).join(',');
  const low = cents[0]!;
  const high = cents[cents.length - 1]!;
  return low === high ? formatEuro(low) : `${formatEuro(low)} - ${formatEuro(high)}`;
}

function regularPrices(p: ProductRecord): number[] {
  if (p.row.type === 'VARIABLE') {
    return [...new Set(p.variations.flatMap((v) => (v.row.regularPrice === null ? [] : [v.row.regularPrice])))].sort((a, b) => a - b);
  }
  return p.row.regularPrice === null ? [] : [p.row.regularPrice];
}

function salePrices(p: ProductRecord): number[] {
  if (p.row.type === 'VARIABLE') {
    return [...new Set(p.variations.filter(isOnSale).map((v) => v.row.salePrice!))].sort((a, b) => a - b);
  }
  return isOnSale(p) ? [p.row.salePrice!] : [];
}

function listed(ctx: GraphQLContext, ids: number[]): ProductRecord[] {
  return ids.flatMap((id) => {
    const p = ctx.catalog.products.get(id);
    return p && isListed(p.row) ? [p] : [];
  });
}

/** Terms by attribute and slug, the first of each as the catalogue lists them; made once per snapshot's term map. */
const termIndexes = new WeakMap<GraphQLContext['catalog']['terms'], Map<string, ReturnType<GraphQLContext['catalog']['terms']['get']>>>();
function termOf(ctx: GraphQLContext, attributeId: number, slug: string) {
  let index = termIndexes.get(ctx.catalog.terms);
  if (!index) {
    index = new Map();
    for (const term of ctx.catalog.terms.values()) {
      const key = `${term.attributeId}\u0000${term.slug}`;
      if (!index.has(key)) index.set(key, term);
    }
    termIndexes.set(ctx.catalog.terms, index);
  }
  return index.get(`${attributeId}\u0000${slug}`);
}

/** Excerpts by text: the menu asks the same few texts on every request (decision 0047). Bounded by emptying. */
const excerpts = new Map<string, string>();
function excerptOf(text: string): string {
  let made = excerpts.get(text);
  if (made === undefined) {
    if (excerpts.size >= 5000) excerpts.clear();
    made = excerpt(text);
    excerpts.set(text, made);
  }
  return made;
}

function productTerms(p: ProductRecord, ctx: GraphQLContext) {
  const categories = p.categoryIds.flatMap((id) => {
    const c = ctx.catalog.categories.get(id);
    return c ? [{ id: c.id, taxonomyName: CATEGORY_TAXONOMY, name: translate(c.name, ctx.lang), slug: c.slug, count: null, description: '' }] : [];
  });
  const attributeTerms = p.attributes.flatMap((attribute) => {
    const taxonomy = attribute.attributeId === null ? undefined : ctx.catalog.attributes.get(attribute.attributeId);
    if (!taxonomy) return [];
    return attribute.options.flatMap((slug) => {
      const term = termOf(ctx, taxonomy.id, slug);
      return term ? [{ id: term.id, taxonomyName: taxonomy.slug, name: translate(term.name, ctx.lang), slug, count: null, description: term.description }] : [];
    });
  });
  return [...categories, ...attributeTerms];
}

const productFields = {
  id: (p: ProductRecord) => toGlobalId('post', p.row.id),
  databaseId: (p: ProductRecord) => p.row.id,
  type: (p: ProductRecord) => p.row.type,
  name: (p: ProductRecord, _: unknown, ctx: GraphQLContext) => translate(p.row.name, ctx.lang),
  dutchTitle: (p: ProductRecord) => translate(p.row.name, 'nl'),
  englishTitle: (p: ProductRecord) => translate(p.row.name, 'en'),
  frenchTitle: (p: ProductRecord) => translate(p.row.name, 'fr'),
  // Null in the usual case (everything translated): the menu's answer stays as small as it was.
  textLangs: (p: ProductRecord, _: unknown, ctx: GraphQLContext) => {
    const langs = {
      name: translatedLang(p.row.name, ctx.lang),
      shortDescription: translatedLang(p.row.shortDescription, ctx.lang),
      description: translatedLang(p.row.description, ctx.lang),
    };
    return Object.values(langs).some((lang) => lang !== ctx.lang) ? langs : null;
  },
  slug: (p: ProductRecord) => p.row.slug,
  sku: (p: ProductRecord) => p.row.sku,
  uri: (p: ProductRecord) => `/product/${p.row.slug}`,
  status: (p: ProductRecord) => p.row.status,
  date: (p: ProductRecord) => p.row.createdAt.toISOString(),
  modified: (p: ProductRecord) => p.row.updatedAt.toISOString(),
  description: (p: ProductRecord, _: unknown, ctx: GraphQLContext) => translate(p.row.description, ctx.lang),
  shortDescription: (p: ProductRecord, _: unknown, ctx: GraphQLContext) => translate(p.row.shortDescription, ctx.lang),
  excerpt: (p: ProductRecord, _: unknown, ctx: GraphQLContext) => excerptOf(translate(p.row.shortDescription, ctx.lang)),
  onSale: isOnSale,
  featured: (p: ProductRecord) => p.row.featured,
  /** The shop shows featured products as new (docs/product.md §3). */
  isNew: (p: ProductRecord) => p.row.featured,
  isPromotion: (p: ProductRecord) => p.row.isPromotion,
  ageLimit: (p: ProductRecord) => p.ageLimit,
  ownContainer: (p: ProductRecord, _: unknown, ctx: GraphQLContext) => ownContainerAllowed(ctx.catalog, p),
  showInStore: (p: ProductRecord) => p.row.showInStore,
  catalogVisibility: (p: ProductRecord) => p.row.catalogVisibility.toUpperCase(),
  purchasable: (p: ProductRecord) => p.row.status === 'publish' && p.prices.length > 0 && stockStatusOf(p) !== 'OUT_OF_STOCK' && p.row.type !== 'EXTERNAL',
  menuOrder: (p: ProductRecord) => p.row.menuOrder,
  maxQuantity: (p: ProductRecord) => p.row.maxQuantity,
  averageRating: (p: ProductRecord) => p.averageRating,
  reviewCount: (p: ProductRecord) => p.reviews.length,
  vatRateTakeaway: (p: ProductRecord) => p.row.vatRateTakeaway,
  vatRateOnSite: (p: ProductRecord) => p.row.vatRateOnSite,
  cloudposProductId: (p: ProductRecord) => p.row.cloudposProductId,
  image: (p: ProductRecord, _: unknown, ctx: GraphQLContext) => mediaById(ctx, p.row.imageId),
  galleryImages: (p: ProductRecord, args: { first?: number }, ctx: GraphQLContext) => ({
    nodes: p.galleryIds.slice(0, Math.min(args.first ?? 20, 20)).flatMap((id) => {
      const m = ctx.catalog.media.get(id);
      return m ? [m] : [];
    }),
  }),
  productCategories: (p: ProductRecord, args: ConnectionArgs, ctx: GraphQLContext) =>
    connectionFromArray(
      p.categoryIds.flatMap((id) => {
        const c = ctx.catalog.categories.get(id);
        return c && isShopCategory(c) ? [c] : [];
      }),
      args,
    ),
  productTags: (p: ProductRecord, args: ConnectionArgs, ctx: GraphQLContext) =>
    connectionFromArray(
      p.tagIds.flatMap((id) => {
        const tag = ctx.catalog.tags.get(id);
        return tag ? [tag] : [];
      }),
      args,
    ),
  terms: (p: ProductRecord, args: ConnectionArgs, ctx: GraphQLContext) => connectionFromArray(productTerms(p, ctx), args),
  allergens: (p: ProductRecord, _: unknown, ctx: GraphQLContext) =>
    p.allergenIds
      .flatMap((id) => {
        const a = ctx.catalog.allergens.get(id);
        return a ? [a] : [];
      })
      .sort((a, b) => a.position - b.position),
  addons: (p: ProductRecord, _: unknown, ctx: GraphQLContext) => addonsFor(ctx.catalog, p),
  attributes: (p: ProductRecord) => ({ nodes: p.attributes.map((a) => ({ ...a, productId: p.row.id })) }),
  metaData: (p: ProductRecord, args: { keysIn?: string[] | null }) =>
    p.row.metaData
      .filter((m) => !args.keysIn || args.keysIn.includes(m.key))
      .map((m, i) => ({ id: `${p.row.id}:${i}`, key: m.key, value: typeof m.value === 'string' ? m.value : JSON.stringify(m.value) })),
  related: (p: ProductRecord, args: ConnectionArgs, ctx: GraphQLContext) =>
    connectionFromArray(relatedProducts(ctx.catalog, p, Math.min(args.first ?? 5, 5)), args),
  upsell: (p: ProductRecord, args: ConnectionArgs, ctx: GraphQLContext) => connectionFromArray(listed(ctx, p.upsellIds), args),
  crossSell: (p: ProductRecord, args: ConnectionArgs, ctx: GraphQLContext) => connectionFromArray(listed(ctx, p.crossSellIds), args),
  reviews: (p: ProductRecord, args: ConnectionArgs) => ({
    averageRating: p.averageRating,
    ...connectionFromArray(p.reviews, args),
    edges: connectionFromArray(p.reviews, args).edges.map((e) => ({ cursor: e.cursor, rating: e.node.rating, node: e.node })),
  }),
  discountPercentage: (p: ProductRecord) =>
    p.row.type === 'VARIABLE'
      ? Math.max(0, ...p.variations.map((v) => discountPercentage(v.row.regularPrice, v.row.salePrice)))
      : discountPercentage(p.row.regularPrice, p.row.salePrice),
  price: (p: ProductRecord, args: Format) => priceString(p.prices, args.format),
  regularPrice: (p: ProductRecord, args: Format) => priceString(regularPrices(p), args.format),
  salePrice: (p: ProductRecord, args: Format) => priceString(salePrices(p), args.format),
  rawPrice: (p: ProductRecord) => priceString(p.prices, 'RAW'),
  rawRegularPrice: (p: ProductRecord) => priceString(regularPrices(p), 'RAW'),
  rawSalePrice: (p: ProductRecord) => priceString(salePrices(p), 'RAW'),
  stockStatus: stockStatusOf,
  stockQuantity: (p: ProductRecord) => (p.row.manageStock ? p.row.stockQuantity : null),
  lowStockAmount: (p: ProductRecord) => p.row.lowStockAmount,
  totalSales: (p: ProductRecord) => p.row.totalSales,
  weight: (p: ProductRecord) => p.row.weight,
  length: (p: ProductRecord) => p.row.length,
  width: (p: ProductRecord) => p.row.width,
  height: (p: ProductRecord) => p.row.height,
  virtual: (p: ProductRecord) => p.row.metaData.some((m) => m.key === '_virtual' && (m.value === 'yes' || m.value === true)),
  fullYoastHead: (p: ProductRecord, args: { frontendUrl?: string | null }, ctx: GraphQLContext) => {
    const baseUrl = args.frontendUrl ? frontendOrigin(args.frontendUrl) : ctx.config.siteUrl;
    if (!baseUrl) throw new DomainError('INVALID_INPUT', 'Argument "frontendUrl" must be an http or https address.');
    return productHead(ctx.catalog, p, { lang: ctx.lang, baseUrl }).html;
  },
};

export const Product = {
  __resolveType: (p: ProductRecord) =>
    ({ SIMPLE: 'SimpleProduct', VARIABLE: 'VariableProduct', EXTERNAL: 'ExternalProduct', GROUPED: 'GroupProduct', VARIATION: 'SimpleProduct' })[p.row.type],
};
export const ProductWithPricing = {
  __resolveType: (p: ProductRecord) =>
    ({ SIMPLE: 'SimpleProduct', VARIABLE: 'VariableProduct', EXTERNAL: 'ExternalProduct', GROUPED: 'GroupProduct', VARIATION: 'ProductVariation' })[p.row.type],
};
export const ProductWithAttributes = {
  __resolveType: (p: ProductRecord) => (p.row.type === 'VARIABLE' ? 'VariableProduct' : 'SimpleProduct'),
};

export const SimpleProduct = productFields;
export const VariableProduct = {
  ...productFields,
  defaultAttributes: (p: ProductRecord, _: unknown, ctx: GraphQLContext) => ({
    nodes: p.row.defaultAttributes.map((d) => variationAttribute(ctx, d.name, d.value)),
  }),
  variations: (p: ProductRecord, args: ConnectionArgs) =>
    connectionFromArray(
      p.variations.filter((v) => v.row.status === 'publish'),
      { ...args, first: Math.min(args.first ?? 100, 100) },
    ),
};
export const ExternalProduct = {
  ...productFields,
  externalUrl: (p: ProductRecord) => p.row.externalUrl,
  buttonText: (p: ProductRecord) => p.row.buttonText,
};
/** A grouped product's prices are its listed products' (WooCommerce shows the range). */
function groupedPrices(p: ProductRecord, ctx: GraphQLContext, of: (child: ProductRecord) => number[]): number[] {
  return [...new Set(listed(ctx, p.groupedIds).flatMap(of))].sort((a, b) => a - b);
}

export const GroupProduct = {
  ...productFields,
  regularPrice: (p: ProductRecord, args: Format, ctx: GraphQLContext) => priceString(groupedPrices(p, ctx, regularPrices), args.format),
  salePrice: (p: ProductRecord, args: Format, ctx: GraphQLContext) => priceString(groupedPrices(p, ctx, salePrices), args.format),
  products: (p: ProductRecord, args: ConnectionArgs, ctx: GraphQLContext) => connectionFromArray(listed(ctx, p.groupedIds), args),
};

function variationAttribute(ctx: GraphQLContext, name: string, value: string) {
  const attribute = ctx.catalog.attributesBySlug.get(name);
  const term = attribute ? [...ctx.catalog.terms.values()].find((x) => x.attributeId === attribute.id && x.slug === value) : undefined;
  return {
    id: Buffer.from(`variation_attribute:${name}:${value}`).toString('base64'),
    attributeId: attribute?.id ?? null,
    name,
    label: term ? translate(term.name, ctx.lang) : value,
    // A value typed on the product (a local attribute) has no translations and no known language.
    labelLang: term ? translatedLang(term.name, ctx.lang) : null,
    value,
  };
}

export const ProductVariation = {
  id: (v: ProductRecord) => toGlobalId('post', v.row.id),
  databaseId: (v: ProductRecord) => v.row.id,
  name: (v: ProductRecord, _: unknown, ctx: GraphQLContext) => translate(v.row.name, ctx.lang),
  nameLang: (v: ProductRecord, _: unknown, ctx: GraphQLContext) => translatedLang(v.row.name, ctx.lang),
  slug: (v: ProductRecord) => v.row.slug,
  sku: (v: ProductRecord) => v.row.sku,
  price: productFields.price,
  regularPrice: productFields.regularPrice,
  salePrice: productFields.salePrice,
  rawPrice: productFields.rawPrice,
  onSale: isOnSale,
  stockStatus: ownStockStatus,
  stockQuantity: productFields.stockQuantity,
  hasAttributes: (v: ProductRecord) => v.row.variationAttributes.length > 0,
  image: (v: ProductRecord, _: unknown, ctx: GraphQLContext) =>
    mediaById(ctx, v.row.imageId ?? (v.row.parentId === null ? null : (ctx.catalog.products.get(v.row.parentId)?.row.imageId ?? null))),
  attributes: (v: ProductRecord, _: unknown, ctx: GraphQLContext) => ({
    nodes: v.row.variationAttributes.map((a) => variationAttribute(ctx, a.name, a.value)),
  }),
  parent: (v: ProductRecord, _: unknown, ctx: GraphQLContext) => (v.row.parentId === null ? null : (ctx.catalog.products.get(v.row.parentId) ?? null)),
};

interface ProductAttributeValue {
  productId: number;
  position: number;
  attributeId: number | null;
  name: string;
  options: string[];
  visible: boolean;
  variation: boolean;
}

export const ProductAttribute = {
  __resolveType: (a: ProductAttributeValue) => (a.attributeId === null ? 'LocalProductAttribute' : 'GlobalProductAttribute'),
};
const attributeFields = {
  id: (a: ProductAttributeValue) => Buffer.from(`attribute:${a.productId}:${a.position}`).toString('base64'),
  attributeId: (a: ProductAttributeValue) => a.attributeId ?? 0,
  label: (a: ProductAttributeValue, _: unknown, ctx: GraphQLContext) => {
    const attribute = a.attributeId === null ? undefined : ctx.catalog.attributes.get(a.attributeId);
    return attribute ? translate(attribute.name, ctx.lang) : a.name;
  },
  scope: (a: ProductAttributeValue) => (a.attributeId === null ? 'LOCAL' : 'GLOBAL'),
};
export const LocalProductAttribute = attributeFields;
export const GlobalProductAttribute = {
  ...attributeFields,
  slug: (a: ProductAttributeValue) => a.name,
  terms: (
    a: ProductAttributeValue,
    args: ConnectionArgs & { where?: { orderby?: TermOrderField | null; order?: 'ASC' | 'DESC' | null } | null },
    ctx: GraphQLContext,
  ) => {
    const attribute = a.attributeId === null ? undefined : ctx.catalog.attributes.get(a.attributeId);
    const terms = attribute ? termsOfAttribute(ctx, attribute.slug).filter((term) => a.options.includes(term.slug)) : [];
    return connectionFromArray(sortTerms(terms, args.where?.orderby, args.where?.order, ctx.lang), args);
  },
};

const priceTypeEnum = (value: string) => value.toUpperCase();

export const Addon = {
  databaseId: (f: AddonField) => f.id,
  name: (f: AddonField, _: unknown, ctx: GraphQLContext) => translate(f.name, ctx.lang),
  nameLang: (f: AddonField, _: unknown, ctx: GraphQLContext) => translatedLang(f.name, ctx.lang),
  type: (f: AddonField) => f.kind.toUpperCase(),
  description: (f: AddonField, _: unknown, ctx: GraphQLContext) => translate(f.description, ctx.lang),
  descriptionLang: (f: AddonField, _: unknown, ctx: GraphQLContext) => translatedLang(f.description, ctx.lang),
  fieldName: (f: AddonField) => `addon-${f.id}`,
  price: (f: AddonField) => (f.price ? f.price / 100 : null),
  priceType: (f: AddonField) => priceTypeEnum(f.priceType),
  globalAddonId: (f: AddonField) => f.globalAddonId,
};

export const AddonOption = {
  databaseId: (o: AddonOptionValue) => o.id,
  label: (o: AddonOptionValue, _: unknown, ctx: GraphQLContext) => translate(o.label, ctx.lang),
  labelLang: (o: AddonOptionValue, _: unknown, ctx: GraphQLContext) => translatedLang(o.label, ctx.lang),
  price: (o: AddonOptionValue) => (o.price === null ? null : o.price / 100),
  priceCents: (o: AddonOptionValue) => o.price,
  priceType: (o: AddonOptionValue) => priceTypeEnum(o.priceType),
  image: (o: AddonOptionValue, _: unknown, ctx: GraphQLContext) => mediaById(ctx, o.imageId)?.src ?? null,
  soldOut: (o: AddonOptionValue) => o.soldOut,
  allergens: (o: AddonOptionValue, _: unknown, ctx: GraphQLContext) =>
    o.allergenIds.flatMap((id) => {
      const a = ctx.catalog.allergens.get(id);
      return a ? [a] : [];
    }),
};

export const Comment = {
  id: (r: ReviewRow) => toGlobalId('comment', r.id),
  databaseId: (r: ReviewRow) => r.id,
  date: (r: ReviewRow) => r.createdAt.toISOString(),
  approved: (r: ReviewRow) => r.status === 'approved',
  type: () => 'review',
  commentedOnId: (r: ReviewRow) => r.productId,
  author: (r: ReviewRow) => ({ node: { name: r.author, avatar: { url: null } } }),
  // A storefront renders `content` as HTML (issue 33 D5): escaped unless the plain text is asked for.
  content: (r: ReviewRow, args: { format?: 'RAW' | 'RENDERED' | null }) => (args.format === 'RAW' ? r.content : reviewHtml(r.content)),
};
