import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { CatalogService } from '../../modules/catalog/catalog-service.js';
import type { CatalogSnapshot, CategoryRow } from '../../modules/catalog/snapshot.js';
import { loadGlobalAddons } from '../../modules/catalog/global-add-ons.js';
import { confirmImport, importById, previewImport } from '../../modules/menu-transfer/menu-import.js';
import { shopImportById, startShopImport } from '../../modules/menu-transfer/shop-import.js';
import { catalogueToCsv } from '../../modules/menu-transfer/woocommerce-csv.js';
import { requireStaff } from '../http/viewer.js';
import { globalAddonShape } from './wc/add-on-routes.js';
import { categoryShape, productShape, variationShape } from './wc/catalog-shapes.js';

const MAX_CSV_BYTES = 10 * 1024 * 1024;
const importParams = z.object({ id: z.uuid() });
const importQuery = z.object({ fileName: z.string().max(200).optional() });
const shopImportBody = z
  .object({ url: z.string().trim().min(1).max(500), consumer_key: z.string().trim().min(1).max(200), consumer_secret: z.string().trim().min(1).max(200) })
  .strict();

function categoryPath(snapshot: CatalogSnapshot, category: CategoryRow): string {
  const names: string[] = [];
  const seen = new Set<number>();
  for (let c: CategoryRow | undefined = category; c && !seen.has(c.id); c = c.parentId ? snapshot.categories.get(c.parentId) : undefined) {
    seen.add(c.id);
    names.unshift(c.name.nl);
  }
  return names.join(' > ');
}

/** Every product (trash left out) in the store REST shape with its variations, images as absolute addresses. */
function exportedProducts(snapshot: CatalogSnapshot, siteUrl: string) {
  const absolute = (src: string) => (src.startsWith('/') ? `${siteUrl.replace(/\/$/, '')}${src}` : src);
  return snapshot.list
    .filter((p) => p.row.status !== 'trash')
    .map((p) => {
      const shape = productShape(snapshot, p, { context: 'edit' });
      return {
        ...shape,
        categories: p.categoryIds.flatMap((id) => {
          const category = snapshot.categories.get(id);
          return category ? [{ id, name: category.name.nl, slug: category.slug, path: categoryPath(snapshot, category) }] : [];
        }),
        images: shape.images.map((image) => ({ ...image, src: absolute(image.src) })),
        variations: p.variations.map((v) => {
          const variation = variationShape(snapshot, v, { context: 'edit' });
          return { ...variation, image: variation.image ? { ...variation.image, src: absolute(variation.image.src) } : null };
        }),
      };
    });
}

/**
 * Bringing a menu in and taking it out (products.manage): a WooCommerce product CSV is read and checked first
 * (POST /api/admin/menu/import with the file as text/csv: the preview names each bad row, nothing is written),
 * then applied all or nothing by a job (POST .../{id}/apply; GET .../{id} shows its progress). Exports: the
 * same CSV columns, and Bakje's JSON of the whole catalogue (categories, products with variations and add-ons,
 * global add-ons, image addresses). docs/interfaces.md §8.
 */
export async function registerMenuTransferRoutes(server: FastifyInstance, deps: { db: Db; catalog: CatalogService; siteUrl: string }) {
  await server.register(async (scope) => {
    scope.addContentTypeParser(/^text\/(csv|plain)/, { parseAs: 'string', bodyLimit: MAX_CSV_BYTES }, (_request, body, done) => done(null, body));
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const preValidation = requireStaff('products.manage');

    app.post('/api/admin/menu/import', { preValidation, bodyLimit: MAX_CSV_BYTES, schema: { querystring: importQuery, body: z.string() } }, async (request) => {
      const viewer = await request.viewer();
      return previewImport(deps.db, {
        csv: request.body,
        fileName: request.query.fileName ?? '',
        createdBy: viewer.kind === 'staff' ? viewer.id : null,
      });
    });
    app.get('/api/admin/menu/import/:id', { preValidation, schema: { params: importParams } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return importById(deps.db, request.params.id);
    });
    app.post('/api/admin/menu/import/:id/apply', { preValidation, schema: { params: importParams } }, async (request) => {
      const viewer = await request.viewer();
      return confirmImport(deps.db, request.params.id, viewer.kind === 'staff' ? { type: 'staff', id: viewer.id } : { type: 'system', id: null });
    });

    // From a running WooCommerce shop (or another Bakje): its address and a read key; the key is kept until it ends.
    app.post('/api/admin/menu/shop-import', { preValidation, schema: { body: shopImportBody } }, async (request) =>
      startShopImport(deps.db, { url: request.body.url, consumerKey: request.body.consumer_key, consumerSecret: request.body.consumer_secret }),
    );
    app.get('/api/admin/menu/shop-import/:id', { preValidation, schema: { params: importParams } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return shopImportById(deps.db, request.params.id);
    });

    app.get('/api/admin/menu/export.csv', { preValidation }, async (_request, reply) => {
      const snapshot = await deps.catalog.get();
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', 'attachment; filename="menu-woocommerce.csv"');
      reply.header('cache-control', 'no-store');
      return catalogueToCsv(exportedProducts(snapshot, deps.siteUrl));
    });
    app.get('/api/admin/menu/export.json', { preValidation }, async (_request, reply) => {
      const snapshot = await deps.catalog.get();
      reply.header('content-disposition', 'attachment; filename="menu-bakje.json"');
      reply.header('cache-control', 'no-store');
      return {
        format: 'bakje-menu',
        version: 1,
        exported_at: new Date().toISOString(),
        categories: [...snapshot.categories.values()].map((c) => ({ ...categoryShape(snapshot, c), path: categoryPath(snapshot, c) })),
        products: exportedProducts(snapshot, deps.siteUrl),
        global_addons: (await loadGlobalAddons(deps.db)).map((record) => globalAddonShape(snapshot, record)),
      };
    });
  });
}
