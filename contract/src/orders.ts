/**
 * The two words every part of an order speaks: how it reaches the customer and where it is in its life.
 * Declared once here; the database schema, the server's modules and the web import them
 * (docs/decisions/0063-layer-rules.md).
 */

/** Delivered, collected at the counter, or eaten in. */
export const fulfilmentTypes = ['delivery', 'takeaway', 'dinein'] as const;
export type FulfilmentType = (typeof fulfilmentTypes)[number];

/** WooCommerce's order statuses (docs/interfaces.md). */
export const orderStatuses = ['pending', 'processing', 'on-hold', 'completed', 'cancelled', 'refunded', 'failed'] as const;
export type OrderStatus = (typeof orderStatuses)[number];
