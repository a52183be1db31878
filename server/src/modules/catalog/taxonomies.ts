import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { allergens, attributeTerms, attributes, categories, media, productAttributes, productTags, tags, type Translated } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';
import { sanitizeRichText } from '../rich-text/sanitize.js';
import { queuePosSync } from '../pos-sync/pos-sync.js';
import { invalidField, matchesSearch, pageOfRows, slugify, taxonomyService, termSlug, type Counted, type TermInput } from './taxonomy.js';

/**
 * The catalogue's taxonomies as definitions of the one taxonomy service (taxonomy.ts,
 * docs/decisions/0064-one-taxonomy-service.md): each names its table and what it does that the others do not.
 */

const given = <K extends string, V>(key: K, value: V | undefined) => (value !== undefined ? ({ [key]: value } as Record<K, V>) : {});

/** A description as rich text in the Dutch slot; the other languages' texts stay. */
const description = (text: string | undefined, current: Translated | undefined) =>
  text !== undefined ? { description: { ...(current ?? { nl: '' }), nl: sanitizeRichText(text) } } : {};

// Categories ---------------------------------------------------------------------------------------------

/** WooCommerce's default category: products left without a category fall into it, so it cannot be deleted. */
export const DEFAULT_CATEGORY_SLUG = 'uncategorized';

export type CategoryRow = typeof categories.$inferSelect;

/** A category change, Dutch texts with their translations; undefined leaves a field as it is. */
export interface CategoryInput extends TermInput {
  /** 0: top level. */
  parent?: number;
  description?: string;
  imageId?: number | null;
  menuOrder?: number;
  customOrder?: number;
  /** 16 or 18, or null for none. */
  ageLimit?: number | null;
  /** Customers may bring their own container (docs/decisions/0084-allergens-at-the-door-own-container.md). */
  ownContainer?: boolean;
  cloudposCategoryId?: string | null;
}

async function checkParent(tx: Tx, id: number | undefined, parent: number) {
  if (parent === 0) return;
  if (parent === id) throw invalidField('parent', 'a category cannot be its own parent');
  // Walk up from the new parent: meeting the category itself would make a loop.
  let cursor: number | null = parent;
  for (let depth = 0; cursor !== null; depth++) {
    const [row]: { parentId: number | null }[] = await tx.select({ parentId: categories.parentId }).from(categories).where(eq(categories.id, cursor));
    if (!row) throw invalidField('parent', cursor === parent ? `no category with id ${parent}` : 'broken category tree');
    if (id !== undefined && row.parentId === id) throw invalidField('parent', 'a category cannot be placed under its own subcategory');
    if (depth > 100) throw invalidField('parent', 'category tree too deep');
    cursor = row.parentId;
  }
}

async function checkImage(tx: Tx, imageId: number | null | undefined) {
  if (imageId === undefined || imageId === null) return;
  const [row] = await tx.select({ id: media.id }).from(media).where(eq(media.id, imageId));
  if (!row) throw invalidField('image', `no media with id ${imageId}`);
}

/** Product categories: a tree with images and orders; `uncategorized` keeps its slug and stays. Listed from the snapshot. */
export const categoryTaxonomy = taxonomyService<CategoryRow, CategoryInput>({
  entity: 'category',
  table: categories,
  notFound: () => new DomainError('CATEGORY_NOT_FOUND', 'Resource does not exist.'),
  slug: termSlug,
  fields: (input, current) => ({
    ...description(input.description, current?.description),
    ...given('parentId', input.parent === undefined ? undefined : input.parent === 0 ? null : input.parent),
    ...given('imageId', input.imageId),
    ...given('menuOrder', input.menuOrder),
    ...given('customOrder', input.customOrder),
    ...given('ageLimit', input.ageLimit),
    ...given('ownContainer', input.ownContainer),
    ...given('cloudposCategoryId', input.cloudposCategoryId),
  }),
  guard: (current, slug) => {
    // The default category is found by its slug: renamed, it would no longer be the default (and deletable).
    if (current.slug === DEFAULT_CATEGORY_SLUG && slug !== undefined && slug !== DEFAULT_CATEGORY_SLUG) {
      throw invalidField('slug', 'the default category keeps its slug uncategorized');
    }
  },
  check: async (tx, input, id) => {
    if (input.parent !== undefined) await checkParent(tx, id, input.parent);
    await checkImage(tx, input.imageId);
  },
  written: (tx, row) => queuePosSync(tx, 'category', row.id),
  // Its subcategories move up to its parent (as WordPress does); its products simply lose it.
  deleting: async (tx, row) => {
    // WooCommerce refuses this with the same code (and status 500; ours is a 400, the request's fault).
    if (row.slug === DEFAULT_CATEGORY_SLUG)
      throw new DomainError('DEFAULT_CATEGORY_UNDELETABLE', 'Default product category cannot be deleted.', { params: ['id'] });
    await tx.update(categories).set({ parentId: row.parentId, updatedAt: new Date() }).where(eq(categories.parentId, row.id));
  },
});

// Tags ---------------------------------------------------------------------------------------------------

/** WooCommerce product tags (docs/decisions/0031-menu-finish.md): flat, names in three languages. */
export type TagRow = typeof tags.$inferSelect;
export const tagOrderBys = ['name', 'slug', 'id', 'count'] as const;

export interface TagInput extends TermInput {
  description?: string;
}

export interface TagListOptions {
  search?: string;
  page: number;
  perPage: number;
  orderBy?: (typeof tagOrderBys)[number];
  order?: 'asc' | 'desc';
  hideEmpty?: boolean;
  /** Only these ids (WooCommerce's `include`). */
  include?: number[];
  slug?: string;
}

export const tagTaxonomy = taxonomyService<TagRow, TagInput>({
  entity: 'tag',
  table: tags,
  notFound: () => new DomainError('TAG_NOT_FOUND', 'Resource does not exist.'),
  slug: termSlug,
  fields: (input, current) => description(current ? input.description : (input.description ?? ''), current?.description),
  // One tag (a read or a write) counts its own products; a list counts them all in one pass.
  count: async (db, rows) => {
    if (rows.length === 0) return new Map();
    const rowsCounted = await db
      .select({ tagId: productTags.tagId, n: count() })
      .from(productTags)
      .where(rows.length === 1 ? eq(productTags.tagId, rows[0]!.id) : undefined)
      .groupBy(productTags.tagId);
    return new Map(rowsCounted.map((r) => [r.tagId, Number(r.n)]));
  },
});

/** GET /products/tags: by name (WooCommerce's default), searchable, paged. */
export async function listTags(db: DbOrTx, options: TagListOptions): Promise<{ total: number; tags: Counted<TagRow>[] }> {
  const all = await tagTaxonomy.list(db);
  const counts = await tagTaxonomy.counts(db, all);
  const direction = options.order === 'desc' ? -1 : 1;
  const orderBy = options.orderBy ?? 'name';
  const sorted = all
    .map((t) => ({ ...t, count: counts.get(t.id) ?? 0 }))
    .filter((t) => matchesSearch(t, options.search))
    .filter((t) => !options.hideEmpty || t.count > 0)
    .filter((t) => !options.include || options.include.includes(t.id))
    .filter((t) => options.slug === undefined || t.slug === options.slug)
    .sort((a, b) => {
      const by =
        orderBy === 'id'
          ? a.id - b.id
          : orderBy === 'slug'
            ? a.slug.localeCompare(b.slug)
            : orderBy === 'count'
              ? a.count - b.count
              : a.name.nl.localeCompare(b.name.nl, 'nl');
      return direction * (by || a.id - b.id);
    });
  const { total, rows } = pageOfRows(sorted, options);
  return { total, tags: rows };
}

// Allergens ----------------------------------------------------------------------------------------------

export type AllergenRow = typeof allergens.$inferSelect;

/**
 * The 14 allergens (EU 1169/2011 Annex II) are fixed: they are listed and their names and icons may change,
 * none is added or removed (a product's allergens refer to them). They have codes, no slugs.
 */
export interface AllergenInput extends TermInput {
  /** A path under this site (/media/...) or an https address. */
  icon?: string;
}

export const allergenTaxonomy = taxonomyService<AllergenRow, AllergenInput>({
  entity: 'allergen',
  table: allergens,
  notFound: () => new DomainError('ALLERGEN_NOT_FOUND', 'Resource does not exist.'),
  order: [asc(allergens.position), asc(allergens.id)],
  fields: (input) => given('icon', input.icon),
});

// Attributes and their terms -----------------------------------------------------------------------------

export type AttributeRow = typeof attributes.$inferSelect;
export type AttributeTermRow = typeof attributeTerms.$inferSelect;
export const attributeOrderBys = ['menu_order', 'name', 'name_num', 'id'] as const;

export interface AttributeInput extends TermInput {
  /** Without the `pa_` prefix or with it; stored with it, as WooCommerce's taxonomy name. */
  slug?: string;
  orderBy?: (typeof attributeOrderBys)[number];
}

export interface AttributeTermInput extends TermInput {
  description?: string;
  menuOrder?: number;
}

function attributeSlug(input: string): string {
  const bare = slugify(input.replace(/^pa_/, '')).slice(0, 25);
  if (!bare) throw invalidField('slug', 'needs at least one letter or digit');
  return `pa_${bare}`;
}

/** Global attributes; deleting one deletes its terms and its use on products (WooCommerce does the same). */
export const attributeTaxonomy = taxonomyService<AttributeRow, AttributeInput>({
  entity: 'attribute',
  table: attributes,
  notFound: () => new DomainError('ATTRIBUTE_NOT_FOUND', 'Resource does not exist.'),
  slug: attributeSlug,
  fields: (input, current) => given('orderBy', current ? input.orderBy : (input.orderBy ?? 'menu_order')),
});

/** How many products use each term of an attribute: products hold term slugs in their options. */
async function termCounts(db: DbOrTx, attributeId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ slug: sql<string>`jsonb_array_elements_text(${productAttributes.options})`.as('slug'), n: count() })
    .from(productAttributes)
    .where(eq(productAttributes.attributeId, attributeId))
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [r.slug, Number(r.n)]));
}

const inOptions = (attributeId: number, slug: string) => and(eq(productAttributes.attributeId, attributeId), sql`${productAttributes.options} ? ${slug}`);

/** The terms of one attribute: their slugs are what products hold in their options, so a new slug or a delete reaches them. */
export const attributeTermTaxonomy = (attributeId: number) =>
  taxonomyService<AttributeTermRow, AttributeTermInput>({
    entity: 'attribute_term',
    table: attributeTerms,
    notFound: () => new DomainError('TERM_NOT_FOUND', 'Resource does not exist.'),
    slug: termSlug,
    scope: { where: eq(attributeTerms.attributeId, attributeId), values: { attributeId }, enter: (tx) => attributeTaxonomy.get(tx, attributeId) },
    fields: (input, current) => ({
      ...given('description', current ? input.description : (input.description ?? '')),
      ...given('menuOrder', current ? input.menuOrder : (input.menuOrder ?? 0)),
    }),
    changed: async (tx, before, after) => {
      if (before.slug === after.slug) return;
      await tx
        .update(productAttributes)
        .set({
          options: sql`(select coalesce(jsonb_agg(case when o = ${before.slug} then ${after.slug} else o end), '[]'::jsonb) from jsonb_array_elements_text(${productAttributes.options}) o)`,
        })
        .where(inOptions(attributeId, before.slug));
    },
    deleting: async (tx, row) => {
      await tx
        .update(productAttributes)
        .set({ options: sql`${productAttributes.options} - ${row.slug}` })
        .where(inOptions(attributeId, row.slug));
    },
    count: async (db, rows) => {
      const bySlug = await termCounts(db, attributeId);
      return new Map(rows.map((r) => [r.id, bySlug.get(r.slug) ?? 0]));
    },
  });

/** Terms of one attribute in its order, with how many products use each. */
export async function listAttributeTerms(db: DbOrTx, attributeId: number, options: { search?: string; page: number; perPage: number }) {
  const attribute = await attributeTaxonomy.get(db, attributeId);
  const terms = attributeTermTaxonomy(attributeId);
  const sorted = (await terms.list(db))
    .filter((t) => matchesSearch(t, options.search))
    .sort((a, b) =>
      attribute.orderBy === 'name' || attribute.orderBy === 'name_num'
        ? a.name.nl.localeCompare(b.name.nl, 'nl', { numeric: attribute.orderBy === 'name_num' }) || a.id - b.id
        : attribute.orderBy === 'id'
          ? a.id - b.id
          : a.menuOrder - b.menuOrder || a.id - b.id,
    );
  const { total, rows } = pageOfRows(sorted, options);
  const counts = await terms.counts(db, rows);
  return { total, terms: rows.map((t) => ({ ...t, count: counts.get(t.id) ?? 0 })) };
}
