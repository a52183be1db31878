import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import * as t from '../../db/schema/index.js';
import type { Lang } from '../i18n/locale.js';
import { translate } from '../i18n/locale.js';
import { stripMarkup } from './excerpt.js';
import type { AgeLimit } from '@bakje/contract';
import { strictestAge } from './age-limit.js';
import { nextMessageChange, unendedMessages, type MessageRow } from '../messages/messages.js';

export type ProductRow = typeof t.products.$inferSelect;
export type CategoryRow = typeof t.categories.$inferSelect;
export type TagRow = typeof t.tags.$inferSelect;
export type MediaRow = typeof t.media.$inferSelect;
export type AllergenRow = typeof t.allergens.$inferSelect;
export type AttributeRow = typeof t.attributes.$inferSelect;
export type AttributeTermRow = typeof t.attributeTerms.$inferSelect;
export type ProductAttributeRow = typeof t.productAttributes.$inferSelect;
export type ReviewRow = typeof t.reviews.$inferSelect;
export type AddonFieldRow = typeof t.addonFields.$inferSelect;
export type AddonOptionRow = typeof t.addonOptions.$inferSelect;

export interface AddonOption extends AddonOptionRow {
  allergenIds: number[];
  /** "Sold out today" when the snapshot was loaded (it reloads when the mark ends; catalog/sold-out.ts). */
  soldOut: boolean;
}
export interface AddonField extends AddonFieldRow {
  options: AddonOption[];
}
export interface GlobalAddon {
  id: number;
  priority: number;
  categoryIds: number[];
  fields: AddonField[];
}

export interface ProductRecord {
  /** The product as the shop sells it now: salePrice is null outside its sale dates (storedSalePrice keeps it). */
  row: ProductRow;
  /** The sale price as saved, whether or not its dates have come (the REST API shows this one). */
  storedSalePrice: number | null;
  categoryIds: number[];
  tagIds: number[];
  allergenIds: number[];
  galleryIds: number[];
  upsellIds: number[];
  crossSellIds: number[];
  groupedIds: number[];
  attributes: ProductAttributeRow[];
  ownAddons: AddonField[];
  variations: ProductRecord[];
  reviews: ReviewRow[];
  averageRating: number;
  /** Effective price in cents (sale price when on sale); for VARIABLE the variations' prices. */
  prices: number[];
  /** Lower-cased plain text per language, for search. */
  searchText: Record<Lang, string>;
  /** "Sold out today" when the snapshot was loaded (it reloads when the mark ends; catalog/sold-out.ts). */
  soldOut: boolean;
  /** 16 or 18: the strictest of its own mark and its categories' (a variation: its parent's); null: none. */
  ageLimit: AgeLimit | null;
}

export interface CatalogSnapshot {
  version: number;
  products: Map<number, ProductRecord>;
  productsBySlug: Map<string, ProductRecord>;
  productsBySku: Map<string, ProductRecord>;
  /** Every non-variation product, in menu order. */
  list: ProductRecord[];
  categories: Map<number, CategoryRow>;
  categoriesBySlug: Map<string, CategoryRow>;
  /** Visible, published products per category id. */
  categoryCounts: Map<number, number>;
  tags: Map<number, TagRow>;
  /** Visible, published products per tag id. */
  tagCounts: Map<number, number>;
  media: Map<number, MediaRow>;
  allergens: Map<number, AllergenRow>;
  attributes: Map<number, AttributeRow>;
  attributesBySlug: Map<string, AttributeRow>;
  terms: Map<number, AttributeTermRow>;
  /** Visible, published products per "taxonomy:slug". */
  termCounts: Map<string, number>;
  globalAddons: GlobalAddon[];
  settings: Map<string, unknown>;
  /** When the next scheduled sale starts or ends (epoch ms): the snapshot is stale from then on. */
  nextSaleChange: number | null;
  /** When the earliest "sold out today" mark ends (epoch ms), or null: the snapshot is stale from then on. */
  soldOutExpiry: number | null;
  /** The banners not yet ended (messages/messages.ts), earliest start first. */
  messages: MessageRow[];
  /** When the next banner window opens or closes (epoch ms): what the shop shows changes then. */
  nextMessageChange: number | null;
}

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

export function effectivePrice(row: ProductRow): number | null {
  return row.salePrice ?? row.regularPrice;
}

/** Published, visible in catalog or search, and not switched off for the store. */
export function isListed(row: ProductRow): boolean {
  return row.status === 'publish' && row.showInStore && row.catalogVisibility !== 'hidden' && row.type !== 'VARIATION';
}

/** Helper categories (options, uncategorized, custom order above 9999) never show in the shop. */
export function isShopCategory(category: CategoryRow): boolean {
  return category.slug !== 'opties' && category.slug !== 'uncategorized' && category.customOrder <= 9999;
}

/**
 * Reads the whole catalogue in one consistent read. A restaurant menu is small (hundreds of rows), so
 * every instance keeps it in memory and rebuilds it when the catalogue version moves.
 */
export async function loadCatalogSnapshot(db: Db, now: () => Date = () => new Date()): Promise<CatalogSnapshot> {
  return db.transaction(
    async (tx) => {
      const [versionRow] = await tx.select().from(t.versions).where(eq(t.versions.name, 'catalog'));
      const [
        productRows,
        categoryRows,
        mediaRows,
        allergenRows,
        attributeRows,
        termRows,
        productCategoryRows,
        galleryRows,
        linkRows,
        productAttributeRows,
        productAllergenRows,
        globalAddonRows,
        globalAddonCategoryRows,
        fieldRows,
        optionRows,
        optionAllergenRows,
        reviewRows,
        settingRows,
        messageRows,
        tagRows,
        productTagRows,
      ] = await oneAfterAnother([
        tx.select().from(t.products),
        tx.select().from(t.categories),
        tx.select().from(t.media),
        tx.select().from(t.allergens),
        tx.select().from(t.attributes),
        tx.select().from(t.attributeTerms),
        tx.select().from(t.productCategories),
        tx.select().from(t.productGallery),
        tx.select().from(t.productLinks),
        tx.select().from(t.productAttributes),
        tx.select().from(t.productAllergens),
        tx.select().from(t.globalAddons),
        tx.select().from(t.globalAddonCategories),
        tx.select().from(t.addonFields),
        tx.select().from(t.addonOptions),
        tx.select().from(t.addonOptionAllergens),
        tx.select().from(t.reviews).where(eq(t.reviews.status, 'approved')),
        tx.select().from(t.settings),
        unendedMessages(tx, now()),
        tx.select().from(t.tags),
        tx.select().from(t.productTags),
      ]);
      return buildSnapshot(versionRow?.version ?? 0, now(), {
        productRows,
        categoryRows,
        mediaRows,
        allergenRows,
        attributeRows,
        termRows,
        productCategoryRows,
        galleryRows,
        linkRows,
        productAttributeRows,
        productAllergenRows,
        globalAddonRows,
        globalAddonCategoryRows,
        fieldRows,
        optionRows,
        optionAllergenRows,
        reviewRows,
        settingRows,
        messageRows,
        tagRows,
        productTagRows,
      });
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

interface Rows {
  tagRows: TagRow[];
  productTagRows: (typeof t.productTags.$inferSelect)[];
  productRows: ProductRow[];
  categoryRows: CategoryRow[];
  mediaRows: MediaRow[];
  allergenRows: AllergenRow[];
  attributeRows: AttributeRow[];
  termRows: AttributeTermRow[];
  productCategoryRows: (typeof t.productCategories.$inferSelect)[];
  galleryRows: (typeof t.productGallery.$inferSelect)[];
  linkRows: (typeof t.productLinks.$inferSelect)[];
  productAttributeRows: ProductAttributeRow[];
  productAllergenRows: (typeof t.productAllergens.$inferSelect)[];
  globalAddonRows: (typeof t.globalAddons.$inferSelect)[];
  globalAddonCategoryRows: (typeof t.globalAddonCategories.$inferSelect)[];
  fieldRows: AddonFieldRow[];
  optionRows: AddonOptionRow[];
  optionAllergenRows: (typeof t.addonOptionAllergens.$inferSelect)[];
  reviewRows: ReviewRow[];
  settingRows: (typeof t.settings.$inferSelect)[];
  messageRows: MessageRow[];
}

/** A sale price applies between its optional dates (WooCommerce's scheduled sale); outside them it is absent. */
function saleNow(row: ProductRow, now: Date): ProductRow {
  if (row.salePrice === null) return row;
  const started = !row.dateOnSaleFrom || row.dateOnSaleFrom <= now;
  const ended = row.dateOnSaleTo !== null && row.dateOnSaleTo <= now;
  return started && !ended ? row : { ...row, salePrice: null };
}

function buildSnapshot(version: number, now: Date, r: Rows): CatalogSnapshot {
  let nextSaleChange: number | null = null;
  for (const row of r.productRows) {
    if (row.salePrice === null) continue;
    for (const moment of [row.dateOnSaleFrom, row.dateOnSaleTo]) {
      if (moment && moment > now && (nextSaleChange === null || moment.getTime() < nextSaleChange)) nextSaleChange = moment.getTime();
    }
  }
  // "Sold out until" marks still running, and the earliest end among them.
  const nowMs = now.getTime();
  let soldOutExpiry = null as number | null;
  const soldOut = (until: Date | null) => {
    if (until === null || until.getTime() <= nowMs) return false;
    if (soldOutExpiry === null || until.getTime() < soldOutExpiry) soldOutExpiry = until.getTime();
    return true;
  };
  const categoriesOf = groupBy(r.productCategoryRows, (x) => x.productId);
  const galleryOf = groupBy(
    [...r.galleryRows].sort((a, b) => a.position - b.position),
    (x) => x.productId,
  );
  const linksOf = groupBy(
    [...r.linkRows].sort((a, b) => a.position - b.position),
    (x) => x.productId,
  );
  const attributesOf = groupBy(
    [...r.productAttributeRows].sort((a, b) => a.position - b.position),
    (x) => x.productId,
  );
  const allergensOf = groupBy(r.productAllergenRows, (x) => x.productId);
  const tagsOf = groupBy(r.productTagRows, (x) => x.productId);
  const reviewsOf = groupBy(
    [...r.reviewRows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()),
    (x) => x.productId,
  );
  const optionAllergensOf = groupBy(r.optionAllergenRows, (x) => x.optionId);
  const optionsOf = groupBy(
    [...r.optionRows].sort((a, b) => a.position - b.position || a.id - b.id),
    (x) => x.fieldId,
  );
  const fields: AddonField[] = [...r.fieldRows]
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .map((field) => ({
      ...field,
      options: (optionsOf.get(field.id) ?? []).map((o) => ({
        ...o,
        allergenIds: (optionAllergensOf.get(o.id) ?? []).map((x) => x.allergenId),
        soldOut: soldOut(o.soldOutUntil),
      })),
    }));
  const productFieldsOf = groupBy(
    fields.filter((f) => f.productId !== null),
    (f) => f.productId!,
  );
  const globalFieldsOf = groupBy(
    fields.filter((f) => f.globalAddonId !== null),
    (f) => f.globalAddonId!,
  );
  const globalCategoriesOf = groupBy(r.globalAddonCategoryRows, (x) => x.globalAddonId);

  const records = new Map<number, ProductRecord>();
  for (const storedRow of r.productRows) {
    const row = saleNow(storedRow, now);
    const links = linksOf.get(row.id) ?? [];
    const reviews = reviewsOf.get(row.id) ?? [];
    const plain = (lang: Lang) =>
      [translate(row.name, lang), stripMarkup(translate(row.description, lang)), stripMarkup(translate(row.shortDescription, lang))].join(' ').toLowerCase();
    const price = effectivePrice(row);
    records.set(row.id, {
      row,
      storedSalePrice: storedRow.salePrice,
      categoryIds: (categoriesOf.get(row.id) ?? []).map((x) => x.categoryId),
      tagIds: (tagsOf.get(row.id) ?? []).map((x) => x.tagId).sort((a, b) => a - b),
      allergenIds: (allergensOf.get(row.id) ?? []).map((x) => x.allergenId),
      galleryIds: (galleryOf.get(row.id) ?? []).map((x) => x.mediaId),
      upsellIds: links.filter((l) => l.kind === 'upsell').map((l) => l.linkedId),
      crossSellIds: links.filter((l) => l.kind === 'cross_sell').map((l) => l.linkedId),
      groupedIds: links.filter((l) => l.kind === 'grouped').map((l) => l.linkedId),
      attributes: attributesOf.get(row.id) ?? [],
      ownAddons: productFieldsOf.get(row.id) ?? [],
      variations: [],
      reviews,
      averageRating: reviews.length ? Math.round((reviews.reduce((sum, x) => sum + x.rating, 0) / reviews.length) * 100) / 100 : 0,
      prices: price === null ? [] : [price],
      searchText: { nl: plain('nl'), fr: plain('fr'), en: plain('en') },
      soldOut: soldOut(row.soldOutUntil),
      ageLimit: null,
    });
  }
  for (const record of records.values()) {
    const parent = record.row.parentId === null ? undefined : records.get(record.row.parentId);
    if (parent && record.row.type === 'VARIATION') parent.variations.push(record);
  }
  // The strictest age mark of a product and its categories; a variation sells under its parent's.
  const categoryAge = new Map(r.categoryRows.map((c) => [c.id, c.ageLimit]));
  const ownAge = (record: ProductRecord) => strictestAge([record.row.ageLimit, ...record.categoryIds.map((id) => categoryAge.get(id))]);
  for (const record of records.values()) {
    const parent = record.row.type === 'VARIATION' && record.row.parentId !== null ? records.get(record.row.parentId) : undefined;
    record.ageLimit = parent ? strictestAge([ownAge(record), ownAge(parent)]) : ownAge(record);
  }
  for (const record of records.values()) {
    if (record.row.type !== 'VARIABLE') continue;
    record.variations.sort((a, b) => a.row.menuOrder - b.row.menuOrder || a.row.id - b.row.id);
    record.prices = [...new Set(record.variations.flatMap((v) => v.prices))].sort((a, b) => a - b);
  }
  for (const record of records.values()) {
    if (record.row.type !== 'GROUPED') continue;
    const childPrices = record.groupedIds.flatMap((id) => records.get(id)?.prices ?? []);
    record.prices = [...new Set(childPrices)].sort((a, b) => a - b);
  }

  const list = [...records.values()].filter((p) => p.row.type !== 'VARIATION').sort((a, b) => a.row.menuOrder - b.row.menuOrder || a.row.id - b.row.id);

  const categoryCounts = new Map<number, number>();
  const tagCounts = new Map<number, number>();
  const termCounts = new Map<string, number>();
  const attributes = new Map(r.attributeRows.map((a) => [a.id, a]));
  for (const product of list) {
    if (!isListed(product.row)) continue;
    for (const id of product.categoryIds) categoryCounts.set(id, (categoryCounts.get(id) ?? 0) + 1);
    for (const id of product.tagIds) tagCounts.set(id, (tagCounts.get(id) ?? 0) + 1);
    for (const attribute of product.attributes) {
      const taxonomy = attribute.attributeId !== null ? attributes.get(attribute.attributeId)?.slug : undefined;
      if (!taxonomy) continue;
      for (const option of attribute.options) {
        const key = `${taxonomy}:${option}`;
        termCounts.set(key, (termCounts.get(key) ?? 0) + 1);
      }
    }
  }

  return {
    version,
    products: records,
    productsBySlug: new Map([...records.values()].map((p) => [p.row.slug, p])),
    productsBySku: new Map([...records.values()].filter((p) => p.row.sku).map((p) => [p.row.sku, p])),
    list,
    categories: new Map(r.categoryRows.map((c) => [c.id, c])),
    categoriesBySlug: new Map(r.categoryRows.map((c) => [c.slug, c])),
    categoryCounts,
    tags: new Map(r.tagRows.map((x) => [x.id, x])),
    tagCounts,
    media: new Map(r.mediaRows.map((m) => [m.id, m])),
    allergens: new Map(r.allergenRows.map((a) => [a.id, a])),
    attributes,
    attributesBySlug: new Map(r.attributeRows.map((a) => [a.slug, a])),
    terms: new Map(r.termRows.map((x) => [x.id, x])),
    termCounts,
    globalAddons: r.globalAddonRows
      .map((g) => ({
        id: g.id,
        priority: g.priority,
        categoryIds: (globalCategoriesOf.get(g.id) ?? []).map((x) => x.categoryId),
        fields: globalFieldsOf.get(g.id) ?? [],
      }))
      .sort((a, b) => a.priority - b.priority || a.id - b.id),
    settings: new Map(r.settingRows.map((s) => [s.key, s.value])),
    nextSaleChange,
    soldOutExpiry,
    messages: r.messageRows,
    nextMessageChange: nextMessageChange(r.messageRows, now),
  };
}

/** A product's own add-on fields followed by the global add-ons that apply to its categories. */
export function addonsFor(snapshot: CatalogSnapshot, product: ProductRecord): AddonField[] {
  const global = snapshot.globalAddons
    .filter((g) => g.categoryIds.length === 0 || g.categoryIds.some((id) => product.categoryIds.includes(id)))
    .flatMap((g) => g.fields);
  return [...product.ownAddons, ...global];
}

/**
 * Awaits lazily built queries one after the other. They share one transaction's connection, which runs a
 * single query at a time anyway; issuing them together is deprecated by pg (and removed in pg 9).
 */
async function oneAfterAnother<T extends readonly unknown[] | []>(queries: T): Promise<{ -readonly [P in keyof T]: Awaited<T[P]> }> {
  const results: unknown[] = [];
  for (const query of queries) results.push(await query);
  return results as { -readonly [P in keyof T]: Awaited<T[P]> };
}
