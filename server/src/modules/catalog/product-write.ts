import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { MAX_VARIATIONS, type productWriteBody, type variationWriteBody, type imageRef, type addonWrite } from '@bakje/contract';
import type { Tx } from '../../db/client.js';
import * as t from '../../db/schema/index.js';
import type { ProductType, StockStatus, Translated, MetaEntry } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';
import { sanitizeRichText } from '../rich-text/sanitize.js';
import { diffFields, recordChange, type Actor } from '../catalog-audit/catalog-audit.js';
import { queuePosSync } from '../pos-sync/pos-sync.js';

export type ProductInput = z.output<typeof productWriteBody>;
export type VariationInput = z.output<typeof variationWriteBody>;
type ImageInput = z.output<typeof imageRef>;
type AddonInput = z.output<typeof addonWrite>;
type ProductRow = typeof t.products.$inferSelect;

const STOCK_IN: Record<string, StockStatus> = { instock: 'IN_STOCK', outofstock: 'OUT_OF_STOCK', onbackorder: 'ON_BACKORDER' };
const TYPE_IN: Record<string, ProductType> = { simple: 'SIMPLE', variable: 'VARIABLE', grouped: 'GROUPED', external: 'EXTERNAL' };
/** Meta keys of docs/product.md §3 that are fields here; written through meta_data they set the field. */
const MAPPED_META = new Set(['english_translation', 'french_translation', 'max_amount', 'is_promotion', 'product_allergens']);
/** Meta keys the API answers but never stores (docs/interfaces.md §2): a client echoing a read back changes nothing. */
const READ_ONLY_META = new Set(['last_changed_by', '_bakje_sold_out_until']);
const MAX_META_CHARS = 20_000;

/** A refusal naming the field, in WooCommerce's shape (data.params). */
export const invalid = (
  field: string,
  message: string,
  code: 'PRODUCT_INVALID' | 'PRODUCT_SKU_TAKEN' | 'PRODUCT_SLUG_TAKEN' | 'TOO_MANY_VARIATIONS' = 'PRODUCT_INVALID',
) => new DomainError(code, message, { params: [field] });

const toCents = (value: string | undefined) => (value === undefined ? undefined : value === '' ? null : Math.round(Number(value) * 100));
function toDate(value: string | null | undefined): Date | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  // WooCommerce's site-time dates carry no zone; the site time is UTC here.
  return new Date(/Z|[+-]\d{2}:?\d{2}$/.test(value) || value.length === 10 ? value : `${value}Z`);
}

export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 190)
    .replace(/-+$/, '');
  return slug || 'product';
}

async function freeSlug(tx: Tx, base: string, selfId?: number): Promise<string> {
  const rows = await tx
    .select({ slug: t.products.slug })
    .from(t.products)
    .where(and(sql`(${t.products.slug} = ${base} or ${t.products.slug} like ${`${base}-%`})`, selfId ? ne(t.products.id, selfId) : undefined));
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

async function checkSlug(tx: Tx, slug: string, selfId?: number) {
  const [other] = await tx
    .select({ id: t.products.id })
    .from(t.products)
    .where(and(eq(t.products.slug, slug), selfId ? ne(t.products.id, selfId) : undefined));
  if (other) throw invalid('slug', `The slug "${slug}" is already used by product ${other.id}.`, 'PRODUCT_SLUG_TAKEN');
}

async function checkSku(tx: Tx, sku: string, selfId?: number) {
  if (!sku) return;
  const [other] = await tx
    .select({ id: t.products.id })
    .from(t.products)
    .where(and(eq(t.products.sku, sku), selfId ? ne(t.products.id, selfId) : undefined));
  if (other) throw invalid('sku', 'Invalid or duplicated SKU.', 'PRODUCT_SKU_TAKEN');
}

async function existingIds(tx: Tx, table: typeof t.categories | typeof t.tags | typeof t.allergens | typeof t.media, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  return new Set(rows.map((r) => r.id));
}

async function requireIds(
  tx: Tx,
  table: typeof t.categories | typeof t.tags | typeof t.allergens | typeof t.media,
  ids: number[],
  field: string,
  what: string,
) {
  const found = await existingIds(tx, table, ids);
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw invalid(field, `Unknown ${what} id(s): ${[...new Set(missing)].join(', ')}.`);
}

async function requireProducts(tx: Tx, ids: number[], field: string, selfId?: number) {
  if (selfId !== undefined && ids.includes(selfId)) throw invalid(field, `A product cannot list itself in ${field}.`);
  if (ids.length === 0) return;
  const rows = await tx
    .select({ id: t.products.id })
    .from(t.products)
    .where(and(inArray(t.products.id, ids), ne(t.products.type, 'VARIATION'), ne(t.products.status, 'trash')));
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw invalid(field, `Unknown product id(s) in ${field}: ${[...new Set(missing)].join(', ')}.`);
}

/** An image reference as a media id: an existing id, an existing item's src, or a new media item for the address. */
async function mediaIdOf(tx: Tx, image: ImageInput, field: string, title: string): Promise<number> {
  if ('id' in image) {
    await requireIds(tx, t.media, [image.id], field, 'image');
    return image.id;
  }
  const [known] = await tx.select({ id: t.media.id }).from(t.media).where(eq(t.media.src, image.src)).limit(1);
  if (known) return known.id;
  const [created] = await tx
    .insert(t.media)
    .values({ src: image.src, title: image.name ?? `Product Image ${image.alt ?? title}`, altText: image.alt ?? '', mimeType: '' })
    .returning({ id: t.media.id });
  return created!.id;
}

/** The editable state of a product or variation in API field names: what the change history compares. */
async function auditView(tx: Tx, id: number): Promise<Record<string, unknown>> {
  const [row] = await tx.select().from(t.products).where(eq(t.products.id, id));
  if (!row) return {};
  const [cats, tagRows, gallery, links, allergenRows, attributeRows, fields] = [
    await tx.select().from(t.productCategories).where(eq(t.productCategories.productId, id)),
    await tx.select().from(t.productTags).where(eq(t.productTags.productId, id)),
    await tx.select().from(t.productGallery).where(eq(t.productGallery.productId, id)).orderBy(asc(t.productGallery.position)),
    await tx.select().from(t.productLinks).where(eq(t.productLinks.productId, id)).orderBy(asc(t.productLinks.position)),
    await tx.select().from(t.productAllergens).where(eq(t.productAllergens.productId, id)),
    await tx.select().from(t.productAttributes).where(eq(t.productAttributes.productId, id)).orderBy(asc(t.productAttributes.position)),
    await tx.select().from(t.addonFields).where(eq(t.addonFields.productId, id)).orderBy(asc(t.addonFields.position)),
  ];
  const options = fields.length
    ? await tx
        .select()
        .from(t.addonOptions)
        .where(
          inArray(
            t.addonOptions.fieldId,
            fields.map((f) => f.id),
          ),
        )
        .orderBy(asc(t.addonOptions.position))
    : [];
  const optionAllergens = options.length
    ? await tx
        .select()
        .from(t.addonOptionAllergens)
        .where(
          inArray(
            t.addonOptionAllergens.optionId,
            options.map((o) => o.id),
          ),
        )
    : [];
  return {
    name: row.name,
    description: row.description,
    short_description: row.shortDescription,
    slug: row.slug,
    sku: row.sku,
    type: row.type.toLowerCase(),
    status: row.status,
    featured: row.featured,
    catalog_visibility: row.catalogVisibility,
    regular_price: row.regularPrice,
    sale_price: row.salePrice,
    date_on_sale_from: row.dateOnSaleFrom?.toISOString() ?? null,
    date_on_sale_to: row.dateOnSaleTo?.toISOString() ?? null,
    stock_status: row.stockStatus,
    manage_stock: row.manageStock,
    stock_quantity: row.stockQuantity,
    menu_order: row.menuOrder,
    vat_rates: { takeaway: row.vatRateTakeaway, on_site: row.vatRateOnSite },
    max_quantity: row.maxQuantity,
    is_promotion: row.isPromotion,
    age_limit: row.ageLimit,
    external_url: row.externalUrl,
    button_text: row.buttonText,
    meta_data: row.metaData,
    default_attributes: row.defaultAttributes,
    variation_attributes: row.variationAttributes,
    images: [row.imageId, ...gallery.map((g) => g.mediaId)].filter((x) => x !== null),
    categories: cats.map((c) => c.categoryId).sort((a, b) => a - b),
    tags: tagRows.map((x) => x.tagId).sort((a, b) => a - b),
    allergens: allergenRows.map((a) => a.allergenId).sort((a, b) => a - b),
    upsell_ids: links.filter((l) => l.kind === 'upsell').map((l) => l.linkedId),
    cross_sell_ids: links.filter((l) => l.kind === 'cross_sell').map((l) => l.linkedId),
    grouped_products: links.filter((l) => l.kind === 'grouped').map((l) => l.linkedId),
    attributes: attributeRows.map((a) => ({ id: a.attributeId, name: a.name, options: a.options, visible: a.visible, variation: a.variation })),
    addons: fields.map((f) => ({
      name: f.name,
      description: f.description,
      type: f.kind,
      display: f.display,
      required: f.required,
      price: f.price,
      price_type: f.priceType,
      max: f.maxLength,
      options: options
        .filter((o) => o.fieldId === f.id)
        .map((o) => ({
          label: o.label,
          price: o.price,
          price_type: o.priceType,
          image: o.imageId,
          allergens: optionAllergens
            .filter((a) => a.optionId === o.id)
            .map((a) => a.allergenId)
            .sort((a, b) => a - b),
        })),
    })),
  };
}

function mergedTranslated(
  current: Translated,
  nl: string | undefined,
  extra: { nl?: string; fr?: string; en?: string } | undefined,
  rich: boolean,
): Translated | undefined {
  if (nl === undefined && extra === undefined) return undefined;
  const clean = (s: string) => (rich ? sanitizeRichText(s) : s.trim());
  const next: Translated = { ...current };
  if (nl !== undefined) next.nl = clean(nl);
  if (extra?.nl !== undefined) next.nl = clean(extra.nl);
  if (extra?.fr !== undefined) next.fr = clean(extra.fr);
  if (extra?.en !== undefined) next.en = clean(extra.en);
  return next;
}

/** Known meta keys become fields; others are kept by key (a new value replaces the old, as WooCommerce does). */
function applyMeta(input: ProductInput | VariationInput, current: MetaEntry[]) {
  const meta = input.meta_data;
  if (!meta) return { metaData: undefined, mapped: {} as Record<string, unknown> };
  const mapped: Record<string, unknown> = {};
  const next = [...current];
  for (const entry of meta) {
    if (READ_ONLY_META.has(entry.key)) continue;
    if (MAPPED_META.has(entry.key)) {
      mapped[entry.key] = entry.value;
      continue;
    }
    const at = next.findIndex((m) => m.key === entry.key);
    if (entry.value === null || entry.value === undefined) {
      if (at >= 0) next.splice(at, 1);
    } else if (at >= 0) next[at] = { key: entry.key, value: entry.value };
    else next.push({ key: entry.key, value: entry.value });
  }
  if (next.length > 100) throw invalid('meta_data', 'A product holds at most 100 meta_data entries.');
  if (JSON.stringify(next).length > MAX_META_CHARS) throw invalid('meta_data', `meta_data is too large (at most ${MAX_META_CHARS} characters as JSON).`);
  return { metaData: next, mapped };
}

function mappedText(value: unknown, key: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length > 200) throw invalid('meta_data', `meta_data ${key} must be a text of at most 200 characters.`);
  return value;
}

/** The columns shared by products and variations: prices, sale dates, stock, status, order, VAT, meta. */
function sellableValues(input: ProductInput | VariationInput, current: ProductRow | undefined) {
  const regular = toCents(input.regular_price);
  const sale = toCents(input.sale_price);
  const from = toDate(input.date_on_sale_from_gmt ?? input.date_on_sale_from);
  const to = toDate(input.date_on_sale_to_gmt ?? input.date_on_sale_to);
  const finalRegular = regular !== undefined ? regular : (current?.regularPrice ?? null);
  const finalSale = sale !== undefined ? sale : (current?.salePrice ?? null);
  if (regular !== undefined || sale !== undefined) {
    if (finalSale !== null && finalRegular === null) throw invalid('sale_price', 'A sale price needs a regular price.');
    if (finalSale !== null && finalRegular !== null && finalSale > finalRegular) {
      throw invalid('sale_price', 'The sale price must not be above the regular price.');
    }
  }
  const finalFrom = from !== undefined ? from : (current?.dateOnSaleFrom ?? null);
  const finalTo = to !== undefined ? to : (current?.dateOnSaleTo ?? null);
  if (finalFrom && finalTo && finalFrom > finalTo) throw invalid('date_on_sale_to', 'The sale end date must not be before its start date.');
  const values: Partial<typeof t.products.$inferInsert> = {};
  if (regular !== undefined) values.regularPrice = regular;
  if (sale !== undefined) values.salePrice = sale;
  if (from !== undefined) values.dateOnSaleFrom = from;
  if (to !== undefined) values.dateOnSaleTo = to;
  if (input.status !== undefined) values.status = input.status;
  if (input.stock_status !== undefined) values.stockStatus = STOCK_IN[input.stock_status];
  if (input.manage_stock !== undefined) values.manageStock = input.manage_stock;
  if (input.stock_quantity !== undefined) values.stockQuantity = input.stock_quantity;
  if (input.menu_order !== undefined) values.menuOrder = input.menu_order;
  if (input.sku !== undefined) values.sku = input.sku;
  if (input.vat_rates?.takeaway !== undefined) values.vatRateTakeaway = input.vat_rates.takeaway;
  if (input.vat_rates?.on_site !== undefined) values.vatRateOnSite = input.vat_rates.on_site;
  return values;
}

/** Parses an If-Match value: "12", W/"12", 12 or * (any). */
export function revisionOf(ifMatch: string | undefined): number | undefined {
  if (ifMatch === undefined) return undefined;
  const value = ifMatch.trim();
  if (value === '*') return undefined;
  const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(value);
  if (!match) throw new DomainError('INVALID_INPUT', 'Invalid parameter(s): If-Match (must be the ETag of a read, such as "12")', { params: ['If-Match'] });
  return Number(match[1]);
}

function checkRevision(row: ProductRow, expected: number | undefined) {
  if (expected !== undefined && expected !== row.revision) {
    throw new DomainError('PRODUCT_CHANGED', 'Someone else saved this product since you opened it. Reload it to see their changes, then make yours again.', {
      revision: row.revision,
    });
  }
}

/** Locks a product for a write; a trashed one only for an update (which may restore it by setting its status). */
async function lockProduct(tx: Tx, id: number, allowTrash = false): Promise<ProductRow> {
  const [row] = await tx.select().from(t.products).where(eq(t.products.id, id)).for('update');
  if (!row || row.type === 'VARIATION' || (row.status === 'trash' && !allowTrash)) throw new DomainError('PRODUCT_NOT_FOUND', 'Invalid ID.');
  return row;
}

async function resolveAttributes(tx: Tx, attributes: NonNullable<ProductInput['attributes']>) {
  const rows: Omit<typeof t.productAttributes.$inferInsert, 'productId'>[] = [];
  for (const [index, a] of attributes.entries()) {
    if (a.id) {
      const [attribute] = await tx.select().from(t.attributes).where(eq(t.attributes.id, a.id));
      if (!attribute) throw invalid('attributes', `Unknown attribute id ${a.id}.`);
      const terms = await tx.select().from(t.attributeTerms).where(eq(t.attributeTerms.attributeId, a.id));
      const options = (a.options ?? []).map((option) => {
        const term = terms.find((x) => x.slug === option || x.name.nl === option || x.name.fr === option || x.name.en === option);
        if (!term) throw invalid('attributes', `Attribute ${attribute.slug} has no term "${option}".`);
        return term.slug;
      });
      rows.push({
        position: a.position ?? index,
        attributeId: a.id,
        name: attribute.slug,
        options,
        visible: a.visible ?? true,
        variation: a.variation ?? false,
      });
    } else {
      const name = a.name?.trim();
      if (!name) throw invalid('attributes', 'An attribute needs a global attribute id or a name.');
      rows.push({
        position: a.position ?? index,
        attributeId: null,
        name,
        options: (a.options ?? []).map((o) => o.trim()),
        visible: a.visible ?? true,
        variation: a.variation ?? false,
      });
    }
  }
  const positions = new Set(rows.map((r) => r.position));
  if (positions.size !== rows.length) throw invalid('attributes', 'Two attributes have the same position.');
  return rows;
}

/** Variation attributes [{id|name, option}] as stored values [{name: taxonomy or local name, value}], checked against the parent. */
async function resolveVariationAttributes(tx: Tx, parentId: number, attributes: { id?: number; name?: string; option: string }[], field: string) {
  const parentAttributes = await tx.select().from(t.productAttributes).where(eq(t.productAttributes.productId, parentId));
  const result: { name: string; value: string }[] = [];
  for (const a of attributes) {
    const own = parentAttributes.find((p) =>
      a.id ? p.attributeId === a.id : p.name === a.name || (a.name !== undefined && p.attributeId !== null && p.name === a.name),
    );
    if (!own) throw invalid(field, `The product has no attribute ${a.id ? `id ${a.id}` : `"${a.name ?? ''}"`}.`);
    let value = a.option.trim();
    if (own.attributeId !== null) {
      const terms = await tx.select().from(t.attributeTerms).where(eq(t.attributeTerms.attributeId, own.attributeId));
      const term = terms.find((x) => x.slug === value || x.name.nl === value || x.name.fr === value || x.name.en === value);
      if (!term) throw invalid(field, `Attribute ${own.name} has no term "${value}".`);
      value = term.slug;
    }
    if (own.options.length && value !== '' && !own.options.includes(value))
      throw invalid(field, `"${value}" is not one of the options of attribute ${own.name}.`);
    if (result.some((r) => r.name === own.name)) throw invalid(field, `Attribute ${own.name} is given twice.`);
    result.push({ name: own.name, value });
  }
  return result;
}

/**
 * The product's own add-on fields as sent: a field or option with its id is changed in place, so cart lines,
 * orders in progress and an option's sold-out mark keep pointing at it; those without an id are added, the rest
 * removed (decision 0023 does the same for global add-ons). On an update, a property left out is kept.
 */
async function writeAddons(tx: Tx, productId: number, addons: AddonInput[]) {
  const allergenIds = [...new Set(addons.flatMap((a) => (a.options ?? []).flatMap((o) => o.allergens ?? [])))];
  await requireIds(tx, t.allergens, allergenIds, 'addons', 'allergen');
  const existing = await tx.select({ id: t.addonFields.id }).from(t.addonFields).where(eq(t.addonFields.productId, productId));
  const existingOptions = existing.length
    ? await tx
        .select({ id: t.addonOptions.id, fieldId: t.addonOptions.fieldId })
        .from(t.addonOptions)
        .where(
          inArray(
            t.addonOptions.fieldId,
            existing.map((e) => e.id),
          ),
        )
    : [];
  const keptFields = new Set<number>();
  const keptOptions = new Set<number>();
  for (const [position, addon] of addons.entries()) {
    if (addon.id !== undefined && !existing.some((e) => e.id === addon.id))
      throw invalid(`addons[${position}].id`, `This product has no add-on field ${addon.id}.`);
    if (addon.id !== undefined && keptFields.has(addon.id)) throw invalid(`addons[${position}].id`, `Add-on field ${addon.id} is given twice.`);
    const name = {
      nl: addon.name,
      ...(addon.name_translations?.fr ? { fr: addon.name_translations.fr } : {}),
      ...(addon.name_translations?.en ? { en: addon.name_translations.en } : {}),
    };
    let fieldId: number;
    if (addon.id !== undefined) {
      fieldId = addon.id;
      keptFields.add(fieldId);
      await tx
        .update(t.addonFields)
        .set({
          position,
          kind: addon.type,
          name,
          ...(addon.display !== undefined ? { display: addon.display } : {}),
          ...(addon.description !== undefined ? { description: { nl: addon.description } } : {}),
          ...(addon.required !== undefined ? { required: addon.required } : {}),
          ...(addon.price !== undefined ? { price: toCents(addon.price) ?? 0 } : {}),
          ...(addon.price_type !== undefined ? { priceType: addon.price_type } : {}),
          ...(addon.max !== undefined ? { maxLength: addon.max } : {}),
        })
        .where(eq(t.addonFields.id, fieldId));
    } else {
      const [field] = await tx
        .insert(t.addonFields)
        .values({
          productId,
          position,
          kind: addon.type,
          display: addon.display ?? 'radiobutton',
          name,
          description: { nl: addon.description ?? '' },
          required: addon.required ?? false,
          price: toCents(addon.price) ?? 0,
          priceType: addon.price_type ?? 'quantity_based',
          maxLength: addon.max ?? null,
        })
        .returning({ id: t.addonFields.id });
      fieldId = field!.id;
    }
    for (const [index, option] of (addon.options ?? []).entries()) {
      const path = `addons[${position}].options[${index}]`;
      if (option.id !== undefined && !existingOptions.some((o) => o.id === option.id && o.fieldId === fieldId)) {
        throw invalid(`${path}.id`, `Add-on field ${addon.id ?? '(new)'} has no option ${option.id}.`);
      }
      if (option.id !== undefined && keptOptions.has(option.id)) throw invalid(`${path}.id`, `Option ${option.id} is given twice.`);
      const imageId = option.image === undefined ? undefined : option.image ? await mediaIdOf(tx, option.image, `${path}.image`, `Addon Option Image`) : null;
      const label = {
        nl: option.label,
        ...(option.label_translations?.fr ? { fr: option.label_translations.fr } : {}),
        ...(option.label_translations?.en ? { en: option.label_translations.en } : {}),
      };
      let optionId: number;
      if (option.id !== undefined) {
        optionId = option.id;
        keptOptions.add(optionId);
        await tx
          .update(t.addonOptions)
          .set({
            position: index,
            label,
            ...(option.price !== undefined ? { price: toCents(option.price) ?? null } : {}),
            ...(option.price_type !== undefined ? { priceType: option.price_type } : {}),
            ...(imageId !== undefined ? { imageId } : {}),
          })
          .where(eq(t.addonOptions.id, optionId));
        if (option.allergens === undefined) continue;
        await tx.delete(t.addonOptionAllergens).where(eq(t.addonOptionAllergens.optionId, optionId));
      } else {
        const [row] = await tx
          .insert(t.addonOptions)
          .values({
            fieldId,
            position: index,
            label,
            price: toCents(option.price) ?? null,
            priceType: option.price_type ?? 'quantity_based',
            imageId: imageId ?? null,
          })
          .returning({ id: t.addonOptions.id });
        optionId = row!.id;
      }
      const ids = [...new Set(option.allergens ?? [])];
      if (ids.length) await tx.insert(t.addonOptionAllergens).values(ids.map((allergenId) => ({ optionId, allergenId })));
    }
    const dropOptions = existingOptions.filter((o) => o.fieldId === fieldId && !keptOptions.has(o.id)).map((o) => o.id);
    if (dropOptions.length) await tx.delete(t.addonOptions).where(inArray(t.addonOptions.id, dropOptions));
  }
  const dropFields = existing.filter((e) => !keptFields.has(e.id)).map((e) => e.id);
  if (dropFields.length) await tx.delete(t.addonFields).where(inArray(t.addonFields.id, dropFields));
}

async function replaceLinks(tx: Tx, productId: number, kind: 'upsell' | 'cross_sell' | 'grouped', ids: number[]) {
  await tx.delete(t.productLinks).where(and(eq(t.productLinks.productId, productId), eq(t.productLinks.kind, kind)));
  const unique = [...new Set(ids)];
  if (unique.length) await tx.insert(t.productLinks).values(unique.map((linkedId, position) => ({ productId, linkedId, kind, position })));
}

/** Everything but the product row itself: categories, images, allergens, links, attributes, add-ons. */
async function writeRelations(tx: Tx, id: number, input: ProductInput, name: string) {
  if (input.categories) {
    const ids = [...new Set(input.categories.map((c) => c.id))];
    await requireIds(tx, t.categories, ids, 'categories', 'category');
    await tx.delete(t.productCategories).where(eq(t.productCategories.productId, id));
    if (ids.length) await tx.insert(t.productCategories).values(ids.map((categoryId) => ({ productId: id, categoryId })));
  }
  if (input.tags) {
    const ids = [...new Set(input.tags.map((x) => x.id))];
    await requireIds(tx, t.tags, ids, 'tags', 'tag');
    await tx.delete(t.productTags).where(eq(t.productTags.productId, id));
    if (ids.length) await tx.insert(t.productTags).values(ids.map((tagId) => ({ productId: id, tagId })));
  }
  if (input.allergens) {
    const ids = [...new Set(input.allergens)];
    await requireIds(tx, t.allergens, ids, 'allergens', 'allergen');
    await tx.delete(t.productAllergens).where(eq(t.productAllergens.productId, id));
    if (ids.length) await tx.insert(t.productAllergens).values(ids.map((allergenId) => ({ productId: id, allergenId })));
  }
  if (input.images) {
    const ids: number[] = [];
    for (const image of input.images) ids.push(await mediaIdOf(tx, image, 'images', name));
    await tx
      .update(t.products)
      .set({ imageId: ids[0] ?? null })
      .where(eq(t.products.id, id));
    await tx.delete(t.productGallery).where(eq(t.productGallery.productId, id));
    const gallery = ids.slice(1);
    if (gallery.length) await tx.insert(t.productGallery).values(gallery.map((mediaId, position) => ({ productId: id, mediaId, position })));
  }
  for (const [field, kind] of [
    ['upsell_ids', 'upsell'],
    ['cross_sell_ids', 'cross_sell'],
    ['grouped_products', 'grouped'],
  ] as const) {
    const ids = input[field];
    if (!ids) continue;
    await requireProducts(tx, ids, field, id);
    await replaceLinks(tx, id, kind, ids);
  }
  if (input.attributes) {
    const rows = await resolveAttributes(tx, input.attributes);
    await tx.delete(t.productAttributes).where(eq(t.productAttributes.productId, id));
    if (rows.length) await tx.insert(t.productAttributes).values(rows.map((r) => ({ ...r, productId: id })));
  }
  if (input.default_attributes) {
    const values = await resolveVariationAttributes(tx, id, input.default_attributes, 'default_attributes');
    await tx.update(t.products).set({ defaultAttributes: values }).where(eq(t.products.id, id));
  }
  if (input.addons) await writeAddons(tx, id, input.addons);
}

/** The product row's own columns from a write body (merged with the current row on update). */
async function productValues(tx: Tx, input: ProductInput, current: ProductRow | undefined) {
  const { metaData, mapped } = applyMeta(input, current?.metaData ?? []);
  const values: Partial<typeof t.products.$inferInsert> = sellableValues(input, current);
  const nameExtra = {
    ...input.translations?.name,
    ...(mapped.english_translation !== undefined ? { en: mappedText(mapped.english_translation, 'english_translation') } : {}),
    ...(mapped.french_translation !== undefined ? { fr: mappedText(mapped.french_translation, 'french_translation') } : {}),
  };
  const name = mergedTranslated(current?.name ?? { nl: '' }, input.name, Object.keys(nameExtra).length ? nameExtra : undefined, false);
  if (name) {
    if (!name.nl) throw invalid('name', 'The product needs a (Dutch) name.');
    if ((name.fr?.length ?? 0) > 200 || (name.en?.length ?? 0) > 200 || name.nl.length > 200) throw invalid('name', 'A name has at most 200 characters.');
    values.name = name;
  }
  const description = mergedTranslated(current?.description ?? { nl: '' }, input.description, input.translations?.description, true);
  if (description) values.description = description;
  const short = mergedTranslated(current?.shortDescription ?? { nl: '' }, input.short_description, input.translations?.short_description, true);
  if (short) values.shortDescription = short;
  if (input.type !== undefined) values.type = TYPE_IN[input.type]!;
  if (input.featured !== undefined) values.featured = input.featured;
  if (input.catalog_visibility !== undefined) values.catalogVisibility = input.catalog_visibility;
  if (input.is_promotion !== undefined) values.isPromotion = input.is_promotion;
  else if (mapped.is_promotion !== undefined)
    values.isPromotion = mapped.is_promotion === true || mapped.is_promotion === 'yes' || mapped.is_promotion === '1' || mapped.is_promotion === 1;
  if (input.age_limit !== undefined) values.ageLimit = input.age_limit;
  if (input.max_quantity !== undefined) values.maxQuantity = input.max_quantity;
  else if (mapped.max_amount !== undefined) {
    const n = typeof mapped.max_amount === 'string' && /^\d{1,4}$/.test(mapped.max_amount) ? Number(mapped.max_amount) : mapped.max_amount;
    if (n !== null && n !== '' && (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 9999))
      throw invalid('meta_data', 'meta_data max_amount must be a whole number from 1 to 9999.');
    values.maxQuantity = n === null || n === '' ? null : (n as number);
  }
  if (input.external_url !== undefined) values.externalUrl = input.external_url || null;
  if (input.button_text !== undefined) values.buttonText = input.button_text || null;
  if (metaData) values.metaData = metaData;

  const type = values.type ?? current?.type ?? 'SIMPLE';
  if (type === 'VARIABLE' && (input.regular_price || input.sale_price)) {
    throw invalid(input.regular_price ? 'regular_price' : 'sale_price', 'A variable product takes its prices from its variations.');
  }
  if (input.grouped_products?.length && type !== 'GROUPED') throw invalid('grouped_products', 'Only a grouped product has grouped_products.');
  if (input.slug !== undefined && input.slug !== '') await checkSlug(tx, input.slug, current?.id);
  if (values.sku) await checkSku(tx, values.sku, current?.id);
  let allergens = input.allergens;
  if (allergens === undefined && mapped.product_allergens !== undefined) {
    const list = mapped.product_allergens;
    if (!Array.isArray(list) || list.length > 14 || !list.every((x) => Number.isInteger(Number(x)) && Number(x) >= 1 && Number(x) <= 999_999_999)) {
      throw invalid('meta_data', 'meta_data product_allergens must be a list of allergen ids.');
    }
    allergens = list.map(Number);
  }
  return { values, allergens, type };
}

/** POST /products: the new product's id. */
export async function createProduct(tx: Tx, input: ProductInput, actor: Actor): Promise<number> {
  if (input.name === undefined && input.translations?.name?.nl === undefined) throw invalid('name', 'Missing parameter(s): name');
  const { values, allergens } = await productValues(tx, input, undefined);
  const slug = input.slug ? input.slug : await freeSlug(tx, slugify(values.name!.nl));
  const [row] = await tx
    .insert(t.products)
    .values({ type: 'SIMPLE', ...values, name: values.name!, slug, revision: 1 })
    .returning({ id: t.products.id });
  const id = row!.id;
  await writeRelations(tx, id, { ...input, allergens }, values.name!.nl);
  await recordChange(tx, { entityType: 'product', entityId: id, action: 'create', actor, changes: diffFields({}, await auditView(tx, id)) });
  await queuePosSync(tx, 'product', id);
  return id;
}

/** PUT /products/{id}: applies the fields sent; refuses with PRODUCT_CHANGED when `expectedRevision` is stale. */
export async function updateProduct(tx: Tx, id: number, input: ProductInput, actor: Actor, expectedRevision?: number): Promise<void> {
  const current = await lockProduct(tx, id, true);
  checkRevision(current, expectedRevision);
  const before = await auditView(tx, id);
  const { values, allergens, type } = await productValues(tx, input, current);
  if (current.type === 'VARIABLE' && type !== 'VARIABLE') {
    const [variation] = await tx
      .select({ id: t.products.id })
      .from(t.products)
      .where(and(eq(t.products.parentId, id), eq(t.products.type, 'VARIATION')))
      .limit(1);
    if (variation) throw invalid('type', 'Delete the variations before changing the type of a variable product.');
  }
  if (input.slug !== undefined) values.slug = input.slug === '' ? await freeSlug(tx, slugify((values.name ?? current.name).nl), id) : input.slug;
  await tx
    .update(t.products)
    .set({ ...values, updatedAt: new Date(), revision: sql`${t.products.revision} + 1` })
    .where(eq(t.products.id, id));
  await writeRelations(tx, id, { ...input, allergens }, (values.name ?? current.name).nl);
  await recordChange(tx, { entityType: 'product', entityId: id, action: 'update', actor, changes: diffFields(before, await auditView(tx, id)) });
  await queuePosSync(tx, 'product', id);
}

/** DELETE /products/{id}: to the trash, or for good with force (its variations go with it). */
export async function deleteProduct(tx: Tx, id: number, force: boolean, actor: Actor): Promise<void> {
  const [row] = await tx.select().from(t.products).where(eq(t.products.id, id)).for('update');
  if (!row || row.type === 'VARIATION') throw new DomainError('PRODUCT_NOT_FOUND', 'Invalid ID.');
  if (!force) {
    if (row.status === 'trash') throw new DomainError('PRODUCT_INVALID', 'The product has already been trashed.', { params: ['force'] });
    await tx
      .update(t.products)
      .set({ status: 'trash', updatedAt: new Date(), revision: sql`${t.products.revision} + 1` })
      .where(eq(t.products.id, id));
    await recordChange(tx, { entityType: 'product', entityId: id, action: 'trash', actor, changes: { status: { before: row.status, after: 'trash' } } });
    return;
  }
  const before = await auditView(tx, id);
  await tx.delete(t.products).where(eq(t.products.id, id));
  await recordChange(tx, { entityType: 'product', entityId: id, action: 'delete', actor, changes: diffFields(before, {}) });
}

async function lockVariation(tx: Tx, parentId: number, id: number): Promise<ProductRow> {
  const [row] = await tx
    .select()
    .from(t.products)
    .where(and(eq(t.products.id, id), eq(t.products.parentId, parentId), eq(t.products.type, 'VARIATION')))
    .for('update');
  if (!row) throw new DomainError('VARIATION_NOT_FOUND', 'Invalid ID.');
  return row;
}

function variationName(parent: ProductRow, values: { name: string; value: string }[]): Translated {
  const suffix = values.map((v) => v.value).join(', ');
  const one = (s: string | undefined) => (s === undefined ? undefined : suffix ? `${s} - ${suffix}` : s);
  return { nl: one(parent.name.nl)!, ...(parent.name.fr ? { fr: one(parent.name.fr) } : {}), ...(parent.name.en ? { en: one(parent.name.en) } : {}) };
}

async function variationValues(tx: Tx, parent: ProductRow, input: VariationInput, current: ProductRow | undefined) {
  const values: Partial<typeof t.products.$inferInsert> = sellableValues(input, current);
  const { metaData } = applyMeta(input, current?.metaData ?? []);
  if (metaData) values.metaData = metaData;
  if (input.description !== undefined) values.description = { ...(current?.description ?? { nl: '' }), nl: sanitizeRichText(input.description) };
  if (values.sku) await checkSku(tx, values.sku, current?.id);
  if (input.attributes) {
    const attrs = await resolveVariationAttributes(tx, parent.id, input.attributes, 'attributes');
    values.variationAttributes = attrs;
    values.name = variationName(parent, attrs);
  }
  if (input.image !== undefined) values.imageId = input.image === null ? null : await mediaIdOf(tx, input.image, 'image', parent.name.nl);
  return values;
}

/** POST /products/{id}/variations: the new variation's id. At most MAX_VARIATIONS per product. */
export async function createVariation(tx: Tx, parentId: number, input: VariationInput, actor: Actor): Promise<number> {
  const parent = await lockProduct(tx, parentId);
  if (parent.type !== 'VARIABLE') throw new DomainError('PRODUCT_INVALID', 'Only a variable product has variations.', { params: ['type'] });
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(t.products)
    .where(and(eq(t.products.parentId, parentId), eq(t.products.type, 'VARIATION')));
  if ((count?.n ?? 0) >= MAX_VARIATIONS) {
    throw new DomainError('TOO_MANY_VARIATIONS', `A product has at most ${MAX_VARIATIONS} variations.`, { params: ['variations'], max: MAX_VARIATIONS });
  }
  const values = await variationValues(tx, parent, input, undefined);
  const slug = await freeSlug(tx, `${parent.slug}-variation`.slice(0, 190));
  const [row] = await tx
    .insert(t.products)
    .values({ ...values, type: 'VARIATION', parentId, name: values.name ?? variationName(parent, []), slug, revision: 1 })
    .returning({ id: t.products.id });
  await recordChange(tx, { entityType: 'variation', entityId: row!.id, action: 'create', actor, changes: diffFields({}, await auditView(tx, row!.id)) });
  await tx.update(t.products).set({ updatedAt: new Date() }).where(eq(t.products.id, parentId));
  return row!.id;
}

export async function updateVariation(tx: Tx, parentId: number, id: number, input: VariationInput, actor: Actor, expectedRevision?: number): Promise<void> {
  const parent = await lockProduct(tx, parentId);
  const current = await lockVariation(tx, parentId, id);
  checkRevision(current, expectedRevision);
  const before = await auditView(tx, id);
  const values = await variationValues(tx, parent, input, current);
  await tx
    .update(t.products)
    .set({ ...values, updatedAt: new Date(), revision: sql`${t.products.revision} + 1` })
    .where(eq(t.products.id, id));
  await recordChange(tx, { entityType: 'variation', entityId: id, action: 'update', actor, changes: diffFields(before, await auditView(tx, id)) });
}

/** Variations have no trash in WooCommerce: deleting one removes it (force is accepted and implied). */
export async function deleteVariation(tx: Tx, parentId: number, id: number, actor: Actor): Promise<void> {
  await lockProduct(tx, parentId);
  await lockVariation(tx, parentId, id);
  const before = await auditView(tx, id);
  await tx.delete(t.products).where(eq(t.products.id, id));
  await recordChange(tx, { entityType: 'variation', entityId: id, action: 'delete', actor, changes: diffFields(before, {}) });
}
