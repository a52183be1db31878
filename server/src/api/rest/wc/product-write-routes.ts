import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_BATCH_ITEMS, productWriteBody, variationWriteBody } from '@bakje/contract';
import type { Db, Tx } from '../../../db/client.js';
import type { CatalogService } from '../../../modules/catalog/catalog-service.js';
import type { CatalogSnapshot } from '../../../modules/catalog/snapshot.js';
import { changeHistory, lastChanges, type Actor } from '../../../modules/catalog-audit/catalog-audit.js';
import { writeCatalog, writeCatalogBatch, type ItemOutcome } from '../../../modules/catalog/catalog-write.js';
import {
  createProduct,
  createVariation,
  deleteProduct,
  deleteVariation,
  revisionOf,
  updateProduct,
  updateVariation,
} from '../../../modules/catalog/product-write.js';
import { DomainError } from '../../../errors/domain-error.js';
import { restError } from '../../http/error-handler.js';
import { boolQuery, enumQuery, idSchema, optionalBody } from '../../http/route-schemas.js';
import { productShape, variationShape } from './catalog-shapes.js';
import { woocommerceCodeOf } from './errors.js';
import { pageOf, pageQuery, pagingHeaders } from './paging.js';

const productParams = z.object({ id: idSchema });
const variationParams = z.object({ product_id: idSchema, id: idSchema });
const parentParams = z.object({ product_id: idSchema });
const deleteQuery = z.object({ force: boolQuery.optional() });
const historyQuery = z.object({ ...pageQuery });
/** `context=view` (default) or `edit` (adds `translations`: every language as stored). */
export const contextQuery = z.object({ context: enumQuery(['view', 'edit']).optional() });

/** A batch body: each list checked item by item later, so one bad item does not refuse the others. */
const batchBody = z
  .object({
    create: z.array(z.unknown()).optional(),
    update: z.array(z.unknown()).optional(),
    delete: z.array(z.union([z.number(), z.string()])).optional(),
  })
  .refine((b) => (b.create?.length ?? 0) + (b.update?.length ?? 0) + (b.delete?.length ?? 0) <= MAX_BATCH_ITEMS, {
    message: `at most ${MAX_BATCH_ITEMS} items in all`,
    path: ['create'],
  });

/** Who is writing, for the change history: the staff member behind the cookie or the API key. */
export function actorOf(request: FastifyRequest): Actor {
  const principal = request.restPrincipal;
  if (principal?.staffUserId !== undefined) return { type: 'staff', id: principal.staffUserId };
  return { type: 'api_key', id: principal?.keyId ?? null };
}

/** A zod failure of one batch item, as the route schemas word it ("Invalid parameter(s): name"). */
function parsed<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const names = [...new Set(result.error.issues.map((i) => String(i.path[0] ?? 'body')))];
  const only = result.error.issues.length === 1 ? result.error.issues[0]!.message : undefined;
  throw new DomainError('INVALID_INPUT', `Invalid parameter(s): ${names.join(', ')}${only ? ` (${only})` : ''}`, { params: names });
}

function batchId(value: unknown): number {
  const id = typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : value;
  const n = typeof id === 'string' && /^\d{1,9}$/.test(id) ? Number(id) : id;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 999_999_999) {
    throw new DomainError('INVALID_INPUT', 'Invalid parameter(s): id (must be a positive whole number)', { params: ['id'] });
  }
  return n;
}

export function registerProductWriteRoutes(app: FastifyInstance, deps: { catalog: CatalogService; db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** The catalogue as of our own write (the NOTIFY may not have arrived yet). */
  const caughtUp = async (version: number): Promise<CatalogSnapshot> => {
    deps.catalog.markChanged(version);
    return deps.catalog.get();
  };
  const shapeProduct = async (snapshot: CatalogSnapshot, id: number, context: 'view' | 'edit' = 'view') => {
    const product = snapshot.products.get(id);
    if (!product) throw new DomainError('PRODUCT_NOT_FOUND', 'Invalid ID.');
    const lastChanged = (await lastChanges(deps.db, 'product', [id])).get(id) ?? null;
    return productShape(snapshot, product, { context, lastChanged });
  };
  const shapeVariation = async (snapshot: CatalogSnapshot, id: number, context: 'view' | 'edit' = 'view') => {
    const variation = snapshot.products.get(id);
    if (!variation) throw new DomainError('VARIATION_NOT_FOUND', 'Invalid ID.');
    const lastChanged = (await lastChanges(deps.db, 'variation', [id])).get(id) ?? null;
    return variationShape(snapshot, variation, { context, lastChanged });
  };
  const errorBody = (error: DomainError, method: string) => restError(error, woocommerceCodeOf(error, method)).body;

  // POST /products
  api.post('/products', { schema: { body: optionalBody(productWriteBody) } }, async (request, reply) => {
    const { result: id, version } = await writeCatalog(deps.db, (tx) => createProduct(tx, request.body, actorOf(request)));
    const snapshot = await caughtUp(version);
    reply.code(201).header('etag', `"${snapshot.products.get(id)?.row.revision ?? 1}"`);
    return shapeProduct(snapshot, id, 'edit');
  });

  // PUT/POST/PATCH /products/{id}; If-Match: "<revision>" guards against saving over someone else's change.
  const update = { schema: { params: productParams, body: optionalBody(productWriteBody), querystring: contextQuery } };
  const handleUpdate = async (
    request: FastifyRequest<{ Params: { id: number }; Body: z.output<typeof productWriteBody>; Querystring: z.output<typeof contextQuery> }>,
    reply: { header: (name: string, value: string) => unknown },
  ) => {
    const { id } = request.params;
    const expected = revisionOf(request.headers['if-match']);
    const { version } = await writeCatalog(deps.db, (tx) => updateProduct(tx, id, request.body, actorOf(request), expected));
    const snapshot = await caughtUp(version);
    reply.header('etag', `"${snapshot.products.get(id)?.row.revision ?? 0}"`);
    return shapeProduct(snapshot, id, request.query.context ?? 'view');
  };
  api.put('/products/:id', update, handleUpdate);
  api.post('/products/:id', update, handleUpdate);
  api.patch('/products/:id', update, handleUpdate);

  // DELETE /products/{id}[?force=true]: answers the product as it was (trashed: as it now is).
  api.delete('/products/:id', { schema: { params: productParams, querystring: deleteQuery } }, async (request) => {
    const { id } = request.params;
    const force = request.query.force ?? false;
    const before = await deps.catalog.get();
    const existing = before.products.get(id);
    if (!existing || existing.row.type === 'VARIATION') throw new DomainError('PRODUCT_NOT_FOUND', 'Invalid ID.');
    const shapeBefore = await shapeProduct(before, id);
    const { version } = await writeCatalog(deps.db, (tx) => deleteProduct(tx, id, force, actorOf(request)));
    const snapshot = await caughtUp(version);
    return force ? shapeBefore : shapeProduct(snapshot, id);
  });

  // POST /products/batch {create, update, delete}: each item answered in its place, one transaction.
  api.post('/products/batch', { schema: { body: optionalBody(batchBody) } }, async (request) => {
    const actor = actorOf(request);
    const body = request.body;
    type Kind = 'create' | 'update' | 'delete';
    const items: { kind: Kind; id?: number; run: (tx: Tx) => Promise<number> }[] = [];
    for (const raw of body.create ?? []) items.push({ kind: 'create', run: (tx) => createProduct(tx, parsed(productWriteBody, raw), actor) });
    for (const raw of body.update ?? []) {
      let id: number | undefined;
      try {
        id = batchId(raw);
      } catch {
        id = undefined;
      }
      items.push({
        kind: 'update',
        ...(id !== undefined ? { id } : {}),
        run: async (tx) => {
          const productId = batchId(raw);
          await updateProduct(tx, productId, parsed(productWriteBody, raw), actor);
          return productId;
        },
      });
    }
    for (const raw of body.delete ?? []) {
      const id = typeof raw === 'number' ? raw : Number(raw);
      items.push({
        kind: 'delete',
        ...(Number.isInteger(id) ? { id } : {}),
        run: async (tx) => {
          const productId = batchId(raw);
          await deleteProduct(tx, productId, true, actor);
          return productId;
        },
      });
    }
    // Deleted products are answered as they were before the batch.
    const before = await deps.catalog.get();
    const deleted = new Map<number, unknown>();
    for (const raw of body.delete ?? []) {
      const id = typeof raw === 'number' ? raw : Number(raw);
      const product = before.products.get(id);
      if (product && product.row.type !== 'VARIATION') deleted.set(id, productShape(before, product));
    }
    const { outcomes, version } = await writeCatalogBatch(
      deps.db,
      items.map((i) => i.run),
    );
    const snapshot = await caughtUp(version);
    const answer: Record<Kind, unknown[]> = { create: [], update: [], delete: [] };
    for (const [index, item] of items.entries()) {
      const outcome = outcomes[index] as ItemOutcome<number>;
      if (!outcome.ok) {
        answer[item.kind].push({ id: item.id ?? 0, error: errorBody(outcome.error, 'POST') });
      } else if (item.kind === 'delete') {
        answer.delete.push(deleted.get(outcome.value) ?? { id: outcome.value });
      } else {
        answer[item.kind].push(await shapeProduct(snapshot, outcome.value));
      }
    }
    const result: Partial<Record<Kind, unknown[]>> = {};
    if (body.create) result.create = answer.create;
    if (body.update) result.update = answer.update;
    if (body.delete) result.delete = answer.delete;
    return result;
  });

  // GET /products/{id}/changes: the change history, newest first, paged like every list.
  api.get('/products/:id/changes', { schema: { params: productParams, querystring: historyQuery } }, async (request, reply) => {
    const { id } = request.params;
    const page = pageOf(request.query);
    const history = await changeHistory(deps.db, 'product', id, page.perPage, (page.page - 1) * page.perPage);
    if (history.total === 0 && !(await deps.catalog.get()).products.has(id)) throw new DomainError('PRODUCT_NOT_FOUND', 'Invalid ID.');
    pagingHeaders(request, reply, page, history.total);
    return history.changes;
  });

  // Variations: /products/{product_id}/variations[/{id}]
  const variationsOf = async (productId: number) => {
    const snapshot = await deps.catalog.get();
    const product = snapshot.products.get(productId);
    if (!product || product.row.type === 'VARIATION' || product.row.status === 'trash') throw new DomainError('PRODUCT_NOT_FOUND', 'Invalid ID.');
    return { snapshot, product };
  };

  api.get(
    '/products/:product_id/variations',
    { schema: { params: parentParams, querystring: z.object({ ...pageQuery, context: contextQuery.shape.context }) } },
    async (request, reply) => {
      const { snapshot, product } = await variationsOf(request.params.product_id);
      const page = pageOf(request.query);
      pagingHeaders(request, reply, page, product.variations.length);
      const start = (page.page - 1) * page.perPage;
      const shown = product.variations.slice(start, start + page.perPage);
      const changed = await lastChanges(
        deps.db,
        'variation',
        shown.map((v) => v.row.id),
      );
      return shown.map((v) => variationShape(snapshot, v, { context: request.query.context ?? 'view', lastChanged: changed.get(v.row.id) ?? null }));
    },
  );

  api.get('/products/:product_id/variations/:id', { schema: { params: variationParams, querystring: contextQuery } }, async (request, reply) => {
    const { snapshot, product } = await variationsOf(request.params.product_id);
    const variation = product.variations.find((v) => v.row.id === request.params.id);
    if (!variation) throw new DomainError('VARIATION_NOT_FOUND', 'Invalid ID.');
    reply.header('etag', `"${variation.row.revision}"`);
    return shapeVariation(snapshot, variation.row.id, request.query.context ?? 'view');
  });

  api.post('/products/:product_id/variations', { schema: { params: parentParams, body: optionalBody(variationWriteBody) } }, async (request, reply) => {
    const { result: id, version } = await writeCatalog(deps.db, (tx) => createVariation(tx, request.params.product_id, request.body, actorOf(request)));
    const snapshot = await caughtUp(version);
    reply.code(201);
    return shapeVariation(snapshot, id, 'edit');
  });

  const variationUpdate = { schema: { params: variationParams, body: optionalBody(variationWriteBody), querystring: contextQuery } };
  const handleVariationUpdate = async (
    request: FastifyRequest<{
      Params: { product_id: number; id: number };
      Body: z.output<typeof variationWriteBody>;
      Querystring: z.output<typeof contextQuery>;
    }>,
    reply: { header: (name: string, value: string) => unknown },
  ) => {
    const { product_id: productId, id } = request.params;
    const expected = revisionOf(request.headers['if-match']);
    const { version } = await writeCatalog(deps.db, (tx) => updateVariation(tx, productId, id, request.body, actorOf(request), expected));
    const snapshot = await caughtUp(version);
    reply.header('etag', `"${snapshot.products.get(id)?.row.revision ?? 0}"`);
    return shapeVariation(snapshot, id, request.query.context ?? 'view');
  };
  api.put('/products/:product_id/variations/:id', variationUpdate, handleVariationUpdate);
  api.post('/products/:product_id/variations/:id', variationUpdate, handleVariationUpdate);
  api.patch('/products/:product_id/variations/:id', variationUpdate, handleVariationUpdate);

  api.delete('/products/:product_id/variations/:id', { schema: { params: variationParams, querystring: deleteQuery } }, async (request) => {
    const { snapshot: before, product } = await variationsOf(request.params.product_id);
    if (!product.variations.some((v) => v.row.id === request.params.id)) throw new DomainError('VARIATION_NOT_FOUND', 'Invalid ID.');
    const shape = await shapeVariation(before, request.params.id);
    const { version } = await writeCatalog(deps.db, (tx) => deleteVariation(tx, request.params.product_id, request.params.id, actorOf(request)));
    await caughtUp(version);
    return shape;
  });

  api.post('/products/:product_id/variations/batch', { schema: { params: parentParams, body: optionalBody(batchBody) } }, async (request) => {
    const actor = actorOf(request);
    const productId = request.params.product_id;
    const { snapshot: before, product } = await variationsOf(productId);
    const body = request.body;
    type Kind = 'create' | 'update' | 'delete';
    const items: { kind: Kind; id?: number; run: (tx: Tx) => Promise<number> }[] = [];
    for (const raw of body.create ?? []) items.push({ kind: 'create', run: (tx) => createVariation(tx, productId, parsed(variationWriteBody, raw), actor) });
    for (const raw of body.update ?? []) {
      let id: number | undefined;
      try {
        id = batchId(raw);
      } catch {
        id = undefined;
      }
      items.push({
        kind: 'update',
        ...(id !== undefined ? { id } : {}),
        run: async (tx) => {
          const variationId = batchId(raw);
          await updateVariation(tx, productId, variationId, parsed(variationWriteBody, raw), actor);
          return variationId;
        },
      });
    }
    const deleted = new Map<number, unknown>();
    for (const raw of body.delete ?? []) {
      const id = typeof raw === 'number' ? raw : Number(raw);
      const variation = product.variations.find((v) => v.row.id === id);
      if (variation) deleted.set(id, variationShape(before, variation));
      items.push({
        kind: 'delete',
        ...(Number.isInteger(id) ? { id } : {}),
        run: async (tx) => {
          const variationId = batchId(raw);
          await deleteVariation(tx, productId, variationId, actor);
          return variationId;
        },
      });
    }
    const { outcomes, version } = await writeCatalogBatch(
      deps.db,
      items.map((i) => i.run),
    );
    const snapshot = await caughtUp(version);
    const answer: Record<Kind, unknown[]> = { create: [], update: [], delete: [] };
    for (const [index, item] of items.entries()) {
      const outcome = outcomes[index] as ItemOutcome<number>;
      if (!outcome.ok) answer[item.kind].push({ id: item.id ?? 0, error: errorBody(outcome.error, 'POST') });
      else if (item.kind === 'delete') answer.delete.push(deleted.get(outcome.value) ?? { id: outcome.value });
      else answer[item.kind].push(await shapeVariation(snapshot, outcome.value));
    }
    const result: Partial<Record<Kind, unknown[]>> = {};
    if (body.create) result.create = answer.create;
    if (body.update) result.update = answer.update;
    if (body.delete) result.delete = answer.delete;
    return result;
  });
}
