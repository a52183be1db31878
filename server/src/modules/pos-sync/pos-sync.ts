import { and, eq, gte, ne, or, sql, type Column } from 'drizzle-orm';
import type { PosSyncOverview, PosSyncRow } from '@bakje/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { categories, posSyncStatus, products, settings, type PosEntityType } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';
import { PermanentJobError, type JobHandler } from '../../jobs/job-runner.js';
import { enqueueJobs, type NewJob } from '../../jobs/job-store.js';
import { CloudPosClient, type PosProductFields, type PosResult } from '../../integrations/cloudpos/cloudpos-client.js';
import { posSyncOn, readPosSettings, type PosSettings } from './pos-settings.js';

export const POS_SYNC_JOB = 'pos.sync';
const SYNC_RUN_KEY = 'cloudpos_sync_run';

/**
 * What one change sends: the values at the moment of the change, so that changes made while the point of sale
 * was away reach it one by one, in order (one job lane per product or category).
 */
export type PosSyncPayload = { entity: 'product'; id: number; fields: PosProductFields } | { entity: 'category'; id: number; name: string };

const euros = (cents: number | null) => ((cents ?? 0) / 100).toFixed(2);

function wholePercent(value: unknown, fallback: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 0 && n <= 100 ? n : fallback;
}

/** The point-of-sale fields of a product (docs/interfaces.md §8 meta columns, docs/product.md §9 defaults: tax 21, tax table 21, 0.00, quantity 0). */
async function productFields(db: DbOrTx, id: number): Promise<PosProductFields | undefined> {
  const [row] = await db
    .select({
      name: products.name,
      regularPrice: products.regularPrice,
      purchasePrice: products.purchasePrice,
      stockQuantity: products.stockQuantity,
      metaData: products.metaData,
    })
    .from(products)
    .where(and(eq(products.id, id), ne(products.type, 'VARIATION')));
  if (!row) return undefined;
  const meta = (key: string) => row.metaData.find((m) => m.key === key)?.value;
  return {
    name: row.name.nl,
    price: euros(row.regularPrice),
    purchaseprice: euros(row.purchasePrice),
    tax: wholePercent(meta('cloudpos_tax'), 21),
    tax_table: wholePercent(meta('cloudpos_tax_table'), 21),
    quantity: Math.max(0, row.stockQuantity ?? 0),
  };
}

async function syncJobFor(db: DbOrTx, entity: PosEntityType, id: number): Promise<NewJob | undefined> {
  const lane = `pos:${entity}:${id}`;
  if (entity === 'product') {
    const fields = await productFields(db, id);
    return fields && { kind: POS_SYNC_JOB, lane, payload: { entity, id, fields } satisfies PosSyncPayload };
  }
  const [row] = await db.select({ name: categories.name }).from(categories).where(eq(categories.id, id));
  return row && { kind: POS_SYNC_JOB, lane, payload: { entity, id, name: row.name.nl } satisfies PosSyncPayload };
}

/**
 * Called in the transaction of a product or category create or update (docs/product.md §4): queues its sync, kept exactly
 * when the write is. Nothing is queued while the integration is off.
 */
export async function queuePosSync(tx: DbOrTx, entity: PosEntityType, id: number): Promise<void> {
  if (!posSyncOn(await readPosSettings(tx))) return;
  const job = await syncJobFor(tx, entity, id);
  if (job) await enqueueJobs(tx, [job]);
}

type Outcome = 'updated' | 'linked' | 'inserted';

function unwrap<T>(result: PosResult<T>): T {
  if (result.ok) return result.value;
  // A refusal a retry cannot change (bad key, bad field) fails the job now; the dashboard shows it with a retry.
  throw result.retryable ? new Error(result.error) : new PermanentJobError(result.error);
}

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase('nl-BE') === b.trim().toLocaleLowerCase('nl-BE');

async function syncProduct(db: DbOrTx, client: CloudPosClient, payload: Extract<PosSyncPayload, { entity: 'product' }>): Promise<Outcome | undefined> {
  const [row] = await db.select({ posId: products.cloudposProductId }).from(products).where(eq(products.id, payload.id));
  if (!row) return undefined;
  if (row.posId) {
    const updated = await client.updateProduct(row.posId, payload.fields);
    if (updated.ok) return 'updated';
    // Removed in the till since: link it again below, by name or as a new product.
    if (!/not found/i.test(updated.error)) unwrap(updated);
  }
  const found = unwrap(await client.selectProducts()).find((p) => sameName(p.name, payload.fields.name));
  const posId = found ? found.id : unwrap(await client.insertProduct(payload.fields));
  // Straight to the column: the link is not a catalogue change and never queues another sync.
  await db.update(products).set({ cloudposProductId: posId }).where(eq(products.id, payload.id));
  return found ? 'linked' : 'inserted';
}

async function syncCategory(db: DbOrTx, client: CloudPosClient, payload: Extract<PosSyncPayload, { entity: 'category' }>): Promise<Outcome | undefined> {
  const [row] = await db.select({ posId: categories.cloudposCategoryId }).from(categories).where(eq(categories.id, payload.id));
  if (!row) return undefined;
  if (row.posId) {
    const updated = await client.updateCategory(row.posId, payload.name);
    if (updated.ok) return 'updated';
    if (!/not found/i.test(updated.error)) unwrap(updated);
  }
  const found = unwrap(await client.selectCategories()).find((c) => sameName(c.name, payload.name));
  const posId = found ? found.id : unwrap(await client.insertCategory(payload.name));
  await db.update(categories).set({ cloudposCategoryId: posId }).where(eq(categories.id, payload.id));
  return found ? 'linked' : 'inserted';
}

async function recordStatus(db: DbOrTx, entity: PosEntityType, id: number, status: { outcome: Outcome } | { error: string }) {
  const now = new Date();
  const values = 'outcome' in status ? { syncedAt: now, outcome: status.outcome, error: null } : { failedAt: now, error: status.error.slice(0, 500) };
  await db
    .insert(posSyncStatus)
    .values({ entityType: entity, entityId: id, ...values })
    .onConflictDoUpdate({ target: [posSyncStatus.entityType, posSyncStatus.entityId], set: values });
}

export const clientFor = (s: PosSettings, options: { fetch?: typeof fetch; timeoutMs?: number } = {}) =>
  new CloudPosClient({ baseUrl: s.baseUrl, apiKey: s.apiKey, ...options });

/** The job that carries one change to the point of sale (docs/product.md §4's three paths). */
export function posSyncJobHandler(options: { fetch?: typeof fetch; timeoutMs?: number } = {}): JobHandler<PosSyncPayload> {
  return {
    kind: POS_SYNC_JOB,
    maxAttempts: 20,
    backoff: { baseMs: 5_000, maxMs: 5 * 60_000 },
    describe: (payload) => ({ [payload.entity === 'product' ? 'productId' : 'categoryId']: payload.id }),
    async handle(job, ctx) {
      const posSettings = await readPosSettings(ctx.db);
      if (!posSyncOn(posSettings)) return { skipped: 'the point-of-sale sync is off' };
      const client = clientFor(posSettings, options);
      const { entity, id } = job.payload;
      try {
        const outcome = entity === 'product' ? await syncProduct(ctx.db, client, job.payload) : await syncCategory(ctx.db, client, job.payload);
        if (!outcome) return { skipped: `the ${entity} no longer exists` };
        await recordStatus(ctx.db, entity, id, { outcome });
        return { result: { outcome } };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        ctx.log.warn({ entity, id, attempt: job.attempts, error: message }, 'point-of-sale sync failed');
        await recordStatus(ctx.db, entity, id, { error: message });
        throw error;
      }
    },
  };
}

/** "Sync everything now": one job per published product and per category, with the current values. */
export async function syncEverything(db: Db): Promise<{ queued: number; startedAt: string }> {
  return db.transaction(async (tx) => {
    if (!posSyncOn(await readPosSettings(tx))) throw new DomainError('POS_SYNC_OFF', 'Switch the point-of-sale sync on first.');
    const productIds = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(ne(products.type, 'VARIATION'), ne(products.status, 'trash')));
    const categoryIds = await tx.select({ id: categories.id }).from(categories);
    const jobs: NewJob[] = [];
    for (const { id } of categoryIds) jobs.push((await syncJobFor(tx, 'category', id))!);
    for (const { id } of productIds) jobs.push((await syncJobFor(tx, 'product', id))!);
    await enqueueJobs(tx, jobs);
    const startedAt = new Date().toISOString();
    const run = { startedAt, total: jobs.length };
    await tx
      .insert(settings)
      .values({ key: SYNC_RUN_KEY, value: run })
      .onConflictDoUpdate({ target: settings.key, set: { value: run, updatedAt: new Date() } });
    return { queued: jobs.length, startedAt };
  });
}

/** The sync of one product or category again (the dashboard's retry of a failure). */
export async function syncOne(db: Db, entity: PosEntityType, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!posSyncOn(await readPosSettings(tx))) throw new DomainError('POS_SYNC_OFF', 'Switch the point-of-sale sync on first.');
    const job = await syncJobFor(tx, entity, id);
    if (!job) throw new DomainError(entity === 'product' ? 'PRODUCT_NOT_FOUND' : 'CATEGORY_NOT_FOUND', `No such ${entity}.`);
    await enqueueJobs(tx, [job]);
  });
}

/** Every product and category with its link and last sync, failures first (the dashboard's page). */
export async function posSyncOverview(db: Db): Promise<Omit<PosSyncOverview, 'settings'>> {
  const status = (entity: PosEntityType, idColumn: Column) => and(eq(posSyncStatus.entityType, entity), eq(posSyncStatus.entityId, idColumn));
  const productRows = await db
    .select({ id: products.id, name: products.name, posId: products.cloudposProductId, s: posSyncStatus })
    .from(products)
    .leftJoin(posSyncStatus, status('product', products.id))
    .where(and(ne(products.type, 'VARIATION'), ne(products.status, 'trash')));
  const categoryRows = await db
    .select({ id: categories.id, name: categories.name, posId: categories.cloudposCategoryId, s: posSyncStatus })
    .from(categories)
    .leftJoin(posSyncStatus, status('category', categories.id));
  const shape =
    (entity: PosEntityType) =>
    (r: (typeof productRows)[number]): PosSyncRow => ({
      entity,
      id: r.id,
      name: r.name.nl,
      posId: r.posId,
      syncedAt: r.s?.syncedAt?.toISOString() ?? null,
      outcome: (r.s?.outcome as PosSyncRow['outcome']) ?? null,
      failedAt: r.s?.failedAt?.toISOString() ?? null,
      error: r.s?.error ?? null,
    });
  const rows = [...categoryRows.map(shape('category')), ...productRows.map(shape('product'))];
  rows.sort((a, b) => Number(b.error !== null) - Number(a.error !== null) || a.entity.localeCompare(b.entity) || a.name.localeCompare(b.name));
  const [runRow] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SYNC_RUN_KEY));
  const run = runRow?.value as { startedAt: string; total: number } | undefined;
  if (!run) return { rows, run: null };
  const since = new Date(run.startedAt);
  const [counts] = await db
    .select({
      done: sql<number>`count(*) filter (where ${posSyncStatus.syncedAt} >= ${since})::int`,
      failed: sql<number>`count(*) filter (where ${posSyncStatus.error} is not null and ${posSyncStatus.failedAt} >= ${since})::int`,
    })
    .from(posSyncStatus)
    .where(or(gte(posSyncStatus.syncedAt, since), gte(posSyncStatus.failedAt, since)));
  return { rows, run: { ...run, done: counts?.done ?? 0, failed: counts?.failed ?? 0 } };
}
