import { KIOSK_COUNTER_METHOD } from '@bakje/contract';
import type { OrderRow } from './order-read.js';

// What the customer was promised, as the confirmation mail, its updates and the order page state it
// (docs/decisions/0081-confirmation-when-and-where.md).

/**
 * How the order stands with its payment, as the customer reads it: paid (by card, gift card or at the counter),
 * cash to pay at handover, to pay at the kiosk counter, or a card payment not confirmed yet.
 */
export type OrderPaymentState = 'paid' | 'cash' | 'counter' | 'awaiting';

export function paymentStateOf(order: Pick<OrderRow, 'datePaid' | 'total' | 'paymentMethod' | 'status'>): OrderPaymentState {
  if (order.datePaid !== null || order.total <= 0) return 'paid';
  if (order.paymentMethod === 'cod') return 'cash';
  if (order.paymentMethod === KIOSK_COUNTER_METHOD) return 'counter';
  // A card order the kitchen already has (staff moved it on): it is settled at handover, not awaited online.
  return order.status === 'pending' ? 'awaiting' : 'counter';
}

/** The order's time as promised to the customer: its slot (or ASAP estimate) moved by the kitchen's delay. */
export function promisedTime(order: Pick<OrderRow, 'slotStart' | 'slotEnd' | 'delayMinutes'>): { start: Date; end: Date | null } | null {
  if (!order.slotStart) return null;
  const shift = order.delayMinutes * 60_000;
  return { start: new Date(order.slotStart.getTime() + shift), end: order.slotEnd ? new Date(order.slotEnd.getTime() + shift) : null };
}
