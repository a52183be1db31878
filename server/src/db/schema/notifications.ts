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

/**
 * The browsers that asked to hear about an order by web push (docs/decisions/0086-order-web-push.md): the push
 * service's endpoint and the browser's keys for RFC 8291's encryption. Not personal data, but never logged (the
 * endpoint is a capability: whoever holds it with the keys can push to that browser). Deleted after the order's
 * last push once it ended, and at once when the push service answers 404 or 410.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key (base64url, uncompressed point). */
    p256dh: text('p256dh').notNull(),
    /** The browser's 16-byte authentication secret (base64url). */
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('push_subscriptions_order_endpoint').on(t.orderId, t.endpoint)],
);
