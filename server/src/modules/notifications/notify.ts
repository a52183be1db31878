import type { NotificationKind } from '@bakje/contract';
import type { DbOrTx } from '../../db/client.js';
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

/** A way to reach a customer. Web push (issue 35 point 2) is the next: a subscription instead of a number. */
export interface NotificationChannel {
  name: string;
  /** The job kind its messages are sent by. */
  jobKind: string;
  /** The customer gave this channel an address (for SMS: a number at checkout). */
  reaches(order: OrderRow): boolean;
  enabled(settings: StoredNotificationSettings, kind: NotificationKind): boolean;
}

export const SMS_JOB_KIND = 'sms';

export const SMS_CHANNEL: NotificationChannel = {
  name: 'sms',
  jobKind: SMS_JOB_KIND,
  reaches: (order) => Boolean(order.notifyPhone),
  enabled: (settings, kind) => settings.sms.enabled && settings.sms.kinds[kind],
};

const CHANNELS: readonly NotificationChannel[] = [SMS_CHANNEL];

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
 * An order no channel reaches costs nothing (no statement); otherwise one settings read and one insert.
 */
export async function queueOrderNotifications(tx: DbOrTx, order: OrderRow, notice: OrderNotice, now: Date): Promise<void> {
  if (order.isTestOrder) return;
  const reaching = CHANNELS.filter((c) => c.reaches(order));
  if (reaching.length === 0) return;
  const settings = await readNotificationSettings(tx);
  const payload: NotificationJob = { ...notice, orderId: order.id, at: now.toISOString() };
  const jobs: NewJob[] = reaching
    .filter((c) => c.enabled(settings, notice.kind))
    .map((c) => ({ kind: c.jobKind, lane: notificationLane(c.name, order.id), payload, idempotencyKey: notificationKey(c.name, notice, order.id) }));
  await enqueueJobs(tx, jobs);
}
