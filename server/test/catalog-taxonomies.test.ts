import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq } from 'drizzle-orm';
import WooCommerceRestApiModule from '@woocommerce/woocommerce-rest-api';
import * as t from '../src/db/schema/index.js';
import type { App } from '../src/app.js';
import { ApiKeyService, type CreatedApiKey } from '../src/modules/api-keys/api-key-service.js';
import { ensureFirstAdmin } from '../src/modules/auth/first-admin.js';
import { seedAllergens } from '../src/db/seed/allergens.js';
import { addonsFor } from '../src/modules/catalog/snapshot.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { TEST_PEPPER, catalogCaughtUp, graphql, startTestApp } from './support/server.js';
import { aCategory, aProduct } from './support/builders.js';
import { Browser } from './support/browser.js';
import { fuzzOptions, fuzzRuns } from './support/fuzz-depth.js';

type ClientClass = typeof WooCommerceRestApiModule.default;
const WooCommerceRestApi: ClientClass =
  (WooCommerceRestApiModule as unknown as { default?: ClientClass }).default ?? (WooCommerceRestApiModule as unknown as ClientClass);

const WC = '/wp-json/wc/v3';
const ADDONS = '/wp-json/wc-product-add-ons/v2/global-add-ons';
const LOGIN = `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }`;
const PASSWORD = 'Stoofvlees met frietjes 2026';
const RUNS = fuzzRuns(1000);

describe.each(databaseKinds)('catalogue taxonomies over the store REST API (%s)', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let writer: CreatedApiKey;
  let reader: CreatedApiKey;
  let frieten: typeof t.categories.$inferSelect;
  let productId: number;
  let imageId: number;
  let allergenIds: number[];
  const manager = () => viewers.get('manager')!;
  const viewers = new Map<string, Browser>();

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    const db = testDb.database.db;
    await seedAllergens(db);
    allergenIds = (await db.select({ id: t.allergens.id }).from(t.allergens).orderBy(t.allergens.position)).map((a) => a.id);
    frieten = await aCategory(db, { slug: 'frieten', name: { nl: 'Frieten', fr: 'Frites', en: 'Fries' }, customOrder: 1 });
    productId = (await aProduct(db, { categoryIds: [frieten.id] })).id;
    const [image] = await db.insert(t.media).values({ src: '/media/demo/saus.svg', title: 'Addon Option Image' }).returning();
    imageId = image!.id;
    const keys = new ApiKeyService(db, () => TEST_PEPPER);
    writer = await keys.create({ scope: 'read_write' });
    reader = await keys.create({ scope: 'read' });
    app = await startTestApp(testDb.database);
    await ensureFirstAdmin(testDb.database, { email: 'baas@example.be', password: 'De baas van de frituur' });
    const admin = new Browser(() => app);
    expect((await admin.graphql(LOGIN, { u: 'baas@example.be', p: 'De baas van de frituur' })).body.data.login.viewer.role).toBe('admin');
    for (const role of ['kitchen', 'manager'] as const) {
      expect((await admin.request('POST', '/api/staff/users', { email: `${role}@example.be`, password: PASSWORD, role })).statusCode).toBe(201);
      const staff = new Browser(() => app);
      expect((await staff.graphql(LOGIN, { u: `${role}@example.be`, p: PASSWORD })).body.data.login.viewer.role).toBe(role);
      viewers.set(role, staff);
    }
    await catalogCaughtUp(app, testDb.database);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const basic = (key: CreatedApiKey) => `Basic ${Buffer.from(`${key.consumerKey}:${key.consumerSecret}`).toString('base64')}`;
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown, key: CreatedApiKey = writer) => {
    const response = await app.server.inject({
      method,
      url,
      headers: { authorization: basic(key), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  };
  const version = async () => {
    const [row] = await testDb.database.db.select().from(t.versions).where(eq(t.versions.name, 'catalog'));
    return row!.version;
  };
  /** A refused write: 400 in the WooCommerce shape naming `field`, and no catalogue table changed (every write bumps the version). */
  const refused = async (method: 'POST' | 'PUT' | 'DELETE', url: string, body: unknown, field: string, code = 'rest_invalid_param') => {
    const before = await version();
    const response = await call(method, url, body);
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(response.body).toMatchObject({ code, data: { status: 400 } });
    expect(response.body.data.params ?? [], JSON.stringify(response.body)).toContain(field);
    expect(await version()).toBe(before);
    return response.body;
  };

  describe('categories', () => {
    it('creates a category in three languages; the catalogue has it at once', async () => {
      const created = await call('POST', `${WC}/products/categories`, {
        name: 'Stoofvlees',
        translations: { fr: 'Carbonnade', en: 'Beef stew' },
        parent: frieten.id,
        image: { id: imageId },
        custom_order: 5,
        description: '<p>Huisgemaakt<script>alert(1)</script></p>',
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        name: 'Stoofvlees',
        slug: 'stoofvlees',
        parent: frieten.id,
        custom_order: 5,
        description: '<p>Huisgemaakt</p>',
        translations: { fr: 'Carbonnade', en: 'Beef stew' },
        image: { id: imageId, src: '/media/demo/saus.svg' },
      });
      expect(created.body.meta_data).toEqual(
        expect.arrayContaining([
          { id: expect.any(Number), key: 'english_translation', value: 'Beef stew' },
          { id: expect.any(Number), key: 'french_translation', value: 'Carbonnade' },
        ]),
      );
      const snapshot = await app.catalog.get();
      expect(snapshot.categoriesBySlug.get('stoofvlees')?.name).toEqual({ nl: 'Stoofvlees', fr: 'Carbonnade', en: 'Beef stew' });
      expect((await call('GET', `${WC}/products/categories/${created.body.id}`)).body.name).toBe('Stoofvlees');
    });

    it('updates only what is given; meta_data translations work as on products', async () => {
      const { body: created } = await call('POST', `${WC}/products/categories`, { name: 'Sauzen' });
      const updated = await call('PUT', `${WC}/products/categories/${created.id}`, {
        meta_data: [{ key: 'french_translation', value: 'Sauces' }],
        custom_order: 10_000,
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ name: 'Sauzen', slug: 'sauzen', custom_order: 10_000, translations: { fr: 'Sauces', en: '' } });
      const renamed = await call('PUT', `${WC}/products/categories/${created.id}`, { name: 'Koude sauzen', slug: 'Koude Sauzen!' });
      expect(renamed.body).toMatchObject({ name: 'Koude sauzen', slug: 'koude-sauzen', translations: { fr: 'Sauces' } });
    });

    it('refuses bad input with 400 naming the field and changes nothing', async () => {
      const { body: other } = await call('POST', `${WC}/products/categories`, { name: 'Snacks', parent: frieten.id });
      await refused('POST', `${WC}/products/categories`, { name: 'Frieten' }, 'slug', 'term_exists');
      await refused('POST', `${WC}/products/categories`, { name: 'Nieuw', parent: 999_999 }, 'parent');
      await refused('POST', `${WC}/products/categories`, { name: 'Nieuw', image: 999_999 }, 'image');
      await refused('POST', `${WC}/products/categories`, { name: '' }, 'name');
      await refused('POST', `${WC}/products/categories`, { slug: 'zonder-naam' }, 'name');
      await refused('POST', `${WC}/products/categories`, { name: 'x', custom_order: -1 }, 'custom_order');
      await refused('POST', `${WC}/products/categories`, { name: '!!!' }, 'slug');
      await refused('PUT', `${WC}/products/categories/${frieten.id}`, { parent: frieten.id }, 'parent');
      // A loop: frieten under its own subcategory.
      await refused('PUT', `${WC}/products/categories/${frieten.id}`, { parent: other.id }, 'parent');
      await refused('PUT', `${WC}/products/categories/${other.id}`, { slug: 'frieten', name: 'Gewijzigd' }, 'slug', 'term_exists');
      expect((await call('PUT', `${WC}/products/categories/999999`, { name: 'x' })).status).toBe(404);
      expect((await call('POST', `${WC}/products/categories`, { name: 'Lezer' }, reader)).status).toBe(401);
      const [row] = await testDb.database.db.select().from(t.categories).where(eq(t.categories.id, other.id));
      expect(row).toMatchObject({ name: { nl: 'Snacks' }, slug: 'snacks', parentId: frieten.id });
    });

    it('deletes only with force=true; subcategories move up to the parent', async () => {
      const { body: parent } = await call('POST', `${WC}/products/categories`, { name: 'Tijdelijk' });
      const { body: child } = await call('POST', `${WC}/products/categories`, { name: 'Tijdelijk kind', parent: parent.id });
      await refused('DELETE', `${WC}/products/categories/${parent.id}`, undefined, 'force', 'woocommerce_rest_trash_not_supported');
      const deleted = await call('DELETE', `${WC}/products/categories/${parent.id}?force=true`);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toMatchObject({ id: parent.id, name: 'Tijdelijk' });
      expect((await call('GET', `${WC}/products/categories/${parent.id}`)).status).toBe(404);
      expect((await call('GET', `${WC}/products/categories/${child.id}`)).body.parent).toBe(0);
      expect((await call('DELETE', `${WC}/products/categories/${parent.id}?force=true`)).status).toBe(404);
    });

    it('refuses to delete the default category (uncategorized), alone or in a batch, changing nothing', async () => {
      const { body: fallback } = await call('POST', `${WC}/products/categories`, { name: 'Geen categorie', slug: 'uncategorized' });
      expect(fallback.slug).toBe('uncategorized');
      const body = await refused('DELETE', `${WC}/products/categories/${fallback.id}?force=true`, undefined, 'id', 'woocommerce_rest_cannot_delete');
      expect(body).toMatchObject({ message: 'Default product category cannot be deleted.', data: { code: 'DEFAULT_CATEGORY_UNDELETABLE' } });
      const before = await version();
      const batch = await call('POST', `${WC}/products/categories/batch`, { delete: [fallback.id] });
      expect(batch.status).toBe(200);
      expect(batch.body.delete[0]).toMatchObject({ id: fallback.id, error: { code: 'woocommerce_rest_cannot_delete' } });
      expect(await version()).toBe(before);
      expect((await call('GET', `${WC}/products/categories/${fallback.id}`)).status).toBe(200);
      // Nor renamed out of being the default: its slug stays, its name may change.
      await refused('PUT', `${WC}/products/categories/${fallback.id}`, { slug: 'diversen' }, 'slug');
      expect((await call('PUT', `${WC}/products/categories/${fallback.id}`, { name: 'Diversen' })).body).toMatchObject({
        name: 'Diversen',
        slug: 'uncategorized',
      });
    });

    it('batch: creates, updates and deletes; a bad item gets its own error, the others go through', async () => {
      const { body: gone } = await call('POST', `${WC}/products/categories`, { name: 'Weg' });
      const response = await call('POST', `${WC}/products/categories/batch`, {
        create: [{ name: 'Burgers' }, { name: 'Frieten' }],
        update: [{ id: frieten.id, custom_order: 2 }],
        delete: [gone.id, 999_999],
      });
      expect(response.status).toBe(200);
      expect(response.body.create[0]).toMatchObject({ name: 'Burgers', slug: 'burgers' });
      expect(response.body.create[1]).toMatchObject({ id: 0, error: { code: 'term_exists', data: { status: 400 } } });
      expect(response.body.update[0]).toMatchObject({ id: frieten.id, custom_order: 2 });
      expect(response.body.delete[0]).toMatchObject({ id: gone.id, name: 'Weg' });
      expect(response.body.delete[1]).toMatchObject({ id: 999_999, error: { code: 'woocommerce_rest_term_invalid' } });
      const tooMany = await call('POST', `${WC}/products/categories/batch`, { create: Array.from({ length: 101 }, (_, i) => ({ name: `c${i}` })) });
      expect(tooMany.status).toBe(400);
    });
  });

  describe('attributes and terms', () => {
    it('CRUD with terms in pages of at most 100; renaming a term slug renames it on products', async () => {
      const created = await call('POST', `${WC}/products/attributes`, { name: 'Formaat', translations: { fr: 'Taille', en: 'Size' } });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        name: 'Formaat',
        slug: 'pa_formaat',
        type: 'select',
        order_by: 'menu_order',
        translations: { fr: 'Taille', en: 'Size' },
      });
      const id = created.body.id as number;
      await refused('POST', `${WC}/products/attributes`, { name: 'Formaat' }, 'slug', 'term_exists');
      expect((await call('GET', `${WC}/products/attributes`)).body.map((a: { slug: string }) => a.slug)).toContain('pa_formaat');
      expect((await call('PUT', `${WC}/products/attributes/${id}`, { order_by: 'name' })).body.order_by).toBe('name');

      for (const name of ['Groot', 'Klein', 'Middel']) {
        expect((await call('POST', `${WC}/products/attributes/${id}/terms`, { name, translations: { en: `${name} EN` } })).status).toBe(201);
      }
      await refused('POST', `${WC}/products/attributes/${id}/terms`, { name: 'Groot' }, 'slug', 'term_exists');
      expect((await call('POST', `${WC}/products/attributes/999999/terms`, { name: 'x' })).status).toBe(404);
      const page = await call('GET', `${WC}/products/attributes/${id}/terms?per_page=2&page=1`);
      expect(page.headers['x-wp-total']).toBe('3');
      expect(page.headers['x-wp-totalpages']).toBe('2');
      expect(page.body.map((x: { name: string }) => x.name)).toEqual(['Groot', 'Klein']);
      expect((await call('GET', `${WC}/products/attributes/${id}/terms?per_page=101`)).status).toBe(400);

      const groot = page.body[0] as { id: number };
      const db = testDb.database.db;
      await db.insert(t.productAttributes).values({ productId, position: 0, attributeId: id, name: 'pa_formaat', options: ['groot', 'klein'] });
      expect((await call('GET', `${WC}/products/attributes/${id}/terms/${groot.id}`)).body).toMatchObject({ slug: 'groot', count: 1 });
      const renamed = await call('PUT', `${WC}/products/attributes/${id}/terms/${groot.id}`, { slug: 'xl', name: 'Extra groot' });
      expect(renamed.body).toMatchObject({ slug: 'xl', name: 'Extra groot', translations: { en: 'Groot EN' }, count: 1 });
      const [usage] = await db.select().from(t.productAttributes).where(eq(t.productAttributes.productId, productId));
      expect(usage!.options).toEqual(['xl', 'klein']);

      await refused('DELETE', `${WC}/products/attributes/${id}/terms/${groot.id}`, undefined, 'force', 'woocommerce_rest_trash_not_supported');
      expect((await call('DELETE', `${WC}/products/attributes/${id}/terms/${groot.id}?force=true`)).body).toMatchObject({ slug: 'xl' });
      const [after] = await db.select().from(t.productAttributes).where(eq(t.productAttributes.productId, productId));
      expect(after!.options).toEqual(['klein']);

      expect((await call('DELETE', `${WC}/products/attributes/${id}?force=true`)).body).toMatchObject({ id, slug: 'pa_formaat' });
      expect((await call('GET', `${WC}/products/attributes/${id}`)).status).toBe(404);
    });
  });

  describe('allergens', () => {
    it('lists the 14; names and icons change, bad icons are refused', async () => {
      const list = await call('GET', `${WC}/products/allergens`);
      expect(list.status).toBe(200);
      expect(list.body).toHaveLength(14);
      expect(list.body[0]).toMatchObject({ code: 'gluten', name: 'Gluten', icon: '/media/allergens/gluten.svg' });
      const id = list.body[6].id as number;
      const updated = await call('PUT', `${WC}/products/allergens/${id}`, {
        name: 'Melk (lactose)',
        translations: { en: 'Milk (lactose)' },
        icon: '/media/uploads/melk.png',
      });
      expect(updated.body).toMatchObject({
        code: 'milk',
        name: 'Melk (lactose)',
        translations: { fr: 'Lait', en: 'Milk (lactose)' },
        icon: '/media/uploads/melk.png',
      });
      await refused('PUT', `${WC}/products/allergens/${id}`, { icon: 'javascript:alert(1)' }, 'icon');
      await refused('PUT', `${WC}/products/allergens/${id}`, { name: '' }, 'name');
      expect((await call('PUT', `${WC}/products/allergens/999999`, { name: 'x' })).status).toBe(404);
      // No new allergens: the route does not exist (it reads as an update of a product with a bad id).
      expect([400, 404]).toContain((await call('POST', `${WC}/products/allergens`, { name: 'x' })).status);
    });
  });

  describe('global add-ons', () => {
    const sauces = () => ({
      name: 'Sauzen',
      translations: { fr: 'Sauces', en: 'Sauces EN' },
      restrict_to_categories: [frieten.id],
      fields: [
        {
          name: 'Kies je saus',
          translations: { fr: 'Choisissez votre sauce', en: 'Choose your sauce' },
          type: 'checkbox',
          required: true,
          options: [
            { label: 'Mayonaise', translations: { fr: 'Mayonnaise', en: 'Mayonnaise' }, price: '0.80', allergens: [allergenIds[2]!], image: imageId },
            { label: 'Ketchup', price: '' },
          ],
        },
        { name: 'Extra', type: 'heading' },
      ],
    });

    it('creates, reads, updates (keeping ids) and deletes; the shop offers it on products of the category', async () => {
      const created = await call('POST', ADDONS, sauces());
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const addon = created.body;
      expect(addon).toMatchObject({
        name: 'Sauzen',
        translations: { fr: 'Sauces', en: 'Sauces EN' },
        priority: 10,
        restrict_to_categories: { [String(frieten.id)]: 'Frieten' },
        fields: [
          {
            name: 'Kies je saus',
            type: 'checkbox',
            required: true,
            price_type: 'quantity_based',
            options: [
              {
                label: 'Mayonaise',
                price: '0.80',
                price_type: 'quantity_based',
                image: imageId,
                image_src: '/media/demo/saus.svg',
                allergens: [allergenIds[2]],
              },
              { label: 'Ketchup', price: '', image: null, allergens: [] },
            ],
          },
          { name: 'Extra', type: 'heading', options: [] },
        ],
      });
      const snapshot = await app.catalog.get();
      const fields = addonsFor(snapshot, snapshot.products.get(productId)!);
      expect(fields.map((f) => f.name.fr)).toContain('Choisissez votre sauce');

      expect((await call('GET', `${ADDONS}/${addon.id}`)).body).toEqual(addon);
      const list = await call('GET', ADDONS);
      expect(list.body.map((a: { id: number }) => a.id)).toContain(addon.id);

      const field = addon.fields[0];
      const updated = await call('PUT', `${ADDONS}/${addon.id}`, {
        fields: [
          {
            id: field.id,
            name: 'Sauzen',
            type: 'multiple_choice',
            options: [{ id: field.options[1].id, label: 'Ketchup', price: 0.5, price_type: 'flat_fee' }, { label: 'Andalouse' }],
          },
        ],
      });
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      expect(updated.body.name).toBe('Sauzen');
      expect(updated.body.fields).toHaveLength(1);
      expect(updated.body.fields[0]).toMatchObject({ id: field.id, type: 'multiple_choice', required: false });
      expect(updated.body.fields[0].options[0]).toMatchObject({ id: field.options[1].id, price: '0.50', price_type: 'flat_fee' });
      expect(updated.body.fields[0].options[1]).toMatchObject({ label: 'Andalouse', price: '' });

      const deleted = await call('DELETE', `${ADDONS}/${addon.id}`);
      expect(deleted.status).toBe(200);
      expect((await call('GET', `${ADDONS}/${addon.id}`)).status).toBe(404);
      expect(await testDb.database.db.select().from(t.addonFields).where(eq(t.addonFields.globalAddonId, addon.id))).toEqual([]);
    });

    it('refuses bad add-ons with 400 naming the field and changes nothing', async () => {
      const { body: addon } = await call('POST', ADDONS, sauces());
      const withOption = (option: Record<string, unknown>) => ({
        ...sauces(),
        fields: [{ name: 'Saus', type: 'checkbox', options: [{ label: 'Mayo', ...option }] }],
      });
      await refused('POST', ADDONS, withOption({ price: '-0.50' }), 'fields');
      await refused('POST', ADDONS, withOption({ price: -1 }), 'fields');
      await refused('POST', ADDONS, withOption({ price_type: 'per_bite' }), 'fields');
      await refused('POST', ADDONS, withOption({ image: 999_999 }), 'fields[0].options[0].image');
      await refused('POST', ADDONS, withOption({ allergens: [999_999] }), 'fields[0].options[0].allergens');
      await refused('POST', ADDONS, { ...sauces(), restrict_to_categories: [999_999] }, 'restrict_to_categories');
      await refused('POST', ADDONS, { ...sauces(), name: '' }, 'name');
      await refused('POST', ADDONS, { ...sauces(), fields: [{ name: 'Saus', type: 'multiple_choice', options: [] }] }, 'fields[0].options');
      await refused('PUT', `${ADDONS}/${addon.id}`, { fields: [{ id: 999_999, name: 'x', type: 'heading' }] }, 'fields[0].id');
      await refused('PUT', `${ADDONS}/${addon.id}`, { restrict_to_categories: [frieten.id, 999_999] }, 'restrict_to_categories');
      expect((await call('PUT', `${ADDONS}/999999`, { name: 'x' })).status).toBe(404);
      expect((await call('POST', ADDONS, sauces(), reader)).status).toBe(401);
      expect((await call('GET', `${ADDONS}/${addon.id}`)).body).toEqual(addon);
    });
  });

  describe('the dashboard: staff login cookie with CSRF', () => {
    it('a manager writes with the CSRF token; without it, or as kitchen staff, nothing happens', async () => {
      const ok = await manager().request('POST', `${WC}/products/categories`, { name: 'Via dashboard' });
      expect(ok.statusCode, ok.body).toBe(201);
      expect((await manager().request('GET', `${WC}/nonce`)).json()).toEqual({ nonce: manager().cookies.get('bakje_csrf') });
      const noCsrf = await manager().request('POST', `${WC}/products/categories`, { name: 'Zonder token' }, { csrf: false });
      expect(noCsrf.statusCode).toBe(403);
      const kitchen = await viewers.get('kitchen')!.request('POST', ADDONS, { name: 'Keuken' });
      expect(kitchen.statusCode).toBe(403);
      expect(kitchen.json()).toMatchObject({ data: { code: 'PERMISSION_DENIED' } });
      expect((await viewers.get('kitchen')!.request('GET', `${WC}/products/categories`)).statusCode).toBe(403);
      const guest = await new Browser(() => app).request('POST', `${WC}/products/categories`, { name: 'Gast' });
      expect(guest.statusCode).toBe(401);
      const names = (await testDb.database.db.select().from(t.categories)).map((c) => c.name.nl);
      expect(names).toContain('Via dashboard');
      expect(names).not.toContain('Zonder token');
      expect(names).not.toContain('Gast');
    });
  });

  it('every write records who changed what (the API key or the staff member) and only the fields that changed', async () => {
    const { body } = await call('POST', `${WC}/products/categories`, { name: 'Historiek' });
    await call('PUT', `${WC}/products/categories/${body.id}`, { name: 'Historiek 2' });
    await manager().request('PUT', `${WC}/products/categories/${body.id}`, { translations: { fr: 'Historique' } });
    await refused('PUT', `${WC}/products/categories/${body.id}`, { parent: 999_999 }, 'parent');
    // The one change history of the catalogue (catalog_changes, docs/decisions/0022-catalog-rest-api.md).
    const changes = await testDb.database.db
      .select()
      .from(t.catalogChanges)
      .where(and(eq(t.catalogChanges.entityType, 'category'), eq(t.catalogChanges.entityId, body.id)))
      .orderBy(t.catalogChanges.id);
    expect(changes).toHaveLength(3);
    expect(changes[0]).toMatchObject({ entityType: 'category', entityId: body.id, action: 'create', actorType: 'api_key' });
    expect(changes[1]).toMatchObject({
      action: 'update',
      actorType: 'api_key',
      changes: { name: { before: { nl: 'Historiek' }, after: { nl: 'Historiek 2' } } },
    });
    expect(Object.keys(changes[1]!.changes)).toEqual(['name']);
    expect(changes[2]).toMatchObject({ action: 'update', actorType: 'staff', changes: { name: { after: { nl: 'Historiek 2', fr: 'Historique' } } } });
  });

  it('the official @woocommerce/woocommerce-rest-api client manages categories and global add-ons', async () => {
    const address = await app.server.listen({ port: 0, host: '127.0.0.1' });
    const client = new WooCommerceRestApi({ url: address, consumerKey: writer.consumerKey, consumerSecret: writer.consumerSecret, version: 'wc/v3' });
    const created = await client.post('products/categories', {
      name: 'Klant categorie',
      meta_data: [{ key: 'english_translation', value: 'Client category' }],
    });
    expect(created.status).toBe(201);
    const id = created.data.id as number;
    // Paging through the headers.
    const total = Number((await client.get('products/categories', { per_page: 2 })).headers['x-wp-total']);
    const pages = Number((await client.get('products/categories', { per_page: 2 })).headers['x-wp-totalpages']);
    expect(pages).toBe(Math.ceil(total / 2));
    const seen: number[] = [];
    for (let page = 1; page <= pages; page++)
      seen.push(...(await client.get('products/categories', { per_page: 2, page })).data.map((c: { id: number }) => c.id));
    expect(seen).toHaveLength(total);
    expect(seen).toContain(id);
    expect((await client.put(`products/categories/${id}`, { name: 'Klant categorie 2' })).data).toMatchObject({
      name: 'Klant categorie 2',
      translations: { en: 'Client category' },
    });
    expect((await client.delete(`products/categories/${id}`, { force: true })).status).toBe(200);

    const addons = new WooCommerceRestApi({
      url: address,
      consumerKey: writer.consumerKey,
      consumerSecret: writer.consumerSecret,
      version: 'wc-product-add-ons/v2' as 'wc/v3',
    });
    const addon = await addons.post('global-add-ons', {
      name: 'Klant add-on',
      fields: [{ name: 'Saus', type: 'multiple_choice', options: [{ label: 'Mayo', price: '0.50' }] }],
    });
    expect(addon.status).toBe(201);
    expect((await addons.get('global-add-ons')).data.map((a: { id: number }) => a.id)).toContain(addon.data.id);
    expect((await addons.put(`global-add-ons/${addon.data.id}`, { name: 'Klant add-on 2' })).data.name).toBe('Klant add-on 2');
    expect((await addons.get(`global-add-ons/${addon.data.id}`)).data.fields[0].options[0].price).toBe('0.50');
    expect((await addons.delete(`global-add-ons/${addon.data.id}`)).status).toBe(200);
    const refusedRead = await addons.get(`global-add-ons/${addon.data.id}`).catch((error: { response: { status: number } }) => error.response);
    expect(refusedRead.status).toBe(404);
  });

  describe('tags', () => {
    it('creates, lists (paged, searched), reads, updates and deletes tags in three languages; products carry them', async () => {
      const created = await call('POST', `${WC}/products/tags`, {
        name: 'Pikant',
        translations: { fr: 'Épicé', en: 'Spicy' },
        description: '<b>Heet</b><script>x</script>',
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body).toMatchObject({ name: 'Pikant', slug: 'pikant', translations: { fr: 'Épicé', en: 'Spicy' }, count: 0 });
      expect(created.body.description).not.toContain('script');
      const id = created.body.id;
      const { body: vegan } = await call('POST', `${WC}/products/tags`, { name: 'Vegan' });
      await refused('POST', `${WC}/products/tags`, { name: 'Pikant 2', slug: 'pikant' }, 'slug', 'term_exists');
      await refused('POST', `${WC}/products/tags`, { name: '' }, 'name');

      const first = await call('GET', `${WC}/products/tags?per_page=1&page=1`);
      expect(first.headers['x-wp-total']).toBe('2');
      expect(first.headers['x-wp-totalpages']).toBe('2');
      expect(first.body.map((x: { name: string }) => x.name)).toEqual(['Pikant']);
      expect((await call('GET', `${WC}/products/tags?search=veg`)).body.map((x: { id: number }) => x.id)).toEqual([vegan.id]);

      // A product carries tags by id; an unknown id is refused naming the field.
      const tagged = await call('PUT', `${WC}/products/${productId}`, { tags: [{ id }, { id: vegan.id }] });
      expect(tagged.status, JSON.stringify(tagged.body)).toBe(200);
      expect(tagged.body.tags).toEqual([
        { id, name: 'Pikant', slug: 'pikant' },
        { id: vegan.id, name: 'Vegan', slug: 'vegan' },
      ]);
      await refused('PUT', `${WC}/products/${productId}`, { tags: [{ id: 999_999 }] }, 'tags', 'PRODUCT_INVALID');
      expect((await call('GET', `${WC}/products?tag=${vegan.id}`)).body.map((p: { id: number }) => p.id)).toEqual([productId]);
      expect((await call('GET', `${WC}/products/tags/${id}`)).body.count).toBe(1);
      // The storefront GraphQL has them too, in the visitor's language.
      const [productRow] = await testDb.database.db.select().from(t.products).where(eq(t.products.id, productId));
      const shop = await graphql(
        app,
        `
          query ($slug: ID!) {
            product(id: $slug, idType: SLUG) {
              productTags {
                nodes {
                  databaseId
                  name
                  slug
                }
              }
            }
            productTags {
              nodes {
                name
                count
              }
            }
          }
        `,
        { slug: productRow!.slug },
        { 'x-bakje-locale': 'en_US' },
      );
      expect(shop.body.errors).toBeUndefined();
      expect(shop.body.data.product.productTags.nodes).toEqual([
        { databaseId: id, name: 'Spicy', slug: 'pikant' },
        { databaseId: vegan.id, name: 'Vegan', slug: 'vegan' },
      ]);
      expect(shop.body.data.productTags.nodes).toEqual([
        { name: 'Spicy', count: 1 },
        { name: 'Vegan', count: 1 },
      ]);

      const renamed = await call('PUT', `${WC}/products/tags/${id}`, { name: 'Heet', translations: { en: 'Hot' } });
      expect(renamed.body).toMatchObject({ id, name: 'Heet', slug: 'pikant', translations: { fr: 'Épicé', en: 'Hot' }, count: 1 });
      expect((await call('GET', `${WC}/products/${productId}`)).body.tags[0]).toMatchObject({ id, name: 'Heet' });

      await refused('DELETE', `${WC}/products/tags/${id}`, undefined, 'force', 'woocommerce_rest_trash_not_supported');
      expect((await call('DELETE', `${WC}/products/tags/${id}?force=true`)).body).toMatchObject({ id, name: 'Heet' });
      expect((await call('GET', `${WC}/products/tags/${id}`)).status).toBe(404);
      expect((await call('GET', `${WC}/products/${productId}`)).body.tags).toEqual([{ id: vegan.id, name: 'Vegan', slug: 'vegan' }]);
      expect((await call('POST', `${WC}/products/tags`, { name: 'Lezer' }, reader)).status).toBe(401);
    });

    it('batch: creates, updates and deletes; a bad item gets its own error, the others go through', async () => {
      const { body: gone } = await call('POST', `${WC}/products/tags`, { name: 'Weg tag' });
      const { body: kept } = await call('POST', `${WC}/products/tags`, { name: 'Blijft' });
      const response = await call('POST', `${WC}/products/tags/batch`, {
        create: [
          { name: 'Nieuw', translations: { en: 'New' } },
          { name: 'Blijft 2', slug: 'blijft' },
        ],
        update: [{ id: kept.id, name: 'Blijft!' }],
        delete: [gone.id, 999_999],
      });
      expect(response.status).toBe(200);
      expect(response.body.create[0]).toMatchObject({ name: 'Nieuw', translations: { en: 'New' } });
      expect(response.body.create[1]).toMatchObject({ error: { code: 'term_exists' } });
      expect(response.body.update[0]).toMatchObject({ id: kept.id, name: 'Blijft!' });
      expect(response.body.delete[0]).toMatchObject({ id: gone.id });
      expect(response.body.delete[1]).toMatchObject({ id: 999_999, error: { code: 'woocommerce_rest_term_invalid' } });
    });

    it('the official WooCommerce client manages tags', async () => {
      const address = await app.server
        .listen({ port: 0, host: '127.0.0.1' })
        .catch(() => `http://127.0.0.1:${(app.server.server.address() as { port: number }).port}`);
      const client = new WooCommerceRestApi({ url: address, consumerKey: writer.consumerKey, consumerSecret: writer.consumerSecret, version: 'wc/v3' });
      const created = await client.post('products/tags', { name: 'Klassieker' });
      expect(created.status).toBe(201);
      expect((await client.put(`products/tags/${created.data.id}`, { name: 'Klassiek' })).data.name).toBe('Klassiek');
      expect((await client.get('products/tags', { search: 'klassiek' })).data.map((x: { id: number }) => x.id)).toEqual([created.data.id]);
      expect((await client.delete(`products/tags/${created.data.id}`, { force: true })).status).toBe(200);
    });
  });

  describe(`fuzz: no 5xx and no change on refusal (${RUNS} cases per write route)`, () => {
    const text = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom('', ' ', 'Frieten', 'frieten', '-1', '0.50', '1e309', 'NaN', 'null', '<script>', '\u0000', 'a'.repeat(300), 'opties'),
    );
    const scalar = fc.oneof(text, fc.integer({ min: -2, max: 1_000_001 }), fc.double(), fc.boolean(), fc.constant(null));
    const loose = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.jsonValue({ maxDepth: 2 }));
    const idLike = () => fc.oneof(fc.constantFrom(frieten.id, 999_999, 0, -1), loose);
    const translations = fc.oneof(loose, fc.record({ fr: loose, en: loose }, { requiredKeys: [] }));
    const categoryBody = () =>
      fc.record(
        {
          name: fc.oneof(text, loose),
          slug: fc.oneof(text, loose),
          parent: idLike(),
          image: fc.oneof(fc.constantFrom(imageId, null, 999_999, { id: imageId }), loose),
          custom_order: fc.oneof(fc.integer({ min: -5, max: 20_000 }), loose),
          menu_order: loose,
          meta_data: fc.oneof(
            loose,
            fc.array(fc.record({ key: fc.constantFrom('english_translation', 'french_translation', 'cloudpos_category_id'), value: loose })),
          ),
          translations,
        },
        { requiredKeys: [] },
      );
    const option = fc.record(
      {
        id: loose,
        label: fc.oneof(text, loose),
        price: fc.oneof(fc.constantFrom('', '0.50', '-0.50', '1.234'), loose),
        price_type: loose,
        image: loose,
        allergens: loose,
      },
      { requiredKeys: [] },
    );
    const addonBody = () =>
      fc.record(
        {
          name: fc.oneof(text, loose),
          translations,
          priority: loose,
          restrict_to_categories: fc.oneof(fc.array(idLike(), { maxLength: 3 }), loose),
          fields: fc.oneof(
            loose,
            fc.array(
              fc.record(
                {
                  id: loose,
                  name: fc.oneof(text, loose),
                  type: fc.oneof(fc.constantFrom('multiple_choice', 'checkbox', 'heading', 'custom_text'), loose),
                  required: loose,
                  price: loose,
                  max: loose,
                  options: fc.oneof(loose, fc.array(option, { maxLength: 3 })),
                },
                { requiredKeys: [] },
              ),
              { maxLength: 3 },
            ),
          ),
        },
        { requiredKeys: [] },
      );
    const nameBody = () =>
      fc.record(
        { name: fc.oneof(text, loose), slug: fc.oneof(text, loose), translations, order_by: loose, menu_order: loose, description: loose, icon: loose },
        { requiredKeys: [] },
      );
    const payload = (body: fc.Arbitrary<unknown>) =>
      fc.oneof(
        { weight: 4, arbitrary: body.map((b) => JSON.stringify(b)) },
        {
          weight: 1,
          arbitrary: fc.oneof(
            text,
            fc.jsonValue().map((v) => JSON.stringify(v)),
          ),
        },
      );

    /** Runs RUNS requests; each refusal must leave the catalogue version (bumped by every catalogue write) as it was. */
    const fuzz = async (method: 'POST' | 'PUT' | 'DELETE', url: () => fc.Arbitrary<string>, body: fc.Arbitrary<string> | undefined) => {
      await fc.assert(
        fc.asyncProperty(url(), body ?? fc.constant(undefined), fc.boolean(), async (path, sent, asReader) => {
          const before = await version();
          const response = await app.server.inject({
            method,
            url: path,
            headers: { authorization: basic(asReader ? reader : writer), ...(sent !== undefined ? { 'content-type': 'application/json' } : {}) },
            ...(sent !== undefined ? { payload: sent } : {}),
          });
          expect(response.statusCode, `${method} ${path} ${sent ?? ''}: ${response.body}`).toBeLessThan(500);
          if (asReader) expect(response.statusCode).toBe(401);
          if (response.statusCode >= 400) {
            expect(response.json()).toMatchObject({ code: expect.any(String), message: expect.any(String), data: { status: response.statusCode } });
            expect(await version(), `${method} ${path} ${sent ?? ''}`).toBe(before);
          }
        }),
        fuzzOptions(1000),
      );
    };
    const idPath = (prefix: string, ids: () => number[]) =>
      fc.oneof(
        fc.constantFrom(...ids()).map((id) => `${prefix}/${id}`),
        // "." and ".." are dot segments: the URL resolves to another route (a 404 before any key check), not to
        // a bad id.
        fc
          .string({ maxLength: 8 })
          .filter((s) => s !== '.' && s !== '..')
          .map((s) => `${prefix}/${encodeURIComponent(s)}`),
      );
    let attributeId = 0;
    let termId = 0;
    let addonId = 0;

    beforeAll(async () => {
      attributeId = (await call('POST', `${WC}/products/attributes`, { name: 'Fuzz attribuut' })).body.id;
      termId = (await call('POST', `${WC}/products/attributes/${attributeId}/terms`, { name: 'Fuzz term' })).body.id;
      addonId = (await call('POST', ADDONS, { name: 'Fuzz add-on' })).body.id;
    });

    it('category writes', async () => {
      await fuzz('POST', () => fc.constant(`${WC}/products/categories`), payload(categoryBody()));
      await fuzz('PUT', () => idPath(`${WC}/products/categories`, () => [frieten.id, 999_999]), payload(categoryBody()));
      await fuzz(
        'POST',
        () => fc.constant(`${WC}/products/categories/batch`),
        payload(fc.record({ create: fc.array(categoryBody(), { maxLength: 3 }), update: loose, delete: loose }, { requiredKeys: [] })),
      );
      await fuzz(
        'DELETE',
        () =>
          fc
            .tuple(
              idPath(`${WC}/products/categories`, () => [999_999]),
              fc.constantFrom('', '?force=false', '?force=1', '?force=yes', '?force=true'),
            )
            .map(([p, q]) => p + q),
        undefined,
      );
    }, 600_000);

    it('attribute, term and allergen writes', async () => {
      await fuzz('POST', () => fc.constant(`${WC}/products/attributes`), payload(nameBody()));
      await fuzz('PUT', () => idPath(`${WC}/products/attributes`, () => [attributeId, 999_999]), payload(nameBody()));
      await fuzz('DELETE', () => idPath(`${WC}/products/attributes`, () => [attributeId, 999_999]), undefined);
      await fuzz(
        'POST',
        () => fc.constantFrom(`${WC}/products/attributes/${attributeId}/terms`, `${WC}/products/attributes/999999/terms`),
        payload(nameBody()),
      );
      await fuzz('PUT', () => idPath(`${WC}/products/attributes/${attributeId}/terms`, () => [termId, 999_999]), payload(nameBody()));
      await fuzz('DELETE', () => idPath(`${WC}/products/attributes/${attributeId}/terms`, () => [termId, 999_999]), undefined);
      await fuzz('PUT', () => idPath(`${WC}/products/allergens`, () => [allergenIds[0]!, 999_999]), payload(nameBody()));
    }, 600_000);

    it('tag writes', async () => {
      const tagId = (await call('POST', `${WC}/products/tags`, { name: 'Fuzz tag' })).body.id;
      await fuzz('POST', () => fc.constant(`${WC}/products/tags`), payload(nameBody()));
      await fuzz('PUT', () => idPath(`${WC}/products/tags`, () => [tagId, 999_999]), payload(nameBody()));
      await fuzz(
        'POST',
        () => fc.constant(`${WC}/products/tags/batch`),
        payload(fc.record({ create: fc.array(nameBody(), { maxLength: 3 }), update: loose, delete: loose }, { requiredKeys: [] })),
      );
      await fuzz(
        'DELETE',
        () =>
          fc
            .tuple(
              idPath(`${WC}/products/tags`, () => [999_999]),
              fc.constantFrom('', '?force=false', '?force=1', '?force=yes', '?force=true'),
            )
            .map(([p, q]) => p + q),
        undefined,
      );
    }, 600_000);

    it('global add-on writes', async () => {
      await fuzz('POST', () => fc.constant(ADDONS), payload(addonBody()));
      await fuzz('PUT', () => idPath(ADDONS, () => [addonId, 999_999]), payload(addonBody()));
      await fuzz('DELETE', () => idPath(ADDONS, () => [999_999]), undefined);
    }, 600_000);
  });
});
