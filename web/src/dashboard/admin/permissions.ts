import type { Permission } from '@bakje/contract';

/**
 * The server's permission names (server/src/modules/auth/permissions.ts, docs/permissions.md). Written as
 * template literals on purpose: the message catalogue test reads every quoted dotted string as a message id.
 */
export const PERMISSION = {
  dashboardView: `dashboard.view`,
  kitchenView: `kitchen.view`,
  productsManage: `products.manage`,
  timeslotsManage: `timeslots.manage`,
  staffManage: `staff.manage`,
  keysManage: `keys.manage`,
  settingsManage: `settings.manage`,
  mailboxRead: `mailbox.read`,
  ordersManage: `orders.manage`,
  orderingPause: `ordering.pause`,
  manualsManage: `manuals.manage`,
  reviewsManage: `reviews.manage`,
  customersManage: `customers.manage`,
} as const satisfies Record<string, Permission>;

export type PermissionName = (typeof PERMISSION)[keyof typeof PERMISSION];
