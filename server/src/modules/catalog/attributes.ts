import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { attributeTerms, attributes, productAttributes } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';
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

export type AttributeRow = typeof attributes.$inferSelect;
export type TermRow = typeof attributeTerms.$inferSelect;
export const attributeOrderBys = ['menu_order', 'name', 'name_num', 'id'] as const;

export interface AttributeInput {
  name?: string;
  translations?: TranslationsInput;
  /** Without the `pa_` prefix or with it; stored with it, as WooCommerce's taxonomy name. */
  slug?: string;
  orderBy?: (typeof attributeOrderBys)[number];
}

export interface TermInput {
  name?: string;
  translations?: TranslationsInput;
  slug?: string;
  description?: string;
  menuOrder?: number;
}

const attributeNotFound = () => new DomainError('ATTRIBUTE_NOT_FOUND', 'Resource does not exist.');
const termNotFound = () => new DomainError('TERM_NOT_FOUND', 'Resource does not exist.');

function attributeSlug(input: string): string {
  const bare = slugify(input.replace(/^pa_/, '')).slice(0, 25);
  if (!bare) throw invalidField('slug', 'needs at least one letter or digit');
  return `pa_${bare}`;
}

function termSlug(input: string): string {
  const slug = slugify(input);
  if (!slug) throw invalidField('slug', 'needs at least one letter or digit');
  return slug;
}

async function unique<T>(work: () => Promise<T>, slug: string | undefined): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken('slug', slug ?? '');
    throw error;
  }
}

export async function listAttributes(db: Db): Promise<AttributeRow[]> {
  return db.select().from(attributes).orderBy(asc(attributes.id));
}

export async function getAttribute(db: Db | Tx, id: number): Promise<AttributeRow> {
  const [row] = await db.select().from(attributes).where(eq(attributes.id, id));
  if (!row) throw attributeNotFound();
  return row;
}

export async function createAttribute(db: Db, input: AttributeInput & { name: string }, actor: Actor) {
  const slug = attributeSlug(input.slug ?? input.name);
  return unique(
    () =>
      db.transaction(async (tx) => {
        const [taken] = await tx.select({ id: attributes.id }).from(attributes).where(eq(attributes.slug, slug));
        if (taken) throw slugTaken('slug', slug);
        const [row] = await tx
          .insert(attributes)
          .values({ slug, name: translated(undefined, input.name, input.translations), orderBy: input.orderBy ?? 'menu_order' })
          .returning();
        await recordChange(tx, { entityType: 'attribute', entityId: row!.id, action: 'create', actor, changes: diffFields({}, row!) });
        return { row: row!, version: await catalogVersionIn(tx) };
      }),
    slug,
  );
}

export async function updateAttribute(db: Db, id: number, input: AttributeInput, actor: Actor) {
  const slug = input.slug === undefined ? undefined : attributeSlug(input.slug);
  return unique(
    () =>
      db.transaction(async (tx) => {
        const [current] = await tx.select().from(attributes).where(eq(attributes.id, id)).for('update');
        if (!current) throw attributeNotFound();
        if (slug !== undefined) {
          const [taken] = await tx
            .select({ id: attributes.id })
            .from(attributes)
            .where(and(eq(attributes.slug, slug), ne(attributes.id, id)));
          if (taken) throw slugTaken('slug', slug);
        }
        const change = {
          ...(input.name !== undefined || input.translations !== undefined ? { name: translated(current.name, input.name, input.translations) } : {}),
          ...(slug !== undefined ? { slug } : {}),
          ...(input.orderBy !== undefined ? { orderBy: input.orderBy } : {}),
        };
        if (Object.keys(change).length === 0) return { row: current, version: await catalogVersionIn(tx) };
        const [row] = await tx.update(attributes).set(change).where(eq(attributes.id, id)).returning();
        await recordChange(tx, { entityType: 'attribute', entityId: id, action: 'update', actor, changes: diffFields(current, row!) });
        return { row: row!, version: await catalogVersionIn(tx) };
      }),
    slug,
  );
}

/** Deletes the attribute, its terms and its use on products (WooCommerce does the same). */
export async function deleteAttribute(db: Db, id: number, force: boolean, actor: Actor) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(attributes).where(eq(attributes.id, id)).for('update');
    if (!current) throw attributeNotFound();
    if (!force) throw deleteNotForced();
    await tx.delete(attributes).where(eq(attributes.id, id));
    await recordChange(tx, { entityType: 'attribute', entityId: id, action: 'delete', actor, changes: diffFields(current, {}) });
    return { row: current, version: await catalogVersionIn(tx) };
  });
}

/** Terms of one attribute in its order, with how many products use each (by slug in their options). */
export async function listTerms(db: Db, attributeId: number, options: { search?: string; page: number; perPage: number }) {
  const attribute = await getAttribute(db, attributeId);
  const all = await db.select().from(attributeTerms).where(eq(attributeTerms.attributeId, attributeId));
  const search = options.search?.trim().toLowerCase();
  const sorted = all
    .filter((t) => !search || t.slug.includes(search) || Object.values(t.name).some((n) => typeof n === 'string' && n.toLowerCase().includes(search)))
    .sort((a, b) =>
      attribute.orderBy === 'name' || attribute.orderBy === 'name_num'
        ? a.name.nl.localeCompare(b.name.nl, 'nl', { numeric: attribute.orderBy === 'name_num' }) || a.id - b.id
        : attribute.orderBy === 'id'
          ? a.id - b.id
          : a.menuOrder - b.menuOrder || a.id - b.id,
    );
  const start = (options.page - 1) * options.perPage;
  const page = sorted.slice(start, start + options.perPage);
  const counts = await termCounts(db, attributeId);
  return { total: sorted.length, terms: page.map((t) => ({ ...t, count: counts.get(t.slug) ?? 0 })) };
}

async function termCounts(db: Db | Tx, attributeId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ slug: sql<string>`jsonb_array_elements_text(${productAttributes.options})`.as('slug'), n: count() })
    .from(productAttributes)
    .where(eq(productAttributes.attributeId, attributeId))
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [r.slug, Number(r.n)]));
}

export async function getTerm(db: Db | Tx, attributeId: number, termId: number) {
  await getAttribute(db, attributeId);
  const [row] = await db
    .select()
    .from(attributeTerms)
    .where(and(eq(attributeTerms.id, termId), eq(attributeTerms.attributeId, attributeId)));
  if (!row) throw termNotFound();
  const counts = await termCounts(db, attributeId);
  return { ...row, count: counts.get(row.slug) ?? 0 };
}

export async function createTerm(db: Db, attributeId: number, input: TermInput & { name: string }, actor: Actor) {
  const slug = termSlug(input.slug ?? input.name);
  return unique(
    () =>
      db.transaction(async (tx) => {
        await getAttribute(tx, attributeId);
        const [taken] = await tx
          .select({ id: attributeTerms.id })
          .from(attributeTerms)
          .where(and(eq(attributeTerms.attributeId, attributeId), eq(attributeTerms.slug, slug)));
        if (taken) throw slugTaken('slug', slug);
        const [row] = await tx
          .insert(attributeTerms)
          .values({
            attributeId,
            slug,
            name: translated(undefined, input.name, input.translations),
            description: input.description ?? '',
            menuOrder: input.menuOrder ?? 0,
          })
          .returning();
        await recordChange(tx, { entityType: 'attribute_term', entityId: row!.id, action: 'create', actor, changes: diffFields({}, row!) });
        return { row: { ...row!, count: 0 }, version: await catalogVersionIn(tx) };
      }),
    slug,
  );
}

/** A term's slug is what products hold in their options: renaming it renames it there too. */
export async function updateTerm(db: Db, attributeId: number, termId: number, input: TermInput, actor: Actor) {
  const slug = input.slug === undefined ? undefined : termSlug(input.slug);
  return unique(
    () =>
      db.transaction(async (tx) => {
        await getAttribute(tx, attributeId);
        const [current] = await tx
          .select()
          .from(attributeTerms)
          .where(and(eq(attributeTerms.id, termId), eq(attributeTerms.attributeId, attributeId)))
          .for('update');
        if (!current) throw termNotFound();
        if (slug !== undefined && slug !== current.slug) {
          const [taken] = await tx
            .select({ id: attributeTerms.id })
            .from(attributeTerms)
            .where(and(eq(attributeTerms.attributeId, attributeId), eq(attributeTerms.slug, slug)));
          if (taken) throw slugTaken('slug', slug);
          await tx
            .update(productAttributes)
            .set({
              options: sql`(select coalesce(jsonb_agg(case when o = ${current.slug} then ${slug} else o end), '[]'::jsonb) from jsonb_array_elements_text(${productAttributes.options}) o)`,
            })
            .where(and(eq(productAttributes.attributeId, attributeId), sql`${productAttributes.options} ? ${current.slug}`));
        }
        const change = {
          ...(input.name !== undefined || input.translations !== undefined ? { name: translated(current.name, input.name, input.translations) } : {}),
          ...(slug !== undefined ? { slug } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.menuOrder !== undefined ? { menuOrder: input.menuOrder } : {}),
        };
        const [row] =
          Object.keys(change).length === 0 ? [current] : await tx.update(attributeTerms).set(change).where(eq(attributeTerms.id, termId)).returning();
        await recordChange(tx, { entityType: 'attribute_term', entityId: termId, action: 'update', actor, changes: diffFields(current, row!) });
        const counts = await termCounts(tx, attributeId);
        return { row: { ...row!, count: counts.get(row!.slug) ?? 0 }, version: await catalogVersionIn(tx) };
      }),
    slug,
  );
}

/** Deletes a term and takes it out of the products' options. */
export async function deleteTerm(db: Db, attributeId: number, termId: number, force: boolean, actor: Actor) {
  return db.transaction(async (tx) => {
    await getAttribute(tx, attributeId);
    const [current] = await tx
      .select()
      .from(attributeTerms)
      .where(and(eq(attributeTerms.id, termId), eq(attributeTerms.attributeId, attributeId)))
      .for('update');
    if (!current) throw termNotFound();
    if (!force) throw deleteNotForced();
    const counts = await termCounts(tx, attributeId);
    await tx
      .update(productAttributes)
      .set({ options: sql`${productAttributes.options} - ${current.slug}` })
      .where(and(eq(productAttributes.attributeId, attributeId), sql`${productAttributes.options} ? ${current.slug}`));
    await tx.delete(attributeTerms).where(eq(attributeTerms.id, termId));
    await recordChange(tx, { entityType: 'attribute_term', entityId: termId, action: 'delete', actor, changes: diffFields(current, {}) });
    return { row: { ...current, count: counts.get(current.slug) ?? 0 }, version: await catalogVersionIn(tx) };
  });
}
