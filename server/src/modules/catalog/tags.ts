import { and, count, eq, inArray, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { productTags, tags } from '../../db/schema/index.js';
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

/** WooCommerce product tags (docs/decisions/0031-menu-finish.md): flat, names in three languages. */
export type TagRow = typeof tags.$inferSelect & { count: number };
export const tagOrderBys = ['name', 'slug', 'id', 'count'] as const;

export interface TagInput {
  name?: string;
  translations?: TranslationsInput;
  slug?: string;
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

const notFound = () => new DomainError('TAG_NOT_FOUND', 'Resource does not exist.');

function slugOf(input: string): string {
  const slug = slugify(input);
  if (!slug) throw invalidField('slug', 'needs at least one letter or digit');
  return slug;
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

async function checkSlugFree(tx: Tx, slug: string, id: number | undefined) {
  const [taken] = await tx
    .select({ id: tags.id })
    .from(tags)
    .where(id === undefined ? eq(tags.slug, slug) : and(eq(tags.slug, slug), ne(tags.id, id)));
  if (taken) throw slugTaken('slug', slug);
}

/** How many products carry each tag (all of them when `ids` is left out). */
async function tagCounts(db: Db | Tx, ids?: number[]): Promise<Map<number, number>> {
  if (ids && ids.length === 0) return new Map();
  const rows = await db
    .select({ tagId: productTags.tagId, n: count() })
    .from(productTags)
    .where(ids ? inArray(productTags.tagId, ids) : undefined)
    .groupBy(productTags.tagId);
  return new Map(rows.map((r) => [r.tagId, Number(r.n)]));
}

/** GET /products/tags: by name (WooCommerce's default), searchable, paged. */
export async function listTags(db: Db, options: TagListOptions): Promise<{ total: number; tags: TagRow[] }> {
  const [all, counts] = [await db.select().from(tags), await tagCounts(db)];
  const search = options.search?.trim().toLowerCase();
  const withCounts = all.map((t) => ({ ...t, count: counts.get(t.id) ?? 0 }));
  const direction = options.order === 'desc' ? -1 : 1;
  const orderBy = options.orderBy ?? 'name';
  const sorted = withCounts
    .filter((t) => !search || t.slug.includes(search) || Object.values(t.name).some((n) => typeof n === 'string' && n.toLowerCase().includes(search)))
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
  const start = (options.page - 1) * options.perPage;
  return { total: sorted.length, tags: sorted.slice(start, start + options.perPage) };
}

export async function getTag(db: Db | Tx, id: number): Promise<TagRow> {
  const [row] = await db.select().from(tags).where(eq(tags.id, id));
  if (!row) throw notFound();
  return { ...row, count: (await tagCounts(db, [id])).get(id) ?? 0 };
}

/** POST /products/tags: the slug comes from the Dutch name when not given. */
export async function createTag(db: Db, input: TagInput & { name: string }, actor: Actor): Promise<{ row: TagRow; version: number }> {
  const slug = slugOf(input.slug ?? input.name);
  return guarded(
    () =>
      db.transaction(async (tx) => {
        await checkSlugFree(tx, slug, undefined);
        const [row] = await tx
          .insert(tags)
          .values({
            slug,
            name: translated(undefined, input.name, input.translations),
            description: { nl: sanitizeRichText(input.description ?? '') },
          })
          .returning();
        await recordChange(tx, { entityType: 'tag', entityId: row!.id, action: 'create', actor, changes: diffFields({}, row!) });
        return { row: { ...row!, count: 0 }, version: await catalogVersionIn(tx) };
      }),
    slug,
  );
}

/** PUT /products/tags/{id}: only the fields given change; translations not given are kept. */
export async function updateTag(db: Db, id: number, input: TagInput, actor: Actor): Promise<{ row: TagRow; version: number }> {
  const slug = input.slug === undefined ? undefined : slugOf(input.slug);
  return guarded(
    () =>
      db.transaction(async (tx) => {
        const [current] = await tx.select().from(tags).where(eq(tags.id, id)).for('update');
        if (!current) throw notFound();
        if (slug !== undefined) await checkSlugFree(tx, slug, id);
        const change = {
          ...(input.name !== undefined || input.translations !== undefined ? { name: translated(current.name, input.name, input.translations) } : {}),
          ...(slug !== undefined ? { slug } : {}),
          ...(input.description !== undefined ? { description: { ...current.description, nl: sanitizeRichText(input.description) } } : {}),
        };
        const [row] =
          Object.keys(change).length === 0
            ? [current]
            : await tx
                .update(tags)
                .set({ ...change, updatedAt: new Date() })
                .where(eq(tags.id, id))
                .returning();
        if (Object.keys(change).length > 0) {
          await recordChange(tx, { entityType: 'tag', entityId: id, action: 'update', actor, changes: diffFields(current, row!) });
        }
        return { row: { ...row!, count: (await tagCounts(tx, [id])).get(id) ?? 0 }, version: await catalogVersionIn(tx) };
      }),
    slug,
  );
}

/** DELETE /products/tags/{id}?force=true: products simply lose the tag. */
export async function deleteTag(db: Db, id: number, force: boolean, actor: Actor): Promise<{ row: TagRow; version: number }> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(tags).where(eq(tags.id, id)).for('update');
    if (!current) throw notFound();
    if (!force) throw deleteNotForced();
    const counted = (await tagCounts(tx, [id])).get(id) ?? 0;
    await tx.delete(tags).where(eq(tags.id, id));
    await recordChange(tx, { entityType: 'tag', entityId: id, action: 'delete', actor, changes: diffFields(current, {}) });
    return { row: { ...current, count: counted }, version: await catalogVersionIn(tx) };
  });
}
