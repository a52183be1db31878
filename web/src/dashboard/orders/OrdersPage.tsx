import type { FulfilmentType, OrderStatus, StaffOrderDetails, StaffOrderRow } from '@bakje/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { retryServerErrors } from '../../api/http';
import { Badge, Button, DataTable, Notice, Price, Spinner, useFormatPrice, useToast, type Column } from '../../ui';
import { DashboardFrame } from '../admin/DashboardFrame';
import { formatMoment } from '../admin/format';
import { PERMISSION } from '../admin/permissions';
import { DashboardError, StaffGate } from '../admin/StaffGate';
import { CancelOrderDialog } from './CancelOrderDialog';
import {
  cancelOrder,
  changeStatus,
  EMPTY_FILTERS,
  euros,
  fetchOrder,
  fetchOrders,
  ordersKey,
  refundOrder,
  statusMessage,
  type OrderFilters,
} from './ordersApi';
import { OrderTotals } from './OrderTotals';
import { RefundOrderDialog } from './RefundOrderDialog';
import './orders.css';

// The browser takes only types from the contract, so the lists are written out and checked against its types.
const STATUSES = ['pending', 'processing', 'on-hold', 'completed', 'cancelled', 'refunded', 'failed'] as const satisfies readonly OrderStatus[];
const SETTABLE = ['pending', 'processing', 'on-hold', 'completed'] as const satisfies readonly OrderStatus[];
const FULFILMENTS = ['takeaway', 'delivery', 'dinein'] as const satisfies readonly FulfilmentType[];
const FINAL = new Set(['cancelled', 'refunded', 'failed']);

function slotText(intl: ReturnType<typeof useIntl>, order: Pick<StaffOrderRow, 'slotStart' | 'pickupDay'>) {
  const day = intl.formatDate(`${order.pickupDay}T12:00:00Z`, { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' });
  return order.slotStart ? `${day} ${intl.formatTime(order.slotStart, { hour: '2-digit', minute: '2-digit' })}` : day;
}

function Details({ id, onClose }: { id: number; onClose: () => void }) {
  const intl = useIntl();
  const toast = useToast();
  const client = useQueryClient();
  const t = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values);
  const [cancelling, setCancelling] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const formatPrice = useFormatPrice();
  const query = useQuery({ queryKey: [...ordersKey, 'one', id], queryFn: ({ signal }) => fetchOrder(id, signal), retry: retryServerErrors });
  const refresh = (order: StaffOrderDetails) => {
    client.setQueryData([...ordersKey, 'one', id], order);
    void client.invalidateQueries({ queryKey: [...ordersKey, 'list'] });
  };
  const status = useMutation({
    mutationFn: (next: (typeof SETTABLE)[number]) => changeStatus(id, { status: next }),
    onSuccess: (order) => {
      refresh(order);
      toast(t('dashboard.orders.statusChanged', { number: order.pickupNumber, status: t(statusMessage(order.status)) }));
    },
  });
  if (query.isPending) return <Spinner />;
  if (query.error || !query.data) return <DashboardError error={query.error} onRetry={() => void query.refetch()} />;
  const order = query.data;
  const name = `${order.billing.firstName} ${order.billing.lastName}`.trim();
  const addressLines = (a: StaffOrderDetails['billing']) => [a.address1, a.address2, `${a.postcode} ${a.city}`.trim()].filter(Boolean);
  return (
    <section className="orders__details" aria-labelledby="order-details-title" data-testid="order-details">
      <div className="orders__details-head">
        <h2 id="order-details-title">{t('dashboard.orders.detailsTitle', { number: order.pickupNumber, id: order.id })}</h2>
        <Button variant="ghost" size="sm" onClick={onClose}>
          {t('dashboard.orders.close')}
        </Button>
      </div>
      <p>
        <span data-testid="order-status">
          <Badge variant={FINAL.has(order.status) ? 'soldout' : 'info'}>{t(statusMessage(order.status))}</Badge>
        </span>{' '}
        {order.isTestOrder ? <Badge variant="neutral">{t('dashboard.orders.test')}</Badge> : null} {t(`fulfilment.${order.fulfilmentType}`)} ·{' '}
        {slotText(intl, order)} · {t(`dashboard.orders.channel.${order.channel}`)}
      </p>
      {order.cancelReason ? (
        <Notice tone="warning">
          {t('dashboard.orders.cancelledBecause')} {order.cancelReason}
        </Notice>
      ) : null}
      <div className="orders__grid">
        <div>
          <h3>{t('dashboard.orders.customer')}</h3>
          <p>
            {name || '—'}
            <br />
            {order.billing.phone}
            {order.billing.email ? (
              <>
                <br />
                {order.billing.email}
              </>
            ) : null}
          </p>
          {order.fulfilmentType === 'delivery' ? (
            <>
              <h3>{t('dashboard.orders.address')}</h3>
              <p>
                {addressLines(order.shipping).map((line) => (
                  <span key={line} className="orders__line">
                    {line}
                  </span>
                ))}
              </p>
            </>
          ) : null}
          {order.customerNote ? (
            <>
              <h3>{t('dashboard.orders.note')}</h3>
              <p>{order.customerNote}</p>
            </>
          ) : null}
          <h3>{t('dashboard.orders.payment')}</h3>
          <p>
            {order.paymentMethodTitle} · {t(order.datePaid ? 'dashboard.orders.paid' : 'dashboard.orders.unpaid')}
          </p>
        </div>
        <div>
          <h3>{t('dashboard.orders.lines')}</h3>
          <ul className="orders__lines">
            {order.lines.map((line, i) => (
              <li key={i}>
                <span>
                  {line.quantity} × {line.name}
                  {line.addons.length ? <span className="orders__addons">{line.addons.map((a) => `${a.name}: ${a.value}`).join(', ')}</span> : null}
                </span>
                <Price amount={euros(line.total)} size="sm" />
              </li>
            ))}
          </ul>
          <OrderTotals order={order} />
        </div>
      </div>
      {order.refunds.length ? (
        <>
          <h3>{t('dashboard.orders.refunds')}</h3>
          <ul className="orders__refunds" data-testid="order-refunds">
            {order.refunds.map((r) => (
              <li key={r.id} data-testid="order-refund" data-status={r.status}>
                <span>
                  {formatMoment(intl, r.createdAt)} · {r.reason}
                  {r.staffName ? ` · ${r.staffName}` : ''}
                  {r.status === 'succeeded' ? null : (
                    <>
                      {' '}
                      <Badge variant={r.status === 'failed' ? 'soldout' : 'neutral'}>{t(`dashboard.orders.refund.status.${r.status}`)}</Badge>
                    </>
                  )}
                </span>
                <Price amount={-euros(r.amount)} size="sm" />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {order.refundable > 0 ? (
        <div className="orders__actions">
          <span>{t('dashboard.orders.refundable', { amount: formatPrice(euros(order.refundable)) })}</span>
          <Button variant="secondary" onClick={() => setRefunding(true)}>
            {t('dashboard.orders.refundOrder')}
          </Button>
        </div>
      ) : null}
      <h3>{t('dashboard.orders.history')}</h3>
      <ol className="orders__history">
        {order.history.map((h, i) => (
          <li key={i}>
            {formatMoment(intl, h.at)}: {h.from ? `${t(statusMessage(h.from))} → ` : ''}
            {t(statusMessage(h.to))}
            {h.reason ? ` (${h.reason})` : ''}
          </li>
        ))}
      </ol>
      {FINAL.has(order.status) ? null : (
        <div className="orders__actions">
          <label htmlFor="order-status-select">{t('dashboard.orders.changeStatus')}</label>
          <select
            id="order-status-select"
            className="input"
            value={order.status}
            disabled={status.isPending}
            onChange={(event) => status.mutate(event.target.value as (typeof SETTABLE)[number])}
          >
            {SETTABLE.map((s) => (
              <option key={s} value={s}>
                {t(statusMessage(s))}
              </option>
            ))}
          </select>
          <Button variant="danger" onClick={() => setCancelling(true)}>
            {t('dashboard.orders.cancelOrder')}
          </Button>
        </div>
      )}
      {status.error ? (
        <Notice tone="error" role="alert">
          {status.error.message}
        </Notice>
      ) : null}
      <CancelOrderDialog
        open={cancelling}
        pickupNumber={order.pickupNumber}
        onClose={() => setCancelling(false)}
        onCancel={async (reason) => {
          refresh(await cancelOrder(id, { reason }));
          toast(t('dashboard.orders.cancelled', { number: order.pickupNumber }));
        }}
      />
      <RefundOrderDialog
        open={refunding}
        pickupNumber={order.pickupNumber}
        refundable={order.refundable}
        inCash={order.refundsInCash}
        onClose={() => setRefunding(false)}
        onRefund={async (input) => {
          const done = await refundOrder(id, input);
          refresh(await fetchOrder(id));
          // Pending: the provider's answer was lost; it is settled in the background and shows "in progress".
          toast(
            t(done.status === 'pending' ? 'dashboard.orders.refundPending' : 'dashboard.orders.refunded', {
              number: order.pickupNumber,
              amount: formatPrice(euros(done.amount)),
            }),
          );
        }}
      />
    </section>
  );
}

function OrdersContent() {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values);
  const [filters, setFilters] = useState<OrderFilters>(EMPTY_FILTERS);
  const [typed, setTyped] = useState('');
  const [openId, setOpenId] = useState<number | null>(null);
  // Search as one types, a moment after the last key.
  useEffect(() => {
    const timer = setTimeout(() => setFilters((f) => (f.search === typed.trim() ? f : { ...f, search: typed.trim(), page: 1 })), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const query = useQuery({
    queryKey: [...ordersKey, 'list', filters],
    queryFn: ({ signal }) => fetchOrders(filters, signal),
    retry: retryServerErrors,
    refetchInterval: 15_000,
    placeholderData: (previous) => previous,
  });
  const set = (patch: Partial<OrderFilters>) => setFilters((f) => ({ ...f, ...patch, page: patch.page ?? 1 }));
  const columns: Column<StaffOrderRow>[] = [
    {
      id: 'number',
      header: t('dashboard.orders.number'),
      rowHeader: true,
      sortValue: (o) => o.pickupNumber,
      cell: (o) => (
        <button type="button" className="orders__open" onClick={() => setOpenId(o.id)} aria-label={t('dashboard.orders.open', { number: o.pickupNumber })}>
          #{o.pickupNumber}
        </button>
      ),
    },
    { id: 'slot', header: t('dashboard.orders.slot'), sortValue: (o) => o.slotStart ?? o.pickupDay, cell: (o) => slotText(intl, o) },
    {
      id: 'customer',
      header: t('dashboard.orders.customer'),
      sortValue: (o) => o.customerName,
      cell: (o) => `${o.customerName}${o.phone ? ` · ${o.phone}` : ''}`,
    },
    { id: 'fulfilment', header: t('dashboard.orders.fulfilment'), cell: (o) => t(`fulfilment.${o.fulfilmentType}`) },
    {
      id: 'status',
      header: t('dashboard.orders.status'),
      sortValue: (o) => o.status,
      cell: (o) => (
        <>
          <Badge variant={FINAL.has(o.status) ? 'soldout' : 'info'}>{t(statusMessage(o.status))}</Badge>
          {o.isTestOrder ? <span className="admin__muted"> {t('dashboard.orders.test')}</span> : null}
        </>
      ),
    },
    { id: 'total', header: t('dashboard.orders.total'), sortValue: (o) => o.total, cell: (o) => <Price amount={euros(o.total)} size="sm" /> },
  ];
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.perPage)) : 1;
  return (
    <>
      <div className="orders__views" role="group" aria-label={t('dashboard.orders.viewLabel')}>
        {(['active', 'archived'] as const).map((view) => (
          <Button
            key={view}
            size="sm"
            variant={filters.view === view ? 'primary' : 'secondary'}
            aria-pressed={filters.view === view}
            onClick={() => set({ view })}
          >
            {t(`dashboard.orders.view.${view}`)}
          </Button>
        ))}
      </div>
      <div className="admin__row orders__filters">
        <div className="account-field">
          <label htmlFor="orders-search">{t('dashboard.orders.search')}</label>
          <input
            id="orders-search"
            className="input"
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder={t('dashboard.orders.searchHint')}
          />
        </div>
        <div className="account-field">
          <label htmlFor="orders-status">{t('dashboard.orders.status')}</label>
          <select id="orders-status" className="input" value={filters.status} onChange={(event) => set({ status: event.target.value })}>
            <option value="">{t('dashboard.orders.all')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(statusMessage(s))}
              </option>
            ))}
          </select>
        </div>
        <div className="account-field">
          <label htmlFor="orders-fulfilment">{t('dashboard.orders.fulfilment')}</label>
          <select id="orders-fulfilment" className="input" value={filters.fulfilment} onChange={(event) => set({ fulfilment: event.target.value })}>
            <option value="">{t('dashboard.orders.all')}</option>
            {FULFILMENTS.map((f) => (
              <option key={f} value={f}>
                {t(`fulfilment.${f}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="account-field">
          <label htmlFor="orders-from">{t('dashboard.orders.from')}</label>
          <input id="orders-from" className="input" type="date" value={filters.from} onChange={(event) => set({ from: event.target.value })} />
        </div>
        <div className="account-field">
          <label htmlFor="orders-to">{t('dashboard.orders.to')}</label>
          <input id="orders-to" className="input" type="date" value={filters.to} onChange={(event) => set({ to: event.target.value })} />
        </div>
      </div>
      {openId !== null ? <Details key={openId} id={openId} onClose={() => setOpenId(null)} /> : null}
      <DataTable
        label={t(`dashboard.orders.view.${filters.view}`)}
        columns={columns}
        rows={data?.orders}
        rowKey={(o) => o.id}
        loading={query.isPending}
        error={query.error}
        errorContent={<DashboardError error={query.error} onRetry={() => void query.refetch()} />}
        empty={t('dashboard.orders.none')}
        rowProps={(o) => ({ 'data-testid': 'order-row', 'data-order-id': String(o.id) }) as never}
      />
      {data && pages > 1 ? (
        <nav className="orders__pages" aria-label={t('dashboard.orders.pages')}>
          <Button size="sm" variant="secondary" disabled={filters.page <= 1} onClick={() => set({ page: filters.page - 1 })}>
            {t('dashboard.orders.previous')}
          </Button>
          <span>{t('dashboard.orders.pageOf', { page: filters.page, pages })}</span>
          <Button size="sm" variant="secondary" disabled={filters.page >= pages} onClick={() => set({ page: filters.page + 1 })}>
            {t('dashboard.orders.next')}
          </Button>
        </nav>
      ) : null}
    </>
  );
}

/** /dashboard/orders (orders.manage: managers and admins): active and archived orders, details, status, cancel. */
export default function OrdersPage() {
  const intl = useIntl();
  return (
    <StaffGate permission={PERMISSION.ordersManage}>
      <DashboardFrame title={intl.formatMessage({ id: 'dashboard.orders.title' })}>
        <OrdersContent />
      </DashboardFrame>
    </StaffGate>
  );
}
