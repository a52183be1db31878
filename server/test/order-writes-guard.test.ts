import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The order has one owner (docs/decisions/0060-order-lifecycle.md): only modules/orders writes the `orders`
 * table, so its status, payment fields and dates change in one place (modules/orders/lifecycle.ts). This test
 * fails, naming the file and line, when a file elsewhere in server/src adds a write.
 */
const SRC = join(import.meta.dirname, '..', 'src');
const OWNER = 'modules/orders/';

const WRITES = [
  // Drizzle: db.update(orders), tx.insert(orders), db.delete(schema.orders).
  /\.\s*(?:update|insert|delete)\s*\(\s*(?:schema\s*\.\s*)?orders\s*\)/g,
  // Raw SQL: update orders, insert into "orders", delete from ${orders}.
  /\b(?:update|insert\s+into|delete\s+from)\s+(?:"?orders"?|\$\{\s*(?:schema\s*\.\s*)?orders\s*\})(?![\w.-])/gi,
];

/** The 1-based lines of a source text that write the orders table. */
export function orderWriteLines(text: string): number[] {
  const lines = new Set<number>();
  for (const pattern of WRITES) {
    for (const match of text.matchAll(pattern)) lines.add(text.slice(0, match.index).split('\n').length);
  }
  return [...lines].sort((a, b) => a - b);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.[cm]?tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every write outside modules/orders, as "file:line". */
export function strayOrderWrites(root: string): string[] {
  return sourceFiles(root).flatMap((file) => {
    const name = relative(root, file).split(sep).join('/');
    if (name.startsWith(OWNER)) return [];
    return orderWriteLines(readFileSync(file, 'utf8')).map((line) => `${name}:${line}`);
  });
}

describe('writes of the orders table', () => {
  it('finds drizzle and raw SQL writes, and leaves reads and other tables alone', () => {
    const sample = [
      "await tx.update(orders).set({ status: 'processing' }).where(eq(orders.id, id));", // 1
      'await db', // 2
      '  .insert(orders)', // 3
      '  .values(row);', // 4
      'await db.delete(schema.orders).where(eq(schema.orders.id, id));', // 5
      "await tx.execute(sql`update ${orders} set status = 'failed'`);", // 6
      'await client.query(\'INSERT INTO "orders" (status) VALUES ($1)\', [s]);', // 7
      "await client.query('delete from orders where id = $1', [id]);", // 8
      "const rows = await db.select().from(orders).where(eq(orders.id, id)).for('update');", // 9
      'await tx.update(orderLines).set({ quantity: 1 });', // 10
      'await tx.update(ordersArchive).set({ seen: true });', // 11
      "await client.query('update order_events set seen = true');", // 12
    ].join('\n');
    expect(orderWriteLines(sample)).toEqual([1, 3, 5, 6, 7, 8]);
  });

  it('happen only in modules/orders', () => {
    expect(strayOrderWrites(SRC)).toEqual([]);
  });
});
