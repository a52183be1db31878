import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import type { CatalogService } from '../../../modules/catalog/catalog-service.js';
import { createTag, deleteTag, getTag, listTags, tagOrderBys, updateTag, type TagInput, type TagRow } from '../../../modules/catalog/tags.js';
import { DomainError } from '../../../errors/domain-error.js';
import { boolQuery, enumQuery, idListQuery, idParams, lastValue, optionalBody } from '../../http/route-schemas.js';
import { restError } from '../../http/error-handler.js';
import { woocommerceCodeOf } from './errors.js';
import { pageOf, pageQuery, pagingHeaders } from './paging.js';
import { actorOf } from './staff-principal.js';
import type { RestPrincipal } from './auth.js';
import { batchBody, nameShape, nameText, translationsBody, type BatchItem } from './taxonomy-shapes.js';

/** Writable tag fields (WooCommerce: name, slug, description; Bakje: translations); unknown ones are ignored. */
const tagFields = {
  name: nameText,
  translations: translationsBody.optional(),
  slug: z.string().trim().min(1).max(200).optional(),
  description: z.string().max(5_000).optional(),
};
const tagCreate = z.object(tagFields);
const tagUpdate = z.object({ ...tagFields, name: nameText.optional() });
const tagBatchUpdate = tagUpdate.extend({
  id: z.union([
    z.number().int().min(1).max(999_999_999),
    z
      .string()
      .regex(/^\d{1,9}$/)
      .transform(Number),
  ]),
});
const tagListQuery = z.object({
  ...pageQuery,
  search: lastValue.optional(),
  hide_empty: boolQuery.optional(),
  slug: lastValue.optional(),
  include: idListQuery.optional(),
  orderby: enumQuery(tagOrderBys).optional(),
  order: enumQuery(['asc', 'desc'] as const).optional(),
});
const forceQuery = z.object({ force: boolQuery.optional() });

/** A tag in WooCommerce's shape, with Bakje's `translations` (decision 0023). */
export function tagShape(row: TagRow) {
  return { id: row.id, ...nameShape(row.name), slug: row.slug, description: row.description.nl, count: row.count };
}

const tagInput = (body: z.output<typeof tagUpdate>): TagInput => ({
  name: body.name,
  translations: body.translations,
  slug: body.slug,
  description: body.description,
});

/** /wp-json/wc/v3/products/tags: list, read, create, update, delete (force=true), batch. */
export function registerTagRoutes(app: FastifyInstance, deps: { catalog: CatalogService; db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, catalog } = deps;
  const asBatchError = (error: unknown, method: string, id?: number): BatchItem => {
    if (!(error instanceof DomainError)) throw error;
    const { body } = restError(error, woocommerceCodeOf(error, method));
    return { id: id ?? 0, error: body };
  };

  api.get('/products/tags', { schema: { querystring: tagListQuery } }, async (request, reply) => {
    const q = request.query;
    const page = pageOf(q);
    const { total, tags } = await listTags(db, {
      ...page,
      search: q.search,
      hideEmpty: q.hide_empty,
      slug: q.slug,
      include: q.include,
      orderBy: q.orderby,
      order: q.order,
    });
    pagingHeaders(request, reply, page, total);
    return tags.map(tagShape);
  });
  api.get('/products/tags/:id', { schema: { params: idParams } }, async (request) => tagShape(await getTag(db, request.params.id)));
  api.post('/products/tags', { schema: { body: tagCreate } }, async (request, reply) => {
    const { row, version } = await createTag(db, { ...tagInput(request.body), name: request.body.name }, actorOf(request));
    catalog.markChanged(version);
    return reply.code(201).send(tagShape(row));
  });
  const updateRoute = { schema: { params: idParams, body: optionalBody(tagUpdate) } };
  const handleUpdate = async (request: { params: { id: number }; body: z.output<typeof tagUpdate>; restPrincipal?: RestPrincipal }) => {
    const { row, version } = await updateTag(db, request.params.id, tagInput(request.body), actorOf(request));
    catalog.markChanged(version);
    return tagShape(row);
  };
  api.put('/products/tags/:id', updateRoute, handleUpdate);
  api.patch('/products/tags/:id', updateRoute, handleUpdate);
  api.post('/products/tags/:id', updateRoute, handleUpdate);
  api.delete('/products/tags/:id', { schema: { params: idParams, querystring: forceQuery } }, async (request) => {
    const { row, version } = await deleteTag(db, request.params.id, request.query.force ?? false, actorOf(request));
    catalog.markChanged(version);
    return tagShape(row);
  });
  api.post('/products/tags/batch', { schema: { body: batchBody(tagCreate, tagBatchUpdate) } }, async (request) => {
    const b = request.body;
    const create: BatchItem[] = [];
    const update: BatchItem[] = [];
    const remove: BatchItem[] = [];
    let version = 0;
    for (const item of b.create ?? []) {
      try {
        const result = await createTag(db, { ...tagInput(item), name: item.name }, actorOf(request));
        version = Math.max(version, result.version);
        create.push(tagShape(result.row));
      } catch (error) {
        create.push(asBatchError(error, 'POST'));
      }
    }
    for (const item of b.update ?? []) {
      try {
        const result = await updateTag(db, item.id, tagInput(item), actorOf(request));
        version = Math.max(version, result.version);
        update.push(tagShape(result.row));
      } catch (error) {
        update.push(asBatchError(error, 'PUT', item.id));
      }
    }
    for (const id of b.delete ?? []) {
      try {
        const result = await deleteTag(db, id, true, actorOf(request));
        version = Math.max(version, result.version);
        remove.push(tagShape(result.row));
      } catch (error) {
        remove.push(asBatchError(error, 'DELETE', id));
      }
    }
    if (version > 0) catalog.markChanged(version);
    return { create, update, delete: remove };
  });
}
