import type { DbOrTx } from '../../src/db/client.js';
import * as t from '../../src/db/schema/index.js';

let sequence = 0;
const next = () => ++sequence;

export async function aCategory(db: DbOrTx, overrides: Partial<typeof t.categories.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(t.categories)
    .values({ slug: `categorie-${n}`, name: { nl: `Categorie ${n}`, fr: `Catégorie ${n}`, en: `Category ${n}` }, customOrder: n, ...overrides })
    .returning();
  return row!;
}

export async function aProduct(db: DbOrTx, overrides: Partial<typeof t.products.$inferInsert> & { categoryIds?: number[]; allergenIds?: number[] } = {}) {
  const n = next();
  const { categoryIds = [], allergenIds = [], ...values } = overrides;
  const [row] = await db
    .insert(t.products)
    .values({
      type: 'SIMPLE',
      slug: `product-${n}`,
      sku: `SKU-${n}`,
      name: { nl: `Product ${n}`, fr: `Produit ${n}`, en: `Product EN ${n}` },
      regularPrice: 300 + n,
      menuOrder: n,
      ...values,
    })
    .returning();
  if (categoryIds.length) await db.insert(t.productCategories).values(categoryIds.map((categoryId) => ({ productId: row!.id, categoryId })));
  if (allergenIds.length) await db.insert(t.productAllergens).values(allergenIds.map((allergenId) => ({ productId: row!.id, allergenId })));
  return row!;
}

export async function anAllergen(db: DbOrTx, code = `allergen-${next()}`) {
  const [row] = await db
    .insert(t.allergens)
    .values({ code, name: { nl: `${code} nl`, fr: `${code} fr`, en: `${code} en` }, icon: `/media/allergens/${code}.svg` })
    .returning();
  return row!;
}
