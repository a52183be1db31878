import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { payments } from '../../db/schema/index.js';

/**
 * The order's payments still waiting at a provider stop being waited for (the order is paid another way or
 * cancelled): no more look-ups; money that arrives for them later goes to review (payment-state.ts).
 */
export async function failPendingPayments(tx: DbOrTx, orderId: number, now: Date): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 'failed', nextCheckAt: null, updatedAt: now })
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')));
}
