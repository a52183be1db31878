import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from './commerce.js';

/**
 * The text messages sent about orders (docs/decisions/0083-order-notifications-sms.md): one row per message the
 * SMS job decided to send, written before the provider is called, so the per-order cap counts every message
 * that may have gone out. No phone number here: the job reads it from the order when it sends.
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The job's idempotency key (`sms:ready:41`): one message per order, kind and change. */
    notificationKey: text('notification_key').notNull(),
    /** accepted, ready, out-for-delivery, delayed, cancelled. */
    kind: text('kind').notNull(),
    lang: text('lang').notNull(),
    body: text('body').notNull(),
    /** sending (decided, not yet accepted by the provider), then the provider's: queued, sent, delivered, undelivered, failed. */
    status: text('status').notNull().default('sending'),
    /** The provider's message id (Twilio's `SM…` sid) once it accepted the message. */
    providerId: text('provider_id'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sms_messages_key').on(t.notificationKey),
    uniqueIndex('sms_messages_provider_id').on(t.providerId),
    index('sms_messages_order_idx').on(t.orderId),
  ],
);
