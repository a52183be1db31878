import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../account/LoginPage';
import { visiblePages } from './DashboardNav';

// The role -> permissions lists as GET /api/auth/session sends them (server/src/modules/auth/permissions.ts).
const KITCHEN = ['kitchen.view', 'orders.status', 'dashboard.view', 'products.soldOut', 'ordering.pause'];
const MANAGER = [
  ...KITCHEN,
  'orders.manage',
  'products.manage',
  'timeslots.manage',
  'settings.manage',
  'manuals.manage',
  'reviews.manage',
  'customers.manage',
  'mailbox.read',
];
const ADMIN = [...MANAGER, 'staff.manage', 'keys.manage'];

describe('dashboard navigation by role', () => {
  const paths = (permissions: string[], localMailbox = true) => visiblePages(permissions, { localMailbox }).map((p) => p.to);

  it('lists only the pages a role may open', () => {
    expect(paths(KITCHEN)).toEqual(['/dashboard', '/dashboard/kitchen', '/dashboard/printer', '/dashboard/manuals']);
    expect(paths(MANAGER)).toEqual([
      '/dashboard',
      '/dashboard/kitchen',
      '/dashboard/orders',
      '/dashboard/figures',
      '/dashboard/customers',
      '/dashboard/reviews',
      '/dashboard/products',
      '/dashboard/catalog/categories',
      '/dashboard/catalog/add-ons',
      '/dashboard/catalog/allergens',
      '/dashboard/catalog/tags',
      '/dashboard/media',
      '/dashboard/catalog/import',
      '/dashboard/timeslots',
      '/dashboard/printer',
      '/dashboard/printing',
      '/dashboard/jobs',
      '/dashboard/settings',
      '/dashboard/hours',
      '/dashboard/delivery',
      '/dashboard/payments',
      '/dashboard/notifications',
      '/dashboard/kiosks',
      '/dashboard/stations',
      '/dashboard/prep-times',
      '/dashboard/pos',
      '/dashboard/messages',
      '/dashboard/coupons',
      '/dashboard/gift-cards',
      '/dashboard/manuals',
      '/dashboard/mailbox',
    ]);
    expect(paths(ADMIN)).toEqual([
      '/dashboard',
      '/dashboard/kitchen',
      '/dashboard/orders',
      '/dashboard/figures',
      '/dashboard/customers',
      '/dashboard/reviews',
      '/dashboard/products',
      '/dashboard/catalog/categories',
      '/dashboard/catalog/add-ons',
      '/dashboard/catalog/allergens',
      '/dashboard/catalog/tags',
      '/dashboard/media',
      '/dashboard/catalog/import',
      '/dashboard/timeslots',
      '/dashboard/staff',
      '/dashboard/api-keys',
      '/dashboard/printer',
      '/dashboard/printing',
      '/dashboard/jobs',
      '/dashboard/settings',
      '/dashboard/hours',
      '/dashboard/delivery',
      '/dashboard/payments',
      '/dashboard/notifications',
      '/dashboard/kiosks',
      '/dashboard/stations',
      '/dashboard/prep-times',
      '/dashboard/pos',
      '/dashboard/messages',
      '/dashboard/coupons',
      '/dashboard/gift-cards',
      '/dashboard/manuals',
      '/dashboard/mailbox',
    ]);
    expect(paths([])).toEqual([]);
  });

  it('links the mailbox only in demo mode (no SMTP server: the page exists)', () => {
    expect(paths(ADMIN, false)).not.toContain('/dashboard/mailbox');
  });
});

describe('the login redirect', () => {
  it('returns only to a path on this site', () => {
    expect(safeRedirect('/dashboard/products?x=1')).toBe('/dashboard/products?x=1');
    expect(safeRedirect(null)).toBeNull();
    expect(safeRedirect('')).toBeNull();
    expect(safeRedirect('https://evil.example/')).toBeNull();
    expect(safeRedirect('//evil.example/')).toBeNull();
    expect(safeRedirect('/\\evil.example/')).toBeNull();
    expect(safeRedirect('javascript:alert(1)')).toBeNull();
  });
});
