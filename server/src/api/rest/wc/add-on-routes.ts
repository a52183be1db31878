import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { addonPriceTypes, addonTypes } from '@bakje/contract';
import type { CatalogService } from '../../../modules/catalog/catalog-service.js';
import {
  addonDisplays,
  createGlobalAddon,
  deleteGlobalAddon,
  getGlobalAddon,
  loadGlobalAddons,
  updateGlobalAddon,
  type GlobalAddonInput,
  type GlobalAddonRecord,
} from '../../../modules/catalog/global-add-ons.js';
import type { CatalogSnapshot } from '../../../modules/catalog/snapshot.js';
import { translate } from '../../../modules/i18n/locale.js';
import { idParams, optionalBody } from '../../http/route-schemas.js';
import { pagingHeaders } from './paging.js';
import { actorOf } from './staff-principal.js';
import type { RestPrincipal } from './auth.js';
import { bodyId, imageRef, money, nameShape, nameText, priceBody, translationsBody } from './taxonomy-shapes.js';

const optionBody = z.object({
  id: bodyId.optional(),
  label: nameText,
  translations: translationsBody.optional(),
  price: priceBody.optional(),
  price_type: z.enum(addonPriceTypes).optional(),
  image: imageRef.optional(),
  /** Allergen ids (GET /wp-json/wc/v3/products/allergens). */
  allergens: z.array(bodyId).max(14).optional(),
});

const fieldBody = z.object({
  id: bodyId.optional(),
  name: nameText,
  translations: translationsBody.optional(),
  description: z.string().max(2_000).optional(),
  /** multiple_choice: one option; checkbox: several; heading; custom_text: a short text. */
  type: z.enum(addonTypes),
  display: z.enum(addonDisplays).optional(),
  required: z.boolean().optional(),
  price: priceBody.optional(),
  price_type: z.enum(addonPriceTypes).optional(),
  /** Short text: the most characters (0: no limit). */
  max: z.number().int().min(0).max(1_000).optional(),
  options: z.array(optionBody).max(100).optional(),
});

const addonFields = {
  name: nameText,
  translations: translationsBody.optional(),
  priority: z.number().int().min(0).max(1_000_000).optional(),
  /** Category ids; empty: every product. */
  restrict_to_categories: z.array(bodyId).max(500).optional(),
  fields: z.array(fieldBody).max(50).optional(),
};
const addonCreate = z.object(addonFields);
const addonUpdate = z.object({ ...addonFields, name: nameText.optional() });

function input(body: z.output<typeof addonUpdate>): GlobalAddonInput {
  return {
    name: body.name,
    translations: body.translations,
    priority: body.priority,
    categoryIds: body.restrict_to_categories,
    fields: body.fields?.map((f) => ({
      id: f.id,
      name: f.name,
      translations: f.translations,
      description: f.description,
      type: f.type,
      display: f.display,
      required: f.required,
      price: f.price ?? 0,
      priceType: f.price_type,
      maxLength: f.max ? f.max : null,
      options: f.options?.map((o) => ({
        id: o.id,
        label: o.label,
        translations: o.translations,
        price: o.price ?? null,
        priceType: o.price_type,
        imageId: o.image,
        allergenIds: o.allergens,
      })),
    })),
  };
}

/** A global add-on group in the Product Add-Ons plugin's shape, with Bakje's translations, option ids and allergens. */
export function globalAddonShape(snapshot: CatalogSnapshot, record: GlobalAddonRecord) {
  return {
    id: record.row.id,
    ...nameShape(record.row.name),
    priority: record.row.priority,
    restrict_to_categories: Object.fromEntries(
      record.categoryIds.map((id) => {
        const category = snapshot.categories.get(id);
        return [String(id), category ? translate(category.name, 'nl') : ''];
      }),
    ),
    fields: record.fields.map((f) => ({
      id: f.id,
      ...nameShape(f.name),
      title_format: 'label',
      description_enable: Boolean(f.description.nl),
      description: f.description.nl,
      type: f.kind,
      display: f.display,
      position: f.position,
      required: f.required,
      restrictions: false,
      restrictions_type: 'any_text',
      adjust_price: f.price > 0,
      price_type: f.priceType,
      price: f.price > 0 ? money(f.price) : '',
      min: 0,
      max: f.maxLength ?? 0,
      options: f.options.map((o) => {
        const image = o.imageId === null ? undefined : snapshot.media.get(o.imageId);
        return {
          id: o.id,
          label: o.label.nl,
          translations: { fr: o.label.fr ?? '', en: o.label.en ?? '' },
          price: money(o.price),
          price_type: o.priceType,
          image: o.imageId,
          image_src: image?.src ?? null,
          allergens: o.allergenIds,
        };
      }),
    })),
  };
}

/** /wp-json/wc-product-add-ons/v2/global-add-ons (docs/interfaces.md §2): list, read, create, update, delete. */
export function registerGlobalAddonRoutes(app: FastifyInstance, deps: { catalog: CatalogService; db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, catalog } = deps;
  const after = async (record: GlobalAddonRecord, version: number) => {
    catalog.markChanged(version);
    return globalAddonShape(await catalog.get(), record);
  };

  api.get('/global-add-ons', async (request, reply) => {
    const records = await loadGlobalAddons(db);
    const snapshot = await catalog.get();
    pagingHeaders(request, reply, { page: 1, perPage: Math.max(records.length, 1) }, records.length);
    return records.map((r) => globalAddonShape(snapshot, r));
  });
  api.get('/global-add-ons/:id', { schema: { params: idParams } }, async (request) =>
    globalAddonShape(await catalog.get(), await getGlobalAddon(db, request.params.id)),
  );
  api.post('/global-add-ons', { schema: { body: addonCreate } }, async (request, reply) => {
    const { record, version } = await createGlobalAddon(db, { ...input(request.body), name: request.body.name }, actorOf(request));
    return reply.code(201).send(await after(record, version));
  });
  const updateRoute = { schema: { params: idParams, body: optionalBody(addonUpdate) } };
  const handleUpdate = async (request: { params: { id: number }; body: z.output<typeof addonUpdate>; restPrincipal?: RestPrincipal }) => {
    const { record, version } = await updateGlobalAddon(db, request.params.id, input(request.body), actorOf(request));
    return after(record, version);
  };
  api.put('/global-add-ons/:id', updateRoute, handleUpdate);
  api.patch('/global-add-ons/:id', updateRoute, handleUpdate);
  api.post('/global-add-ons/:id', updateRoute, handleUpdate);
  api.delete('/global-add-ons/:id', { schema: { params: idParams } }, async (request) => {
    const { record, version } = await deleteGlobalAddon(db, request.params.id, actorOf(request));
    return after(record, version);
  });
}
