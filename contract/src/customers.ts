import { z } from 'zod';

/**
 * Reviews moderation, customer records and privacy rights (docs/decisions/0046-customers-privacy.md): the
 * bodies and answers of /api/dashboard/reviews, /api/dashboard/customers, /api/dashboard/erasure-requests and
 * /api/account/privacy.
 */

export const reviewStatusValues = ['hold', 'approved', 'spam'] as const;
export type ReviewModerationStatus = (typeof reviewStatusValues)[number];

export interface ReviewForModeration {
  id: number;
  productId: number;
  productName: string;
  productSlug: string;
  author: string;
  authorEmail: string;
  content: string;
  rating: number;
  verified: boolean;
  status: ReviewModerationStatus;
  createdAt: string;
  reply: string;
}

export interface ReviewModerationPage {
  total: number;
  counts: Record<ReviewModerationStatus, number>;
  reviews: ReviewForModeration[];
}

export const REVIEW_REPLY_LIMIT = 2000;
export const reviewModerationInput = z.object({
  status: z.enum(reviewStatusValues).optional(),
  reply: z.string().max(REVIEW_REPLY_LIMIT, `must be at most ${REVIEW_REPLY_LIMIT} characters`).optional(),
});
export type ReviewModerationInput = z.infer<typeof reviewModerationInput>;

export const reviewSettingsInput = z.object({ publishVerifiedAtOnce: z.boolean() });
export type ReviewSettingsForm = z.infer<typeof reviewSettingsInput>;

export interface CustomerListItem {
  id: number;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  createdAt: string;
  orderCount: number;
  /** Euro cents. */
  totalSpent: number;
}

export interface CustomerList {
  total: number;
  customers: CustomerListItem[];
}

export interface CustomerAddress {
  firstName?: string;
  lastName?: string;
  company?: string;
  address1?: string;
  address2?: string;
  city?: string;
  state?: string;
  postcode?: string;
  country?: string;
  phone?: string;
  email?: string;
}

export interface CustomerRecord {
  id: number;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  createdAt: string;
  billing: CustomerAddress;
  shipping: CustomerAddress;
  /** Euro cents over paid (processing) and completed orders. */
  totalSpent: number;
  paidOrderCount: number;
  orders: {
    id: number;
    number: number;
    status: string;
    createdAt: string;
    total: number;
    fulfilmentType: string;
    items: { name: string; quantity: number }[];
  }[];
  notes: { id: number; text: string; createdAt: string; author: string }[];
  erasureRequest: { id: number; requestedAt: string } | null;
}

export const CUSTOMER_NOTE_LIMIT = 2000;
export const customerNoteInput = z.object({
  text: z.string().trim().min(1, 'is required').max(CUSTOMER_NOTE_LIMIT, `must be at most ${CUSTOMER_NOTE_LIMIT} characters`),
});
export type CustomerNoteInput = z.infer<typeof customerNoteInput>;

export interface ErasureRequestList {
  pending: { id: number; userId: number; requestedAt: string; email: string; firstName: string; lastName: string }[];
  /** The record of confirmed erasures: ids and dates only, no personal data. */
  done: { id: number; requestedAt: string; confirmedAt: string; confirmedBy: string; ordersAnonymised: number }[];
}

export const privacySettingsForm = z.object({
  guestOrderRetentionDays: z.number().int().min(30, 'must be at least 30 days').max(3650, 'must be at most 3650 days'),
});
export type PrivacySettingsForm = z.infer<typeof privacySettingsForm>;

export interface AccountPrivacy {
  erasureRequest: { id: number; status: string; requestedAt: string } | null;
}

export const erasureRequestInput = z.object({
  /** Whose data: only the logged-in customer's own id is accepted (or none, meaning their own). */
  customerId: z.number().int().positive().optional(),
});
