import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useParams, useSearchParams } from 'react-router';
import { gql } from '../api/client';
import { useStoreSettings } from '../api/hooks';
import { euros } from '../cart/cartApi';
import { AddonList, CartTotals, LinesLanguageNotice } from '../cart/CartTotals';
import { InLanguage } from '../ui/OtherLanguage';
import { useLocale } from '../i18n/LocaleProvider';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { useOrderEvents, type LiveOrder } from '../live/useOrderEvents';
import { ButtonLink, EmptyState, ErrorState, Price, Spinner } from '../ui';
import { ArrivalPanel } from './ArrivalPanel';
import { OrderPushPanel, pushSupported } from './OrderPushPanel';
import { OrderSummaryDocument, type OrderArrivalFieldsFragment, type OrderSummaryQuery } from './checkout.generated';
import { lastOrder } from './lastOrder';
import '../cart/cart.css';
import './checkout.css';

/**
 * Status changes arrive live from /api/events/order/{id}. Only while that stream is unavailable (no
 * EventSource, refused, or down and reconnecting) is the order read again every so often.
 */
const POLL_MS = 15_000;
const FINAL = new Set(['COMPLETED', 'CANCELLED', 'REFUNDED', 'FAILED']);
/** Ended without being handed over: nothing is to pay any more, so no payment state is shown. */
const ENDED = new Set(['CANCELLED', 'REFUNDED', 'FAILED']);
const hasEventSource = typeof EventSource !== 'undefined';

/** The stream's status ('on-hold') as the GraphQL enum the summary shows ('ON_HOLD'). */
const asOrderStatus = (status: LiveOrder['status']) => status.toUpperCase().replace(/-/g, '_');

/** /order-summary/{id}, /checkout/order-received/{id}?key=..., /order-summary (last order here). */
export default function OrderSummaryPage() {
  const intl = useIntl();
  const { locale } = useLocale();
  const { orderId } = useParams();
  const [params] = useSearchParams();
  const { data: settings } = useStoreSettings();
  const remembered = lastOrder();
  const id = orderId ?? (remembered ? String(remembered.id) : null);
  // The key from the link, or the one remembered for our own last order.
  const key = params.get('key') ?? (remembered && String(remembered.id) === id ? remembered.key : null);
  useDocumentTitle(intl.formatMessage({ id: 'nav.orderSummary' }));

  const validId = id && /^\d{1,10}$/.test(id) ? Number(id) : null;
  // Readable with the key or by this browser's session, like the order query; someone else's order gets a
  // 404 (state 'refused') and nothing more.
  const live = useOrderEvents(validId, key);
  const streamDown = !hasEventSource || live.stream === 'reconnecting' || live.stream === 'refused';

  const queryClient = useQueryClient();
  const queryKey = ['order', locale, id, key];
  const query = useQuery({
    queryKey,
    queryFn: () => gql(OrderSummaryDocument, { id: id!, key }, { locale, session: true }).then((d) => d.order),
    enabled: validId !== null,
    refetchInterval: (q) => (streamDown && q.state.data && !FINAL.has(q.state.data.status) ? POLL_MS : false),
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
  const shownStatus = query.data?.status;
  const { refetch } = query;
  const seenUpdate = useRef<string | null>(null);
  useEffect(() => {
    // The snapshot or a change says something the page does not show yet: read the order again (status,
    // and whatever else the change brought). Also catches a change made between the query and the stream.
    // A change that keeps the status (the kitchen moved the time) is told by a newer updatedAt.
    if (!live.order) return;
    const newer = seenUpdate.current !== null && live.order.updatedAt !== seenUpdate.current;
    seenUpdate.current = live.order.updatedAt;
    if ((shownStatus && asOrderStatus(live.order.status) !== shownStatus) || newer) void refetch();
  }, [live.order, shownStatus, refetch]);

  if (!id || !/^\d{1,10}$/.test(id)) {
    if (!id) {
      return (
        <div className="container order-summary">
          <EmptyState
            title={intl.formatMessage({ id: 'order.noneYet' })}
            action={
              <ButtonLink to="/bestellen" variant="primary">
                {intl.formatMessage({ id: 'error.toMenu' })}
              </ButtonLink>
            }
          />
        </div>
      );
    }
  }
  if (query.isPending && query.fetchStatus !== 'idle') {
    return (
      <div className="container page-fallback" aria-busy="true">
        <Spinner size="lg" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="container">
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  const order = query.data;
  if (!order) {
    // Someone else's order without its key: nothing about it is shown, not even whether it exists.
    return (
      <div className="container order-summary" data-testid="order-not-found">
        <h1 className="page-title">{intl.formatMessage({ id: 'order.notFound' })}</h1>
      </div>
    );
  }

  const timeZone = settings?.timeZone ?? 'Europe/Brussels';
  // The time as promised (the slot, moved by the kitchen's delay); for "as soon as possible" its start is the
  // estimate (docs/decisions/0081-confirmation-when-and-where.md).
  const slot = order.timeSlot;
  const day = (at: string) => intl.formatDate(at, { weekday: 'long', day: 'numeric', month: 'long', timeZone });
  const clock = (at: string) => intl.formatTime(at, { hour: 'numeric', minute: '2-digit', timeZone });
  const when = !slot
    ? order.asap
      ? intl.formatMessage({ id: 'order.asap' })
      : null
    : order.asap
      ? intl.formatMessage({ id: 'order.asapEstimate' }, { fulfilment: order.fulfilmentType, time: clock(slot.start), day: day(slot.start) })
      : `${day(slot.start)}, ${clock(slot.start)} – ${clock(slot.end)}`;
  const shopAddress = order.fulfilmentType !== 'delivery' ? settings?.contact?.address?.trim() : '';
  const paymentState = intl.formatMessage({ id: `order.paymentState.${order.paymentState.toLowerCase()}` }, { fulfilment: order.fulfilmentType });
  const statusId = `order.status.${order.status.toLowerCase()}`;
  // "Ik kom eraan" (docs/decisions/0082-ik-kom-eraan.md): the answer shows at once; the stream confirms it.
  const arrivalChanged = (arrival: OrderArrivalFieldsFragment) =>
    queryClient.setQueryData<OrderSummaryQuery['order']>(queryKey, (old) => (old ? { ...old, arrival } : old));

  return (
    <div className="container order-summary" data-testid="order-summary">
      <h1 className="page-title">{intl.formatMessage({ id: 'order.thanks' })}</h1>
      <div className="order-summary__head">
        <p className="pickup" data-testid="pickup-number">
          <span className="pickup__label">
            {intl.formatMessage({ id: order.fulfilmentType === 'takeaway' ? 'order.pickupNumber' : 'order.orderNumberLabel' })}
          </span>
          <span className="pickup__number">{order.pickupNumber}</span>
        </p>
        <dl className="order-facts">
          <div>
            <dt>{intl.formatMessage({ id: 'order.number' })}</dt>
            <dd data-testid="order-number">{order.orderNumber}</dd>
          </div>
          <div>
            <dt>{intl.formatMessage({ id: 'order.statusLabel' })}</dt>
            <dd data-testid="order-status" data-status={order.status} aria-live="polite">
              {intl.messages[statusId] ? intl.formatMessage({ id: statusId }) : order.status}
            </dd>
          </div>
          <div>
            <dt>{intl.formatMessage({ id: 'order.type' })}</dt>
            <dd data-testid="order-fulfilment">{intl.formatMessage({ id: `fulfilment.${order.fulfilmentType}` })}</dd>
          </div>
          {when ? (
            <div>
              <dt>{intl.formatMessage({ id: order.asap ? 'order.when' : 'order.slot' })}</dt>
              <dd data-testid="order-slot">
                {when}
                {order.delayMinutes > 0 ? (
                  <span className="order-facts__note" data-testid="order-delayed">
                    {intl.formatMessage({ id: 'order.delayed' }, { minutes: order.delayMinutes })}
                  </span>
                ) : null}
              </dd>
            </div>
          ) : null}
          {shopAddress ? (
            <div>
              <dt>{intl.formatMessage({ id: order.fulfilmentType === 'takeaway' ? 'order.pickupAddress' : 'order.shopAddress' })}</dt>
              <dd data-testid="order-shop-address">{shopAddress}</dd>
            </div>
          ) : null}
          {/* An order opened by its key alone after a day comes without the customer's address. */}
          {order.fulfilmentType === 'delivery' && (order.shipping.address1 || order.shipping.city) ? (
            <div>
              <dt>{intl.formatMessage({ id: 'order.deliveryAddress' })}</dt>
              <dd data-testid="order-delivery-address">
                {[
                  `${order.shipping.firstName ?? ''} ${order.shipping.lastName ?? ''}`.trim(),
                  [order.shipping.address1, order.shipping.address2].filter(Boolean).join(' '),
                  `${order.shipping.postcode ?? ''} ${order.shipping.city ?? ''}`.trim(),
                ]
                  .filter(Boolean)
                  .join(', ')}
                {order.distanceKm ? ` (${intl.formatNumber(Number(order.distanceKm))} km)` : ''}
              </dd>
            </div>
          ) : null}
          <div>
            <dt>{intl.formatMessage({ id: 'checkout.payment' })}</dt>
            <dd>
              {order.paymentMethodTitle}
              {ENDED.has(order.status) ? null : (
                <span className="order-facts__note" data-testid="order-payment-state" data-state={order.paymentState}>
                  {paymentState}
                </span>
              )}
            </dd>
          </div>
          {order.kitchenNotes.length ? (
            <div>
              <dt>{intl.formatMessage({ id: 'checkout.note' })}</dt>
              <dd>{order.kitchenNotes.join(' · ')}</dd>
            </div>
          ) : null}
        </dl>
      </div>
      {!FINAL.has(order.status) && pushSupported() ? <OrderPushPanel orderId={order.databaseId} orderKey={key} /> : null}
      {order.arrival?.open && !FINAL.has(order.status) ? (
        <ArrivalPanel orderId={order.databaseId} orderKey={key} arrival={order.arrival} timeZone={timeZone} onChange={arrivalChanged} />
      ) : null}
      <section aria-labelledby="order-items-title" className="order-summary__items">
        <h2 id="order-items-title" className="checkout__section-title">
          {intl.formatMessage({ id: 'checkout.yourOrder' })}
        </h2>
        <ul className="summary-lines">
          {order.lineItems.nodes.map((line) => (
            <li key={line.databaseId} className="summary-line" data-testid="order-line">
              <span className="summary-line__qty">{line.quantity}×</span>
              <span className="summary-line__name">
                <InLanguage lang={line.nameLang} note={false}>
                  {line.name}
                </InLanguage>
                <AddonList addons={line.addons} quantity={line.quantity} />
              </span>
              <Price amount={euros(line.subtotal)} size="sm" />
            </li>
          ))}
        </ul>
        <LinesLanguageNotice lines={order.lineItems.nodes} />
        <CartTotals
          totals={{
            ...order,
            coupons: order.couponLines,
            giftCards: order.giftCards.reduce((sum, g) => sum + euros(g.amount), 0),
            fees: order.transactionCost ? [order.transactionCost] : [],
            cashRounding: euros(order.cashRounding),
          }}
        />
      </section>
      <ButtonLink to="/bestellen" variant="secondary">
        {intl.formatMessage({ id: 'error.toMenu' })}
      </ButtonLink>
    </div>
  );
}
