import { staffRoles, type Permission, type StaffRole } from '@bakje/contract';
import type { UserRole } from '../../db/schema/index.js';

/**
 * Every staff permission. docs/permissions.md mirrors this matrix; `can` is the only place that decides.
 */
export const PERMISSIONS = {
  /** The kitchen view and its live order stream. */
  'kitchen.view': ['kitchen', 'manager', 'admin'],
  /** Move an order through pending, preparing, ready, completed. */
  'orders.status': ['kitchen', 'manager', 'admin'],
  /** Enter the dashboard at all (the kitchen tab). */
  'dashboard.view': ['kitchen', 'manager', 'admin'],
  /** Order management: edit, cancel, refund, read customer details. */
  'orders.manage': ['manager', 'admin'],
  /** Products, categories, add-ons, allergens and attributes. */
  'products.manage': ['manager', 'admin'],
  /** Mark a product, variation or add-on option "sold out today" and available again (the kitchen knows first). */
  'products.soldOut': ['kitchen', 'manager', 'admin'],
  'timeslots.manage': ['manager', 'admin'],
  /** Shop settings, opening hours, pause, messages, coupons. */
  'settings.manage': ['manager', 'admin'],
  /** Write the staff manuals (every staff role reads them with dashboard.view). */
  'manuals.manage': ['manager', 'admin'],
  /** Moderate product reviews: approve, mark as spam, reply as the shop, delete; the publish-at-once setting. */
  'reviews.manage': ['manager', 'admin'],
  /** Customer records: look up, edit, notes, send a password reset mail, confirm erasure requests, retention. */
  'customers.manage': ['manager', 'admin'],
  /** Pause online ordering and set "busy" from the kitchen view. */
  'ordering.pause': ['kitchen', 'manager', 'admin'],
  /** The demo mode's local mailbox (it holds password reset links). */
  'mailbox.read': ['manager', 'admin'],
  /** Staff accounts, their roles and their sessions. */
  'staff.manage': ['admin'],
  /** REST API keys for integrations. */
  'keys.manage': ['admin'],
} as const satisfies Record<Permission, readonly UserRole[]>;

export type { Permission };

// The staff roles are part of the web's contract (the staff screen offers them).
export { staffRoles, type StaffRole };

export function isStaffRole(role: string): role is StaffRole {
  return (staffRoles as readonly string[]).includes(role);
}

export function isPermission(name: string): name is Permission {
  return Object.hasOwn(PERMISSIONS, name);
}

/** Whether a role holds a permission. Customers and guests hold none. */
export function can(role: UserRole | 'guest', permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly string[]).includes(role);
}

export function permissionsOf(role: UserRole | 'guest'): Permission[] {
  return (Object.keys(PERMISSIONS) as Permission[]).filter((p) => can(role, p));
}
