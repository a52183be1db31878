import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ageLimitField } from '@bakje/contract';
import type { Db } from '../../../db/client.js';
import type { CatalogService } from '../../../modules/catalog/catalog-service.js';
import type { CatalogSnapshot } from '../../../modules/catalog/snapshot.js';
import {
  allergenTaxonomy,
  attributeOrderBys,
  attributeTaxonomy,
  attributeTermTaxonomy,
  categoryTaxonomy,
  listAttributeTerms,
  listTags,
  tagOrderBys,
  tagTaxonomy,
  type AllergenRow,
  type AttributeRow,
  type AttributeTermRow,
  type CategoryInput,
  type TagRow,
} from '../../../modules/catalog/taxonomies.js';
import type { Counted, TaxonomyService, TermInput, TermRow } from '../../../modules/catalog/taxonomy.js';
import { DomainError } from '../../../errors/domain-error.js';
import { boolQuery, enumQuery, idListQuery, idSchema, idParams, lastValue, optionalBody } from '../../http/route-schemas.js';
import { restError } from '../../http/error-handler.js';
import { categoryShape } from './catalog-shapes.js';
import { woocommerceCodeOf } from './errors.js';
import { pageOf, pageQuery, pagingHeaders } from './paging.js';
import { actorOf } from './staff-principal.js';
import { batchBody, imageRef, metaDataBody, nameShape, nameText, translationsBody, type BatchItem } from './taxonomy-shapes.js';

const slugText = (max: number) => z.string().trim().min(1).max(max).optional();
const batchId = z.union([
  z.number().int().min(1).max(999_999_999),
  z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number),
]);
const forceQuery = z.object({ force: boolQuery.optional() });
const termParams = z.object({ id: idSchema, termId: idSchema });

// Categories: WooCommerce's fields and `meta_data` (translations, point-of-sale id) ------------------------

/** Writable category fields; unknown ones are ignored, as WooCommerce ignores read-only fields. */
const categoryFields = {
  name: nameText,
  translations: translationsBody.optional(),
  slug: slugText(200),
  parent: z.number().int().min(0).max(999_999_999).optional(),
  description: z.string().max(5_000).optional(),
  image: imageRef.optional(),
  menu_order: z.number().int().min(-1_000_000).max(1_000_000).optional(),
  /** 0 to 9999 orders the lists; above 9999 hides the category from them (docs/product.md §5). */
  custom_order: z.number().int().min(0).max(1_000_000).optional(),
  /** 16 or 18: every product in the category is age-restricted; null: none. */
  age_limit: ageLimitField.optional(),
  /** Customers may bring their own container for the category's products. */
  own_container: z.boolean().optional(),
  meta_data: metaDataBody.optional(),
};
/** A category body as an update takes it: every field may be left out. */
type CategoryBody = Partial<z.output<z.ZodObject<typeof categoryFields>>>;

const TRANSLATION_KEYS = { french_translation: 'fr', english_translation: 'en' } as const;

/** Body to module input; `meta_data` may carry the translations (as products do) and the point-of-sale id. */
function categoryInput(body: CategoryBody): CategoryInput {
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
    ageLimit: body.age_limit,
    ownContainer: body.own_container,
    cloudposCategoryId,
  };
}

// Tags, attributes, their terms, allergens ---------------------------------------------------------------

const tagFields = { name: nameText, translations: translationsBody.optional(), slug: slugText(200), description: z.string().max(5_000).optional() };
const tagListQuery = z.object({
  ...pageQuery,
  search: lastValue.optional(),
  hide_empty: boolQuery.optional(),
  slug: lastValue.optional(),
  include: idListQuery.optional(),
  orderby: enumQuery(tagOrderBys).optional(),
  order: enumQuery(['asc', 'desc'] as const).optional(),
});

const attributeFields = {
  name: nameText,
  translations: translationsBody.optional(),
  slug: slugText(28),
  type: z.literal('select').optional(),
  order_by: z.enum(attributeOrderBys).optional(),
  has_archives: z.boolean().optional(),
};

const termFields = {
  name: nameText,
  translations: translationsBody.optional(),
  slug: slugText(200),
  description: z.string().max(2_000).optional(),
  menu_order: z.number().int().min(-1_000_000).max(1_000_000).optional(),
};
const termListQuery = z.object({ ...pageQuery, search: lastValue.optional() });

const allergenFields = {
  name: nameText,
  translations: translationsBody.optional(),
  /** A path under this site or an https address, e.g. an uploaded image's src. */
  icon: z
    .string()
    .trim()
    .max(500)
    .regex(/^(\/[^\s?#]*|https:\/\/[^\s]+)$/, 'a path such as /media/allergens/gluten.svg or an https address')
    .optional(),
};

/** A tag in WooCommerce's shape, with Bakje's `translations` (decision 0023). */
export function tagShape(row: Counted<TagRow>) {
  return { id: row.id, ...nameShape(row.name), slug: row.slug, description: row.description.nl, count: row.count };
}

export function attributeShape(row: AttributeRow) {
  return { id: row.id, ...nameShape(row.name), slug: row.slug, type: 'select', order_by: row.orderBy, has_archives: false };
}

export function termShape(row: Counted<AttributeTermRow>) {
  return { id: row.id, ...nameShape(row.name), slug: row.slug, description: row.description, menu_order: row.menuOrder, count: row.count };
}

export function allergenShape(row: AllergenRow) {
  return { id: row.id, code: row.code, ...nameShape(row.name), icon: row.icon, position: row.position };
}

// One set of write routes for every taxonomy -------------------------------------------------------------

type Params = { id: number; termId?: number };
type ShapeOf<Row, View> = (row: Counted<Row>, view: View) => unknown;

/** How one taxonomy speaks REST: its path, its body's fields and their mapping, its answer's shape. */
interface TaxonomyRoutes<Row extends TermRow, Input extends TermInput, Fields extends z.ZodRawShape, View> {
  /** The collection; an item is `{collection}/:{item}` (`:id` unless said). */
  collection: string;
  item?: 'id' | 'termId';
  params?: z.ZodType<Params>;
  taxonomy: (params: Params) => TaxonomyService<Row, Input>;
  /** The writable fields, `name` among them (required on create). */
  fields: Fields;
  input: (body: z.output<z.ZodObject<Fields>>) => Input;
  /** What the answers are shaped with (the categories read the catalogue snapshot), taken after the write. */
  view?: () => Promise<View>;
  shape: ShapeOf<Row, View>;
  /** A deleted row's shape, with the view taken before the delete. */
  deletedShape?: ShapeOf<Row, View>;
  /** Which of read, create, delete and batch the taxonomy has (allergens are only read and changed). */
  read?: boolean;
  /** GET on the collection answers every row, in one page (attributes, allergens). */
  listAll?: boolean;
  creates?: boolean;
  batch?: boolean;
}

function registerTaxonomyWrites<Row extends TermRow, Input extends TermInput, Fields extends z.ZodRawShape, View>(
  app: FastifyInstance,
  deps: { catalog: CatalogService; db: Db },
  spec: TaxonomyRoutes<Row, Input, Fields, View>,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, catalog } = deps;
  const item = spec.item ?? 'id';
  const paramsSchema = spec.params ?? idParams;
  const view = spec.view ?? (async () => undefined as View);
  const itemPath = `${spec.collection}/:${item}`;
  const itemId = (params: Params) => (item === 'termId' ? params.termId! : params.id);
  const create = z.object(spec.fields);
  const update = z.object({ ...spec.fields, name: nameText.optional() });
  const deletedShape = spec.deletedShape ?? spec.shape;
  const answer = async (version: number, row: Counted<Row>) => {
    catalog.markChanged(version);
    return spec.shape(row, await view());
  };
  const collectionParams = spec.collection.includes(':id') ? { params: idParams } : {};

  if (spec.listAll) {
    api.get(spec.collection, async (request, reply) => {
      const rows = await spec.taxonomy({ id: 0 }).list(db);
      pagingHeaders(request, reply, { page: 1, perPage: Math.max(rows.length, 1) }, rows.length);
      const now = await view();
      return rows.map((row) => spec.shape({ ...row, count: 0 }, now));
    });
  }
  if (spec.read) {
    api.get(itemPath, { schema: { params: paramsSchema } }, async (request) => {
      const params = request.params as Params;
      return spec.shape(await spec.taxonomy(params).get(db, itemId(params)), await view());
    });
  }
  const handleUpdate = async (request: FastifyRequest) => {
    const params = request.params as Params;
    const { row, version } = await spec.taxonomy(params).update(db, itemId(params), spec.input(request.body as z.output<typeof create>), actorOf(request));
    return answer(version, row);
  };
  const updateRoute = { schema: { params: paramsSchema, body: optionalBody(update) } };
  api.put(itemPath, updateRoute, handleUpdate);
  api.patch(itemPath, updateRoute, handleUpdate);
  api.post(itemPath, updateRoute, handleUpdate);
  if (!spec.creates) return;

  api.post(spec.collection, { schema: { ...collectionParams, body: create } }, async (request, reply: FastifyReply) => {
    const body = request.body as z.output<typeof create>;
    const taxonomy = spec.taxonomy(request.params as Params);
    const { row, version } = await taxonomy.create(db, { ...spec.input(body), name: (body as { name: string }).name }, actorOf(request));
    return reply.code(201).send(await answer(version, row));
  });
  api.delete(itemPath, { schema: { params: paramsSchema, querystring: forceQuery } }, async (request) => {
    const params = request.params as Params;
    const before = spec.deletedShape ? await view() : undefined;
    const { row, version } = await spec.taxonomy(params).remove(db, itemId(params), request.query.force ?? false, actorOf(request));
    catalog.markChanged(version);
    return deletedShape(row, before ?? (await view()));
  });
  if (!spec.batch) return;

  const asBatchError = (error: unknown, method: string, id?: number): BatchItem => {
    if (!(error instanceof DomainError)) throw error;
    const { body } = restError(error, woocommerceCodeOf(error, method));
    return { id: id ?? 0, error: body };
  };
  const batchUpdate = update.extend({ id: batchId });
  api.post(`${spec.collection}/batch`, { schema: { body: batchBody(create, batchUpdate) } }, async (request) => {
    const b = request.body as { create?: z.output<typeof create>[]; update?: (z.output<typeof update> & { id: number })[]; delete?: number[] };
    const taxonomy = spec.taxonomy(request.params as Params);
    const actor = actorOf(request);
    type Done = { row: Counted<Row> } | { error: BatchItem };
    const created: Done[] = [];
    const updated: Done[] = [];
    const removed: BatchItem[] = [];
    let version = 0;
    const attempt = async (work: () => Promise<{ row: Counted<Row>; version: number }>, method: string, id?: number): Promise<Done> => {
      try {
        const result = await work();
        version = Math.max(version, result.version);
        return { row: result.row };
      } catch (error) {
        return { error: asBatchError(error, method, id) };
      }
    };
    for (const item of b.create ?? []) {
      created.push(await attempt(() => taxonomy.create(db, { ...spec.input(item), name: (item as { name: string }).name }, actor), 'POST'));
    }
    for (const item of b.update ?? []) {
      updated.push(await attempt(() => taxonomy.update(db, item.id, spec.input(item as z.output<typeof create>), actor), 'PUT', item.id));
    }
    const before = b.delete?.length ? await view() : undefined;
    for (const id of b.delete ?? []) {
      const done = await attempt(() => taxonomy.remove(db, id, true, actor), 'DELETE', id);
      removed.push('row' in done ? (deletedShape(done.row, before!) as BatchItem) : done.error);
    }
    catalog.markChanged(version);
    const after = await view();
    const answered = (done: Done) => ('row' in done ? (spec.shape(done.row, after) as BatchItem) : done.error);
    return { create: created.map(answered), update: updated.map(answered), delete: removed };
  });
}

/**
 * /wp-json/wc/v3/products/categories, tags, attributes and their terms, allergens (docs/interfaces.md §2):
 * the writes of every taxonomy through one set of routes; every write returns the object as the catalogue
 * now has it and the catalogue (shop, menu boards) follows within the request.
 */
export function registerTaxonomyRoutes(app: FastifyInstance, deps: { catalog: CatalogService; db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const snapshot = () => deps.catalog.get();

  // Categories are read from the catalogue snapshot (catalog-routes.ts); a written one is answered from it too.
  registerTaxonomyWrites(app, deps, {
    collection: '/products/categories',
    taxonomy: () => categoryTaxonomy,
    fields: categoryFields,
    input: categoryInput,
    view: snapshot,
    shape: (row, now: CatalogSnapshot) => {
      const category = now.categories.get(row.id);
      return category ? categoryShape(now, category) : { id: row.id };
    },
    deletedShape: (row, before: CatalogSnapshot) => categoryShape(before, row),
    creates: true,
    batch: true,
  });

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
  registerTaxonomyWrites(app, deps, {
    collection: '/products/tags',
    taxonomy: () => tagTaxonomy,
    fields: tagFields,
    input: (b) => ({ name: b.name, translations: b.translations, slug: b.slug, description: b.description }),
    shape: tagShape,
    read: true,
    creates: true,
    batch: true,
  });

  registerTaxonomyWrites(app, deps, {
    collection: '/products/attributes',
    taxonomy: () => attributeTaxonomy,
    fields: attributeFields,
    input: (b) => ({ name: b.name, translations: b.translations, slug: b.slug, orderBy: b.order_by }),
    shape: attributeShape,
    listAll: true,
    read: true,
    creates: true,
  });

  api.get('/products/attributes/:id/terms', { schema: { params: idParams, querystring: termListQuery } }, async (request, reply) => {
    const page = pageOf(request.query);
    const { total, terms } = await listAttributeTerms(db, request.params.id, { search: request.query.search, ...page });
    pagingHeaders(request, reply, page, total);
    return terms.map(termShape);
  });
  registerTaxonomyWrites(app, deps, {
    collection: '/products/attributes/:id/terms',
    item: 'termId',
    params: termParams,
    taxonomy: (params) => attributeTermTaxonomy(params.id),
    fields: termFields,
    input: (b) => ({ name: b.name, translations: b.translations, slug: b.slug, description: b.description, menuOrder: b.menu_order }),
    shape: termShape,
    read: true,
    creates: true,
  });

  // The 14 allergens are fixed: names and icons change.
  registerTaxonomyWrites(app, deps, {
    collection: '/products/allergens',
    taxonomy: () => allergenTaxonomy,
    fields: allergenFields,
    input: (b) => ({ name: b.name, translations: b.translations, icon: b.icon }),
    shape: allergenShape,
    listAll: true,
    read: true,
  });

  // GET /nonce (docs/interfaces.md §2): the dashboard's token for its writes (the staff login's CSRF token).
  api.get('/nonce', async (request) => {
    const session = request.restPrincipal?.staffUserId !== undefined ? await request.authSession() : undefined;
    return { nonce: session?.csrfToken ?? null };
  });
}
