import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { versions, type Translated } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';

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
