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

/** Our card method ids (checkout `paymentMethod`), in the order the dashboard lists them. */
export const cardMethodIds = ['bancontact', 'visa', 'mastercard', 'maestro', 'amex', 'applepay', 'googlepay', 'ideal', 'cartebleue'] as const;
export type CardMethodId = (typeof cardMethodIds)[number];

/** GET|PUT /api/settings/payments (settings.manage): each card method per fulfilment type and channel, and the cut-off. */
export interface PaymentSettingsView {
  /** An order still unpaid this many minutes before its slot is cancelled (0 to 1440). */
  cutoffMinutes: number;
  methods: Record<CardMethodId, { enabled: boolean; fulfilment: ('delivery' | 'takeaway' | 'dinein')[]; channels: ('web' | 'kiosk')[] }>;
}
