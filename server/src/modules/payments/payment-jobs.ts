import type { JobHandler } from '../../jobs/job-runner.js';
import { enqueueJob } from '../../jobs/job-store.js';
import type { DbOrTx } from '../../db/client.js';
import type { Logger } from '../../logger.js';
import type { PaymentsService } from './payments-service.js';
import type { RefundsService } from './refunds.js';

/** A payment to look up at its provider (a notification came, or the customer came back). */
export const PAYMENT_STATUS_JOB = 'payment-status';
/** Pending payments looked up with back-off; unpaid orders cancelled at their cut-off. */
export const PAYMENT_RECONCILE_JOB = 'payment-reconcile';

/** A refund whose outcome is unknown, settled by looking at the provider (docs/decisions/0039-refunds.md). */
export const REFUND_SETTLE_JOB = 'refund-settle';

export interface RefundSettlePayload {
  refundId: number;
}

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

/** Queues the reconcile round every `everyMs` (once per period across instances: the bucket is the key). */
export function scheduleReconciliation(db: DbOrTx, everyMs: number, log: Logger): NodeJS.Timeout {
  const timer = setInterval(() => {
    void enqueueReconciliation(db, String(Math.floor(Date.now() / everyMs))).catch((err: unknown) =>
      log.warn({ err }, 'payment reconciliation could not be queued'),
    );
  }, everyMs);
  timer.unref();
  return timer;
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

/**
 * Every provider's pending payments, and the cut-off for all of them (docs/decisions/0040); refunds left
 * pending by a process that died are queued for settling on the same round.
 */
export function paymentReconcileJobHandler(services: PaymentsService[], refunds?: RefundsService): JobHandler<Record<string, never>> {
  return {
    kind: PAYMENT_RECONCILE_JOB,
    maxAttempts: 1,
    async handle() {
      const staleRefunds = refunds ? await refunds.enqueueStale() : 0;
      return { result: { ...(await services[0]!.reconcile(services)), staleRefunds } };
    },
  };
}

/** Queued once per unknown outcome or stale round (`occasion`): settled with back-off until known. */
export async function enqueueRefundSettle(tx: DbOrTx, refundId: number, occasion: string): Promise<number> {
  return enqueueJob(tx, {
    kind: REFUND_SETTLE_JOB,
    lane: `refund:${refundId}`,
    payload: { refundId } satisfies RefundSettlePayload,
    idempotencyKey: `refund-settle:${refundId}:${occasion}`,
  });
}

export function refundSettleJobHandler(refunds: RefundsService): JobHandler<RefundSettlePayload> {
  return {
    kind: REFUND_SETTLE_JOB,
    // About a day of tries at most 10 minutes apart: a provider down longer leaves the refund in progress.
    maxAttempts: 150,
    backoff: { baseMs: 5_000, maxMs: 10 * 60_000 },
    async handle(job) {
      const outcome = await refunds.settle(job.payload.refundId, true);
      if (outcome === 'done already') return { skipped: 'the refund is settled already' };
      // A live process is asking the provider right now; the reconcile round queues it again if it dies.
      if (outcome === 'busy') return { skipped: 'the refund is being asked right now' };
      return { result: { status: outcome } };
    },
    describe: (payload) => ({ refund: payload.refundId }),
  };
}
