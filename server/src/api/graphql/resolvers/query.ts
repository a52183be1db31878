import type { CatalogVisibility, ProductType, StockStatus } from '../../../db/schema/index.js';
import { fromGlobalId } from '../../../modules/catalog/global-id.js';
import { queryProducts, type ProductOrderField } from '../../../modules/catalog/product-query.js';
import type { ProductRecord } from '../../../modules/catalog/snapshot.js';
import { isListed } from '../../../modules/catalog/snapshot.js';
import { translate } from '../../../modules/i18n/locale.js';
import type { GraphQLContext } from '../context.js';
import { connectionFromArray, type ConnectionArgs } from '../connection.js';
import { DomainError } from '../../../errors/domain-error.js';
import { isShopCategory, normaliseTaxonomy, termsOfTaxonomy } from './taxonomy.js';
import { storeSettings } from './settings.js';
import { soldOutAddonOptions } from '../../../modules/catalog/sold-out.js';

interface ProductsWhere {
  categoryIn?: (string | null)[] | null;
  category?: string | null;
  slugIn?: (string | null)[] | null;
  include?: (number | null)[] | null;
  exclude?: (number | null)[] | null;
  search?: string | null;
  type?: ProductType | null;
  typeIn?: (ProductType | null)[] | null;
  typeNotIn?: (ProductType | null)[] | null;
  visibility?: string | null;
  minPrice?: number | null;
  maxPrice?: number | null;
  onSale?: boolean | null;
  featured?: boolean | null;
  stockStatus?: (StockStatus | null)[] | null;
  status?: string | null;
  orderby?: ({ field: ProductOrderField; order?: 'ASC' | 'DESC' | null } | null)[] | null;
}

const present = <T>(list: (T | null)[] | null | undefined): T[] | undefined => (list ? list.filter((x): x is T => x !== null) : undefined);

/** Prices arrive in euros (WooGraphQL); the catalogue counts in cents. */
const toCents = (euros: number | null | undefined) => (euros === null || euros === undefined ? undefined : Math.round(euros * 100));

function products(_: unknown, args: ConnectionArgs & { where?: ProductsWhere | null }, ctx: GraphQLContext) {
  const where = args.where ?? {};
  if (where.status && where.status !== 'publish') {
    // Drafts and private products are for staff, through the store API.
    return connectionFromArray([], args, 9999, ctx.config.graphqlMaxQueryAmount);
  }
  const categories = [...(present(where.categoryIn) ?? []), ...(where.category ? [where.category] : [])];
  const list = queryProducts(
    ctx.catalog,
    {
      categoryIn: categories.length ? categories : undefined,
      slugIn: present(where.slugIn),
      include: present(where.include),
      exclude: present(where.exclude),
      search: where.search ?? undefined,
      typeIn: where.type ? [where.type] : present(where.typeIn),
      typeNotIn: present(where.typeNotIn),
      visibility: (where.visibility?.toLowerCase() as CatalogVisibility | undefined) ?? undefined,
      minPrice: toCents(where.minPrice),
      maxPrice: toCents(where.maxPrice),
      onSale: where.onSale ?? undefined,
      featured: where.featured ?? undefined,
      stockStatus: present(where.stockStatus),
      orderby: present(where.orderby)?.map((o) => ({ field: o.field, order: o.order ?? 'DESC' })),
    },
    ctx.lang,
  );
  return connectionFromArray(list, args, 9999, ctx.config.graphqlMaxQueryAmount);
}

function findProduct(ctx: GraphQLContext, id: string, idType: string | null | undefined): ProductRecord | undefined {
  const catalog = ctx.catalog;
  switch (idType ?? 'ID') {
    case 'SLUG':
      return catalog.productsBySlug.get(id);
    case 'SKU':
      return catalog.productsBySku.get(id);
    case 'DATABASE_ID':
      return /^\d+$/.test(id) ? catalog.products.get(Number(id)) : undefined;
    default: {
      const decoded = fromGlobalId(id);
      if (decoded?.kind === 'post') return catalog.products.get(decoded.id);
      return /^\d+$/.test(id) ? catalog.products.get(Number(id)) : undefined;
    }
  }
}

function product(_: unknown, args: { id: string; idType?: string | null }, ctx: GraphQLContext) {
  const found = findProduct(ctx, args.id, args.idType);
  // Unknown or unpublished products are simply not there (null), as in WooGraphQL.
  if (!found || found.row.type === 'VARIATION') return null;
  if (!isListed(found.row) && found.row.catalogVisibility !== 'hidden') return null;
  if (found.row.status !== 'publish') return null;
  return found;
}

function productVariation(_: unknown, args: { id: string; idType?: string | null }, ctx: GraphQLContext) {
  const found = findProduct(ctx, args.id, args.idType ?? 'DATABASE_ID');
  return found?.row.type === 'VARIATION' && found.row.status === 'publish' ? found : null;
}

interface CategoriesWhere {
  hideEmpty?: boolean | null;
  order?: 'ASC' | 'DESC' | null;
  orderby?: 'NAME' | 'SLUG' | 'TERM_ORDER' | 'COUNT' | 'TERM_ID' | null;
  slug?: (string | null)[] | null;
  search?: string | null;
}

function productCategories(_: unknown, args: ConnectionArgs & { where?: CategoriesWhere | null }, ctx: GraphQLContext) {
  const where = args.where ?? {};
  const slugs = present(where.slug);
  const search = where.search?.toLowerCase();
  const count = (id: number) => ctx.catalog.categoryCounts.get(id) ?? 0;
  const list = [...ctx.catalog.categories.values()].filter(
    (c) =>
      isShopCategory(c) &&
      (!where.hideEmpty || count(c.id) > 0) &&
      (!slugs || slugs.includes(c.slug)) &&
      (!search || translate(c.name, ctx.lang).toLowerCase().includes(search)),
  );
  const key = where.orderby ?? 'TERM_ORDER';
  list.sort((a, b) => {
    switch (key) {
      case 'NAME':
        return translate(a.name, ctx.lang).localeCompare(translate(b.name, ctx.lang), ctx.lang);
      case 'SLUG':
        return a.slug.localeCompare(b.slug);
      case 'COUNT':
        return count(a.id) - count(b.id);
      case 'TERM_ID':
        return a.id - b.id;
      default:
        return a.customOrder - b.customOrder || a.menuOrder - b.menuOrder || a.id - b.id;
    }
  });
  if (where.order === 'DESC') list.reverse();
  return connectionFromArray(list, args, 20, ctx.config.graphqlMaxQueryAmount);
}

function productCategory(_: unknown, args: { id: string; idType?: string | null }, ctx: GraphQLContext) {
  const catalog = ctx.catalog;
  let found;
  if ((args.idType ?? 'SLUG') === 'SLUG') found = catalog.categoriesBySlug.get(args.id);
  else if (args.idType === 'DATABASE_ID') found = catalog.categories.get(Number(args.id));
  else {
    const decoded = fromGlobalId(args.id);
    found = decoded?.kind === 'term' ? catalog.categories.get(decoded.id) : undefined;
  }
  return found && isShopCategory(found) ? found : null;
}

function terms(_: unknown, args: ConnectionArgs & { where: { taxonomies: (string | null)[]; hideEmpty?: boolean | null } }, ctx: GraphQLContext) {
  const taxonomies = present(args.where.taxonomies) ?? [];
  if (taxonomies.length === 0) throw new DomainError('INVALID_INPUT', 'Argument "where.taxonomies" must name at least one taxonomy.');
  const list = taxonomies
    .map(normaliseTaxonomy)
    .flatMap((taxonomy) => termsOfTaxonomy(ctx, taxonomy))
    .filter((term) => !args.where.hideEmpty || term.count > 0);
  return connectionFromArray(list, args, 100, ctx.config.graphqlMaxQueryAmount);
}

export const RootQuery = {
  products,
  product,
  productVariation,
  productCategories,
  productCategory,
  terms,
  allergens: (_: unknown, __: unknown, ctx: GraphQLContext) => [...ctx.catalog.allergens.values()].sort((a, b) => a.position - b.position),
  storeSettings: (_: unknown, __: unknown, ctx: GraphQLContext) => storeSettings(ctx),
  catalogVersion: (_: unknown, __: unknown, ctx: GraphQLContext) => ctx.catalog.version,
  soldOutAddonOptions: (_: unknown, __: unknown, ctx: GraphQLContext) => soldOutAddonOptions(ctx.catalog),
};
