/** Card payments (docs/decisions/0030-card-payments-multisafepay.md): what the confirmation page reads. */

export type PaymentStatusName = 'pending' | 'failed' | 'paid' | 'refunded' | 'review';

/** GET /api/payments/orders/{id}?key=... and the answer of POST .../cash. */
export interface PaymentState {
  orderId: number;
  /** The order's status: pending while it waits for the payment, processing once paid (or switched to cash). */
  orderStatus: string;
  paid: boolean;
  paymentMethod: string;
  /** The latest card payment attempt; null when none was started. */
  payment: { status: PaymentStatusName; gateway: string } | null;
}

/** POST /api/payments/orders/{id}/pay: start or resume the card payment. */
export type StartPaymentAnswer = { success: true; paymentUrl: string | null } | { success: false; message: string; error: string };
