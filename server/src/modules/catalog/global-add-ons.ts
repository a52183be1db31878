import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import {
  addonFields,
  addonOptionAllergens,
  addonOptions,
  allergens,
  categories,
  globalAddonCategories,
  globalAddons,
  media,
  type AddonKind,
  type AddonPriceType,
} from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';
import { recordChange, diffFields, type Actor } from '../catalog-audit/catalog-audit.js';
import { catalogVersionIn, invalidField, translated, type TranslationsInput } from './taxonomy.js';

export const addonDisplays = ['radiobutton', 'select', 'images'] as const;

export interface AddonOptionInput {
  /** An option of this add-on to keep (cart lines refer to it); a new one without. */
  id?: number;
  label: string;
  translations?: TranslationsInput;
  /** Euro cents; null: costs nothing. */
  price: number | null;
  priceType?: AddonPriceType;
  imageId?: number | null;
  allergenIds?: number[];
}

export interface AddonFieldInput {
  id?: number;
  name: string;
  translations?: TranslationsInput;
  description?: string;
  type: AddonKind;
  display?: (typeof addonDisplays)[number];
  required?: boolean;
  /** Short text fields: the price of filling it in, euro cents. */
  price?: number;
  priceType?: AddonPriceType;
  maxLength?: number | null;
  options?: AddonOptionInput[];
}

export interface GlobalAddonInput {
  name?: string;
  translations?: TranslationsInput;
  priority?: number;
  /** Empty: every product. */
  categoryIds?: number[];
  /** Given: replaces the fields (those with a known id are kept and changed, the others added, the rest removed). */
  fields?: AddonFieldInput[];
}

export type GlobalAddonRow = typeof globalAddons.$inferSelect;
export type AddonFieldRecord = typeof addonFields.$inferSelect & { options: (typeof addonOptions.$inferSelect & { allergenIds: number[] })[] };
export interface GlobalAddonRecord {
  row: GlobalAddonRow;
  categoryIds: number[];
  fields: AddonFieldRecord[];
}

/** A global add-on as the change history compares it: its name, priority, categories and fields. */
const auditable = (r: GlobalAddonRecord) => ({ name: r.row.name, priority: r.row.priority, categoryIds: r.categoryIds, fields: r.fields });

const notFound = () => new DomainError('GLOBAL_ADDON_NOT_FOUND', 'Invalid global add-on ID.');

/** Every global add-on (or those of `ids`) with its categories, fields and options in their order. */
export async function loadGlobalAddons(db: DbOrTx, ids?: number[]): Promise<GlobalAddonRecord[]> {
  const rows = await db
    .select()
    .from(globalAddons)
    .where(ids ? inArray(globalAddons.id, ids.length ? ids : [0]) : undefined)
    .orderBy(asc(globalAddons.priority), asc(globalAddons.id));
  if (rows.length === 0) return [];
  const groupIds = rows.map((r) => r.id);
  const links = await db.select().from(globalAddonCategories).where(inArray(globalAddonCategories.globalAddonId, groupIds));
  const fields = await db
    .select()
    .from(addonFields)
    .where(inArray(addonFields.globalAddonId, groupIds))
    .orderBy(asc(addonFields.position), asc(addonFields.id));
  const fieldIds = fields.map((f) => f.id);
  const options = fieldIds.length
    ? await db.select().from(addonOptions).where(inArray(addonOptions.fieldId, fieldIds)).orderBy(asc(addonOptions.position), asc(addonOptions.id))
    : [];
  const optionIds = options.map((o) => o.id);
  const optionAllergens = optionIds.length ? await db.select().from(addonOptionAllergens).where(inArray(addonOptionAllergens.optionId, optionIds)) : [];
  return rows.map((row) => ({
    row,
    categoryIds: links
      .filter((l) => l.globalAddonId === row.id)
      .map((l) => l.categoryId)
      .sort((a, b) => a - b),
    fields: fields
      .filter((f) => f.globalAddonId === row.id)
      .map((f) => ({
        ...f,
        options: options
          .filter((o) => o.fieldId === f.id)
          .map((o) => ({
            ...o,
            allergenIds: optionAllergens
              .filter((a) => a.optionId === o.id)
              .map((a) => a.allergenId)
              .sort((a, b) => a - b),
          })),
      })),
  }));
}

export async function getGlobalAddon(db: DbOrTx, id: number): Promise<GlobalAddonRecord> {
  const [record] = await loadGlobalAddons(db, [id]);
  if (!record) throw notFound();
  return record;
}

async function checkReferences(tx: Tx, input: GlobalAddonInput) {
  if (input.categoryIds?.length) {
    const wanted = [...new Set(input.categoryIds)];
    const found = await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, wanted));
    const missing = wanted.filter((id) => !found.some((f) => f.id === id));
    if (missing.length) throw invalidField('restrict_to_categories', `no category with id ${missing.join(', ')}`);
  }
  const fields = input.fields ?? [];
  const imageIds = [...new Set(fields.flatMap((f) => (f.options ?? []).flatMap((o) => (o.imageId ? [o.imageId] : []))))];
  if (imageIds.length) {
    const found = await tx.select({ id: media.id }).from(media).where(inArray(media.id, imageIds));
    fields.forEach((f, i) =>
      (f.options ?? []).forEach((o, j) => {
        if (o.imageId && !found.some((m) => m.id === o.imageId)) throw invalidField(`fields[${i}].options[${j}].image`, `no media with id ${o.imageId}`);
      }),
    );
  }
  const allergenIds = [...new Set(fields.flatMap((f) => (f.options ?? []).flatMap((o) => o.allergenIds ?? [])))];
  if (allergenIds.length) {
    const found = await tx.select({ id: allergens.id }).from(allergens).where(inArray(allergens.id, allergenIds));
    fields.forEach((f, i) =>
      (f.options ?? []).forEach((o, j) => {
        const missing = (o.allergenIds ?? []).find((a) => !found.some((x) => x.id === a));
        if (missing !== undefined) throw invalidField(`fields[${i}].options[${j}].allergens`, `no allergen with id ${missing}`);
      }),
    );
  }
  fields.forEach((f, i) => {
    const choices = f.type === 'multiple_choice' || f.type === 'checkbox';
    if (choices && !(f.options ?? []).length) throw invalidField(`fields[${i}].options`, 'a multiple choice or checkbox field needs at least one option');
    if (!choices && (f.options ?? []).length) throw invalidField(`fields[${i}].options`, `a ${f.type} field has no options`);
  });
}

async function writeFields(tx: Tx, addonId: number, fields: AddonFieldInput[]) {
  const existing = await tx.select({ id: addonFields.id }).from(addonFields).where(eq(addonFields.globalAddonId, addonId));
  const existingOptions = existing.length
    ? await tx
        .select({ id: addonOptions.id, fieldId: addonOptions.fieldId })
        .from(addonOptions)
        .where(
          inArray(
            addonOptions.fieldId,
            existing.map((e) => e.id),
          ),
        )
    : [];
  const kept = new Set<number>();
  for (const [position, field] of fields.entries()) {
    if (field.id !== undefined && !existing.some((e) => e.id === field.id)) {
      throw invalidField(`fields[${position}].id`, `no field with id ${field.id} in this add-on`);
    }
    if (field.id !== undefined && kept.has(field.id)) throw invalidField(`fields[${position}].id`, `field ${field.id} given twice`);
    const values = {
      globalAddonId: addonId,
      position,
      kind: field.type,
      display: field.display ?? 'radiobutton',
      name: translated(undefined, field.name, field.translations),
      description: { nl: field.description ?? '' },
      required: field.required ?? false,
      price: field.price ?? 0,
      priceType: field.priceType ?? 'quantity_based',
      maxLength: field.maxLength ?? null,
    };
    let fieldId: number;
    if (field.id !== undefined) {
      fieldId = field.id;
      kept.add(fieldId);
      await tx.update(addonFields).set(values).where(eq(addonFields.id, fieldId));
    } else {
      const [row] = await tx.insert(addonFields).values(values).returning({ id: addonFields.id });
      fieldId = row!.id;
    }
    const keptOptions = new Set<number>();
    for (const [optionPosition, option] of (field.options ?? []).entries()) {
      const path = `fields[${position}].options[${optionPosition}].id`;
      if (option.id !== undefined && !existingOptions.some((o) => o.id === option.id && o.fieldId === fieldId)) {
        throw invalidField(path, `no option with id ${option.id} in this field`);
      }
      if (option.id !== undefined && keptOptions.has(option.id)) throw invalidField(path, `option ${option.id} given twice`);
      const optionValues = {
        fieldId,
        position: optionPosition,
        label: translated(undefined, option.label, option.translations),
        price: option.price,
        priceType: option.priceType ?? 'quantity_based',
        imageId: option.imageId ?? null,
      };
      let optionId: number;
      if (option.id !== undefined) {
        optionId = option.id;
        keptOptions.add(optionId);
        await tx.update(addonOptions).set(optionValues).where(eq(addonOptions.id, optionId));
        await tx.delete(addonOptionAllergens).where(eq(addonOptionAllergens.optionId, optionId));
      } else {
        const [row] = await tx.insert(addonOptions).values(optionValues).returning({ id: addonOptions.id });
        optionId = row!.id;
      }
      const allergenIds = [...new Set(option.allergenIds ?? [])];
      if (allergenIds.length) await tx.insert(addonOptionAllergens).values(allergenIds.map((allergenId) => ({ optionId, allergenId })));
    }
    const dropOptions = existingOptions.filter((o) => o.fieldId === fieldId && !keptOptions.has(o.id)).map((o) => o.id);
    if (dropOptions.length) await tx.delete(addonOptions).where(inArray(addonOptions.id, dropOptions));
  }
  const dropFields = existing.filter((e) => !kept.has(e.id)).map((e) => e.id);
  if (dropFields.length) await tx.delete(addonFields).where(inArray(addonFields.id, dropFields));
}

async function writeCategories(tx: Tx, addonId: number, categoryIds: number[]) {
  await tx.delete(globalAddonCategories).where(eq(globalAddonCategories.globalAddonId, addonId));
  const ids = [...new Set(categoryIds)];
  if (ids.length) await tx.insert(globalAddonCategories).values(ids.map((categoryId) => ({ globalAddonId: addonId, categoryId })));
}

/** POST /global-add-ons. */
export async function createGlobalAddon(
  db: Db,
  input: GlobalAddonInput & { name: string },
  actor: Actor,
): Promise<{ record: GlobalAddonRecord; version: number }> {
  return db.transaction(async (tx) => {
    await checkReferences(tx, input);
    const [row] = await tx
      .insert(globalAddons)
      .values({ name: translated(undefined, input.name, input.translations), priority: input.priority ?? 10 })
      .returning({ id: globalAddons.id });
    const id = row!.id;
    await writeCategories(tx, id, input.categoryIds ?? []);
    await writeFields(tx, id, input.fields ?? []);
    const record = await getGlobalAddon(tx, id);
    await recordChange(tx, { entityType: 'global_addon', entityId: id, action: 'create', actor, changes: diffFields({}, auditable(record)) });
    return { record, version: await catalogVersionIn(tx) };
  });
}

/** PUT /global-add-ons/{id}: the fields given change; `fields` given replaces the fields. */
export async function updateGlobalAddon(db: Db, id: number, input: GlobalAddonInput, actor: Actor): Promise<{ record: GlobalAddonRecord; version: number }> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(globalAddons).where(eq(globalAddons.id, id)).for('update');
    if (!current) throw notFound();
    await checkReferences(tx, input);
    const before = await getGlobalAddon(tx, id);
    await tx
      .update(globalAddons)
      .set({
        ...(input.name !== undefined || input.translations !== undefined ? { name: translated(current.name, input.name, input.translations) } : {}),
        ...(input.priority !== undefined ? { priority: input.priority } : {}),
        updatedAt: new Date(),
      })
      .where(eq(globalAddons.id, id));
    if (input.categoryIds !== undefined) await writeCategories(tx, id, input.categoryIds);
    if (input.fields !== undefined) await writeFields(tx, id, input.fields);
    const record = await getGlobalAddon(tx, id);
    await recordChange(tx, { entityType: 'global_addon', entityId: id, action: 'update', actor, changes: diffFields(auditable(before), auditable(record)) });
    return { record, version: await catalogVersionIn(tx) };
  });
}

/** DELETE /global-add-ons/{id}: the add-on, its fields and options go (cart lines keep their stored names and prices). */
export async function deleteGlobalAddon(db: Db, id: number, actor: Actor): Promise<{ record: GlobalAddonRecord; version: number }> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(globalAddons).where(eq(globalAddons.id, id)).for('update');
    if (!current) throw notFound();
    const record = await getGlobalAddon(tx, id);
    await tx.delete(globalAddons).where(eq(globalAddons.id, id));
    await recordChange(tx, { entityType: 'global_addon', entityId: id, action: 'delete', actor, changes: diffFields(auditable(record), {}) });
    return { record, version: await catalogVersionIn(tx) };
  });
}
