/**
 * Every staff permission name. The server's matrix (server/src/modules/auth/permissions.ts) assigns each
 * to roles; GET /api/auth/session lists the viewer's; docs/permissions.md explains them.
 */
export type Permission =
  | 'kitchen.view'
  | 'orders.status'
  | 'dashboard.view'
  | 'orders.manage'
  | 'products.manage'
  | 'products.soldOut'
  | 'timeslots.manage'
  | 'settings.manage'
  | 'manuals.manage'
  | 'reviews.manage'
  | 'customers.manage'
  | 'ordering.pause'
  | 'mailbox.read'
  | 'staff.manage'
  | 'keys.manage';
