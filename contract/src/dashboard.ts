import { z } from 'zod';
import type { Permission } from './permissions.js';

/** A text in the shop's languages; Dutch is always there. */
export type Translated = { nl: string; fr?: string; en?: string };

/** One row of GET /api/dashboard/products {products}, the dashboard's product list. */
export interface DashboardProduct {
  id: number;
  slug: string;
  type: string;
  name: Translated;
  categories: Translated[];
  /** Euro cents. For a product with sizes: the cheapest and dearest variation; otherwise both the price paid. */
  priceMin: number | null;
  priceMax: number | null;
  /** Set when on sale: the regular price in cents. */
  regularPrice: number | null;
  stockStatus: 'IN_STOCK' | 'OUT_OF_STOCK' | 'ON_BACKORDER';
  stockQuantity: number | null;
  status: 'publish' | 'draft' | 'private';
  catalogVisibility: 'visible' | 'catalog' | 'search' | 'hidden';
  /** Whether a customer sees it in the shop: published, shown in store and not hidden (same rule as the storefront). */
  visibleInShop: boolean;
}

export interface DashboardProductList {
  products: DashboardProduct[];
}

export const staffRoles = ['kitchen', 'manager', 'admin'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** One row of GET /api/staff/users: a staff account with its last login and live session count. */
export interface StaffMember {
  id: number;
  email: string;
  username: string;
  role: StaffRole;
  firstName: string;
  lastName: string;
  active: boolean;
  createdAt: string;
  /** Null: never logged in. */
  lastLoginAt: string | null;
  /** Sessions that still work now (not revoked, not expired). */
  activeSessions: number;
  /** The language of their screens and mails; null follows the shop's (Dutch). */
  language: StaffLanguage | null;
}

/** The languages of the staff screens (docs/decisions/0071-age-restricted-products-staff-language.md). */
export const staffLanguages = ['nl', 'fr', 'en'] as const;
export type StaffLanguage = (typeof staffLanguages)[number];
/** The shop's own language: a staff account without a choice sees its screens in it. */
export const SHOP_LANGUAGE: StaffLanguage = 'nl';

/** PUT /api/auth/language (one's own) and PUT /api/staff/users/{id}/language (staff.manage); null: the shop's. */
export const staffLanguageInput = z.object({ language: z.enum(staffLanguages).nullable() });
export type StaffLanguageInput = z.infer<typeof staffLanguageInput>;

/** POST /api/staff/users: a new staff account (the password rules are checked by the server's auth module). */
export const newStaffInput = z.object({
  email: z.string().max(254),
  username: z.string().max(60).optional(),
  password: z.string().max(1000),
  role: z.enum(staffRoles),
  firstName: z.string().max(100).optional(),
  lastName: z.string().max(100).optional(),
});
export type NewStaff = z.infer<typeof newStaffInput>;

/** The answer to POST /api/staff/users (201). */
export interface CreatedStaff {
  id: number;
  email: string;
  username: string;
  role: StaffRole;
}

export type ViewerKind = 'guest' | 'customer' | 'staff';

/** GET /api/auth/session: who is logged in and the permissions of their role (docs/permissions.md). */
export interface AuthSession {
  viewer: {
    kind: ViewerKind;
    id?: number;
    role?: StaffRole;
    email?: string;
    firstName?: string;
    username?: string;
    /** Staff: the language their screens follow (their own choice, else the shop's). */
    language?: StaffLanguage;
  };
  permissions: Permission[];
  /** Whether /dev/mailbox exists (demo mode, no SMTP server configured). Absent for guests. */
  localMailbox?: boolean;
}

export type ApiKeyScope = 'read' | 'write' | 'read_write';

/** One REST API key as /api/admin/api-keys lists it (WooCommerce's field names). */
export interface ApiKeySummary {
  id: number;
  description: string;
  scope: ApiKeyScope;
  truncated_key: string;
  created_at: string;
  last_access: string | null;
  revoked_at: string | null;
}

/** The answer to POST /api/admin/api-keys: the only time the key and secret are shown. */
export interface CreatedApiKey extends ApiKeySummary {
  consumer_key: string;
  consumer_secret: string;
}
