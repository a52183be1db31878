import { isShopCategory, type AllergenRow, type CategoryRow, type TagRow } from '../../../modules/catalog/snapshot.js';
import { toGlobalId } from '../../../modules/catalog/global-id.js';
import { translate, translatedLang, type Lang } from '../../../modules/i18n/locale.js';
import { queryProducts } from '../../../modules/catalog/product-query.js';
import type { GraphQLContext } from '../context.js';
import { connectionFromArray, type ConnectionArgs } from '../connection.js';
import { mediaById } from './media.js';

export const CATEGORY_TAXONOMY = 'product_cat';

// The rule lives with the catalogue: the server's first paint (modules/first-paint) applies it too.
export { isShopCategory };

export const ProductCategory = {
  id: (c: CategoryRow) => toGlobalId('term', c.id),
  databaseId: (c: CategoryRow) => c.id,
  name: (c: CategoryRow, _: unknown, ctx: GraphQLContext) => translate(c.name, ctx.lang),
  dutchTitle: (c: CategoryRow) => translate(c.name, 'nl'),
  englishTitle: (c: CategoryRow) => translate(c.name, 'en'),
  frenchTitle: (c: CategoryRow) => translate(c.name, 'fr'),
  nameLang: (c: CategoryRow, _: unknown, ctx: GraphQLContext) => translatedLang(c.name, ctx.lang),
  description: (c: CategoryRow, _: unknown, ctx: GraphQLContext) => translate(c.description, ctx.lang),
  count: (c: CategoryRow, _: unknown, ctx: GraphQLContext) => ctx.catalog.categoryCounts.get(c.id) ?? 0,
  image: (c: CategoryRow, _: unknown, ctx: GraphQLContext) => mediaById(ctx, c.imageId),
  uri: (c: CategoryRow) => `/bestellen?filter=category[${c.slug}]`,
  products: (c: CategoryRow, args: ConnectionArgs, ctx: GraphQLContext) =>
    connectionFromArray(queryProducts(ctx.catalog, { categoryIn: [c.slug], visibility: 'visible' }, ctx.lang), args, 100, ctx.config.graphqlMaxQueryAmount),
};

export const ProductTag = {
  id: (x: TagRow) => toGlobalId('product_tag', x.id),
  databaseId: (x: TagRow) => x.id,
  name: (x: TagRow, _: unknown, ctx: GraphQLContext) => translate(x.name, ctx.lang),
  dutchTitle: (x: TagRow) => translate(x.name, 'nl'),
  englishTitle: (x: TagRow) => translate(x.name, 'en'),
  frenchTitle: (x: TagRow) => translate(x.name, 'fr'),
  description: (x: TagRow, _: unknown, ctx: GraphQLContext) => translate(x.description, ctx.lang),
  count: (x: TagRow, _: unknown, ctx: GraphQLContext) => ctx.catalog.tagCounts.get(x.id) ?? 0,
};

/** Every tag by its name in the visitor's language. */
export function allProductTags(_: unknown, args: ConnectionArgs, ctx: GraphQLContext) {
  const tags = [...ctx.catalog.tags.values()].sort((a, b) => translate(a.name, ctx.lang).localeCompare(translate(b.name, ctx.lang), ctx.lang) || a.id - b.id);
  return connectionFromArray(tags, args);
}

export const Allergen = {
  databaseId: (a: AllergenRow) => a.id,
  name: (a: AllergenRow, _: unknown, ctx: GraphQLContext) => translate(a.name, ctx.lang),
  nameNl: (a: AllergenRow) => translate(a.name, 'nl'),
  nameFr: (a: AllergenRow) => translate(a.name, 'fr'),
  nameEn: (a: AllergenRow) => translate(a.name, 'en'),
};

export interface TermNodeValue {
  id: number;
  taxonomyName: string;
  name: string;
  slug: string;
  count: number;
  description: string;
}

export const TermNode = {
  id: (term: TermNodeValue) => toGlobalId('term', term.id),
  databaseId: (term: TermNodeValue) => term.id,
};

/** Accepts WooGraphQL enum spellings (PRODUCTCATEGORY, PA_FORMAAT) and taxonomy names (product_cat). */
export function normaliseTaxonomy(value: string): string {
  const lower = value.toLowerCase();
  return lower === 'productcategory' || lower === 'product_cat' || lower === 'productcategories' ? CATEGORY_TAXONOMY : lower;
}

/**
 * WooGraphQL's TaxonomyEnum drops the underscore (`PAFORMAAT` for `pa_formaat`), and clients send that
 * spelling: compare names without underscores.
 */
function attributeBySquashedName(ctx: GraphQLContext, taxonomy: string) {
  const squash = (name: string) => name.replace(/_/g, '');
  const wanted = squash(taxonomy);
  for (const attribute of ctx.catalog.attributes.values()) {
    if (squash(attribute.slug) === wanted || squash(`pa_${attribute.slug}`) === wanted) return attribute;
  }
  return undefined;
}

export function termsOfTaxonomy(ctx: GraphQLContext, taxonomy: string): TermNodeValue[] {
  const catalog = ctx.catalog;
  if (taxonomy === CATEGORY_TAXONOMY) {
    return [...catalog.categories.values()]
      .filter(isShopCategory)
      .sort((a, b) => a.customOrder - b.customOrder || a.id - b.id)
      .map((c) => ({
        id: c.id,
        taxonomyName: CATEGORY_TAXONOMY,
        name: translate(c.name, ctx.lang),
        slug: c.slug,
        count: catalog.categoryCounts.get(c.id) ?? 0,
        description: translate(c.description, ctx.lang),
      }));
  }
  return termsOfAttribute(ctx, taxonomy);
}

/** A global attribute's terms (taxonomy pa_*, also as clients upper-case it: PAFORMAAT), in term order. */
export function termsOfAttribute(ctx: GraphQLContext, taxonomy: string): TermNodeValue[] {
  const catalog = ctx.catalog;
  const attribute = catalog.attributesBySlug.get(taxonomy) ?? attributeBySquashedName(ctx, taxonomy);
  if (!attribute) return [];
  return [...catalog.terms.values()]
    .filter((term) => term.attributeId === attribute.id)
    .sort((a, b) => a.menuOrder - b.menuOrder || a.id - b.id)
    .map((term) => ({
      id: term.id,
      taxonomyName: attribute.slug,
      name: translate(term.name, ctx.lang),
      slug: term.slug,
      count: catalog.termCounts.get(`${attribute.slug}:${term.slug}`) ?? 0,
      description: term.description,
    }));
}

export type TermOrderField = 'NAME' | 'SLUG' | 'TERM_ORDER' | 'COUNT' | 'TERM_ID';

/** WordPress's term orderby: TERM_ORDER (the default) keeps the given order; ASC unless DESC is asked. */
export function sortTerms(
  terms: TermNodeValue[],
  orderby: TermOrderField | null | undefined,
  order: 'ASC' | 'DESC' | null | undefined,
  lang: Lang,
): TermNodeValue[] {
  const compare: Record<TermOrderField, ((a: TermNodeValue, b: TermNodeValue) => number) | undefined> = {
    NAME: (a, b) => a.name.localeCompare(b.name, lang),
    SLUG: (a, b) => a.slug.localeCompare(b.slug),
    COUNT: (a, b) => a.count - b.count,
    TERM_ID: (a, b) => a.id - b.id,
    TERM_ORDER: undefined,
  };
  const by = compare[orderby ?? 'TERM_ORDER'];
  const sorted = by ? [...terms].sort(by) : [...terms];
  return order === 'DESC' ? sorted.reverse() : sorted;
}
