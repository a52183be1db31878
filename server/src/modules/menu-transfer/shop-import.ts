import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { ShopImportCounts, ShopImportView } from '@bakje/contract';
import { productWriteBody, timeSlotInput, variationWriteBody, wcProductTypes, type WcProduct, type WcVariation } from '@bakje/contract';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { addonKinds, addonPriceTypes, allergens, attributes, categories, importLinks, products, shopImports } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';
import { PermanentJobError, type JobHandler } from '../../jobs/job-runner.js';
import { enqueueJobs } from '../../jobs/job-store.js';
import { WooCommerceRestClient, WooCommerceSourceError, type WooCommerceSource } from '../../integrations/woocommerce/woocommerce-rest-client.js';
import type { Actor } from '../catalog-audit/catalog-audit.js';
import { categoryTaxonomy } from '../catalog/taxonomies.js';
import { createProduct, createVariation, updateProduct, updateVariation } from '../catalog/product-write.js';
import { createTimeSlot } from '../slots/slot-admin.js';
import { addonDisplays, createGlobalAddon, getGlobalAddon, updateGlobalAddon, type AddonFieldInput, type GlobalAddonInput } from '../catalog/global-add-ons.js';
import type { MediaService } from '../media/media-service.js';
import { ImageImporter, type ImageImportOptions } from './image-import.js';

export const SHOP_IMPORT_JOB = 'menu.shop-import';

interface SourceCategory {
  id: number;
  name: string;
  slug: string;
  parent: number;
  description: string;
  menu_order?: number;
  custom_order?: number;
  /** Bakje's extension: the name's French and English. */
  translations?: { fr?: string; en?: string };
}

/** Meta keys Bakje writes itself from other fields (docs/interfaces.md §2): not copied as meta. */
const DERIVED_META = new Set([
  'english_translation',
  'french_translation',
  'max_amount',
  'is_promotion',
  'product_allergens',
  'last_changed_by',
  '_bakje_sold_out_until',
]);

const sourceKey = (url: string) => url.trim().replace(/\/+$/, '').toLowerCase();

async function linked(tx: DbOrTx, source: string, entity: string, sourceId: number): Promise<number | undefined> {
  const [row] = await tx
    .select({ localId: importLinks.localId })
    .from(importLinks)
    .where(and(eq(importLinks.source, source), eq(importLinks.entity, entity), eq(importLinks.sourceId, sourceId)));
  return row?.localId;
}

async function link(tx: DbOrTx, source: string, entity: string, sourceId: number, localId: number) {
  await tx
    .insert(importLinks)
    .values({ source, entity, sourceId, localId })
    .onConflictDoUpdate({ target: [importLinks.source, importLinks.entity, importLinks.sourceId], set: { localId } });
}

/** Starts an import from a running WooCommerce shop (products.manage); one job does it, resumable and idempotent. */
export async function startShopImport(db: Db, input: WooCommerceSource): Promise<ShopImportView> {
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    throw new DomainError('INVALID_INPUT', 'Invalid parameter(s): url (give the shop address, e.g. https://frituur.be)', { params: ['url'] });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new DomainError('INVALID_INPUT', 'Invalid parameter(s): url (http or https)', { params: ['url'] });
  const id = randomUUID();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(shopImports)
      .values({ id, sourceUrl: `${url.origin}${url.pathname.replace(/\/+$/, '')}`, consumerKey: input.consumerKey, consumerSecret: input.consumerSecret })
      .returning();
    await enqueueJobs(tx, [{ kind: SHOP_IMPORT_JOB, lane: 'shop-import', payload: { id }, idempotencyKey: `shop-import:${id}` }]);
    return viewOf(row!);
  });
}

const viewOf = (row: typeof shopImports.$inferSelect): ShopImportView => ({
  id: row.id,
  sourceUrl: row.sourceUrl,
  status: row.status,
  counts: row.counts as Partial<ShopImportCounts>,
  error: row.error,
});

export async function shopImportById(db: DbOrTx, id: string): Promise<ShopImportView> {
  const [row] = await db.select().from(shopImports).where(eq(shopImports.id, id));
  if (!row) throw new DomainError('MENU_IMPORT_NOT_FOUND', 'No such import.');
  return viewOf(row);
}

function otherLanguages(translated: Record<string, string> | undefined) {
  if (!translated) return undefined;
  const { fr, en } = translated;
  return fr || en ? { ...(fr ? { fr } : {}), ...(en ? { en } : {}) } : undefined;
}

async function importCategories(db: Db, client: WooCommerceRestClient, source: string, actor: Actor, counts: ShopImportCounts) {
  const list = await client.all<SourceCategory>('/wp-json/wc/v3/products/categories', { context: 'edit' });
  // Parents before their children, whatever order the source lists them in.
  const done = new Set<number>();
  const pending = [...list];
  while (pending.length) {
    const index = pending.findIndex((c) => c.parent === 0 || done.has(c.parent) || !list.some((p) => p.id === c.parent));
    const category = pending.splice(index === -1 ? 0 : index, 1)[0]!;
    const parent = category.parent ? ((await linked(db, source, 'category', category.parent)) ?? 0) : 0;
    const names = otherLanguages(category.translations as Record<string, string> | undefined);
    const input = {
      name: category.name,
      ...(names ? { translations: names } : {}),
      description: category.description ?? '',
      parent,
      ...(category.custom_order !== undefined ? { customOrder: category.custom_order } : {}),
      ...(category.menu_order !== undefined ? { menuOrder: category.menu_order } : {}),
    };
    const known =
      (await linked(db, source, 'category', category.id)) ??
      (await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, category.slug)))[0]?.id;
    const local =
      known !== undefined
        ? (await categoryTaxonomy.update(db, known, input, actor)).id
        : (await categoryTaxonomy.create(db, { ...input, slug: category.slug }, actor)).id;
    await link(db, source, 'category', category.id, local);
    done.add(category.id);
    counts.categories += 1;
  }
}

interface LocalTaxonomies {
  attributes: { id: number; name: { nl: string } }[];
  allergens: { id: number; code: string }[];
  /** The source's allergen ids to their codes (the same 14 allergens, other ids). */
  allergenCodes: Map<number, string>;
}

/** The library items of the images downloaded so far, by the source's address. */
type LocalImages = Map<string, number>;

async function productInput(
  tx: Tx,
  p: WcProduct,
  source: string,
  { attributes: localAttributes, allergens: localAllergens, allergenCodes }: LocalTaxonomies,
  images: LocalImages,
) {
  const localCategories = [];
  for (const c of p.categories) {
    const id = await linked(tx, source, 'category', c.id);
    if (id !== undefined) localCategories.push({ id });
  }
  const meta = (key: string) => p.meta_data?.find((m) => m.key === key)?.value;
  const translations = p.translations
    ? {
        name: otherLanguages(p.translations.name as Record<string, string>),
        description: otherLanguages(p.translations.description as Record<string, string>),
        short_description: otherLanguages(p.translations.short_description as Record<string, string>),
      }
    : { name: otherLanguages({ en: String(meta('english_translation') ?? ''), fr: String(meta('french_translation') ?? '') }) };
  return productWriteBody.parse({
    name: p.name,
    slug: p.slug,
    type: (wcProductTypes as readonly string[]).includes(p.type) ? p.type : 'simple',
    status: p.status === 'draft' || p.status === 'private' ? p.status : 'publish',
    featured: p.featured,
    catalog_visibility: p.catalog_visibility,
    description: p.description,
    short_description: p.short_description,
    sku: p.sku,
    ...(p.regular_price ? { regular_price: p.regular_price } : {}),
    ...(p.sale_price ? { sale_price: p.sale_price } : {}),
    ...(p.date_on_sale_from ? { date_on_sale_from: p.date_on_sale_from } : {}),
    ...(p.date_on_sale_to ? { date_on_sale_to: p.date_on_sale_to } : {}),
    stock_status: p.stock_status,
    manage_stock: p.manage_stock,
    stock_quantity: p.stock_quantity,
    menu_order: p.menu_order,
    ...(p.vat_rates ? { vat_rates: p.vat_rates } : {}),
    max_quantity: p.max_quantity ?? null,
    is_promotion: p.is_promotion ?? false,
    translations: Object.fromEntries(Object.entries(translations).filter(([, v]) => v !== undefined)),
    categories: localCategories,
    // Only the images now in this library: one that could not be brought in is left out (and named in the counts).
    images: p.images.flatMap((image) => {
      const id = images.get(image.src);
      return id === undefined ? [] : [{ id, ...(image.alt ? { alt: image.alt } : {}), ...(image.name ? { name: image.name } : {}) }];
    }),
    attributes: p.attributes.map((a) => {
      const global = a.id ? localAttributes.find((l) => l.name.nl.toLowerCase() === a.name.toLowerCase()) : undefined;
      return { ...(global ? { id: global.id } : { name: a.name }), position: a.position, visible: a.visible, variation: a.variation, options: a.options };
    }),
    default_attributes: p.default_attributes.map((a) => ({ name: a.name, option: a.option })),
    allergens: (p.allergens ?? []).flatMap((id) => localAllergens.filter((l) => l.code === allergenCodes.get(id)).map((l) => l.id)),
    addons: (p.addons ?? []).map(({ id: _id, options, ...field }) => ({
      ...field,
      options: (options ?? []).map(({ id: _optionId, image: _image, allergens: sourceAllergens, ...option }) => ({
        ...option,
        allergens: (sourceAllergens ?? []).flatMap((id: number) => localAllergens.filter((l) => l.code === allergenCodes.get(id)).map((l) => l.id)),
      })),
    })),
    meta_data: (p.meta_data ?? []).filter((m) => !DERIVED_META.has(m.key)).map((m) => ({ key: m.key, value: m.value })),
  });
}

function variationInput(v: WcVariation, images: LocalImages) {
  const imageId = v.image ? images.get(v.image.src) : undefined;
  return variationWriteBody.parse({
    description: v.description,
    sku: v.sku,
    ...(v.regular_price ? { regular_price: v.regular_price } : {}),
    ...(v.sale_price ? { sale_price: v.sale_price } : {}),
    status: v.status === 'draft' || v.status === 'private' ? v.status : 'publish',
    stock_status: v.stock_status,
    manage_stock: v.manage_stock,
    stock_quantity: v.stock_quantity,
    menu_order: v.menu_order,
    image: imageId !== undefined ? { id: imageId } : null,
    attributes: v.attributes.map((a) => ({ name: a.name, option: a.option })),
  });
}

async function taxonomiesOf(db: Db, client: WooCommerceRestClient): Promise<LocalTaxonomies> {
  const allergenList = await client.all<{ id: number; code: string }>('/wp-json/wc/v3/products/allergens').catch(() => []);
  return {
    attributes: await db.select({ id: attributes.id, name: attributes.name }).from(attributes),
    allergens: await db.select({ id: allergens.id, code: allergens.code }).from(allergens),
    allergenCodes: new Map(allergenList.map((a) => [a.id, a.code])),
  };
}

/** The source's image addresses made absolute (Bakje serves its own library's as paths). */
const absolute = (src: string, sourceUrl: string) => {
  try {
    return new URL(src, `${sourceUrl}/`).toString();
  } catch {
    return src;
  }
};

/** Downloads the images named (in the importer's lanes) and notes those that fail under the item's name. */
async function downloaded(importer: ImageImporter, sources: string[], item: string, counts: ShopImportCounts): Promise<LocalImages> {
  const local: LocalImages = new Map();
  for (const [src, outcome] of await importer.all(sources)) {
    if (outcome.image) {
      local.set(src, outcome.image.id);
      counts.images = importer.stored;
    } else {
      counts.imageFailures += 1;
      if (counts.imageProblems.length < 50) counts.imageProblems.push({ item, src, message: outcome.error ?? 'not brought in' });
    }
  }
  return local;
}

async function importProducts(
  db: Db,
  client: WooCommerceRestClient,
  source: string,
  actor: Actor,
  counts: ShopImportCounts,
  importer: ImageImporter,
  sourceUrl: string,
  onProgress: () => Promise<void>,
) {
  const taxonomies = await taxonomiesOf(db, client);
  const list = await client.all<WcProduct>('/wp-json/wc/v3/products', { context: 'edit' });
  counts.productsTotal = list.filter((p) => (p.status as string) !== 'trash').length;
  await onProgress();
  for (const p of list) for (const image of p.images) image.src = absolute(image.src, sourceUrl);
  // Every product's images start downloading now (a few at a time); each product below waits only for its own.
  void importer.all(list.flatMap((p) => p.images.map((i) => i.src)));
  for (const p of list) {
    if ((p.status as string) === 'trash') continue;
    const variations = p.type === 'variable' ? await client.all<WcVariation>(`/wp-json/wc/v3/products/${p.id}/variations`, { context: 'edit' }) : [];
    for (const v of variations) if (v.image) v.image.src = absolute(v.image.src, sourceUrl);
    const images = await downloaded(importer, [...p.images.map((i) => i.src), ...variations.flatMap((v) => (v.image ? [v.image.src] : []))], p.name, counts);
    try {
      // One product with its variations in one transaction, with its links: stopped halfway, nothing half-made stays.
      await db.transaction(async (tx) => {
        const input = await productInput(tx, p, source, taxonomies, images);
        let local = await linked(tx, source, 'product', p.id);
        if (local !== undefined && !(await tx.select({ id: products.id }).from(products).where(eq(products.id, local)))[0]) local = undefined;
        if (local !== undefined) await updateProduct(tx, local, input, actor);
        else local = await createProduct(tx, input, actor);
        await link(tx, source, 'product', p.id, local);
        for (const v of variations) {
          const known = await linked(tx, source, 'variation', v.id);
          const vInput = variationInput(v, images);
          if (known !== undefined) await updateVariation(tx, local, known, vInput, actor);
          const id = known ?? (await createVariation(tx, local, vInput, actor));
          await link(tx, source, 'variation', v.id, id);
          counts.variations += 1;
        }
      });
      counts.products += 1;
    } catch (error) {
      if (!(error instanceof DomainError) && !(error instanceof Error && error.name === 'ZodError')) throw error;
      counts.skipped += 1;
      if (counts.reasons.length < 20) counts.reasons.push(`${p.name}: ${error.message.slice(0, 200)}`);
    }
    await onProgress();
  }
}

interface SourceAddon {
  id: number;
  name: string;
  translations?: { fr?: string; en?: string };
  priority?: number;
  restrict_to_categories?: Record<string, string> | number[];
  fields?: {
    name: string;
    translations?: { fr?: string; en?: string };
    description?: string;
    type: string;
    display?: string;
    required?: boolean | number;
    price?: string | number;
    price_type?: string;
    max?: number;
    options?: {
      label: string;
      translations?: { fr?: string; en?: string };
      price?: string | number | null;
      price_type?: string;
      image_src?: string | null;
      allergens?: number[];
    }[];
  }[];
}

/** "0.50", 0.5 or "" (none) as cents. */
function cents(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 100) : null;
}

const oneOf = <T extends string>(values: readonly T[], value: string | undefined): T | undefined =>
  value !== undefined && (values as readonly string[]).includes(value) ? (value as T) : undefined;

/**
 * The global add-on groups (GET /wp-json/wc-product-add-ons/v2/global-add-ons, served by Bakje and by the
 * Product Add-Ons plugin), linked like the products: a second run changes the same groups, keeping their field
 * and option ids (cart lines refer to them) by position. A shop without the plugin has no such route.
 */
async function importGlobalAddons(
  db: Db,
  client: WooCommerceRestClient,
  source: string,
  actor: Actor,
  counts: ShopImportCounts,
  importer: ImageImporter,
  sourceUrl: string,
) {
  let list: SourceAddon[];
  try {
    list = await client.all<SourceAddon>('/wp-json/wc-product-add-ons/v2/global-add-ons');
  } catch (error) {
    if (error instanceof WooCommerceSourceError && error.status === 404) return;
    throw error;
  }
  const taxonomies = await taxonomiesOf(db, client);
  for (const addon of list) {
    const optionImages = (addon.fields ?? []).flatMap((f) => (f.options ?? []).flatMap((o) => (o.image_src ? [absolute(o.image_src, sourceUrl)] : [])));
    const images = await downloaded(importer, optionImages, addon.name, counts);
    const categoryIds: number[] = [];
    const restricted = Array.isArray(addon.restrict_to_categories) ? addon.restrict_to_categories : Object.keys(addon.restrict_to_categories ?? {});
    for (const id of restricted) {
      const local = await linked(db, source, 'category', Number(id));
      if (local !== undefined) categoryIds.push(local);
    }
    const known = await linked(db, source, 'global_addon', addon.id);
    const existing = known !== undefined ? await getGlobalAddon(db, known).catch(() => undefined) : undefined;
    const fields: AddonFieldInput[] = [];
    for (const f of addon.fields ?? []) {
      const type = oneOf(addonKinds, f.type);
      // A kind Bakje does not have (a file upload, a price the customer types): left out, and said so.
      if (!type) {
        if (counts.reasons.length < 20) counts.reasons.push(`${addon.name}: the field "${f.name}" (${f.type}) is not supported`);
        continue;
      }
      const current = existing?.fields[fields.length];
      const sameKind = current && current.kind === type ? current : undefined;
      fields.push({
        ...(sameKind ? { id: sameKind.id } : {}),
        name: f.name,
        ...(otherLanguages(f.translations) ? { translations: otherLanguages(f.translations) } : {}),
        description: f.description ?? '',
        type,
        ...(oneOf(addonDisplays, f.display) ? { display: oneOf(addonDisplays, f.display) } : {}),
        required: Boolean(f.required),
        price: cents(f.price) ?? 0,
        ...(oneOf(addonPriceTypes, f.price_type) ? { priceType: oneOf(addonPriceTypes, f.price_type) } : {}),
        maxLength: f.max ? f.max : null,
        options: (f.options ?? []).map((o, index) => {
          const image = o.image_src ? images.get(absolute(o.image_src, sourceUrl)) : undefined;
          const keep = sameKind?.options[index];
          return {
            ...(keep ? { id: keep.id } : {}),
            label: o.label,
            ...(otherLanguages(o.translations) ? { translations: otherLanguages(o.translations) } : {}),
            price: cents(o.price),
            ...(oneOf(addonPriceTypes, o.price_type) ? { priceType: oneOf(addonPriceTypes, o.price_type) } : {}),
            imageId: image ?? null,
            allergenIds: (o.allergens ?? []).flatMap((id) => taxonomies.allergens.filter((l) => l.code === taxonomies.allergenCodes.get(id)).map((l) => l.id)),
          };
        }),
      });
    }
    const input: GlobalAddonInput & { name: string } = {
      name: addon.name,
      ...(otherLanguages(addon.translations) ? { translations: otherLanguages(addon.translations) } : {}),
      ...(addon.priority !== undefined ? { priority: addon.priority } : {}),
      categoryIds,
      fields,
    };
    try {
      // The group and its link together (a savepoint each inside): an interrupted run leaves no group without its link.
      await db.transaction(async (tx) => {
        const local = existing
          ? (await updateGlobalAddon(tx as unknown as Db, existing.row.id, input, actor)).record.row.id
          : (await createGlobalAddon(tx as unknown as Db, input, actor)).record.row.id;
        await link(tx, source, 'global_addon', addon.id, local);
      });
      counts.addons += 1;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      counts.skipped += 1;
      if (counts.reasons.length < 20) counts.reasons.push(`${addon.name}: ${error.message.slice(0, 200)}`);
    }
  }
}

async function importTimeSlots(db: Db, client: WooCommerceRestClient, source: string, counts: ShopImportCounts) {
  let slots: (Record<string, unknown> & { id: number })[];
  try {
    slots = await client.all('/wp-json/wc/v3/time-slots');
  } catch (error) {
    // A WooCommerce shop without a time-slot plugin has no such route.
    if (error instanceof WooCommerceSourceError && error.status === 404) return;
    throw error;
  }
  for (const { id, date_created: _created, warnings: _warnings, ...fields } of slots) {
    if ((await linked(db, source, 'time_slot', id)) !== undefined) continue;
    const parsed = timeSlotInput.safeParse(fields);
    if (!parsed.success) continue;
    await db.transaction(async (tx) => {
      const slot = await createTimeSlot(tx, parsed.data);
      await link(tx, source, 'time_slot', id, slot.id);
    });
    counts.timeSlots += 1;
  }
}

/**
 * The job: categories, global add-ons, products with variations and their own add-ons, then time slots, the
 * images brought into the media library on the way; counts saved as it goes.
 */
export function shopImportJobHandler(media: MediaService, options: { fetch?: typeof fetch; images?: ImageImportOptions } = {}): JobHandler<{ id: string }> {
  return {
    kind: SHOP_IMPORT_JOB,
    maxAttempts: 5,
    backoff: { baseMs: 10_000, maxMs: 5 * 60_000 },
    describe: (payload) => ({ importId: payload.id }),
    async handle(job, ctx) {
      const [row] = await ctx.db.select().from(shopImports).where(eq(shopImports.id, job.payload.id));
      if (!row || row.status === 'done' || row.status === 'failed' || !row.consumerKey || !row.consumerSecret) return { skipped: 'nothing to import' };
      const source = sourceKey(row.sourceUrl);
      const client = new WooCommerceRestClient(
        { url: row.sourceUrl, consumerKey: row.consumerKey, consumerSecret: row.consumerSecret },
        options.fetch ? { fetch: options.fetch } : {},
      );
      const importer = new ImageImporter(media, options.images);
      const counts: ShopImportCounts = {
        categories: 0,
        addons: 0,
        products: 0,
        productsTotal: 0,
        variations: 0,
        timeSlots: 0,
        images: 0,
        imageFailures: 0,
        imageProblems: [],
        skipped: 0,
        reasons: [],
      };
      const save = (status: 'running' | 'done' | 'failed', extra: Partial<typeof shopImports.$inferInsert> = {}) =>
        ctx.db
          .update(shopImports)
          .set({ status, counts, ...extra })
          .where(eq(shopImports.id, row.id));
      const actor: Actor = { type: 'system', id: null };
      await save('running');
      try {
        await importCategories(ctx.db, client, source, actor, counts);
        await importGlobalAddons(ctx.db, client, source, actor, counts, importer, row.sourceUrl);
        await importProducts(ctx.db, client, source, actor, counts, importer, row.sourceUrl, () => save('running').then(() => undefined));
        await importTimeSlots(ctx.db, client, source, counts);
        await ctx.db.transaction(async (tx) => {
          await tx
            .update(shopImports)
            .set({ status: 'done', counts, finishedAt: new Date(), consumerKey: null, consumerSecret: null })
            .where(eq(shopImports.id, row.id));
          // The pictures' resized copies, left out while importing so they did not slow it down.
          await enqueueJobs(tx, importer.variantJobs());
        });
        return { result: { products: counts.products } };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        // A refused key will not work on a retry; a shop that is away may come back (the runner retries, resuming).
        if (error instanceof WooCommerceSourceError && (error.status === 401 || error.status === 403 || job.attempts >= 5)) {
          await save('failed', { error: message, finishedAt: new Date(), consumerKey: null, consumerSecret: null });
          throw new PermanentJobError(message);
        }
        await save('running', { error: message });
        throw error;
      }
    },
  };
}
