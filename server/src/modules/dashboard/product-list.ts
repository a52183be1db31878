import type { DashboardProduct } from '@bakje/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { categories, productCategories, products, type Translated } from '../../db/schema/index.js';

type ProductRow = typeof products.$inferSelect;

const priceOf = (row: ProductRow) => row.salePrice ?? row.regularPrice;

/**
 * Every product (not variations) straight from the database, in the owner's menu order: the dashboard must
 * also show drafts and hidden products, which the storefront snapshot leaves out.
 */
export async function listDashboardProducts(db: DbOrTx): Promise<DashboardProduct[]> {
  const rows = await db.select().from(products).orderBy(asc(products.menuOrder), asc(products.id));
  // Trashed products (DELETE without force on the store REST API) are gone from the menu.
  const parents = rows.filter((r): r is ProductRow & { status: Exclude<ProductRow['status'], 'trash'> } => r.parentId === null && r.status !== 'trash');
  const variationsOf = new Map<number, ProductRow[]>();
  for (const row of rows) {
    if (row.parentId === null) continue;
    variationsOf.set(row.parentId, [...(variationsOf.get(row.parentId) ?? []), row]);
  }
  const ids = parents.map((p) => p.id);
  const links = ids.length
    ? await db
        .select({ productId: productCategories.productId, name: categories.name })
        .from(productCategories)
        .innerJoin(categories, eq(categories.id, productCategories.categoryId))
        .where(inArray(productCategories.productId, ids))
        .orderBy(asc(categories.menuOrder), asc(categories.id))
    : [];
  const categoriesOf = new Map<number, Translated[]>();
  for (const link of links) categoriesOf.set(link.productId, [...(categoriesOf.get(link.productId) ?? []), link.name]);

  return parents.map((row) => {
    const variations = variationsOf.get(row.id) ?? [];
    const prices = (variations.length ? variations : [row]).map(priceOf).filter((p): p is number => p !== null);
    const onSale = variations.length === 0 && row.salePrice !== null && row.regularPrice !== null && row.salePrice < row.regularPrice;
    return {
      id: row.id,
      slug: row.slug,
      type: row.type,
      name: row.name,
      categories: categoriesOf.get(row.id) ?? [],
      priceMin: prices.length ? Math.min(...prices) : null,
      priceMax: prices.length ? Math.max(...prices) : null,
      regularPrice: onSale ? row.regularPrice : null,
      stockStatus: row.stockStatus,
      stockQuantity: row.manageStock ? row.stockQuantity : null,
      status: row.status,
      catalogVisibility: row.catalogVisibility,
      visibleInShop: row.status === 'publish' && row.showInStore && row.catalogVisibility !== 'hidden',
    };
  });
}
