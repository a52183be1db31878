import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import { enqueueReprint } from '../printing/print-jobs.js';
import { KitchenActionError } from './kitchen-actions.js';

/**
 * "Print kitchen copy" (SPEC §4): one more kitchen ticket for an existing order, as a durable print job
 * (printed once by the worker, retried on failure). Works in any status: the kitchen may need a fresh copy
 * of a recovered or finished order too. Returns the job's idempotency key.
 */
export async function printKitchenCopy(db: Db, orderId: number): Promise<string> {
  if (!Number.isSafeInteger(orderId) || orderId <= 0) throw new KitchenActionError('Order ids must be positive whole numbers.', 'bad_input');
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
    if (!row) throw new KitchenActionError(`Order ${orderId} does not exist.`, 'not_found');
    return enqueueReprint(tx, orderId, 'kitchen');
  });
}
