import { and, desc, eq, inArray, isNotNull, lte, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { orders, payments, type PaymentStatus } from '../../db/schema/index.js';
import { cardGatewayIds, isCardGatewayId } from '../../integrations/multisafepay/multisafepay-client.js';
import type { Logger } from '../../logger.js';
import { cancelOrder, moveOrder } from '../orders/lifecycle.js';
import type { Lang } from '../i18n/locale.js';
import type { PaymentProvider, ProviderPayment } from './payment-provider.js';
import { isFinalPayment, nextPaymentStatus } from './payment-state.js';
import { cardMethodTitle, readPaymentSettings } from './payment-settings.js';
import { KIOSK_TERMINAL_METHOD } from '@bakje/contract';
import { failPendingPayments } from './pending-payments.js';

/** A Stripe order's payment method (STRIPE of stripe-payments.ts, which imports this module). */
const STRIPE_METHOD = 'stripe';

/** docs/product.md §8: the back office's text when the provider would not create the payment. */
export const PAYMENT_CREATE_FAILED = 'Failed to create payment on MultiSafepay side.';

export type StartPaymentResult = { success: true; paymentUrl: string | null; providerOrderId: string } | { success: false; error: string };

export interface PaymentsServiceOptions {
  siteUrl: string;
  clock: () => Date;
  log: Logger;
}

const LOCALES: Record<Lang, string> = { nl: 'nl_BE', fr: 'fr_FR', en: 'en_US' };
/** Reconciliation: the first look-up soon after the customer left for the payment page, then less often. */
export const FIRST_CHECK_MS = 30_000;
const MAX_CHECK_INTERVAL_MS = 5 * 60_000;
/** A payment still pending this long after it was made is left to staff (the provider expires it sooner). */
const GIVE_UP_MS = 24 * 3600_000;
/** A kiosk order still unpaid on the terminal this long after it was made is cancelled (its stock and slot place freed). */
const KIOSK_ABANDONED_MS = 15 * 60_000;

export function checkIntervalMs(checks: number): number {
  return Math.min(MAX_CHECK_INTERVAL_MS, FIRST_CHECK_MS * 2 ** Math.min(checks, 10));
}

/**
 * Card payments of orders, provider-neutral (docs/decisions/0030-card-payments-multisafepay.md): starts a
 * payment at the provider, and takes what the provider says about it through the one state machine. The
 * provider's API is the only source of truth: notifications and the return URL only cause a look-up.
 */
export class PaymentsService {
  constructor(
    private readonly db: Db,
    readonly provider: PaymentProvider,
    private readonly options: PaymentsServiceOptions,
  ) {}

  /**
   * Starts (or resumes) the card payment of a pending order. A payment still pending at the provider is
   * looked up first and reused, so a retry after a time-out never makes a second provider order.
   */
  async startPayment(orderId: number, gateway: string, lang: Lang, customerIp?: string, terminalId?: string): Promise<StartPaymentResult> {
    // A kiosk's card terminal (docs/interfaces.md §3): no payment page; the terminal takes the card.
    const terminal = gateway === KIOSK_TERMINAL_METHOD;
    if (terminal ? !terminalId : !isCardGatewayId(gateway)) return { success: false, error: 'This payment method is not available.' };
    const [order] = await this.db.select().from(orders).where(eq(orders.id, orderId));
    if (!order) return { success: false, error: 'We could not find your order.' };
    if (order.status !== 'pending' || order.datePaid) return { success: false, error: 'This order does not wait for a payment.' };
    const [latest] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.provider, this.provider.id)))
      .orderBy(desc(payments.id))
      .limit(1);

    let attempt = latest;
    if (latest && latest.status === 'pending') {
      const found = await this.provider.find(latest.providerOrderId);
      if (found.success) {
        await this.apply(latest.providerOrderId, found.data);
        const paymentUrl = found.data.paymentUrl ?? latest.paymentUrl;
        if (found.data.status === 'pending' && latest.gateway === gateway && (paymentUrl || terminal)) {
          return { success: true, paymentUrl, providerOrderId: latest.providerOrderId };
        }
        if (found.data.status === 'paid') return { success: true, paymentUrl: null, providerOrderId: latest.providerOrderId };
        // Failed, or another method chosen: a new attempt below.
        attempt = undefined;
      } else if (!found.notFound) {
        this.options.log.warn({ order: orderId, code: found.code }, 'payment look-up failed before a retry');
        return { success: false, error: found.error || 'Payment processing error' };
      }
      // Not found: the first create never reached the provider; create it under the same id.
    } else {
      attempt = undefined;
    }

    if (!attempt) {
      const count = await this.db.$count(payments, eq(payments.orderId, orderId));
      const providerOrderId = count === 0 ? String(orderId) : `${orderId}-${count + 1}`;
      const now = this.options.clock();
      const [row] = await this.db
        .insert(payments)
        .values({
          orderId,
          provider: this.provider.id,
          gateway,
          providerOrderId,
          amount: order.total,
          currency: order.currency,
          nextCheckAt: new Date(now.getTime() + FIRST_CHECK_MS),
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) return { success: false, error: 'A payment for this order is being started; try again.' };
      attempt = row;
    } else if (attempt.gateway !== gateway) {
      await this.db.update(payments).set({ gateway }).where(eq(payments.id, attempt.id));
    }

    const back = `${this.options.siteUrl}/confirm-payment?order=${orderId}&key=${encodeURIComponent(order.orderKey)}`;
    const created = await this.provider.create({
      providerOrderId: attempt.providerOrderId,
      gateway,
      amount: order.total,
      currency: order.currency,
      description: `Order ${orderId}`,
      locale: LOCALES[lang],
      customer: order.billing,
      ...(customerIp ? { customerIp } : {}),
      shippingLabel: order.fulfilmentType,
      shippingCost: order.shippingTotal,
      reference: String(orderId),
      notificationUrl: `${this.options.siteUrl}/api/payments/${this.provider.id}/notification`,
      redirectUrl: back,
      cancelUrl: `${back}&cancelled=1`,
      ...(terminal ? { terminalId } : {}),
    });
    if (created.success) {
      await this.db.update(payments).set({ paymentUrl: created.data.paymentUrl, updatedAt: this.options.clock() }).where(eq(payments.id, attempt.id));
      return { success: true, paymentUrl: created.data.paymentUrl, providerOrderId: attempt.providerOrderId };
    }
    if (created.duplicate) {
      // It exists already (an earlier create whose reply was lost): take it as it is.
      const found = await this.provider.find(attempt.providerOrderId);
      if (found.success && found.data.status === 'pending' && (found.data.paymentUrl || terminal)) {
        await this.db
          .update(payments)
          .set({ paymentUrl: found.data.paymentUrl ?? null })
          .where(eq(payments.id, attempt.id));
        return { success: true, paymentUrl: found.data.paymentUrl ?? null, providerOrderId: attempt.providerOrderId };
      }
    }
    this.options.log.warn({ order: orderId, code: created.code, timedOut: created.timedOut ?? false }, PAYMENT_CREATE_FAILED);
    return { success: false, error: created.error || 'Payment processing error' };
  }

  /**
   * Stops the order's payment waiting on a card terminal, then takes the provider's word for where it
   * stands (a card tapped a moment before is paid, not cancelled). False: nothing was waiting.
   */
  async cancelTerminalPayment(orderId: number): Promise<boolean> {
    const [latest] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.provider, this.provider.id)))
      .orderBy(desc(payments.id))
      .limit(1);
    if (!latest || latest.status !== 'pending' || latest.gateway !== KIOSK_TERMINAL_METHOD || !this.provider.cancel) return false;
    const cancelled = await this.provider.cancel(latest.providerOrderId);
    if (!cancelled.success) this.options.log.warn({ order: orderId, code: cancelled.code }, 'terminal payment could not be cancelled');
    await this.refresh(latest.providerOrderId).catch((err: unknown) =>
      this.options.log.warn({ order: orderId, err: err instanceof Error ? err.message : String(err) }, 'payment look-up failed'),
    );
    return cancelled.success;
  }

  /** Looks the payment up at the provider and applies what it says (a notification's work). */
  async refresh(providerOrderId: string): Promise<{ status: PaymentStatus; changed: boolean } | undefined> {
    const found = await this.provider.find(providerOrderId);
    if (!found.success) {
      if (found.notFound) return undefined;
      throw new Error(`payment look-up failed: ${found.code}`);
    }
    return this.apply(providerOrderId, found.data);
  }

  /**
   * The state machine's one door: locks the payment row, moves it forward (never back), and when it
   * becomes paid sends the order to the kitchen (event, alert, tickets) in the same transaction, exactly
   * once. Safe to call any number of times, at once, in any order.
   */
  async apply(providerOrderId: string, seen: ProviderPayment): Promise<{ status: PaymentStatus; changed: boolean } | undefined> {
    const now = this.options.clock();
    // Most look-ups (a provider repeating itself, a customer's page asking again) change nothing: seen so
    // without a lock or a write, they cost one read instead of a transaction.
    const [current] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, this.provider.id), eq(payments.providerOrderId, providerOrderId)));
    if (!current) return undefined;
    const amountSeen = seen.amount === current.amount && seen.currency.toUpperCase() === current.currency.toUpperCase();
    if (
      nextPaymentStatus(current.status, seen.status, amountSeen) === current.status &&
      seen.providerStatus === current.providerStatus &&
      (seen.transactionId ?? current.transactionId) === current.transactionId
    ) {
      return { status: current.status, changed: false };
    }
    return this.db.transaction(async (tx) => {
      const [payment] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.provider, this.provider.id), eq(payments.providerOrderId, providerOrderId)))
        .for('update');
      if (!payment) return undefined;
      const amountMatches = seen.amount === payment.amount && seen.currency.toUpperCase() === payment.currency.toUpperCase();
      let next = nextPaymentStatus(payment.status, seen.status, amountMatches);
      let reviewReason = payment.reviewReason;
      if (next === 'review' && payment.status !== 'review') reviewReason = 'the amount or currency paid differs from the order';
      if (next === 'paid' && payment.status !== 'paid') {
        const paid = await moveOrder(
          tx,
          payment.orderId,
          {
            kind: 'paid',
            transactionId: seen.transactionId,
            paymentMethod: payment.gateway,
            // Another provider's order (Stripe) keeps the title its checkout gave it.
            paymentMethodTitle: isCardGatewayId(payment.gateway) ? cardMethodTitle(payment.gateway) : undefined,
          },
          { now, ifAllowed: true },
        );
        if (!paid?.moved) {
          // Money for an order that was cancelled at its cut-off, or paid already by another attempt.
          next = 'review';
          reviewReason = 'paid for an order that was no longer waiting for this payment';
        }
      }
      // An order that had ended already stays as it is.
      if (next === 'refunded' && payment.status !== 'refunded') await cancelOrder(tx, payment.orderId, undefined, 'refunded', now);
      const changed = next !== payment.status;
      await tx
        .update(payments)
        .set({
          status: next,
          providerStatus: seen.providerStatus,
          transactionId: seen.transactionId ?? payment.transactionId,
          reviewReason,
          ...(isFinalPayment(next) ? { nextCheckAt: null } : {}),
          updatedAt: now,
        })
        .where(eq(payments.id, payment.id));
      if (changed) this.options.log.info({ order: payment.orderId, from: payment.status, to: next }, 'payment status changed');
      return { status: next, changed };
    });
  }

  /**
   * Reconciliation (a job): pending payments due for a look-up are looked up, with back-off; orders still
   * unpaid at their slot's cut-off are cancelled (slot place and stock freed) after one last look-up.
   * `peers`: every provider's service (docs/decisions/0040): each looks up its own payments, and the
   * cut-off's last look asks the provider of each payment.
   */
  async reconcile(peers: PaymentsService[] = [this]): Promise<{ checked: number; cancelled: number }> {
    const now = this.options.clock();
    let checked = 0;
    for (const peer of peers) checked += await peer.lookUpDue(now);
    return { checked, cancelled: await this.cancelUnpaidAtCutoff(now, peers) };
  }

  /** This provider's pending payments whose next look-up is due. */
  async lookUpDue(now: Date): Promise<number> {
    const due = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, this.provider.id), eq(payments.status, 'pending'), isNotNull(payments.nextCheckAt), lte(payments.nextCheckAt, now)))
      .orderBy(payments.nextCheckAt)
      .limit(200);
    let checked = 0;
    for (const payment of due) {
      const result = await this.refresh(payment.providerOrderId).catch((err: unknown) => {
        this.options.log.warn({ order: payment.orderId, err: err instanceof Error ? err.message : String(err) }, 'payment look-up failed');
        return null;
      });
      checked++;
      if (result === null || result?.status === 'pending' || result === undefined) {
        const giveUp = now.getTime() - payment.createdAt.getTime() > GIVE_UP_MS;
        await this.db
          .update(payments)
          .set({ checks: payment.checks + 1, nextCheckAt: giveUp ? null : new Date(now.getTime() + checkIntervalMs(payment.checks + 1)) })
          .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')));
      }
    }
    return checked;
  }

  private async cancelUnpaidAtCutoff(now: Date, peers: PaymentsService[]): Promise<number> {
    const { cutoffMinutes } = await readPaymentSettings(this.db);
    const limit = new Date(now.getTime() + cutoffMinutes * 60_000);
    const late = await this.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.status, 'pending'),
          or(
            and(inArray(orders.paymentMethod, [...cardGatewayIds, STRIPE_METHOD]), isNotNull(orders.slotStart), lte(orders.slotStart, limit)),
            // A kiosk order left unpaid on the terminal (the customer walked away): its kiosk session is long over.
            and(eq(orders.paymentMethod, KIOSK_TERMINAL_METHOD), lte(orders.createdAt, new Date(now.getTime() - KIOSK_ABANDONED_MS))),
          ),
        ),
      );
    let cancelled = 0;
    for (const { id } of late) {
      const pending = await this.db
        .select({ provider: payments.provider, providerOrderId: payments.providerOrderId })
        .from(payments)
        .where(and(eq(payments.orderId, id), eq(payments.status, 'pending')));
      // The money may have come in a moment ago: a last look before cancelling.
      for (const p of pending)
        await peers
          .find((peer) => peer.provider.id === p.provider)
          ?.refresh(p.providerOrderId)
          .catch(() => undefined);
      const done = await this.db.transaction(async (tx) => {
        const outcome = await moveOrder(
          tx,
          id,
          { kind: 'cancel-unpaid', reason: 'not paid before the cut-off' },
          {
            now,
            ifAllowed: true,
            alongside: (t) => failPendingPayments(t, id, now),
          },
        );
        return outcome?.moved ?? false;
      });
      if (done) cancelled++;
    }
    if (cancelled) this.options.log.info({ cancelled }, 'unpaid card orders cancelled at their cut-off');
    return cancelled;
  }

  /** The payment state of an order, for its confirmation page (the caller has checked the order key). */
  async paymentOf(db: DbOrTx, orderId: number) {
    const [latest] = await db
      .select({ status: payments.status, gateway: payments.gateway, paymentUrl: payments.paymentUrl })
      .from(payments)
      .where(eq(payments.orderId, orderId))
      .orderBy(desc(payments.id))
      .limit(1);
    return latest ?? null;
  }
}
