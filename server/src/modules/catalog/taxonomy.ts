import { and, asc, eq, ne, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { versions, type Translated } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';
import { recordChange, diffFields, type Actor } from '../catalog-audit/catalog-audit.js';

/**
 * One service for the catalogue's taxonomies (categories, tags, allergens, attributes and their terms,
 * docs/decisions/0064-one-taxonomy-service.md): reading, creating, changing and deleting a term, its slug,
 * its names in three languages, the audit entry and the catalogue version are written once here; each
 * taxonomy is a definition of its table and what differs (`taxonomies.ts`).
 */

/** A refused taxonomy write: 400 naming the field in `details.params`, as a failed route schema does. */
export const invalidField = (field: string, message: string) =>
  new DomainError('TAXONOMY_INVALID', `Invalid parameter(s): ${field} (${message})`, { params: [field] });

export const slugTaken = (field: string, slug: string) =>
  new DomainError('SLUG_TAKEN', `A term with the slug "${slug}" already exists.`, { params: [field], slug });

/** WooCommerce terms have no trash: a delete without `force=true` is refused and changes nothing. */
export const deleteNotForced = () =>
  new DomainError('DELETE_NOT_FORCED', "Resource does not support trashing. Set 'force' to true to delete.", { params: ['force'] });

/**
 * The catalogue version after a write in `tx` (the triggers of migration 0001 bump it in the writing
 * transaction), for the caller's `catalog.markChanged` so it reads its own write.
 */
export async function catalogVersionIn(tx: DbOrTx): Promise<number> {
  const [row] = await tx.select().from(versions).where(eq(versions.name, 'catalog'));
  return row?.version ?? 0;
}

/**
 * A slug as WordPress's sanitize_title makes it: lower case, accents dropped, anything else than letters,
 * digits and `_` becomes one dash; dashes at the ends go.
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200);
}

/** A slug from a text, refused when nothing of it is left. */
export function termSlug(text: string): string {
  const slug = slugify(text);
  if (!slug) throw invalidField('slug', 'needs at least one letter or digit');
  return slug;
}

/** The French and English words beside the Dutch one (the shop's language and the fallback). */
export interface TranslationsInput {
  fr?: string;
  en?: string;
}

/** A name with its translations: the Dutch name replaces `nl`, a translation given replaces its language; others stay. */
export function translated(current: Translated | undefined, nl: string | undefined, translations: TranslationsInput | undefined): Translated {
  const base: Translated = current ? { ...current } : { nl: '' };
  if (nl !== undefined) base.nl = nl;
  if (translations?.fr !== undefined) base.fr = translations.fr;
  if (translations?.en !== undefined) base.en = translations.en;
  return base;
}

/** `fr` and `en` of a name, empty when missing (the shape the REST answers carry). */
export const translationsOf = (name: Translated) => ({ fr: name.fr ?? '', en: name.en ?? '' });

/** Unique-index violations (23505) on either driver: PGlite and node-postgres both carry the SQLSTATE in `code`, drizzle may wrap it in `cause`. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** What every taxonomy's input has: the Dutch name, its translations and (where there are slugs) the slug. */
export interface TermInput {
  name?: string;
  translations?: TranslationsInput;
  slug?: string;
}

export type TermRow = Record<string, unknown> & { id: number; name: Translated };

/** A row as the answers carry it: with how many products use it (0 where the taxonomy does not count). */
export type Counted<Row> = Row & { count: number };

export interface TermWrite<Row> {
  id: number;
  row: Counted<Row>;
  version: number;
}

type TaxonomyTable = PgTable & { id: PgColumn; slug?: PgColumn; updatedAt?: PgColumn };

/** What makes one taxonomy: its table and how it differs from the others. */
export interface TaxonomyDefinition<Row extends TermRow, Input extends TermInput> {
  /** The audit log's entity type. */
  entity: string;
  table: TaxonomyTable;
  notFound: () => DomainError;
  /** How a slug is written (from the slug given or the name); absent where the taxonomy has no slugs. */
  slug?: (text: string) => string;
  /** The order of `list`; by id when absent. */
  order?: (PgColumn | SQL)[];
  /** Terms that live inside another row (an attribute's terms): the rows in reach, their key, and the owner's check. */
  scope?: { where: SQL; values: Record<string, unknown>; enter: (tx: DbOrTx) => Promise<unknown> };
  /** The taxonomy's own columns from an input; `current` is undefined on create. */
  fields: (input: Input, current: Row | undefined) => Record<string, unknown>;
  /** A refusal that comes before the slug's check (the default category keeps its slug). */
  guard?: (current: Row, slug: string | undefined) => void;
  /** Checks of the other references an input makes, after the slug's (a parent, an image). */
  check?: (tx: Tx, input: Input, id: number | undefined) => Promise<void>;
  /** After a create or a change, in its transaction (the point-of-sale sync). */
  written?: (tx: Tx, row: Row) => Promise<void>;
  /** After a change, in its transaction, with the row before and after (a term's new slug in the products). */
  changed?: (tx: Tx, before: Row, after: Row) => Promise<void>;
  /** Before a forced delete, in its transaction (what must move, or may refuse). */
  deleting?: (tx: Tx, row: Row) => Promise<void>;
  /** How many products use each row. */
  count?: (db: DbOrTx, rows: Row[]) => Promise<Map<number, number>>;
}

/** The operations every taxonomy has, written once over its definition. */
export interface TaxonomyService<Row extends TermRow, Input extends TermInput> {
  list(db: DbOrTx): Promise<Row[]>;
  counts(db: DbOrTx, rows: Row[]): Promise<Map<number, number>>;
  get(db: DbOrTx, id: number): Promise<Counted<Row>>;
  /** The slug comes from the name when not given. */
  create(db: Db, input: Input & { name: string }, actor: Actor): Promise<TermWrite<Row>>;
  /** Only the fields given change; translations not given are kept. */
  update(db: Db, id: number, input: Input, actor: Actor): Promise<TermWrite<Row>>;
  /** Only with `force` (WooCommerce terms have no trash). */
  remove(db: Db, id: number, force: boolean, actor: Actor): Promise<TermWrite<Row>>;
}

async function slugGuarded<T>(work: () => Promise<T>, slug: string | undefined): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // Two writers chose the same slug at once: the unique index decides, the loser gets the same 400.
    if (isUniqueViolation(error)) throw slugTaken('slug', slug ?? '');
    throw error;
  }
}

export function taxonomyService<Row extends TermRow, Input extends TermInput>(definition: TaxonomyDefinition<Row, Input>): TaxonomyService<Row, Input> {
  const { table, scope } = definition;
  const inScope = (condition: SQL) => (scope ? and(condition, scope.where)! : condition);
  const byId = (id: number) => inScope(eq(table.id, id));
  const slugOf = (text: string | undefined) => (text === undefined || !definition.slug ? undefined : definition.slug(text));

  const counts = async (db: DbOrTx, rows: Row[]) => (definition.count ? definition.count(db, rows) : new Map<number, number>());
  const counted = async (db: DbOrTx, row: Row): Promise<Counted<Row>> => ({ ...row, count: (await counts(db, [row])).get(row.id) ?? 0 });

  async function checkSlugFree(tx: Tx, slug: string, id: number | undefined) {
    const slugColumn = table.slug!;
    const [taken] = await tx
      .select({ id: table.id })
      .from(table)
      .where(inScope(id === undefined ? eq(slugColumn, slug) : and(eq(slugColumn, slug), ne(table.id, id))!));
    if (taken) throw slugTaken('slug', slug);
  }

  async function locked(tx: Tx, id: number): Promise<Row> {
    await scope?.enter(tx);
    const [current] = (await tx.select().from(table).where(byId(id)).for('update')) as unknown as Row[];
    if (!current) throw definition.notFound();
    return current;
  }

  const named = (input: Input, current: Row | undefined) =>
    input.name !== undefined || input.translations !== undefined ? { name: translated(current?.name, input.name, input.translations) } : {};

  return {
    list: async (db) =>
      (await db
        .select()
        .from(table)
        .where(scope?.where)
        .orderBy(...(definition.order ?? [asc(table.id)]))) as Row[],
    counts,
    async get(db, id) {
      await scope?.enter(db);
      const [row] = (await db.select().from(table).where(byId(id))) as unknown as Row[];
      if (!row) throw definition.notFound();
      return counted(db, row);
    },
    async create(db, input, actor) {
      const slug = slugOf(input.slug ?? input.name);
      return slugGuarded(
        () =>
          db.transaction(async (tx) => {
            await scope?.enter(tx);
            if (slug !== undefined) await checkSlugFree(tx, slug, undefined);
            await definition.check?.(tx, input, undefined);
            const [row] = (await tx
              .insert(table)
              .values({
                ...scope?.values,
                ...(slug !== undefined ? { slug } : {}),
                ...named(input, undefined),
                ...definition.fields(input, undefined),
              } as never)
              .returning()) as unknown as Row[];
            await recordChange(tx, { entityType: definition.entity, entityId: row!.id, action: 'create', actor, changes: diffFields({}, row!) });
            await definition.written?.(tx, row!);
            return { id: row!.id, row: { ...row!, count: 0 }, version: await catalogVersionIn(tx) };
          }),
        slug,
      );
    },
    async update(db, id, input, actor) {
      const slug = slugOf(input.slug);
      return slugGuarded(
        () =>
          db.transaction(async (tx) => {
            const current = await locked(tx, id);
            definition.guard?.(current, slug);
            if (slug !== undefined) await checkSlugFree(tx, slug, id);
            await definition.check?.(tx, input, id);
            const change = { ...named(input, current), ...(slug !== undefined ? { slug } : {}), ...definition.fields(input, current) };
            let row = current;
            if (Object.keys(change).length > 0) {
              [row] = (await tx
                .update(table)
                .set({ ...change, ...(table.updatedAt ? { updatedAt: new Date() } : {}) } as never)
                .where(byId(id))
                .returning()) as unknown as [Row];
              await definition.changed?.(tx, current, row);
              await recordChange(tx, { entityType: definition.entity, entityId: id, action: 'update', actor, changes: diffFields(current, row) });
              await definition.written?.(tx, row);
            }
            return { id, row: await counted(tx, row), version: await catalogVersionIn(tx) };
          }),
        slug,
      );
    },
    async remove(db, id, force, actor) {
      return db.transaction(async (tx) => {
        const current = await locked(tx, id);
        if (!force) throw deleteNotForced();
        const row = await counted(tx, current);
        await definition.deleting?.(tx, current);
        await tx.delete(table).where(byId(id));
        await recordChange(tx, { entityType: definition.entity, entityId: id, action: 'delete', actor, changes: diffFields(current, {}) });
        return { id, row, version: await catalogVersionIn(tx) };
      });
    },
  };
}

/** Case-insensitive "contains" over a row's slug and names, as WooCommerce's `search` of terms. */
export function matchesSearch(row: { slug: string; name: Translated }, search: string | undefined): boolean {
  const needle = search?.trim().toLowerCase();
  return !needle || row.slug.includes(needle) || Object.values(row.name).some((n) => typeof n === 'string' && n.toLowerCase().includes(needle));
}

/** One page of a list, with how many there are in all. */
export function pageOfRows<T>(rows: T[], options: { page: number; perPage: number }): { total: number; rows: T[] } {
  const start = (options.page - 1) * options.perPage;
  return { total: rows.length, rows: rows.slice(start, start + options.perPage) };
}
