import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WooCommerceRestApiModule from '@woocommerce/woocommerce-rest-api';
import * as t from '../src/db/schema/index.js';
import type { App } from '../src/app.js';
import { ApiKeyService } from '../src/modules/api-keys/api-key-service.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { TEST_PEPPER, catalogCaughtUp, startTestApp } from './support/server.js';
import { aCategory } from './support/builders.js';

// A CommonJS package: Node and the type-checker see its default export at different depths.
type ClientClass = typeof WooCommerceRestApiModule.default;
const WooCommerceRestApi: ClientClass =
  (WooCommerceRestApiModule as unknown as { default?: ClientClass }).default ?? (WooCommerceRestApiModule as unknown as ClientClass);
type Client = InstanceType<ClientClass>;

describe.each(databaseKinds)('the official @woocommerce/woocommerce-rest-api client manages products and variations (%s)', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let client: Client;
  let categoryId: number;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    const db = testDb.database.db;
    categoryId = (await aCategory(db, { slug: 'snacks', name: { nl: 'Snacks' } })).id;
    const [attribute] = await db
      .insert(t.attributes)
      .values({ slug: 'pa_formaat', name: { nl: 'Formaat' } })
      .returning();
    await db.insert(t.attributeTerms).values([
      { attributeId: attribute!.id, slug: 'klein', name: { nl: 'Klein' } },
      { attributeId: attribute!.id, slug: 'groot', name: { nl: 'Groot' } },
    ]);
    const key = await new ApiKeyService(db, () => TEST_PEPPER).create({ scope: 'read_write', description: 'integratie' });
    app = await startTestApp(testDb.database);
    await catalogCaughtUp(app, testDb.database);
    // Plain HTTP on a real port: the client signs every request with OAuth 1.0a.
    const address = await app.server.listen({ port: 0, host: '127.0.0.1' });
    client = new WooCommerceRestApi({ url: address, consumerKey: key.consumerKey, consumerSecret: key.consumerSecret, version: 'wc/v3' });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  it('creates, pages through, updates and deletes products', async () => {
    const ids: number[] = [];
    for (let i = 1; i <= 12; i++) {
      const created = await client.post('products', { name: `Snack ${i}`, regular_price: `${i}.50`, categories: [{ id: categoryId }], menu_order: i });
      expect(created.status).toBe(201);
      ids.push(created.data.id);
    }
    const seen: number[] = [];
    let page = 1;
    let totalPages = 1;
    do {
      const response = await client.get('products', { category: categoryId, per_page: 5, page, orderby: 'menu_order', order: 'asc' });
      expect(response.headers['x-wp-total']).toBe('12');
      totalPages = Number(response.headers['x-wp-totalpages']);
      seen.push(...response.data.map((p: { id: number }) => p.id));
      page++;
    } while (page <= totalPages);
    expect(totalPages).toBe(3);
    expect(seen).toEqual(ids);

    const updated = await client.put(`products/${ids[0]}`, { sale_price: '1.00', name: 'Snack één' });
    expect(updated.data).toMatchObject({ name: 'Snack één', sale_price: '1.00', on_sale: true });

    const refused = await client
      .put(`products/${ids[0]}`, { sale_price: '9.00' })
      .catch((error: { response: { status: number; data: unknown } }) => error.response);
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ data: { status: 400, params: ['sale_price'] } });

    const batch = await client.post('products/batch', { update: [{ id: ids[1], featured: true }], delete: [ids[2]] });
    expect(batch.data.update[0]).toMatchObject({ id: ids[1], featured: true });
    expect(batch.data.delete[0]).toMatchObject({ id: ids[2] });

    const trashed = await client.delete(`products/${ids[3]}`);
    expect(trashed.data.status).toBe('trash');
    const deleted = await client.delete(`products/${ids[4]}`, { force: true });
    expect(deleted.data.id).toBe(ids[4]);
    const after = await client.get('products', { category: categoryId, per_page: 100 });
    expect(after.headers['x-wp-total']).toBe('9');
  });

  it('creates, lists, updates and deletes variations', async () => {
    const parent = await client.post('products', {
      name: 'Frieten',
      type: 'variable',
      attributes: [{ name: 'Formaat', options: ['Klein', 'Groot'], variation: true, visible: true }],
    });
    expect(parent.status).toBe(201);
    const id = parent.data.id;
    const small = await client.post(`products/${id}/variations`, { regular_price: '3.00', attributes: [{ name: 'Formaat', option: 'Klein' }] });
    const large = await client.post(`products/${id}/variations`, { regular_price: '4.00', attributes: [{ name: 'Formaat', option: 'Groot' }] });
    expect(small.status).toBe(201);
    expect(large.data).toMatchObject({ name: 'Frieten - Groot', regular_price: '4.00' });

    const list = await client.get(`products/${id}/variations`, { per_page: 1 });
    expect(list.headers['x-wp-total']).toBe('2');
    expect(list.headers['x-wp-totalpages']).toBe('2');

    const updated = await client.put(`products/${id}/variations/${small.data.id}`, { sale_price: '2.50' });
    expect(updated.data).toMatchObject({ sale_price: '2.50', on_sale: true });
    expect((await client.get(`products/${id}`)).data).toMatchObject({ variations: [small.data.id, large.data.id], on_sale: true });

    const deleted = await client.delete(`products/${id}/variations/${large.data.id}`, { force: true });
    expect(deleted.data.id).toBe(large.data.id);
    expect((await client.get(`products/${id}/variations`)).data.map((v: { id: number }) => v.id)).toEqual([small.data.id]);
  });
});
