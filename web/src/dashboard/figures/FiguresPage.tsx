import type { FIGURES_GIFT_CARD, Figures, FiguresBucket } from '@bakje/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { http, retryServerErrors } from '../../api/http';
import { ButtonAnchor, DataTable, Notice, Price, Spinner, type Column } from '../../ui';
import { DashboardFrame } from '../admin/DashboardFrame';
import { PERMISSION } from '../admin/permissions';
import { DashboardError, StaffGate } from '../admin/StaffGate';
import '../orders/orders.css';

const euros = (cents: number) => cents / 100;
/** The byPayment key of what gift cards paid (contract/src/figures.ts). */
const GIFT_CARD_KEY: typeof FIGURES_GIFT_CARD = 'gift_card';

/** A bar chart of revenue per hour or day, in plain SVG (no chart library to download). */
export function RevenueChart({ series, label }: { series: FiguresBucket[]; label: string }) {
  const intl = useIntl();
  if (series.length === 0) return null;
  const width = 600;
  const height = 160;
  const max = Math.max(1, ...series.map((b) => b.gross));
  const bar = width / series.length;
  return (
    <figure className="figures__chart">
      <svg viewBox={`0 0 ${width} ${height + 20}`} role="img" aria-label={label} preserveAspectRatio="none">
        {series.map((b, i) => {
          const h = Math.round((b.gross / max) * height);
          return (
            <g key={b.key}>
              <rect x={i * bar + 2} y={height - h} width={Math.max(1, bar - 4)} height={h} className="figures__bar">
                <title>{`${b.key}: ${intl.formatNumber(euros(b.gross), { style: 'currency', currency: 'EUR' })}`}</title>
              </rect>
              {series.length <= 24 ? (
                <text x={i * bar + bar / 2} y={height + 14} textAnchor="middle" className="figures__tick">
                  {b.key.length > 5 ? b.key.slice(8) : b.key.slice(0, 2)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

function Buckets({ title, rows, name }: { title: string; rows: FiguresBucket[]; name: (key: string) => string }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const columns: Column<FiguresBucket>[] = [
    { id: 'name', header: t('dashboard.figures.name'), rowHeader: true, cell: (b) => name(b.key) },
    { id: 'orders', header: t('dashboard.figures.orders'), cell: (b) => b.orders },
    { id: 'gross', header: t('dashboard.figures.gross'), cell: (b) => <Price amount={euros(b.gross)} size="sm" /> },
  ];
  return (
    <section className="admin__section">
      <h2>{title}</h2>
      <DataTable label={title} columns={columns} rows={rows} rowKey={(b) => b.key} empty={t('dashboard.figures.none')} />
    </section>
  );
}

function FiguresContent() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  // Until a day is chosen the server answers for today in the shop's time zone, and says which day that is.
  const [chosen, setChosen] = useState<{ from: string; to: string } | null>(null);
  const params = chosen ? new URLSearchParams(chosen).toString() : '';
  const valid = chosen === null || (chosen.from !== '' && chosen.to !== '' && chosen.to >= chosen.from);
  const query = useQuery({
    queryKey: ['dashboard', 'figures', chosen],
    queryFn: ({ signal }) => http<Figures>('GET', `/api/figures?${params}`, { signal }),
    enabled: valid,
    retry: retryServerErrors,
    placeholderData: (previous) => previous,
  });
  const f = query.data;
  const range = chosen ?? (f ? { from: f.from, to: f.to } : { from: '', to: '' });
  const setRange = (next: (r: { from: string; to: string }) => { from: string; to: string }) => setChosen(next(range));
  const csv = new URLSearchParams(range).toString();
  const vatColumns: Column<Figures['vat'][number]>[] = [
    { id: 'rate', header: t('dashboard.figures.rate'), rowHeader: true, cell: (v) => `${v.rate} %` },
    { id: 'net', header: t('dashboard.figures.net'), cell: (v) => <Price amount={euros(v.net)} size="sm" /> },
    { id: 'tax', header: t('dashboard.figures.tax'), cell: (v) => <Price amount={euros(v.tax)} size="sm" /> },
    { id: 'gross', header: t('dashboard.figures.gross'), cell: (v) => <Price amount={euros(v.gross)} size="sm" /> },
  ];
  return (
    <>
      <div className="admin__row">
        <div className="account-field">
          <label htmlFor="figures-from">{t('dashboard.figures.from')}</label>
          <input
            id="figures-from"
            className="input"
            type="date"
            value={range.from}
            onChange={(e) => setRange((r) => ({ from: e.target.value, to: r.to < e.target.value ? e.target.value : r.to }))}
          />
        </div>
        <div className="account-field">
          <label htmlFor="figures-to">{t('dashboard.figures.to')}</label>
          <input
            id="figures-to"
            className="input"
            type="date"
            value={range.to}
            min={range.from}
            onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
          />
        </div>
        {valid && range.from ? (
          <ButtonAnchor variant="secondary" href={`/api/figures.csv?${csv}`} download data-testid="figures-csv">
            {t('dashboard.figures.csv')}
          </ButtonAnchor>
        ) : null}
      </div>
      {!valid ? (
        <Notice tone="error" role="alert">
          {t('dashboard.figures.badRange')}
        </Notice>
      ) : query.isPending ? (
        <Spinner />
      ) : query.error ? (
        <DashboardError error={query.error} onRetry={() => void query.refetch()} />
      ) : f ? (
        <div data-testid="figures">
          <dl className="figures__summary">
            <div>
              <dt>{t('dashboard.figures.orders')}</dt>
              <dd data-testid="figures-orders">{f.orders}</dd>
            </div>
            <div>
              <dt>{t('dashboard.figures.gross')}</dt>
              <dd data-testid="figures-gross">
                <Price amount={euros(f.gross)} />
              </dd>
            </div>
            <div>
              <dt>{t('dashboard.figures.net')}</dt>
              <dd>
                <Price amount={euros(f.net)} />
              </dd>
            </div>
            <div>
              <dt>{t('dashboard.figures.average')}</dt>
              <dd>
                <Price amount={euros(f.average)} />
              </dd>
            </div>
            {f.giftCardsSold.count > 0 ? (
              <div data-testid="figures-gift-cards-sold">
                <dt>{t('dashboard.figures.giftCardsSold')}</dt>
                <dd>
                  <Price amount={euros(f.giftCardsSold.amount)} />
                  <small>{t('dashboard.figures.giftCardsSoldHint', { count: f.giftCardsSold.count })}</small>
                </dd>
              </div>
            ) : null}
            {f.cashRounding ? (
              <div data-testid="figures-cash-rounding">
                <dt>{t('dashboard.figures.cashRounding')}</dt>
                <dd>
                  <Price amount={euros(f.cashRounding)} signed />
                  <small>{t('dashboard.figures.cashRoundingHint')}</small>
                </dd>
              </div>
            ) : null}
          </dl>
          {f.orders === 0 ? <Notice>{t('dashboard.figures.empty')}</Notice> : null}
          <RevenueChart series={f.series} label={t(f.from === f.to ? 'dashboard.figures.chartHours' : 'dashboard.figures.chartDays')} />
          <section className="admin__section">
            <h2>{t('dashboard.figures.vat')}</h2>
            <DataTable
              label={t('dashboard.figures.vat')}
              columns={vatColumns}
              rows={f.vat}
              rowKey={(v) => v.rate}
              empty={t('dashboard.figures.none')}
              rowProps={(v) => ({ 'data-testid': `vat-${v.rate}` }) as never}
            />
          </section>
          {f.refunds.count > 0 ? (
            <section className="admin__section" data-testid="figures-refunds">
              <h2>{t('dashboard.figures.refunds')}</h2>
              <p>
                {t('dashboard.figures.refundsSummary', { count: f.refunds.count })} <Price amount={euros(f.refunds.gross)} size="sm" />
              </p>
              <DataTable
                label={t('dashboard.figures.refunds')}
                columns={vatColumns}
                rows={f.refunds.vat}
                rowKey={(v) => v.rate}
                empty={t('dashboard.figures.none')}
                rowProps={(v) => ({ 'data-testid': `refund-vat-${v.rate}` }) as never}
              />
            </section>
          ) : null}
          <Buckets title={t('dashboard.figures.byChannel')} rows={f.byChannel} name={(k) => t(`dashboard.orders.channel.${k}`)} />
          <Buckets title={t('dashboard.figures.byFulfilment')} rows={f.byFulfilment} name={(k) => t(`fulfilment.${k}`)} />
          <Buckets
            title={t('dashboard.figures.byPayment')}
            rows={f.byPayment}
            name={(k) => (k === GIFT_CARD_KEY ? t('dashboard.figures.giftCardPayment') : k)}
          />
          <section className="admin__section">
            <h2>{t('dashboard.figures.bestSellers')}</h2>
            <DataTable
              label={t('dashboard.figures.bestSellers')}
              columns={[
                { id: 'name', header: t('dashboard.figures.name'), rowHeader: true, cell: (b: Figures['bestSellers'][number]) => b.name },
                { id: 'quantity', header: t('dashboard.figures.quantity'), cell: (b: Figures['bestSellers'][number]) => b.quantity },
                { id: 'gross', header: t('dashboard.figures.gross'), cell: (b: Figures['bestSellers'][number]) => <Price amount={euros(b.gross)} size="sm" /> },
              ]}
              rows={f.bestSellers}
              rowKey={(b) => b.name}
              empty={t('dashboard.figures.none')}
            />
          </section>
          <section className="admin__section">
            <h2>{t('dashboard.figures.busiestSlots')}</h2>
            <DataTable
              label={t('dashboard.figures.busiestSlots')}
              columns={[
                { id: 'slot', header: t('dashboard.figures.slot'), rowHeader: true, cell: (s: Figures['busiestSlots'][number]) => s.slot },
                { id: 'orders', header: t('dashboard.figures.orders'), cell: (s: Figures['busiestSlots'][number]) => s.orders },
              ]}
              rows={f.busiestSlots}
              rowKey={(s) => s.slot}
              empty={t('dashboard.figures.none')}
            />
          </section>
          <section className="admin__section">
            <h2>{t('dashboard.figures.excluded')}</h2>
            <ul data-testid="figures-excluded">
              {(['cancelled', 'test', 'pending'] as const).map((k) => (
                <li key={k}>
                  {t(`dashboard.figures.excluded.${k}`, { count: f.excluded[k].orders })} (<Price amount={euros(f.excluded[k].gross)} size="sm" />)
                </li>
              ))}
            </ul>
          </section>
        </div>
      ) : null}
    </>
  );
}

/** /dashboard/figures (orders.manage): the day's or a range's figures, chart and CSV for the accountant. */
export default function FiguresPage() {
  const intl = useIntl();
  return (
    <StaffGate permission={PERMISSION.ordersManage}>
      <DashboardFrame title={intl.formatMessage({ id: 'dashboard.figures.title' })}>
        <FiguresContent />
      </DashboardFrame>
    </StaffGate>
  );
}
