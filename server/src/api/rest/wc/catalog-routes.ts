import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CatalogService } from '../../../modules/catalog/catalog-service.js';
import { isOnSale } from '../../../modules/catalog/product-query.js';
import { translate } from '../../../modules/i18n/locale.js';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { lastChanges } from '../../../modules/catalog-audit/catalog-audit.js';
import { DomainError } from '../../../errors/domain-error.js';
import { boolQuery, enumQuery, idListQuery, idParams, intQuery, lastValue } from '../../http/route-schemas.js';
import { pageOf, pageQuery, pagingHeaders } from './paging.js';
import { categoryShape, productShape, wcStockStatusOf, wcStockStatuses } from './catalog-shapes.js';
import { contextQuery, registerProductWriteRoutes } from './product-write-routes.js';

const PRODUCT_ORDERBY = ['date', 'id', 'include', 'title', 'slug', 'price', 'popularity', 'rating', 'menu_order'] as const;
const CATEGORY_ORDERBY = ['id', 'include', 'name', 'slug', 'term_group', 'description', 'count', 'menu_order'] as const;
const ORDER = ['asc', 'desc'] as const;

const productListQuery = z.object({
  ...pageQuery,
  search: lastValue.optional(),
  category: intQuery(1, 999_999_999).optional(),
  tag: intQuery(1, 999_999_999).optional(),
  slug: lastValue.optional(),
  sku: lastValue.optional(),
  status: enumQuery(['any', 'publish', 'draft', 'private', 'pending', 'future', 'trash']).optional(),
  type: enumQuery(['simple', 'variable', 'grouped', 'external']).optional(),
  featured: boolQuery.optional(),
  on_sale: boolQuery.optional(),
  stock_status: enumQuery(wcStockStatuses).optional(),
  include: idListQuery.optional(),
  min_price: intQuery(0, 999_999).optional(),
  max_price: intQuery(0, 999_999).optional(),
  orderby: enumQuery(PRODUCT_ORDERBY).optional(),
  order: enumQuery(ORDER).optional(),
  context: enumQuery(['view', 'edit']).optional(),
});

const categoryListQuery = z.object({
  ...pageQuery,
  search: lastValue.optional(),
  parent: intQuery(0, 999_999_999).optional(),
  hide_empty: boolQuery.optional(),
  slug: lastValue.optional(),
  include: idListQuery.optional(),
  orderby: enumQuery(CATEGORY_ORDERBY).optional(),
  order: enumQuery(ORDER).optional(),
});

export function registerCatalogRoutes(app: FastifyInstance, deps: { catalog: CatalogService; db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  registerProductWriteRoutes(app, deps);

  api.get('/products', { schema: { querystring: productListQuery } }, async (request, reply) => {
    const query = request.query;
    const page = pageOf(query);
    const search = query.search?.trim().toLowerCase();
    const { category, tag, slug, sku, type, featured, include } = query;
    const status = query.status ?? 'any';
    const onSale = query.on_sale;
    const stockStatus = query.stock_status;
    const minPrice = query.min_price;
    const maxPrice = query.max_price;
    const orderby = query.orderby ?? 'date';
    const order = query.order ?? 'desc';

    const snapshot = await deps.catalog.get();
    let list = snapshot.list.filter(
      (p) =>
        (status === 'any' ? p.row.status !== 'trash' : p.row.status === status) &&
        (!type || p.row.type.toLowerCase() === type) &&
        (category === undefined || p.categoryIds.includes(category)) &&
        (tag === undefined || p.tagIds.includes(tag)) &&
        (slug === undefined || p.row.slug === slug) &&
        (sku === undefined || p.row.sku === sku) &&
        (featured === undefined || p.row.featured === featured) &&
        (onSale === undefined || isOnSale(p) === onSale) &&
        (stockStatus === undefined || wcStockStatusOf(p) === stockStatus) &&
        (include === undefined || include.includes(p.row.id)) &&
        (minPrice === undefined || p.prices.some((c) => c >= minPrice * 100)) &&
        (maxPrice === undefined || p.prices.some((c) => c <= maxPrice * 100)) &&
        (!search || p.searchText.nl.includes(search) || p.row.sku.toLowerCase().includes(search)),
    );
    const key: Record<(typeof PRODUCT_ORDERBY)[number], (p: (typeof list)[number]) => number | string> = {
      date: (p) => p.row.createdAt.getTime(),
      id: (p) => p.row.id,
      include: (p) => include?.indexOf(p.row.id) ?? p.row.id,
      title: (p) => translate(p.row.name, 'nl').toLowerCase(),
      slug: (p) => p.row.slug,
      price: (p) => (p.prices.length ? Math.max(...p.prices) : 0),
      popularity: (p) => p.row.totalSales,
      rating: (p) => p.averageRating,
      menu_order: (p) => p.row.menuOrder,
    };
    const by = key[orderby];
    const sign = order === 'asc' ? 1 : -1;
    list = [...list].sort((a, b) => {
      const x = by(a);
      const y = by(b);
      return (x < y ? -1 : x > y ? 1 : 0) * sign || (a.row.id - b.row.id) * sign;
    });
    pagingHeaders(request, reply, page, list.length);
    const start = (page.page - 1) * page.perPage;
    const shown = list.slice(start, start + page.perPage);
    const changed = await lastChanges(
      deps.db,
      'product',
      shown.map((p) => p.row.id),
    );
    return shown.map((p) => productShape(snapshot, p, { context: query.context ?? 'view', lastChanged: changed.get(p.row.id) ?? null }));
  });

  api.get('/products/categories', { schema: { querystring: categoryListQuery } }, async (request, reply) => {
    const query = request.query;
    const page = pageOf(query);
    const search = query.search?.trim().toLowerCase();
    const { parent, slug, include } = query;
    const hideEmpty = query.hide_empty ?? false;
    const orderby = query.orderby ?? 'name';
    const order = query.order ?? 'asc';
    const snapshot = await deps.catalog.get();
    const sign = order === 'asc' ? 1 : -1;
    const sortKey = (c: Parameters<typeof categoryShape>[1]): string | number => {
      switch (orderby) {
        case 'id':
        case 'term_group':
          return c.id;
        case 'include':
          return include?.indexOf(c.id) ?? c.id;
        case 'slug':
          return c.slug;
        case 'description':
          return translate(c.description, 'nl');
        case 'count':
          return snapshot.categoryCounts.get(c.id) ?? 0;
        case 'menu_order':
          return c.menuOrder;
        default:
          return translate(c.name, 'nl').toLowerCase();
      }
    };
    const list = [...snapshot.categories.values()]
      .filter(
        (c) =>
          (parent === undefined || (c.parentId ?? 0) === parent) &&
          (!hideEmpty || (snapshot.categoryCounts.get(c.id) ?? 0) > 0) &&
          (slug === undefined || c.slug === slug) &&
          (include === undefined || include.includes(c.id)) &&
          (!search || translate(c.name, 'nl').toLowerCase().includes(search) || c.slug.includes(search)),
      )
      .sort((a, b) => {
        const x = sortKey(a);
        const y = sortKey(b);
        return (x < y ? -1 : x > y ? 1 : 0) * sign || (a.id - b.id) * sign;
      });
    pagingHeaders(request, reply, page, list.length);
    const start = (page.page - 1) * page.perPage;
    return list.slice(start, start + page.perPage).map((c) => categoryShape(snapshot, c));
  });

  api.get('/products/categories/:id', { schema: { params: idParams } }, async (request) => {
    const { id } = request.params;
    const snapshot = await deps.catalog.get();
    const category = snapshot.categories.get(id);
    if (!category) throw new DomainError('CATEGORY_NOT_FOUND', 'Resource does not exist.');
    return categoryShape(snapshot, category);
  });

  // The ETag is the product's revision: send it back in If-Match to save only over what you read.
  api.get('/products/:id', { schema: { params: idParams, querystring: contextQuery } }, async (request, reply) => {
    const { id } = request.params;
    const snapshot = await deps.catalog.get();
    const product = snapshot.products.get(id);
    if (!product || product.row.type === 'VARIATION') throw new DomainError('PRODUCT_NOT_FOUND', 'Invalid ID.');
    const lastChanged = (await lastChanges(deps.db, 'product', [id])).get(id) ?? null;
    reply.header('etag', `"${product.row.revision}"`);
    return productShape(snapshot, product, { context: request.query.context ?? 'view', lastChanged });
  });
}
