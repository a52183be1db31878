import { randomUUID } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { productWriteBody, variationWriteBody, type ProductWriteBody, type MenuImportResult, type MenuImportView } from '@bakje/contract';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { attributes, categories, menuImports, products } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';
import { PermanentJobError, type JobHandler } from '../../jobs/job-runner.js';
import { enqueueJobs } from '../../jobs/job-store.js';
import type { Actor } from '../catalog-audit/catalog-audit.js';
import { categoryTaxonomy } from '../catalog/taxonomies.js';
import { createProduct, createVariation, updateProduct, updateVariation } from '../catalog/product-write.js';
import type { MediaService } from '../media/media-service.js';
import { ImageImporter, isRemoteImage, type ImageImportOptions } from './image-import.js';
import { planRows, problem, readCsv, type PlannedAttribute, type PlannedRow, type RowProblem } from './woocommerce-csv.js';

export const MENU_IMPORT_JOB = 'menu.import';

export type ImportResult = MenuImportResult;
export type ImportView = MenuImportView;

/** Progress of the imports this process is applying; the database knows only the outcome (see applyImport). */
const progress = new Map<string, number>();
const imageProgress = new Map<string, { done: number; total: number }>();

function viewOf(row: typeof menuImports.$inferSelect): ImportView {
  const planned = row.planned as PlannedRow[];
  return {
    id: row.id,
    fileName: row.fileName,
    status: row.status,
    total: row.total,
    applied: row.status === 'done' ? row.total : (progress.get(row.id) ?? 0),
    images: imageProgress.get(row.id) ?? null,
    rows: planned.map((p) => ({ row: p.row, kind: p.kind, name: p.kind === 'product' ? (p.body.name ?? '') : p.parentRef, sku: p.sku })),
    problems: row.problems as RowProblem[],
    result: row.result as ImportView['result'],
  };
}

/**
 * Reads and checks a WooCommerce product CSV (total counts every data row; only a file without problems,
 * where every row is planned, can be applied) and keeps the plan, writing nothing to the catalogue: the preview
 * names every bad row; only a file without problems can be applied.
 */
export async function previewImport(db: Db, input: { csv: string; fileName: string; createdBy: number | null }): Promise<ImportView> {
  const { rows, problems: fileProblems } = readCsv(input.csv);
  const { planned, problems } = planRows(rows);
  const all = [...fileProblems, ...problems];
  // A variation's parent must be in the file or already in the shop.
  const refs = new Set(planned.flatMap((p) => (p.kind === 'product' ? [p.ref, p.sku ? `sku:${p.sku}` : null] : [])).filter((r): r is string => r !== null));
  for (const p of planned) {
    if (p.kind !== 'variation') continue;
    if (refs.has(p.parentRef.startsWith('id:') ? p.parentRef : `sku:${p.parentRef}`)) continue;
    if ((await existingParent(db, p.parentRef)) === undefined)
      all.push(problem(p.row, 'Parent', 'parentMissing', `No product ${p.parentRef} in the file or the shop.`, { parent: p.parentRef }));
  }
  if (rows.length === 0 && all.length === 0) all.push(problem(1, '', 'noRows', 'The file has no rows.'));
  all.sort((a, b) => a.row - b.row);
  const [row] = await db
    .insert(menuImports)
    .values({ id: randomUUID(), fileName: input.fileName.slice(0, 200), createdBy: input.createdBy, total: rows.length, planned, problems: all })
    .returning();
  return viewOf(row!);
}

export async function importById(db: DbOrTx, id: string): Promise<ImportView> {
  const [row] = await db.select().from(menuImports).where(eq(menuImports.id, id));
  if (!row) throw new DomainError('MENU_IMPORT_NOT_FOUND', 'No such import.');
  return viewOf(row);
}

/** Confirms a preview without problems: one job applies it, all rows or none. */
export async function confirmImport(db: Db, id: string, actor: Actor): Promise<ImportView> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(menuImports).where(eq(menuImports.id, id)).for('update');
    if (!row) throw new DomainError('MENU_IMPORT_NOT_FOUND', 'No such import.');
    if (row.status !== 'preview') throw new DomainError('MENU_IMPORT_NOT_PENDING', 'This import was already applied or is being applied.');
    if ((row.problems as RowProblem[]).length > 0) throw new DomainError('MENU_IMPORT_HAS_PROBLEMS', 'Fix the rows with problems and read the file in again.');
    const [updated] = await tx.update(menuImports).set({ status: 'applying' }).where(eq(menuImports.id, id)).returning();
    await enqueueJobs(tx, [{ kind: MENU_IMPORT_JOB, lane: 'menu-import', payload: { id, actor }, idempotencyKey: `menu-import:${id}` }]);
    return viewOf(updated!);
  });
}

async function existingParent(db: DbOrTx, ref: string): Promise<number | undefined> {
  const byId = /^id:(\d+)$/.exec(ref);
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(byId ? eq(products.id, Number(byId[1])) : eq(products.sku, ref), eq(products.type, 'VARIABLE')));
  return row?.id;
}

const lower = (text: string) => text.trim().toLocaleLowerCase('nl-BE');

/** The category path "Snacks > Warm", found by name under its parent or created. */
async function categoryOf(tx: Tx, path: string[], actor: Actor, counts: { categories: number }, known: Map<string, number>): Promise<number> {
  let parent = 0;
  for (const name of path) {
    // The same few paths repeat on every row: found once per import (the transaction holds the catalogue).
    const key = `${parent}\u0000${lower(name)}`;
    const seen = known.get(key);
    if (seen !== undefined) {
      parent = seen;
      continue;
    }
    const siblings = await tx
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(parent === 0 ? sql`${categories.parentId} is null` : eq(categories.parentId, parent));
    const found = siblings.find((c) => lower(c.name.nl) === lower(name));
    if (found) {
      parent = found.id;
    } else {
      // categoryTaxonomy.create runs its own transaction: inside ours it is a savepoint.
      const created = await categoryTaxonomy.create(tx as unknown as Db, { name, parent }, actor);
      counts.categories += 1;
      parent = created.id;
    }
    known.set(key, parent);
  }
  return parent;
}

async function attributeInput(tx: Tx, attribute: PlannedAttribute | null, variable: boolean) {
  if (!attribute) return undefined;
  let id = 0;
  if (attribute.global) {
    const all = await tx.select({ id: attributes.id, name: attributes.name, slug: attributes.slug }).from(attributes);
    id = all.find((a) => lower(a.name.nl) === lower(attribute.name) || a.slug === `pa_${lower(attribute.name)}`)?.id ?? 0;
  }
  return [{ ...(id ? { id } : { name: attribute.name }), options: attribute.values, visible: attribute.visible, variation: variable }];
}

async function productBySku(tx: Tx, sku: string, variation: boolean) {
  if (!sku) return undefined;
  const [row] = await tx
    .select({ id: products.id, parentId: products.parentId })
    .from(products)
    .where(and(eq(products.sku, sku), variation ? eq(products.type, 'VARIATION') : ne(products.type, 'VARIATION')));
  return row;
}

/**
 * Downloads every image address of the rows into the media library (before the rows' transaction, which must
 * not wait on other servers) and points the rows at the library items; an image that fails is named with its
 * row and left out of that row, which is imported without it.
 */
async function bringImages(
  importer: ImageImporter,
  planned: PlannedRow[],
  onImage: (done: number, total: number) => void,
): Promise<{ rows: PlannedRow[]; images: number; problems: RowProblem[] }> {
  const sources = (p: PlannedRow) =>
    (p.kind === 'product' ? (p.body.images ?? []) : p.body.image ? [p.body.image] : []).flatMap((i) => ('src' in i ? [i.src] : []));
  const unique = [...new Set(planned.flatMap(sources))].filter(isRemoteImage);
  let done = 0;
  onImage(0, unique.length);
  const outcomes = new Map(
    await Promise.all(
      unique.map(async (src) => {
        const outcome = await importer.image(src);
        onImage(++done, unique.length);
        return [src, outcome] as const;
      }),
    ),
  );
  const problems: RowProblem[] = [];
  type Ref = NonNullable<ProductWriteBody['images']>[number];
  const local = (row: number, image: Ref): Ref | undefined => {
    if (!('src' in image)) return image;
    const outcome = outcomes.get(image.src);
    if (!outcome) return image;
    if (outcome.image) return { id: outcome.image.id, ...(image.alt ? { alt: image.alt } : {}), ...(image.name ? { name: image.name } : {}) };
    const error = outcome.error ?? 'not brought in';
    problems.push(problem(row, 'Images', 'imageFailed', `${image.src}: ${error}`, { src: image.src, error }));
    return undefined;
  };
  const rows = planned.map((p): PlannedRow => {
    if (p.kind === 'product') {
      if (!p.body.images) return p;
      return { ...p, body: { ...p.body, images: p.body.images.map((i) => local(p.row, i)).filter((i): i is Ref => i !== undefined) } };
    }
    if (!p.body.image) return p;
    return { ...p, body: { ...p.body, image: local(p.row, p.body.image) ?? null } };
  });
  return { rows, images: [...outcomes.values()].filter((o) => o.image).length, problems };
}

async function applyRows(tx: Tx, planned: PlannedRow[], actor: Actor, onRow: (done: number) => void): Promise<Omit<ImportResult, 'images' | 'imageProblems'>> {
  const counts = { created: 0, updated: 0, variations: 0, categories: 0 };
  const refs = new Map<string, number>();
  const knownCategories = new Map<string, number>();
  let done = 0;
  for (const p of planned) {
    try {
      if (p.kind === 'product') {
        const categoryIds = [];
        for (const path of p.categoryPaths) categoryIds.push({ id: await categoryOf(tx, path, actor, counts, knownCategories) });
        const input = productWriteBody.parse({
          ...p.body,
          ...(p.categoryPaths.length ? { categories: categoryIds } : {}),
          ...(p.attribute ? { attributes: await attributeInput(tx, p.attribute, p.body.type === 'variable') } : {}),
        });
        const existing = await productBySku(tx, p.sku, false);
        let id: number;
        if (existing) {
          id = existing.id;
          await updateProduct(tx, id, input, actor);
          counts.updated += 1;
        } else {
          id = await createProduct(tx, input, actor);
          counts.created += 1;
        }
        if (p.ref) refs.set(p.ref, id);
        if (p.sku) refs.set(`sku:${p.sku}`, id);
      } else {
        const parentId = refs.get(p.parentRef.startsWith('id:') ? p.parentRef : `sku:${p.parentRef}`) ?? (await existingParent(tx, p.parentRef));
        if (parentId === undefined) throw new DomainError('PRODUCT_INVALID', `No product ${p.parentRef} in the file or the shop.`, { params: ['Parent'] });
        const input = variationWriteBody.parse(p.body);
        const existing = await productBySku(tx, p.sku, true);
        if (existing && existing.parentId === parentId) await updateVariation(tx, parentId, existing.id, input, actor);
        else await createVariation(tx, parentId, input, actor);
        counts.variations += 1;
      }
    } catch (error) {
      throw new RowFailed(p.row, error instanceof Error ? error.message : String(error));
    }
    done += 1;
    onRow(done);
  }
  return counts;
}

class RowFailed extends Error {
  constructor(
    readonly row: number,
    message: string,
  ) {
    super(message);
  }
}

/** The job of a confirmed import: every row in one transaction, so a failure leaves the catalogue as it was. */
export function menuImportJobHandler(media: MediaService, imageOptions: ImageImportOptions = {}): JobHandler<{ id: string; actor: Actor }> {
  return {
    kind: MENU_IMPORT_JOB,
    maxAttempts: 3,
    describe: (payload) => ({ importId: payload.id }),
    async handle(job, ctx) {
      const [row] = await ctx.db.select().from(menuImports).where(eq(menuImports.id, job.payload.id));
      if (!row || row.status !== 'applying') return { skipped: 'the import is not waiting to be applied' };
      progress.set(row.id, 0);
      try {
        const importer = new ImageImporter(media, imageOptions);
        const images = await bringImages(importer, row.planned as PlannedRow[], (done, total) => imageProgress.set(row.id, { done, total }));
        const result = await ctx.db.transaction(async (tx) => {
          const rowCounts = await applyRows(tx, images.rows, job.payload.actor, (done) => progress.set(row.id, done));
          const counts: ImportResult = { ...rowCounts, images: images.images, imageProblems: images.problems };
          await tx.update(menuImports).set({ status: 'done', result: counts, finishedAt: new Date() }).where(eq(menuImports.id, row.id));
          await enqueueJobs(tx, importer.variantJobs());
          return counts;
        });
        return { result };
      } catch (error) {
        if (!(error instanceof RowFailed)) throw error;
        await ctx.db
          .update(menuImports)
          .set({ status: 'failed', result: { error: error.message, row: error.row }, finishedAt: new Date() })
          .where(eq(menuImports.id, row.id));
        throw new PermanentJobError(`row ${error.row}: ${error.message}`);
      } finally {
        progress.delete(row.id);
        imageProgress.delete(row.id);
      }
    },
  };
}
