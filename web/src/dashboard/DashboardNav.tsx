import { useIntl } from 'react-intl';
import { NavLink } from 'react-router';
import { PERMISSION } from './admin/permissions';
import { useStaffSession } from './admin/useStaffSession';
import '../areas/areas.css';

/** The dashboard's pages and the permission each needs (docs/permissions.md); labels are message ids. */
export const DASHBOARD_PAGES = [
  { to: '/dashboard', label: 'dashboard.menu.kitchen', permission: PERMISSION.dashboardView },
  { to: '/dashboard/kitchen', label: 'dashboard.menu.stationScreens', permission: PERMISSION.kitchenView },
  { to: '/dashboard/orders', label: 'dashboard.menu.orders', permission: PERMISSION.ordersManage },
  { to: '/dashboard/figures', label: 'dashboard.menu.figures', permission: PERMISSION.ordersManage },
  { to: '/dashboard/customers', label: 'dashboard.menu.customers', permission: PERMISSION.customersManage },
  { to: '/dashboard/reviews', label: 'dashboard.menu.reviews', permission: PERMISSION.reviewsManage },
  { to: '/dashboard/products', label: 'dashboard.menu.products', permission: PERMISSION.productsManage },
  { to: '/dashboard/catalog/categories', label: 'dashboard.menu.categories', permission: PERMISSION.productsManage },
  { to: '/dashboard/catalog/add-ons', label: 'dashboard.menu.addOns', permission: PERMISSION.productsManage },
  { to: '/dashboard/catalog/allergens', label: 'dashboard.menu.allergens', permission: PERMISSION.productsManage },
  { to: '/dashboard/catalog/tags', label: 'dashboard.menu.tags', permission: PERMISSION.productsManage },
  { to: '/dashboard/media', label: 'dashboard.menu.media', permission: PERMISSION.productsManage },
  { to: '/dashboard/catalog/import', label: 'dashboard.menu.menuTransfer', permission: PERMISSION.productsManage },
  { to: '/dashboard/timeslots', label: 'dashboard.menu.timeslots', permission: PERMISSION.timeslotsManage },
  { to: '/dashboard/staff', label: 'dashboard.menu.staff', permission: PERMISSION.staffManage },
  { to: '/dashboard/api-keys', label: 'dashboard.menu.apiKeys', permission: PERMISSION.keysManage },
  { to: '/dashboard/printer', label: 'dashboard.menu.printer', permission: PERMISSION.kitchenView },
  { to: '/dashboard/printing', label: 'dashboard.menu.printing', permission: PERMISSION.settingsManage },
  { to: '/dashboard/jobs', label: 'dashboard.menu.jobs', permission: PERMISSION.settingsManage },
  { to: '/dashboard/settings', label: 'dashboard.menu.settings', permission: PERMISSION.settingsManage },
  { to: '/dashboard/hours', label: 'dashboard.menu.hours', permission: PERMISSION.settingsManage },
  { to: '/dashboard/delivery', label: 'dashboard.menu.delivery', permission: PERMISSION.settingsManage },
  { to: '/dashboard/payments', label: 'dashboard.menu.payments', permission: PERMISSION.settingsManage },
  { to: '/dashboard/notifications', label: 'dashboard.menu.notifications', permission: PERMISSION.settingsManage },
  { to: '/dashboard/kiosks', label: 'dashboard.menu.kiosks', permission: PERMISSION.settingsManage },
  { to: '/dashboard/stations', label: 'dashboard.menu.stations', permission: PERMISSION.settingsManage },
  { to: '/dashboard/prep-times', label: 'dashboard.menu.prepTimes', permission: PERMISSION.settingsManage },
  { to: '/dashboard/pos', label: 'dashboard.menu.pos', permission: PERMISSION.settingsManage },
  { to: '/dashboard/messages', label: 'dashboard.menu.messages', permission: PERMISSION.settingsManage },
  { to: '/dashboard/coupons', label: 'dashboard.menu.coupons', permission: PERMISSION.settingsManage },
  { to: '/dashboard/gift-cards', label: 'dashboard.menu.giftCards', permission: PERMISSION.settingsManage },
  { to: '/dashboard/manuals', label: 'dashboard.menu.manuals', permission: PERMISSION.dashboardView },
  // Demo mode only (no SMTP server): listed when the session says the local mailbox exists.
  { to: '/dashboard/mailbox', label: 'dashboard.menu.mailbox', permission: PERMISSION.mailboxRead },
] as const;

export function visiblePages(permissions: readonly string[], options: { localMailbox?: boolean } = {}) {
  return DASHBOARD_PAGES.filter((page) => permissions.includes(page.permission) && (page.to !== '/dashboard/mailbox' || options.localMailbox === true));
}

/** Navigation between dashboard pages: only the pages the viewer's role may open are listed. */
export function DashboardNav() {
  const intl = useIntl();
  const session = useStaffSession();
  const pages = visiblePages(session.data?.permissions ?? [], { localMailbox: session.data?.localMailbox });
  if (pages.length === 0) return null;
  return (
    <nav aria-label={intl.formatMessage({ id: 'dashboard.navLabel' })}>
      <ul className="dashboard__menu">
        {pages.map((page) => (
          <li key={page.to}>
            <NavLink className="dashboard__menu-link" to={page.to} end>
              {intl.formatMessage({ id: page.label })}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
