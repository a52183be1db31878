import { z } from 'zod';
import type { FulfilmentType } from './orders.js';

/**
 * Coupons and gift cards (docs/decisions/0045-coupons-gift-cards.md). Coupons are read and written through the
 * store REST API `/wp-json/wc/v3/coupons` in WooCommerce's shape (the dashboard with the staff cookie); gift
 * cards through `/api/dashboard/gift-cards` (staff) and `/api/gift-cards/balance` (the shop's balance page).
 */

export const couponDiscountTypes = ['percent', 'fixed_cart', 'fixed_product'] as const;
export type CouponDiscountType = (typeof couponDiscountTypes)[number];
export const couponChannels = ['web', 'kiosk'] as const;
export type CouponChannel = (typeof couponChannels)[number];

/** A coupon as `/wp-json/wc/v3/coupons` answers (the fields the dashboard uses). */
export interface WcCoupon {
  id: number;
  code: string;
  amount: string;
  discount_type: CouponDiscountType;
  description: string;
  date_created: string;
  date_starts: string | null;
  date_expires: string | null;
  usage_count: number;
  usage_limit: number | null;
  usage_limit_per_user: number | null;
  minimum_amount: string;
  maximum_amount: string;
  product_ids: number[];
  excluded_product_ids: number[];
  product_categories: number[];
  excluded_product_categories: number[];
  free_shipping: boolean;
  individual_use: boolean;
  channels: CouponChannel[];
  fulfilment_types: FulfilmentType[];
  used_by: string[];
}

/** Issue a gift card: an amount in euros, an optional expiry date (YYYY-MM-DD, end of that day in shop time), the recipient. */
export const giftCardIssueInput = z.object({
  amount: z
    .string({ error: 'must be an amount such as 25.00' })
    .trim()
    .regex(/^\d{1,5}([.,]\d{1,2})?$/, 'must be an amount such as 25.00'),
  expiresOn: z
    .string()
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, 'must be a date YYYY-MM-DD')
    .default(''),
  recipientName: z.string().trim().max(200, 'must be at most 200 characters').default(''),
  recipientEmail: z.string().trim().max(254).default(''),
  note: z.string().trim().max(500).default(''),
});
export type GiftCardIssueInput = z.input<typeof giftCardIssueInput>;

export interface GiftCardMovement {
  id: number;
  kind: 'issue' | 'redeem' | 'refund' | 'adjust';
  /** Signed euros, "-12.50". */
  amount: string;
  balanceAfter: string;
  orderId: number | null;
  note: string;
  createdAt: string;
}

export interface GiftCard {
  id: number;
  /** Grouped, e.g. "K7QM-2XRD-9FTB-WN4H" (staff see the whole code). */
  code: string;
  initialAmount: string;
  balance: string;
  expiresAt: string | null;
  recipientName: string;
  recipientEmail: string;
  source: 'staff' | 'order';
  orderId: number | null;
  disabled: boolean;
  createdAt: string;
}

export interface GiftCardList {
  total: number;
  cards: GiftCard[];
}

export interface GiftCardDetail extends GiftCard {
  movements: GiftCardMovement[];
}

/** The shop's balance look-up answer. */
export interface GiftCardBalance {
  /** The code's last four characters. */
  code: string;
  balance: string;
  expiresAt: string | null;
  usable: boolean;
}
