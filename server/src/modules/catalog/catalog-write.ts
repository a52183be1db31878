import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { versions } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';

/** A database refusal the caller caused (a unique slug or SKU taken at the same moment by another writer), as a domain error. */
function domainErrorOf(error: unknown): DomainError | undefined {
  if (error instanceof DomainError) return error;
  const pg = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = pg.code ?? pg.cause?.code;
  const constraint = pg.constraint ?? pg.cause?.constraint ?? '';
  if (code === '23505' && constraint.includes('slug'))
    return new DomainError('PRODUCT_SLUG_TAKEN', 'The slug is already used by another product.', { params: ['slug'] });
  if (code === '23505') return new DomainError('PRODUCT_INVALID', 'A value must be unique and is already used.', { params: [] });
  return undefined;
}

async function catalogVersion(tx: Tx): Promise<number> {
  const [row] = await tx.select().from(versions).where(eq(versions.name, 'catalog'));
  return row?.version ?? 0;
}

/**
 * One catalogue write in one transaction; returns its result and the catalogue version it produced, so the
 * caller can read its own write (deps.catalog.markChanged(version)) before answering.
 */
export async function writeCatalog<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<{ result: T; version: number }> {
  try {
    return await db.transaction(async (tx) => {
      const result = await work(tx);
      return { result, version: await catalogVersion(tx) };
    });
  } catch (error) {
    throw domainErrorOf(error) ?? error;
  }
}

export type ItemOutcome<T> = { ok: true; value: T } | { ok: false; error: DomainError };

/**
 * A batch in one transaction, each item in its own savepoint: an item that fails is answered with its
 * error and leaves nothing behind, the others are kept (WooCommerce's batch answers item by item).
 */
export async function writeCatalogBatch<T>(db: Db, items: ((tx: Tx) => Promise<T>)[]): Promise<{ outcomes: ItemOutcome<T>[]; version: number }> {
  return db.transaction(async (tx) => {
    const outcomes: ItemOutcome<T>[] = [];
    for (const item of items) {
      try {
        outcomes.push({ ok: true, value: await tx.transaction((savepoint) => item(savepoint)) });
      } catch (error) {
        const domain = domainErrorOf(error);
        if (!domain) throw error;
        outcomes.push({ ok: false, error: domain });
      }
    }
    return { outcomes, version: await catalogVersion(tx) };
  });
}
