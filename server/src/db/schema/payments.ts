import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { orders } from './commerce.js';

/** One provider-neutral payment state (docs/decisions/0030-card-payments-multisafepay.md); it never goes back. */
export const paymentStatuses = ['pending', 'failed', 'paid', 'refunded', 'review'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/**
 * One attempt to pay an order at a payment provider: a customer who tries again gets a new attempt (the
 * provider refuses a reused order id). The order is paid when one attempt is, exactly once.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 'multisafepay' (a second provider plugs in behind the same interface). */
    provider: text('provider').notNull(),
    /** Our gateway id as the customer chose it (bancontact, visa, ...). */
    gateway: text('gateway').notNull(),
    /** The order id at the provider: our order number, with -2, -3 ... for later attempts. */
    providerOrderId: text('provider_order_id').notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    /** The provider's own word for it (completed, uncleared, declined ...), as last seen. */
    providerStatus: text('provider_status'),
    /** What the order asked for, cents; the provider's amount must match it to count as paid. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('EUR'),
    paymentUrl: text('payment_url'),
    transactionId: text('transaction_id'),
    /** Why a payment needs a person (amount mismatch, paid after the order was cancelled or already paid). */
    reviewReason: text('review_reason'),
    /** Reconciliation: when to look this payment up at the provider next, and how often it was. */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    checks: integer('checks').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_order_key').on(t.provider, t.providerOrderId),
    index('payments_order_idx').on(t.orderId),
    index('payments_due_idx').on(t.status, t.nextCheckAt),
  ],
);

/** Signed notifications already taken: the same one again is a replay and changes nothing. */
export const paymentNotifications = pgTable('payment_notifications', {
  /** sha256 of provider, timestamp and signature. */
  fingerprint: text('fingerprint').primaryKey(),
  providerOrderId: text('provider_order_id').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A refund's life: pending while the provider is asked, then succeeded or failed (docs/decisions/0039-refunds.md). */
export const refundStatuses = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/**
 * Money given back on a paid card order, in full or in part, by staff. Pending and succeeded refunds count
 * against what was paid; a failed one is kept for the record and counts for nothing.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Null for cash given back at the counter (docs/decisions/0084-allergens-at-the-door-own-container.md). */
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
    /** Cents, more than 0. */
    amount: integer('amount').notNull(),
    reason: text('reason').notNull().default(''),
    status: text('status').$type<RefundStatus>().notNull().default('pending'),
    /** The provider's id of the refund, once it answered. */
    providerRefundId: text('provider_refund_id'),
    /** The provider's error, for a failed refund (never shown raw to customers). */
    error: text('error'),
    /** Who gave the money back (a staff account), null when the account was removed or an API key did it. */
    staffId: integer('staff_id').references(() => users.id, { onDelete: 'set null' }),
    /** The client's key for this one refund: a retry or a double click with it refunds once. */
    idempotencyKey: text('idempotency_key').notNull(),
    /**
     * Tries at the provider; part of the provider's idempotency key. A try after a refusal gets a new key
     * (a provider replays an answer per key), a try after a time-out the same (its outcome is unknown).
     */
    attempts: integer('attempts').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('refunds_order_key').on(t.orderId, t.idempotencyKey), index('refunds_created_idx').on(t.createdAt)],
);
