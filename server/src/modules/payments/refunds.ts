import { randomUUID } from 'node:crypto';
import { cashRoundingFor, isCashMethod, type RefundInput, type StaffRefund } from '@bakje/contract';
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { orders, payments, refunds, users, type VatLine } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';
import type { Logger } from '../../logger.js';
import { cancelOrder } from '../orders/lifecycle.js';
import { localMoment } from '../shop-time/shop-time.js';
import type { ProviderResult } from './payment-provider.js';
import { enqueueRefundSettle } from './payment-jobs.js';
import { paymentRank } from './payment-state.js';
import type { PaymentsService } from './payments-service.js';

/** Statuses that take money from what can still be refunded: a failed refund gave nothing back. */
const COUNTING = ['pending', 'succeeded'] as const;
/** Payments that took the customer's money (refunded: all of it went back already). */
const TOOK_MONEY = ['paid', 'refunded'] as const;

/** How a failed refund's error started when a time-out was still recorded as failed (older records). */
const TIMED_OUT = 'timeout: ';
/** How a pending refund's error starts when the provider's answer did not tell whether it refunded. */
const UNKNOWN = 'unknown: ';
/** Provider codes of an answer that does not tell what happened (besides a time-out). */
const UNKNOWN_CODES = new Set(['timeout', 'network', 'invalid_reply']);
/** Far longer than a provider call may take (the clients' time-outs are seconds). */
const STALE_PENDING_MS = 10 * 60_000;

type RefundRow = typeof refunds.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/** A pending refund nobody is asking right now: its answer was lost, or its process died on the way. */
function isUnsettled(row: RefundRow, now: Date): boolean {
  return Boolean(row.error?.startsWith(UNKNOWN)) || now.getTime() - row.updatedAt.getTime() > STALE_PENDING_MS;
}
const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`;

export interface RefundRequestInput extends RefundInput {
  staffId: number | null;
}

export interface RefundOutcome {
  refund: StaffRefund;
  /** True when the key had been used: this is the earlier refund, nothing new was asked of the provider. */
  replayed: boolean;
}

/**
 * Refunds of paid card orders (docs/decisions/0039-refunds.md): one record per refund, written as pending
 * under the order's row lock before the provider is asked, so concurrent refunds never add up to more than
 * was paid; then the provider's refund API with the record's own idempotency key; a full refund moves the
 * payment and the order to refunded.
 */
export class RefundsService {
  constructor(
    private readonly db: Db,
    /** The configured providers' payment services (MultiSafepay, Stripe), found by `provider.id`. */
    private readonly services: PaymentsService[],
    private readonly options: { clock: () => Date; log: Logger },
  ) {}

  async refund(orderId: number, input: RefundRequestInput): Promise<RefundOutcome> {
    const key = input.idempotencyKey ?? randomUUID();
    const now = this.options.clock();
    const reserved = await this.db.transaction(async (tx) => {
      // The order's row lock makes refunds of one order take turns: the sum below cannot go stale.
      const [order] = await tx
        .select({ id: orders.id, paymentMethod: orders.paymentMethod, total: orders.total, datePaid: orders.datePaid })
        .from(orders)
        .where(eq(orders.id, orderId))
        .for('update');
      if (!order) throw new DomainError('ORDER_NOT_FOUND', `Order ${orderId} does not exist.`);
      if (isCashMethod(order.paymentMethod)) return { ...(await refundCash(tx, order, input, key, now)), payment: undefined, settle: false };
      const [earlier] = await tx
        .select()
        .from(refunds)
        .where(and(eq(refunds.orderId, orderId), eq(refunds.idempotencyKey, key)));
      if (earlier && input.amount !== undefined && earlier.amount !== input.amount) {
        throw new DomainError('REFUND_KEY_REUSED', 'This refund was already asked for with another amount.');
      }
      // A pending one is being asked right now, or its outcome is unknown (a lost answer, a process that died
      // on the way): it is settled, never sent as a new refund.
      if (earlier && earlier.status !== 'failed')
        return { record: earlier, payment: undefined, settle: earlier.status === 'pending' && isUnsettled(earlier, now) };

      const payment = await paidPayment(tx, orderId);
      if (!payment) {
        const [anyPayment] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.orderId, orderId)).limit(1);
        if (!anyPayment) {
          throw new DomainError('REFUND_NOT_CARD', 'Only orders paid by card can be refunded here. Give cash back at the counter.');
        }
        throw new DomainError('REFUND_NOT_PAID', 'This order’s card payment was not completed: there is nothing to refund.');
      }
      const remaining = payment.amount - (await refundedSum(tx, orderId, earlier?.id));
      const amount = input.amount ?? earlier?.amount ?? remaining;
      if (remaining <= 0) throw new DomainError('REFUND_TOO_MUCH', 'This order has been refunded in full already.');
      if (amount > remaining) throw new DomainError('REFUND_TOO_MUCH', `At most ${euros(remaining)} can still be refunded on this order.`);
      if (earlier) {
        // A failed refund asked again with its key: the same record tries once more, under a new provider
        // key after a refusal (a provider replays its answer per key); a record that failed on a time-out
        // before unknown outcomes were settled keeps its key (the provider may have done it).
        const attempts = earlier.error?.startsWith(TIMED_OUT) ? earlier.attempts : earlier.attempts + 1;
        const [row] = await tx
          .update(refunds)
          .set({ status: 'pending', error: null, reason: input.reason, attempts, updatedAt: now })
          .where(eq(refunds.id, earlier.id))
          .returning();
        return { record: row!, payment, settle: false };
      }
      const [row] = await tx
        .insert(refunds)
        .values({ orderId, paymentId: payment.id, amount, reason: input.reason, staffId: input.staffId, idempotencyKey: key, createdAt: now, updatedAt: now })
        .returning();
      return { record: row!, payment, settle: false };
    });
    if ('cash' in reserved) return { refund: await this.view(reserved.record.id), replayed: !reserved.cash };
    if (!reserved.payment) {
      if (reserved.settle) {
        // Still unknown afterwards: it stays pending and its settle job carries on.
        await this.settle(reserved.record.id).catch((err: unknown) =>
          this.options.log.warn({ refund: reserved.record.id, err: err instanceof Error ? err.message : String(err) }, 'refund not settled yet'),
        );
      }
      return { refund: await this.view(reserved.record.id), replayed: true };
    }
    const { record, payment } = reserved;

    const sent = await this.send(record, payment);
    if (sent === 'unknown') {
      // The provider may have refunded: the record stays pending (it counts against what is left) until the
      // settle job has looked at the provider.
      await this.markUnknown(record.id, orderId);
      return { refund: await this.view(record.id), replayed: false };
    }
    if (sent.failed) {
      throw new DomainError(
        'REFUND_PROVIDER_FAILED',
        `The payment provider refused the refund (${sent.failed.error || sent.failed.code}). Nothing was refunded.`,
      );
    }
    return { refund: await this.view(record.id), replayed: false };
  }

  /**
   * Settles a refund left pending with an unknown outcome (a lost answer, or a process that died during the
   * provider call): run by the settle job, and when staff ask again with its key. A provider that tells how
   * much it refunded (MultiSafepay, which takes no idempotency key) is looked at first: if it refunded more
   * than our succeeded refunds add up to, this refund went through and is not asked again. Otherwise (or
   * for Stripe, which answers a repeated idempotency key once) the refund is sent again under the same
   * provider key. Answers the status reached; throws while the outcome is still unknown (the job retries).
   */
  async settle(refundId: number, byJob = false): Promise<'succeeded' | 'failed' | 'busy' | 'done already'> {
    const now = this.options.clock();
    const claimed = await this.db.transaction(async (tx) => {
      const [found] = await tx.select({ orderId: refunds.orderId }).from(refunds).where(eq(refunds.id, refundId));
      if (!found) return 'done already' as const;
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, found.orderId)).for('update');
      const [row] = await tx.select().from(refunds).where(eq(refunds.id, refundId));
      if (!row || row.status !== 'pending') return 'done already' as const;
      // A fresh pending refund without an unknown answer is being asked right now by a live process.
      if (!isUnsettled(row, now)) return 'busy' as const;
      // Cash given back is done when it is recorded: nothing to settle.
      if (row.paymentId === null) return 'done already' as const;
      const payment = await tx
        .select()
        .from(payments)
        .where(eq(payments.id, row.paymentId))
        .then((r) => r[0]);
      if (!payment) return 'done already' as const;
      // Claimed: fresh and without the mark, so neither a second job nor a retry with the key takes it too.
      const [mine] = await tx
        .update(refunds)
        .set({ error: null, updatedAt: now })
        .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
        .returning();
      return { record: mine!, payment };
    });
    if (typeof claimed === 'string') return claimed;
    const { record, payment } = claimed;
    const service = this.services.find((s) => s.provider.id === payment.provider);
    if (service) {
      const seen = await service.provider.find(payment.providerOrderId);
      if (!seen.success) {
        await this.markUnknown(record.id, record.orderId, `lookup: ${seen.code}`, !byJob);
        throw new Error(`the provider could not be asked about refund ${record.id} (${seen.code})`);
      }
      if (seen.data.amountRefunded !== undefined) {
        const [done] = await this.db
          .select({ total: sumOf() })
          .from(refunds)
          .where(and(eq(refunds.paymentId, payment.id), eq(refunds.status, 'succeeded')));
        if (seen.data.amountRefunded - Number(done?.total ?? 0) >= record.amount) {
          await this.succeed(record, payment, null);
          this.options.log.info({ order: record.orderId, refund: record.id }, 'refund found done at the provider');
          return 'succeeded';
        }
      }
    }
    const sent = await this.send(record, payment);
    if (sent === 'unknown') {
      await this.markUnknown(record.id, record.orderId, 'no answer', !byJob);
      throw new Error(`the provider did not answer refund ${record.id} again`);
    }
    return sent.failed ? 'failed' : 'succeeded';
  }

  /** Pending refunds whose process died on the way (no settle job after them): queued for settling. */
  async enqueueStale(): Promise<number> {
    const before = new Date(this.options.clock().getTime() - STALE_PENDING_MS);
    const stale = await this.db
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.status, 'pending'), lte(refunds.updatedAt, before)))
      .limit(200);
    // Once per refund and stale period: a settle job that gave up is queued again on a later round.
    const round = Math.floor(this.options.clock().getTime() / STALE_PENDING_MS);
    for (const row of stale) await enqueueRefundSettle(this.db, row.id, `stale:${round}`);
    return stale.length;
  }

  /** Asks the provider; records success or a refusal. 'unknown': the answer does not tell (time-out). */
  private async send(record: RefundRow, payment: PaymentRow): Promise<'unknown' | { failed?: { code: string; error: string } }> {
    const service = this.services.find((s) => s.provider.id === payment.provider);
    const answer: ProviderResult<{ refundId: string }> = service
      ? await service.provider.refund({
          providerOrderId: payment.providerOrderId,
          amount: record.amount,
          currency: payment.currency,
          description: `Refund of order ${record.orderId}`,
          idempotencyKey: `bakje-refund-${record.id}-${record.attempts}`,
        })
      : { success: false, error: `${payment.provider} is not set up on this server`, code: 'not_configured' };
    if (!answer.success && (answer.timedOut || UNKNOWN_CODES.has(answer.code))) {
      this.options.log.warn({ order: record.orderId, refund: record.id, code: answer.code }, 'refund outcome unknown: to be settled');
      return 'unknown';
    }
    if (!answer.success) {
      await this.db
        .update(refunds)
        .set({ status: 'failed', error: `${answer.code}: ${answer.error}`.slice(0, 500), updatedAt: this.options.clock() })
        .where(and(eq(refunds.id, record.id), eq(refunds.status, 'pending')));
      // The provider's code only: its message may repeat what the customer paid with.
      this.options.log.warn({ order: record.orderId, refund: record.id, code: answer.code }, 'refund refused by the provider');
      return { failed: { code: answer.code, error: answer.error } };
    }
    await this.succeed(record, payment, answer.data.refundId);
    return {};
  }

  /** The refund went through: succeeded, and a full refund moves the payment and the order to refunded. */
  private async succeed(record: RefundRow, payment: PaymentRow, providerRefundId: string | null): Promise<void> {
    const orderId = record.orderId;
    await this.db.transaction(async (tx) => {
      const at = this.options.clock();
      await tx.update(refunds).set({ status: 'succeeded', error: null, providerRefundId, updatedAt: at }).where(eq(refunds.id, record.id));
      const [locked] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for('update');
      const [done] = await tx
        .select({ total: sumOf() })
        .from(refunds)
        .where(and(eq(refunds.paymentId, payment.id), eq(refunds.status, 'succeeded')));
      if (locked && Number(done?.total ?? 0) >= locked.amount) {
        if (paymentRank(locked.status) < paymentRank('refunded')) {
          await tx.update(payments).set({ status: 'refunded', nextCheckAt: null, updatedAt: at }).where(eq(payments.id, payment.id));
        }
        // An order that had ended already stays as it is.
        await cancelOrder(tx, orderId, undefined, 'refunded', at);
      }
    });
    this.options.log.info({ order: orderId, refund: record.id, amount: record.amount }, 'order refunded');
  }

  /**
   * Keeps the refund pending with the unknown mark and queues its settling in the same transaction (not
   * from the settle job itself, which is retried with back-off instead of multiplying).
   */
  private async markUnknown(refundId: number, orderId: number, why = 'no answer', enqueue = true): Promise<void> {
    const at = this.options.clock();
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(refunds)
        .set({ error: `${UNKNOWN}${why}`, updatedAt: at })
        .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
        .returning({ id: refunds.id });
      if (row && enqueue) await enqueueRefundSettle(tx, refundId, `unknown:${at.getTime()}`);
    });
    this.options.log.info({ order: orderId, refund: refundId }, 'refund queued for settling');
  }

  private async view(id: number): Promise<StaffRefund> {
    const [row] = await refundRows(this.db, eq(refunds.id, id));
    return row!;
  }
}

const sumOf = () => sql<string | null>`sum(${refunds.amount})`;

/**
 * Cash given back at the counter (docs/decisions/0084-allergens-at-the-door-own-container.md): no provider, so
 * the record is succeeded as it is written, under the order's row lock. Only once the cash was taken (the
 * order's date paid, set when staff complete it or confirm the counter payment). What was paid is the
 * rounded total (docs/decisions/0080-cash-rounding.md): a full refund gives that back; a part is handed out
 * in coins too, so it is rounded to 5 cents as any cash payment (the rest, when asked for, is exact: it is
 * what is left of a rounded total). A full refund ends the order as refunded, as a card's does.
 */
async function refundCash(
  tx: DbOrTx,
  order: { id: number; paymentMethod: string; total: number; datePaid: Date | null },
  input: RefundRequestInput,
  key: string,
  now: Date,
): Promise<{ record: RefundRow; cash: boolean }> {
  const [earlier] = await tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderId, order.id), eq(refunds.idempotencyKey, key)));
  if (!order.datePaid) throw new DomainError('REFUND_NOT_PAID', 'This cash order has not been paid yet: there is nothing to give back. Cancel it instead.');
  const remaining = order.total - (await refundedSum(tx, order.id, earlier?.id));
  const asked = input.amount ?? earlier?.amount ?? remaining;
  const amount = asked >= remaining ? asked : Math.min(remaining, asked + cashRoundingFor(order.paymentMethod, asked));
  if (earlier) {
    if (earlier.amount !== amount) throw new DomainError('REFUND_KEY_REUSED', 'This refund was already asked for with another amount.');
    return { record: earlier, cash: false };
  }
  if (remaining <= 0) throw new DomainError('REFUND_TOO_MUCH', 'This order has been refunded in full already.');
  if (amount > remaining) throw new DomainError('REFUND_TOO_MUCH', `At most ${euros(remaining)} can still be refunded on this order.`);
  const [row] = await tx
    .insert(refunds)
    .values({
      orderId: order.id,
      paymentId: null,
      amount,
      reason: input.reason,
      status: 'succeeded',
      staffId: input.staffId,
      idempotencyKey: key,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  // An order that had ended already stays as it is.
  if (amount >= remaining) await cancelOrder(tx, order.id, undefined, 'refunded', now);
  return { record: row!, cash: true };
}

async function paidPayment(db: DbOrTx, orderId: number) {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, [...TOOK_MONEY])))
    .orderBy(desc(payments.id))
    .limit(1);
  return payment;
}

async function refundedSum(db: DbOrTx, orderId: number, except?: number): Promise<number> {
  const rows = await db
    .select({ id: refunds.id, amount: refunds.amount })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), inArray(refunds.status, [...COUNTING])));
  return rows.filter((r) => r.id !== except).reduce((a, r) => a + r.amount, 0);
}

async function refundRows(db: DbOrTx, where: SQL | undefined): Promise<StaffRefund[]> {
  const rows = await db
    .select({
      id: refunds.id,
      amount: refunds.amount,
      reason: refunds.reason,
      status: refunds.status,
      createdAt: refunds.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(refunds)
    .leftJoin(users, eq(users.id, refunds.staffId))
    .where(where)
    .orderBy(asc(refunds.id));
  return rows.map(({ firstName, lastName, username, ...r }) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    staffName: `${firstName ?? ''} ${lastName ?? ''}`.trim() || username || null,
  }));
}

/**
 * An order's refunds and what can still be refunded: of a card payment that took money, or of a cash order's
 * rounded total once it was paid; 0 otherwise.
 */
export async function refundsOfOrder(db: DbOrTx, orderId: number): Promise<{ refunds: StaffRefund[]; refundable: number; refundsInCash: boolean }> {
  const list = await refundRows(db, eq(refunds.orderId, orderId));
  const [order] = await db
    .select({ paymentMethod: orders.paymentMethod, total: orders.total, datePaid: orders.datePaid })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (order && isCashMethod(order.paymentMethod)) {
    const given = list.filter((r) => r.status !== 'failed').reduce((a, r) => a + r.amount, 0);
    return { refunds: list, refundable: order.datePaid ? Math.max(0, order.total - given) : 0, refundsInCash: true };
  }
  const payment = await paidPayment(db, orderId);
  if (!payment || payment.status !== 'paid') return { refunds: list, refundable: 0, refundsInCash: false };
  const taken = list.filter((r) => r.status !== 'failed').reduce((a, r) => a + r.amount, 0);
  return { refunds: list, refundable: Math.max(0, payment.amount - taken), refundsInCash: false };
}

/** Succeeded refunds of these orders, for the store REST API's `refunds` array. */
export async function succeededRefunds(db: DbOrTx, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(refunds)
    .where(and(inArray(refunds.orderId, orderIds), eq(refunds.status, 'succeeded')))
    .orderBy(desc(refunds.id));
}

/** Of these orders, those with a refund made here (a refunded order the figures count as sold). */
export async function ordersWithRefunds(db: DbOrTx, orderIds: number[]): Promise<Set<number>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ orderId: refunds.orderId })
    .from(refunds)
    .where(and(inArray(refunds.orderId, orderIds), eq(refunds.status, 'succeeded')));
  return new Set(rows.map((r) => r.orderId));
}

export interface DayRefund {
  orderId: number;
  amount: number;
  /** The refund split over the order's VAT rates, negative cents (what the day's figures subtract). */
  vat: { rate: number; gross: number; tax: number }[];
}

/**
 * Succeeded refunds made on the days `from`..`to` (shop's time zone), each split over its order's VAT
 * rates in proportion to the order's gross per rate; a refund of the whole order takes its VAT lines exactly,
 * so a fully refunded order nets to zero to the cent.
 */
export async function refundsOnDays(db: DbOrTx, from: string, to: string, timeZone: string): Promise<DayRefund[]> {
  // A day either side covers every time zone; the exact days are picked below.
  const start = new Date(Date.parse(`${from}T00:00:00Z`) - 86_400_000);
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + 2 * 86_400_000);
  const rows = await db
    .select({ orderId: refunds.orderId, amount: refunds.amount, createdAt: refunds.createdAt, total: orders.total, vatLines: orders.vatLines })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    // A test order's refund is as much a test as its sale (docs/decisions/0070-test-and-live-mode.md).
    .where(
      and(
        eq(refunds.status, 'succeeded'),
        gte(refunds.createdAt, start),
        lte(refunds.createdAt, end),
        eq(orders.isTestOrder, false),
        eq(orders.placedInTestMode, false),
      ),
    );
  return rows
    .filter((r) => {
      const day = localMoment(r.createdAt, timeZone).date;
      return day >= from && day <= to;
    })
    .map((r) => ({ orderId: r.orderId, amount: r.amount, vat: splitOverRates(r.amount, r.total, r.vatLines) }));
}

export function splitOverRates(amount: number, orderTotal: number, lines: VatLine[]): { rate: number; gross: number; tax: number }[] {
  if (lines.length === 0 || orderTotal <= 0) return [{ rate: 0, gross: -amount, tax: 0 }];
  if (amount >= orderTotal) return lines.map((l) => ({ rate: l.rate, gross: -l.total, tax: -l.tax }));
  let left = amount;
  return lines.map((line, i) => {
    const gross = i === lines.length - 1 ? left : Math.round((amount * line.total) / orderTotal);
    left -= gross;
    const tax = line.total > 0 ? Math.round((gross * line.tax) / line.total) : 0;
    return { rate: line.rate, gross: -gross, tax: -tax };
  });
}
