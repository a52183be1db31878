import { eq } from 'drizzle-orm';
import type { NotificationKind } from '@bakje/contract';
import type { DbOrTx } from '../../db/client.js';
import { pushSubscriptions } from '../../db/schema/index.js';
import { enqueueJobs, type NewJob } from '../../jobs/job-store.js';
import type { OrderRow } from '../orders/order-read.js';
import { readNotificationSettings, type StoredNotificationSettings } from './notification-settings.js';

/**
 * Customer notifications (docs/decisions/0083-order-notifications-sms.md). The order lifecycle calls
 * `queueOrderNotifications` in the transaction of the order's change; it writes one job per channel that reaches
 * this customer and has the kind switched on, keyed by channel, kind, order (and change), so a replayed change
 * queues nothing more and a rolled-back one nothing at all. What each channel then decides (quiet hours, the
 * per-order cap, the text) happens in its job, which runs after commit.
 */

/** What the customer is to hear about: the kind, and for a change that can repeat (a delay) which one. */
export interface OrderNotice {
  kind: NotificationKind;
  /** Tells repeated changes of one kind apart (a delay: the order's total delay after it). */
  change?: number;
  /** A delay: by how many minutes this change moved the order. */
  minutes?: number;
  /** A cancel: the staff's reason the customer reads. */
  reason?: string;
}

/** The job of one channel's message: what to say and when it was decided (quiet hours go by this moment). */
export interface NotificationJob extends OrderNotice {
  orderId: number;
  /** ISO time of the order's change. */
  at: string;
}

/** A way to reach a customer: SMS (a number), web push (a browser's subscription, decision 0086). */
export interface NotificationChannel {
  name: string;
  /** The job kind its messages are sent by. */
  jobKind: string;
  /** The customer gave this channel an address (for SMS: a number at checkout; for push: a subscription). */
  reaches(order: OrderRow, tx: DbOrTx): boolean | Promise<boolean>;
  enabled(settings: StoredNotificationSettings, kind: NotificationKind): boolean;
}

export const SMS_JOB_KIND = 'sms';

export const SMS_CHANNEL: NotificationChannel = {
  name: 'sms',
  jobKind: SMS_JOB_KIND,
  reaches: (order) => Boolean(order.notifyPhone),
  enabled: (settings, kind) => settings.sms.enabled && settings.sms.kinds[kind],
};

export const PUSH_JOB_KIND = 'push';
/** Deletes a finished order's subscriptions, after its last push (same lane). */
export const PUSH_END_JOB_KIND = 'push-end';

/** Whether a browser subscribed on the order page: one look-up by the order's index (docs/decisions/0086-order-web-push.md). */
async function hasPushSubscription(tx: DbOrTx, orderId: number): Promise<boolean> {
  const [row] = await tx.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.orderId, orderId)).limit(1);
  return row !== undefined;
}

export const PUSH_CHANNEL: NotificationChannel = {
  name: 'push',
  jobKind: PUSH_JOB_KIND,
  reaches: (order, tx) => hasPushSubscription(tx, order.id),
  enabled: (settings, kind) => settings.push.enabled && settings.push.kinds[kind],
};

const CHANNELS: readonly NotificationChannel[] = [SMS_CHANNEL, PUSH_CHANNEL];

/** The idempotency key of one channel's message: `sms:ready:41`, `sms:delayed:41:20`. */
export const notificationKey = (channel: string, notice: Pick<OrderNotice, 'kind' | 'change'>, orderId: number) =>
  `${channel}:${notice.kind}:${orderId}${notice.change === undefined ? '' : `:${notice.change}`}`;

/**
 * One order's messages run in order, one at a time (the lane), so "ready" never overtakes "accepted" and the
 * per-order cap is counted without a race.
 */
export const notificationLane = (channel: string, orderId: number) => `${channel}:${orderId}`;

/**
 * Queues the notice on every channel that reaches the customer and has it on, in the caller's transaction.
 * An order no channel reaches costs one indexed look-up (its push subscriptions); otherwise one settings read
 * and one insert more.
 */
export async function queueOrderNotifications(tx: DbOrTx, order: OrderRow, notice: OrderNotice, now: Date): Promise<void> {
  if (order.isTestOrder) return;
  const reaching: NotificationChannel[] = [];
  for (const channel of CHANNELS) if (await channel.reaches(order, tx)) reaching.push(channel);
  if (reaching.length === 0) return;
  const settings = await readNotificationSettings(tx);
  const payload: NotificationJob = { ...notice, orderId: order.id, at: now.toISOString() };
  const jobs: NewJob[] = reaching
    .filter((c) => c.enabled(settings, notice.kind))
    .map((c) => ({ kind: c.jobKind, lane: notificationLane(c.name, order.id), payload, idempotencyKey: notificationKey(c.name, notice, order.id) }));
  await enqueueJobs(tx, jobs);
}

/**
 * The order finished (completed, cancelled, refunded, failed): its push subscriptions are deleted by a job in its
 * push lane, so after the pushes queued before (the "cancelled" of this very change). None queued without one.
 */
export async function queueOrderNotificationsEnd(tx: DbOrTx, orderId: number): Promise<void> {
  if (!(await hasPushSubscription(tx, orderId))) return;
  // No idempotency key: an order taken back (recovered) and subscribed to again must lose that one too at its next end.
  await enqueueJobs(tx, [{ kind: PUSH_END_JOB_KIND, lane: notificationLane(PUSH_CHANNEL.name, orderId), payload: { orderId } }]);
}
