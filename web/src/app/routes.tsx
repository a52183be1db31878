import { StaffMessages } from '../i18n/LocaleProvider';
import { lazy, Suspense, type ReactNode } from 'react';
import { Outlet, ScrollRestoration, type RouteObject } from 'react-router';
import HomePage from '../pages/HomePage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { RouteErrorPage } from '../pages/RouteErrorPage';
import { PageFallback, ShopLayout } from '../shell/ShopLayout';
import { setProductPageLoader } from '../shop/prefetch';
import ShopPage from '../shop/ShopPage';
import { ScrollbarPolicy } from './ScrollbarPolicy';
import { TestModeBanner } from '../ui/TestModeBanner';

// Everything but the shop list and home is loaded on demand (keeps /bestellen's first JS small).
const loadProductPage = () => import('../product/ProductPage');
setProductPageLoader(loadProductPage);
const ProductPage = lazy(loadProductPage);
const InfoPage = lazy(() => import('../pages/info/InfoPages'));
const GiftCardBalancePage = lazy(() => import('../gift-cards/GiftCardBalancePage'));
const CheckoutPage = lazy(() => import('../checkout/CheckoutPage'));
const OrderSummaryPage = lazy(() => import('../checkout/OrderSummaryPage'));
const ConfirmPaymentPage = lazy(() => import('../checkout/ConfirmPaymentPage'));
const AccountArea = lazy(() => import('../account/AccountArea'));
const KioskArea = lazy(() => import('../kiosk/KioskArea'));
const KitchenPage = lazy(() => import('../dashboard/kitchen/KitchenPage'));
const StationPage = lazy(() => import('../dashboard/kitchen/stations/StationPage'));
const DashboardStationsPage = lazy(() => import('../dashboard/kitchen/stations/StationsPage'));
const DashboardPrepTimesPage = lazy(() => import('../dashboard/kitchen/prep-times/PrepTimesPage'));
const DisplaysArea = lazy(() => import('../displays/DisplaysArea'));
const VirtualPrinterPage = lazy(() => import('../dashboard/admin/PrinterRoute'));
const DashboardProductsPage = lazy(() => import('../dashboard/catalog/products/ProductsListPage'));
const DashboardProductEditorPage = lazy(() => import('../dashboard/catalog/products/ProductEditorPage'));
const DashboardStaffPage = lazy(() => import('../dashboard/admin/StaffPage'));
const DashboardTimeSlotsPage = lazy(() => import('../dashboard/timeslots/TimeSlotsPage'));
const DashboardApiKeysPage = lazy(() => import('../dashboard/admin/ApiKeysPage'));
const DashboardPrintingPage = lazy(() => import('../dashboard/admin/printing/PrintingPage'));
const DashboardPaymentsPage = lazy(() => import('../dashboard/admin/payments/PaymentsPage'));
const DashboardNotificationsPage = lazy(() => import('../dashboard/notifications/NotificationsPage'));
const DashboardPosPage = lazy(() => import('../dashboard/admin/pos/PosPage'));
const DashboardMenuTransferPage = lazy(() => import('../dashboard/catalog/transfer/MenuTransferPage'));
const DashboardJobsPage = lazy(() => import('../dashboard/admin/jobs/JobsPage'));
const DashboardMailboxPage = lazy(() => import('../dashboard/admin/MailboxPage'));
const DashboardOrdersPage = lazy(() => import('../dashboard/orders/OrdersPage'));
const DashboardFiguresPage = lazy(() => import('../dashboard/figures/FiguresPage'));
const DashboardMediaPage = lazy(() => import('../dashboard/media/MediaLibraryPage'));
const DashboardHoursPage = lazy(() => import('../dashboard/hours/HoursPage'));
const DashboardDeliveryPage = lazy(() => import('../dashboard/hours/DeliveryPage'));
const DashboardMessagesPage = lazy(() => import('../dashboard/messages/MessagesPage'));
const DashboardKiosksPage = lazy(() => import('../dashboard/kiosks/KiosksPage'));
const DashboardCouponsPage = lazy(() => import('../dashboard/coupons/CouponsPage'));
const DashboardGiftCardsPage = lazy(() => import('../dashboard/gift-cards/GiftCardsPage'));
const DashboardManualsPage = lazy(() => import('../dashboard/manuals/ManualsPage'));
const DashboardManualPage = lazy(() => import('../dashboard/manuals/ManualPage'));
const DashboardManualEditorPage = lazy(() => import('../dashboard/manuals/ManualEditorPage'));
const DashboardStoreSettingsPage = lazy(() => import('../dashboard/settings/StoreSettingsPage'));
const DashboardTaxonomyPage = lazy(() => import('../dashboard/catalog/taxonomy/TaxonomyPage'));
const DashboardAddOnsPage = lazy(() => import('../dashboard/catalog/add-ons/AddOnsPage'));
const DashboardReviewsPage = lazy(() => import('../dashboard/reviews/ReviewsPage'));
const DashboardCustomersPage = lazy(() => import('../dashboard/customers/CustomersPage'));
const DashboardCustomerPage = lazy(() => import('../dashboard/customers/CustomerPage'));

function FullScreen({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageFallback />}>{children}</Suspense>;
}

/** Staff screens and the status display: their texts are not part of the shop's first download. */
function StaffScreen({ children }: { children: ReactNode }) {
  return (
    <FullScreen>
      <StaffMessages fallback={<PageFallback />}>{children}</StaffMessages>
    </FullScreen>
  );
}

function Root() {
  return (
    <>
      <ScrollbarPolicy />
      <ScrollRestoration />
      <Outlet />
      <TestModeBanner />
    </>
  );
}

/** Every route of docs/product.md §2; unknown paths render the 404 page (the server also answers 404). */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <ShopLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'bestellen', element: <ShopPage /> },
          { path: 'bestellen/page/:page', element: <ShopPage /> },
          { path: 'product/:slug', element: <ProductPage /> },
          { path: 'contact', element: <InfoPage kind="contact" /> },
          { path: 'cadeaubon', element: <GiftCardBalancePage /> },
          { path: 'sitemap', element: <InfoPage kind="sitemap" /> },
          { path: 'terms-conditions', element: <InfoPage kind="terms" /> },
          { path: 'privacy-policy', element: <InfoPage kind="privacy" /> },
          { path: 'checkout', element: <CheckoutPage /> },
          { path: 'checkout/order-received/:orderId', element: <OrderSummaryPage /> },
          { path: 'confirm-payment', element: <ConfirmPaymentPage /> },
          { path: 'login', element: <AccountArea kind="login" /> },
          { path: 'my-account', element: <AccountArea kind="my-account" /> },
          { path: 'my-account/lost-password', element: <AccountArea kind="lost-password" /> },
          { path: 'my-account/reset-password', element: <AccountArea kind="reset-password" /> },
          { path: 'order-summary', element: <OrderSummaryPage /> },
          { path: 'order-summary/:orderId', element: <OrderSummaryPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: 'bestellenkiosk',
        element: (
          <FullScreen>
            <KioskArea kind="order" />
          </FullScreen>
        ),
      },
      {
        path: 'kioskindex',
        element: (
          <FullScreen>
            <KioskArea kind="index" />
          </FullScreen>
        ),
      },
      {
        path: 'dashboard',
        element: (
          <StaffScreen>
            <KitchenPage />
          </StaffScreen>
        ),
      },
      {
        path: 'dashboard/kitchen',
        element: (
          <StaffScreen>
            <StationPage />
          </StaffScreen>
        ),
      },
      {
        path: 'dashboard/stations',
        element: (
          <StaffScreen>
            <DashboardStationsPage />
          </StaffScreen>
        ),
      },
      {
        path: 'dashboard/prep-times',
        element: (
          <StaffScreen>
            <DashboardPrepTimesPage />
          </StaffScreen>
        ),
      },
      {
        path: 'dashboard/printer',
        element: (
          <StaffScreen>
            <VirtualPrinterPage />
          </StaffScreen>
        ),
      },
      {
        path: 'dashboard/products',
        element: (
          <StaffScreen>
            <DashboardProductsPage />
          </StaffScreen>
        ),
      },
      {
        path: 'dashboard/timeslots',
        element: (
          <StaffScreen>
            <DashboardTimeSlotsPage />
          </StaffScreen>
        ),
      },
      {
        path: 'dashboard/products/:id',
        element: (
          <StaffScreen>
            <DashboardProductEditorPage />
          </StaffScreen>
        ),
      },
      {
        path: 'dashboard/staff',
        element: (
          <StaffScreen>
            <DashboardStaffPage />
          </StaffScreen>
        ),
      },
      {
        path: 'dashboard/api-keys',
        element: (
          <StaffScreen>
            <DashboardApiKeysPage />
          </StaffScreen>
        ),
      },
      {
        path: 'dashboard/printing',
        element: (
          <StaffScreen>
            <DashboardPrintingPage />
          </StaffScreen>
        ),
      },
      {
        path: 'dashboard/payments',
        element: (
          <StaffScreen>
            <DashboardPaymentsPage />
          </StaffScreen>
        ),
      },
      {
        path: 'dashboard/notifications',
        element: (
          <StaffScreen>
            <DashboardNotificationsPage />
          </StaffScreen>
        ),
      },
      {
        path: 'dashboard/pos',
        element: (
          <StaffScreen>
            <DashboardPosPage />
          </StaffScreen>
        ),
      },
      {
        path: 'dashboard/catalog/import',
        element: (
          <StaffScreen>
            <DashboardMenuTransferPage />
          </StaffScreen>
        ),
      },
      {
        path: 'dashboard/jobs',
        element: (
          <StaffScreen>
            <DashboardJobsPage />
          </StaffScreen>
        ),
      },
      {
        path: 'dashboard/hours',
        element: (
          <StaffScreen>
            <DashboardHoursPage />
          </StaffScreen>
        ),
      },
      {
        path: 'dashboard/kiosks',
        element: (
          <StaffScreen>
            <DashboardKiosksPage />
          </StaffScreen>
        ),
      },
      {
        path: 'dashboard/coupons',
        element: (
          <StaffScreen>
            <DashboardCouponsPage />
          </StaffScreen>
        ),
      },
      {
        path: 'dashboard/gift-cards',
        element: (
          <StaffScreen>
            <DashboardGiftCardsPage />
          </StaffScreen>
        ),
      },
      {
        path: 'dashboard/messages',
        element: (
          <StaffScreen>
            <DashboardMessagesPage />
          </StaffScreen>
        ),
      },
      {
        path: 'dashboard/reviews',
        element: (
          <StaffScreen>
            <DashboardReviewsPage />
          </StaffScreen>
        ),
      },
      {
        path: 'dashboard/customers',
        element: (
          <StaffScreen>
            <DashboardCustomersPage />
          </StaffScreen>
        ),
      },
      {
        path: 'dashboard/customers/:id',
        element: (
          <StaffScreen>
            <DashboardCustomerPage />
          </StaffScreen>
        ),
      },
      {
        path: 'dashboard/manuals',
        element: (
          <StaffScreen>
            <DashboardManualsPage />
          </StaffScreen>
        ),
      },
      {
        path: 'dashboard/manuals/new',
        element: (
          <StaffScreen>
            <DashboardManualEditorPage />
          </StaffScreen>
        ),
      },
      {
        path: 'dashboard/manuals/:id',
        element: (
          <StaffScreen>
            <DashboardManualPage />
          </StaffScreen>
        ),
      },
      {
        path: 'dashboard/manuals/:id/edit',
        element: (
          <StaffScreen>
            <DashboardManualEditorPage />
          </StaffScreen>
        ),
      },
      {
        path: 'dashboard/settings',
        element: (
          <StaffScreen>
            <DashboardStoreSettingsPage />
          </StaffScreen>
        ),
      },
      {
        path: 'dashboard/delivery',
        element: (
          <StaffScreen>
            <DashboardDeliveryPage />
          </StaffScreen>
        ),
      },
      {
        path: 'dashboard/catalog/categories',
        element: (
          <StaffScreen>
            <DashboardTaxonomyPage page="categories" />
          </StaffScreen>
        ),
      },
      {
        path: 'dashboard/catalog/add-ons',
        element: (
          <StaffScreen>
            <DashboardAddOnsPage />
          </StaffScreen>
        ),
      },
      {
        path: 'dashboard/catalog/allergens',
        element: (
          <StaffScreen>
            <DashboardTaxonomyPage page="allergens" />
          </StaffScreen>
        ),
      },
      {
        path: 'dashboard/catalog/tags',
        element: (
          <StaffScreen>
            <DashboardTaxonomyPage page="tags" />
          </StaffScreen>
        ),
      },
      {
        path: 'dashboard/mailbox',
        element: (
          <StaffScreen>
            <DashboardMailboxPage />
          </StaffScreen>
        ),
      },
      {
        path: 'dashboard/orders',
        element: (
          <StaffScreen>
            <DashboardOrdersPage />
          </StaffScreen>
        ),
      },
      {
        path: 'dashboard/figures',
        element: (
          <StaffScreen>
            <DashboardFiguresPage />
          </StaffScreen>
        ),
      },
      {
        path: 'dashboard/media',
        element: (
          <StaffScreen>
            <DashboardMediaPage />
          </StaffScreen>
        ),
      },
      {
        path: 'digital-menu/:page',
        element: (
          <FullScreen>
            <DisplaysArea kind="digital-menu" />
          </FullScreen>
        ),
      },
      {
        path: 'order-status-scherm',
        element: (
          <StaffScreen>
            <DisplaysArea kind="order-status" />
          </StaffScreen>
        ),
      },
      {
        path: 'videooverlay',
        element: (
          <FullScreen>
            <KioskArea kind="attract" />
          </FullScreen>
        ),
      },
    ],
  },
];
