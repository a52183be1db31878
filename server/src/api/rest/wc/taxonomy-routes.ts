import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import type { CatalogService } from '../../../modules/catalog/catalog-service.js';
import { createCategory, deleteCategory, updateCategory, type CategoryInput } from '../../../modules/catalog/categories.js';
import {
  attributeOrderBys,
  createAttribute,
  deleteAttribute,
  getAttribute,
  getTerm,
  listAttributes,
  listTerms,
  updateAttribute,
  updateTerm,
  createTerm,
  deleteTerm,
  type AttributeRow,
  type TermRow,
} from '../../../modules/catalog/attributes.js';
import { getAllergen, listAllergens, updateAllergen, type AllergenRow } from '../../../modules/catalog/allergens.js';
import { DomainError } from '../../../errors/domain-error.js';
import { boolQuery, idSchema, idParams, lastValue, optionalBody } from '../../http/route-schemas.js';
import { restError } from '../../http/error-handler.js';
import { categoryShape } from './catalog-shapes.js';
import { woocommerceCodeOf } from './errors.js';
import { pageOf, pageQuery, pagingHeaders } from './paging.js';
import { actorOf } from './staff-principal.js';
import type { RestPrincipal } from './auth.js';
import { batchBody, imageRef, metaDataBody, nameShape, nameText, translationsBody, type BatchItem } from './taxonomy-shapes.js';

/** Writable category fields; unknown ones are ignored, as WooCommerce ignores read-only fields. */
const categoryFields = {
  name: nameText,
  translations: translationsBody.optional(),
  slug: z.string().trim().min(1).max(200).optional(),
  parent: z.number().int().min(0).max(999_999_999).optional(),
  description: z.string().max(5_000).optional(),
  image: imageRef.optional(),
  menu_order: z.number().int().min(-1_000_000).max(1_000_000).optional(),
  /** 0 to 9999 orders the lists; above 9999 hides the category from them (docs/product.md §5). */
  custom_order: z.number().int().min(0).max(1_000_000).optional(),
  meta_data: metaDataBody.optional(),
};
const categoryCreate = z.object(categoryFields);
const categoryUpdate = z.object({ ...categoryFields, name: nameText.optional() });
const categoryBatchUpdate = categoryUpdate.extend({
  id: z.union([
    z.number().int().min(1).max(999_999_999),
    z
      .string()
      .regex(/^\d{1,9}$/)
      .transform(Number),
  ]),
});

const TRANSLATION_KEYS = { french_translation: 'fr', english_translation: 'en' } as const;

/** Body to module input; `meta_data` may carry the translations (as products do) and the point-of-sale id. */
function categoryInput(body: z.output<typeof categoryUpdate>): CategoryInput {
  const translations: { fr?: string; en?: string } = {};
  let cloudposCategoryId: string | null | undefined;
  for (const entry of body.meta_data ?? []) {
    const lang = TRANSLATION_KEYS[entry.key as keyof typeof TRANSLATION_KEYS];
    if (lang && typeof entry.value === 'string') translations[lang] = entry.value.trim().slice(0, 200);
    if (entry.key === 'cloudpos_category_id') cloudposCategoryId = entry.value === null || entry.value === '' ? null : String(entry.value).slice(0, 100);
  }
  Object.assign(translations, body.translations ?? {});
  return {
    name: body.name,
    translations: Object.keys(translations).length ? translations : undefined,
    slug: body.slug,
    parent: body.parent,
    description: body.description,
    imageId: body.image,
    menuOrder: body.menu_order,
    customOrder: body.custom_order,
    cloudposCategoryId,
  };
}

const attributeFields = {
  name: nameText,
  translations: translationsBody.optional(),
  slug: z.string().trim().min(1).max(28).optional(),
  type: z.literal('select').optional(),
  order_by: z.enum(attributeOrderBys).optional(),
  has_archives: z.boolean().optional(),
};
const attributeCreate = z.object(attributeFields);
const attributeUpdate = z.object({ ...attributeFields, name: nameText.optional() });

const termFields = {
  name: nameText,
  translations: translationsBody.optional(),
  slug: z.string().trim().min(1).max(200).optional(),
  description: z.string().max(2_000).optional(),
  menu_order: z.number().int().min(-1_000_000).max(1_000_000).optional(),
};
const termCreate = z.object(termFields);
const termUpdate = z.object({ ...termFields, name: nameText.optional() });

const allergenUpdate = z.object({
  name: nameText.optional(),
  translations: translationsBody.optional(),
  /** A path under this site or an https address, e.g. an uploaded image's src. */
  icon: z
    .string()
    .trim()
    .max(500)
    .regex(/^(\/[^\s?#]*|https:\/\/[^\s]+)$/, 'a path such as /media/allergens/gluten.svg or an https address')
    .optional(),
});

const forceQuery = z.object({ force: boolQuery.optional() });
const termParams = z.object({ id: idSchema, termId: idSchema });
const termListQuery = z.object({ ...pageQuery, search: lastValue.optional() });

export function attributeShape(row: AttributeRow) {
  return { id: row.id, ...nameShape(row.name), slug: row.slug, type: 'select', order_by: row.orderBy, has_archives: false };
}

export function termShape(row: TermRow & { count: number }) {
  return { id: row.id, ...nameShape(row.name), slug: row.slug, description: row.description, menu_order: row.menuOrder, count: row.count };
}

export function allergenShape(row: AllergenRow) {
  return { id: row.id, code: row.code, ...nameShape(row.name), icon: row.icon, position: row.position };
}

/**
 * Writes of categories, attributes and their terms, allergens (docs/interfaces.md §2); every write returns the
 * object as the catalogue now has it and the catalogue (shop, menu boards) follows within the request.
 */
export function registerTaxonomyRoutes(app: FastifyInstance, deps: { catalog: CatalogService; db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, catalog } = deps;

  const categoryAfter = async (id: number, version: number) => {
    catalog.markChanged(version);
    const snapshot = await catalog.get();
    return categoryShape(snapshot, snapshot.categories.get(id)!);
  };
  const asBatchError = (error: unknown, method: string, id?: number): BatchItem => {
    if (!(error instanceof DomainError)) throw error;
    const { body } = restError(error, woocommerceCodeOf(error, method));
    return { id: id ?? 0, error: body };
  };

  // Categories ---------------------------------------------------------------------------------------------
  api.post('/products/categories', { schema: { body: categoryCreate } }, async (request, reply) => {
    const { id, version } = await createCategory(db, { ...categoryInput(request.body), name: request.body.name }, actorOf(request));
    return reply.code(201).send(await categoryAfter(id, version));
  });
  const categoryUpdateRoute = { schema: { params: idParams, body: optionalBody(categoryUpdate) } };
  const handleCategoryUpdate = async (request: { params: { id: number }; body: z.output<typeof categoryUpdate>; restPrincipal?: RestPrincipal }) => {
    const { id, version } = await updateCategory(db, request.params.id, categoryInput(request.body), actorOf(request));
    return categoryAfter(id, version);
  };
  api.put('/products/categories/:id', categoryUpdateRoute, handleCategoryUpdate);
  api.patch('/products/categories/:id', categoryUpdateRoute, handleCategoryUpdate);
  api.post('/products/categories/:id', categoryUpdateRoute, handleCategoryUpdate);
  api.delete('/products/categories/:id', { schema: { params: idParams, querystring: forceQuery } }, async (request) => {
    const before = await catalog.get();
    const { row, version } = await deleteCategory(db, request.params.id, request.query.force ?? false, actorOf(request));
    catalog.markChanged(version);
    return categoryShape(before, row);
  });
  api.post('/products/categories/batch', { schema: { body: batchBody(categoryCreate, categoryBatchUpdate) } }, async (request) => {
    const b = request.body;
    const create: BatchItem[] = [];
    const update: BatchItem[] = [];
    const remove: BatchItem[] = [];
    let version = 0;
    const written: number[] = [];
    for (const item of b.create ?? []) {
      try {
        const result = await createCategory(db, { ...categoryInput(item), name: item.name }, actorOf(request));
        version = Math.max(version, result.version);
        written.push(result.id);
        create.push({ id: result.id });
      } catch (error) {
        create.push(asBatchError(error, 'POST'));
      }
    }
    for (const item of b.update ?? []) {
      try {
        const result = await updateCategory(db, item.id, categoryInput(item), actorOf(request));
        version = Math.max(version, result.version);
        update.push({ id: result.id });
      } catch (error) {
        update.push(asBatchError(error, 'PUT', item.id));
      }
    }
    const before = await catalog.get();
    for (const id of b.delete ?? []) {
      try {
        const result = await deleteCategory(db, id, true, actorOf(request));
        version = Math.max(version, result.version);
        remove.push(categoryShape(before, result.row));
      } catch (error) {
        remove.push(asBatchError(error, 'DELETE', id));
      }
    }
    catalog.markChanged(version);
    const snapshot = await catalog.get();
    const now = (item: BatchItem) => {
      const category = 'error' in item ? undefined : snapshot.categories.get(item.id as number);
      return category ? categoryShape(snapshot, category) : item;
    };
    return { create: create.map(now), update: update.map(now), delete: remove };
  });

  // Attributes and terms -----------------------------------------------------------------------------------
  api.get('/products/attributes', async (request, reply) => {
    const rows = await listAttributes(db);
    pagingHeaders(request, reply, { page: 1, perPage: Math.max(rows.length, 1) }, rows.length);
    return rows.map(attributeShape);
  });
  api.post('/products/attributes', { schema: { body: attributeCreate } }, async (request, reply) => {
    const b = request.body;
    const { row, version } = await createAttribute(db, { name: b.name, translations: b.translations, slug: b.slug, orderBy: b.order_by }, actorOf(request));
    catalog.markChanged(version);
    return reply.code(201).send(attributeShape(row));
  });
  api.get('/products/attributes/:id', { schema: { params: idParams } }, async (request) => attributeShape(await getAttribute(db, request.params.id)));
  const attributeUpdateRoute = { schema: { params: idParams, body: optionalBody(attributeUpdate) } };
  const handleAttributeUpdate = async (request: { params: { id: number }; body: z.output<typeof attributeUpdate>; restPrincipal?: RestPrincipal }) => {
    const b = request.body;
    const { row, version } = await updateAttribute(
      db,
      request.params.id,
      { name: b.name, translations: b.translations, slug: b.slug, orderBy: b.order_by },
      actorOf(request),
    );
    catalog.markChanged(version);
    return attributeShape(row);
  };
  api.put('/products/attributes/:id', attributeUpdateRoute, handleAttributeUpdate);
  api.patch('/products/attributes/:id', attributeUpdateRoute, handleAttributeUpdate);
  api.post('/products/attributes/:id', attributeUpdateRoute, handleAttributeUpdate);
  api.delete('/products/attributes/:id', { schema: { params: idParams, querystring: forceQuery } }, async (request) => {
    const { row, version } = await deleteAttribute(db, request.params.id, request.query.force ?? false, actorOf(request));
    catalog.markChanged(version);
    return attributeShape(row);
  });

  api.get('/products/attributes/:id/terms', { schema: { params: idParams, querystring: termListQuery } }, async (request, reply) => {
    const page = pageOf(request.query);
    const { total, terms } = await listTerms(db, request.params.id, { search: request.query.search, ...page });
    pagingHeaders(request, reply, page, total);
    return terms.map(termShape);
  });
  api.post('/products/attributes/:id/terms', { schema: { params: idParams, body: termCreate } }, async (request, reply) => {
    const b = request.body;
    const { row, version } = await createTerm(
      db,
      request.params.id,
      {
        name: b.name,
        translations: b.translations,
        slug: b.slug,
        description: b.description,
        menuOrder: b.menu_order,
      },
      actorOf(request),
    );
    catalog.markChanged(version);
    return reply.code(201).send(termShape(row));
  });
  api.get('/products/attributes/:id/terms/:termId', { schema: { params: termParams } }, async (request) =>
    termShape(await getTerm(db, request.params.id, request.params.termId)),
  );
  const termUpdateRoute = { schema: { params: termParams, body: optionalBody(termUpdate) } };
  const handleTermUpdate = async (request: { params: { id: number; termId: number }; body: z.output<typeof termUpdate>; restPrincipal?: RestPrincipal }) => {
    const b = request.body;
    const { row, version } = await updateTerm(
      db,
      request.params.id,
      request.params.termId,
      {
        name: b.name,
        translations: b.translations,
        slug: b.slug,
        description: b.description,
        menuOrder: b.menu_order,
      },
      actorOf(request),
    );
    catalog.markChanged(version);
    return termShape(row);
  };
  api.put('/products/attributes/:id/terms/:termId', termUpdateRoute, handleTermUpdate);
  api.patch('/products/attributes/:id/terms/:termId', termUpdateRoute, handleTermUpdate);
  api.post('/products/attributes/:id/terms/:termId', termUpdateRoute, handleTermUpdate);
  api.delete('/products/attributes/:id/terms/:termId', { schema: { params: termParams, querystring: forceQuery } }, async (request) => {
    const { row, version } = await deleteTerm(db, request.params.id, request.params.termId, request.query.force ?? false, actorOf(request));
    catalog.markChanged(version);
    return termShape(row);
  });

  // Allergens (the 14 are fixed: names and icons change) ---------------------------------------------------
  api.get('/products/allergens', async (request, reply) => {
    const rows = await listAllergens(db);
    pagingHeaders(request, reply, { page: 1, perPage: Math.max(rows.length, 1) }, rows.length);
    return rows.map(allergenShape);
  });
  api.get('/products/allergens/:id', { schema: { params: idParams } }, async (request) => allergenShape(await getAllergen(db, request.params.id)));
  const allergenRoute = { schema: { params: idParams, body: optionalBody(allergenUpdate) } };
  const handleAllergen = async (request: { params: { id: number }; body: z.output<typeof allergenUpdate>; restPrincipal?: RestPrincipal }) => {
    const { row, version } = await updateAllergen(db, request.params.id, request.body, actorOf(request));
    catalog.markChanged(version);
    return allergenShape(row);
  };
  api.put('/products/allergens/:id', allergenRoute, handleAllergen);
  api.patch('/products/allergens/:id', allergenRoute, handleAllergen);
  api.post('/products/allergens/:id', allergenRoute, handleAllergen);

  // GET /nonce (docs/interfaces.md §2): the dashboard's token for its writes (the staff login's CSRF token).
  api.get('/nonce', async (request) => {
    const session = request.restPrincipal?.staffUserId !== undefined ? await request.authSession() : undefined;
    return { nonce: session?.csrfToken ?? null };
  });
}
