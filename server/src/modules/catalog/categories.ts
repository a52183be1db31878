import { and, eq, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { categories, media, type Translated } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';
import { sanitizeRichText } from '../rich-text/sanitize.js';
import {
  catalogVersionIn,
  deleteNotForced,
  invalidField,
  isUniqueViolation,
  slugTaken,
  slugify,
  translated,
  type TranslationsInput,
} from './taxonomy-common.js';
import { recordChange, diffFields, type Actor } from '../catalog-audit/catalog-audit.js';
import { queuePosSync } from '../pos-sync/pos-sync.js';

/** Slugs the back-office lists leave out (docs/product.md §5): shown, but marked, in the dashboard. */
export const EXCLUDED_CATEGORY_SLUGS = ['opties', 'uncategorized'] as const;
/** WooCommerce's default category: products left without a category fall into it, so it cannot be deleted. */
export const DEFAULT_CATEGORY_SLUG = 'uncategorized';
/** Custom order up to this value orders the lists; above it the category is hidden from them (docs/product.md §5). */
export const CUSTOM_ORDER_CAP = 9999;

/** A category change, Dutch texts with their translations; undefined leaves a field as it is. */
export interface CategoryInput {
  name?: string;
  translations?: TranslationsInput;
  slug?: string;
  /** 0: top level. */
  parent?: number;
  description?: string;
  imageId?: number | null;
  menuOrder?: number;
  customOrder?: number;
  cloudposCategoryId?: string | null;
}

export interface CategoryWrite {
  id: number;
  version: number;
}

const notFound = () => new DomainError('CATEGORY_NOT_FOUND', 'Resource does not exist.');

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

function slugOf(input: string): string {
  const slug = slugify(input);
  if (!slug) throw invalidField('slug', 'needs at least one letter or digit');
  return slug;
}

async function checkSlugFree(tx: Tx, slug: string, id: number | undefined) {
  const [taken] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(id === undefined ? eq(categories.slug, slug) : and(eq(categories.slug, slug), ne(categories.id, id)));
  if (taken) throw slugTaken('slug', slug);
}

function values(input: CategoryInput, current: { name: Translated; description: Translated } | undefined) {
  return {
    ...(input.name !== undefined || input.translations !== undefined ? { name: translated(current?.name, input.name, input.translations) } : {}),
    ...(input.description !== undefined ? { description: { ...(current?.description ?? { nl: '' }), nl: sanitizeRichText(input.description) } } : {}),
    ...(input.parent !== undefined ? { parentId: input.parent === 0 ? null : input.parent } : {}),
    ...(input.imageId !== undefined ? { imageId: input.imageId } : {}),
    ...(input.menuOrder !== undefined ? { menuOrder: input.menuOrder } : {}),
    ...(input.customOrder !== undefined ? { customOrder: input.customOrder } : {}),
    ...(input.cloudposCategoryId !== undefined ? { cloudposCategoryId: input.cloudposCategoryId } : {}),
  };
}

async function guarded<T>(work: () => Promise<T>, slug: string | undefined): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // Two writers chose the same slug at once: the unique index decides, the loser gets the same 400.
    if (isUniqueViolation(error)) throw slugTaken('slug', slug ?? '');
    throw error;
  }
}

/** POST /products/categories: a new category; the slug comes from the name when not given. */
export async function createCategory(db: Db, input: CategoryInput & { name: string }, actor: Actor): Promise<CategoryWrite> {
  const slug = slugOf(input.slug ?? input.name);
  return guarded(
    () =>
      db.transaction(async (tx) => {
        await checkSlugFree(tx, slug, undefined);
        await checkParent(tx, undefined, input.parent ?? 0);
        await checkImage(tx, input.imageId);
        const [row] = await tx
          .insert(categories)
          .values({
            slug,
            name: translated(undefined, input.name, input.translations),
            ...values({ ...input, name: undefined, translations: undefined }, undefined),
          })
          .returning();
        await recordChange(tx, { entityType: 'category', entityId: row!.id, action: 'create', actor, changes: diffFields({}, row!) });
        await queuePosSync(tx, 'category', row!.id);
        return { id: row!.id, version: await catalogVersionIn(tx) };
      }),
    slug,
  );
}

/** PUT /products/categories/{id}: only the fields given change; translations not given are kept. */
export async function updateCategory(db: Db, id: number, input: CategoryInput, actor: Actor): Promise<CategoryWrite> {
  const slug = input.slug === undefined ? undefined : slugOf(input.slug);
  return guarded(
    () =>
      db.transaction(async (tx) => {
        const [current] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
        if (!current) throw notFound();
        // The default category is found by its slug: renamed, it would no longer be the default (and deletable).
        if (current.slug === DEFAULT_CATEGORY_SLUG && slug !== undefined && slug !== DEFAULT_CATEGORY_SLUG) {
          throw invalidField('slug', 'the default category keeps its slug uncategorized');
        }
        if (slug !== undefined) await checkSlugFree(tx, slug, id);
        if (input.parent !== undefined) await checkParent(tx, id, input.parent);
        await checkImage(tx, input.imageId);
        const change = { ...values(input, current), ...(slug !== undefined ? { slug } : {}) };
        if (Object.keys(change).length > 0) {
          const [after] = await tx
            .update(categories)
            .set({ ...change, updatedAt: new Date() })
            .where(eq(categories.id, id))
            .returning();
          await recordChange(tx, { entityType: 'category', entityId: id, action: 'update', actor, changes: diffFields(current, after!) });
          await queuePosSync(tx, 'category', id);
        }
        return { id, version: await catalogVersionIn(tx) };
      }),
    slug,
  );
}

/**
 * DELETE /products/categories/{id}?force=true. Its subcategories move up to its parent (as WordPress does);
 * its products simply lose it.
 */
export async function deleteCategory(db: Db, id: number, force: boolean, actor: Actor): Promise<CategoryWrite & { row: typeof categories.$inferSelect }> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
    if (!current) throw notFound();
    if (!force) throw deleteNotForced();
    // WooCommerce refuses this with the same code (and status 500; ours is a 400, the request's fault).
    if (current.slug === DEFAULT_CATEGORY_SLUG)
      throw new DomainError('DEFAULT_CATEGORY_UNDELETABLE', 'Default product category cannot be deleted.', { params: ['id'] });
    await tx.update(categories).set({ parentId: current.parentId, updatedAt: new Date() }).where(eq(categories.parentId, id));
    await tx.delete(categories).where(eq(categories.id, id));
    await recordChange(tx, { entityType: 'category', entityId: id, action: 'delete', actor, changes: diffFields(current, {}) });
    return { id, row: current, version: await catalogVersionIn(tx) };
  });
}
