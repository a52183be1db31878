import type { JobHandler } from '../../jobs/job-runner.js';
import { enqueueJob } from '../../jobs/job-store.js';
import type { DbOrTx } from '../../db/client.js';
import type { PaymentsService } from './payments-service.js';

/** A payment to look up at its provider (a notification came, or the customer came back). */
export const PAYMENT_STATUS_JOB = 'payment-status';
/** Pending payments looked up with back-off; unpaid orders cancelled at their cut-off. */
export const PAYMENT_RECONCILE_JOB = 'payment-reconcile';

export interface PaymentStatusPayload {
  provider: string;
  providerOrderId: string;
}

/** One lane per payment: its look-ups run one after the other (the row lock makes them safe anyway). */
export async function enqueuePaymentLookup(tx: DbOrTx, payload: PaymentStatusPayload, idempotencyKey?: string): Promise<number> {
  return enqueueJob(tx, { kind: PAYMENT_STATUS_JOB, lane: `payment:${payload.providerOrderId}`, payload, ...(idempotencyKey ? { idempotencyKey } : {}) });
}

export async function enqueueReconciliation(tx: DbOrTx, bucket: string): Promise<number> {
  return enqueueJob(tx, { kind: PAYMENT_RECONCILE_JOB, lane: 'payments:reconcile', payload: {}, idempotencyKey: `reconcile:${bucket}` });
}

/** One handler for every provider: the payload names the provider whose service looks the payment up. */
export function paymentStatusJobHandler(...services: PaymentsService[]): JobHandler<PaymentStatusPayload> {
  return {
    kind: PAYMENT_STATUS_JOB,
    maxAttempts: 8,
    backoff: { baseMs: 2_000, maxMs: 60_000 },
    async handle(job) {
      const service = services.find((s) => s.provider.id === job.payload.provider);
      if (!service) return { skipped: 'this provider is not configured' };
      const result = await service.refresh(job.payload.providerOrderId);
      if (!result) return { skipped: 'no such payment at the provider' };
      return { result: { status: result.status, changed: result.changed } };
    },
    describe: (payload) => ({ provider: payload.provider, payment: payload.providerOrderId }),
  };
}

/** Every provider's pending payments, and the cut-off for all of them (docs/decisions/0040). */
export function paymentReconcileJobHandler(...services: PaymentsService[]): JobHandler<Record<string, never>> {
  return {
    kind: PAYMENT_RECONCILE_JOB,
    maxAttempts: 1,
    async handle() {
      return { result: await services[0]!.reconcile(services) };
    },
  };
}
