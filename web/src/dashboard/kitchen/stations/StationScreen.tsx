import type { KitchenOrder, KitchenStations } from '@bakje/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Button, EmptyState, Notice, Spinner } from '../../../ui';
import { DashboardNav } from '../../DashboardNav';
import { fetchKitchenSettings } from '../kitchenApi';
import { OrderLines } from '../OrderLines';
import { DEFAULT_SETTINGS, inKitchenWindow, shopToday } from '../kitchenOrders';
import { useKitchenFeed } from '../useKitchenFeed';
import { BumpLegend } from './BumpLegend';
import { linesFor, stationQueue } from './stationParts';
import { bumpPart, recallPart } from './stationsApi';
import { useBumpSelection } from './useBumpSelection';

/** The link to a station's screen, in tablet mode or not. */
export const stationHref = (stationId: number, tablet: boolean) => `/dashboard/kitchen?station=${stationId}${tablet ? '&mode=tablet' : ''}`;

/**
 * One station's kitchen screen (docs/decisions/0069-kitchen-stations.md): the orders being prepared that have lines
 * for this station, with only those lines, live from the kitchen's event stream. "Klaar" (or Enter on the bump
 * bar) bumps the station's part; the order is ready when every station bumped. Tablet mode: large targets, no
 * dashboard menu.
 */
export function StationScreen({ station, stations, tablet }: { station: { id: number; name: string }; stations: KitchenStations; tablet: boolean }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const settings = useQuery({ queryKey: ['kitchen', 'settings'], queryFn: fetchKitchenSettings, staleTime: 60_000 }).data ?? DEFAULT_SETTINGS;
  const { orders, stream } = useKitchenFeed(settings.timeZone, () => undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [lastBumped, setLastBumped] = useState<KitchenOrder | null>(null);
  const list = useRef<HTMLDivElement>(null);
  const today = shopToday(settings.timeZone, Date.now());
  const queue = useMemo(
    () =>
      orders
        ? stationQueue(
            [...orders.values()].filter((o) => inKitchenWindow(o, today)),
            station.id,
            stations,
          )
        : [],
    [orders, today, station.id, stations],
  );

  const call = async (orderId: number, action: () => Promise<unknown>): Promise<boolean> => {
    setBusy(orderId);
    setFailure(null);
    try {
      await action();
      return true;
    } catch (error) {
      setFailure(t('kitchen.actionFailed', { message: error instanceof Error ? error.message : String(error) }));
      return false;
    } finally {
      setBusy(null);
    }
  };
  const bump = async (order: KitchenOrder) => {
    const ok = await call(order.id, () => bumpPart(order.id, station.id));
    if (ok) setLastBumped(order);
    // The card goes away: keep the keyboard user on the list, not on <body>.
    requestAnimationFrame(() => list.current?.focus({ preventScroll: true }));
    return ok;
  };
  const recall = async () => {
    if (!lastBumped) return false;
    const ok = await call(lastBumped.id, () => recallPart(lastBumped.id, station.id));
    if (ok) setLastBumped(null);
    return ok;
  };
  const keys = useBumpSelection({
    enabled: true,
    orders: queue,
    bump,
    recall: () => recall(),
    cardOf: (id) => list.current?.querySelector<HTMLElement>(`[data-order-id="${id}"]`) ?? null,
  });

  return (
    <div className={`kitchen station-screen${tablet ? ' station-screen--tablet' : ''}`} data-testid="station-screen" data-mode={tablet ? 'tablet' : 'desk'}>
      <header className="dashboard__header kitchen__header">
        <h1 className="kitchen__title">{t('kitchen.stations.screenTitle', { name: station.name })}</h1>
        <p className={`kitchen__live kitchen__live--${stream}`} role="status">
          {t(`kitchen.stream.${stream}`)}
        </p>
        {tablet ? null : <DashboardNav />}
        <div className="kitchen__tools">
          <Link className="kitchen__link station-screen__link" to={stationHref(station.id, !tablet)}>
            {t(tablet ? 'kitchen.stations.leaveTablet' : 'kitchen.stations.tablet')}
          </Link>
          <Link className="kitchen__link station-screen__link" to="/dashboard/kitchen">
            {t('kitchen.stations.all')}
          </Link>
        </div>
      </header>
      <main id="main" className="kitchen__main" tabIndex={-1}>
        <BumpLegend bump="kitchen.keys.bump" />
        {stream === 'refused' ? (
          <Notice tone="error" role="alert">
            {t('kitchen.refused')} <Link to={`/login?redirect=${encodeURIComponent(stationHref(station.id, tablet))}`}>{t('kitchen.loginAgain')}</Link>
          </Notice>
        ) : null}
        {failure ? (
          <Notice tone="error" role="alert">
            {failure}
          </Notice>
        ) : null}
        <div className="station-screen__recall" role="status" aria-live="polite">
          {lastBumped ? (
            <Button variant="secondary" onClick={() => void recall()} busy={busy === lastBumped.id} data-testid="station-recall">
              {t('kitchen.stations.recall', { number: lastBumped.pickupNumber })}
            </Button>
          ) : null}
        </div>
        <div ref={list} tabIndex={-1} className="station-screen__list" aria-label={t('kitchen.stations.queue', { name: station.name })} role="region">
          {orders === null ? (
            stream === 'refused' ? null : (
              <Spinner size="lg" label={t('common.loading')} />
            )
          ) : queue.length === 0 ? (
            <EmptyState title={t('kitchen.stations.empty', { name: station.name })} />
          ) : (
            <ol className="kitchen__cards station-screen__cards">
              {queue.map((order, index) => (
                <StationCard
                  key={order.id}
                  order={order}
                  position={index + 1}
                  lines={linesFor(order, station.id, stations)}
                  selected={keys.selectedId === order.id}
                  busy={busy === order.id}
                  timeZone={settings.timeZone}
                  onBump={() => void bump(order)}
                />
              ))}
            </ol>
          )}
        </div>
      </main>
    </div>
  );
}

function StationCard(props: {
  order: KitchenOrder;
  position: number;
  lines: KitchenOrder['lines'];
  selected: boolean;
  busy: boolean;
  timeZone: string;
  onBump: () => void;
}) {
  const { order, position, lines, selected, busy, timeZone, onBump } = props;
  const intl = useIntl();
  const titleId = useId();
  const when = order.slotStart
    ? intl.formatTime(order.slotStart, { timeZone, hour: '2-digit', minute: '2-digit' })
    : intl.formatMessage({ id: 'kitchen.card.noSlot' });
  return (
    <li
      className={`kcard station-card${selected ? ' station-card--selected' : ''}`}
      aria-labelledby={titleId}
      aria-current={selected ? 'true' : undefined}
      data-testid="station-order"
      data-order-id={order.id}
      tabIndex={-1}
    >
      <header className="kcard__head">
        <span className="station-card__key" aria-hidden="true">
          {position <= 9 ? position : ''}
        </span>
        <h2 id={titleId} className="kcard__number">
          {intl.formatMessage({ id: 'kitchen.card.title' }, { number: order.pickupNumber })}
        </h2>
        <span className="station-card__when">{when}</span>
      </header>
      <OrderLines lines={lines} lineTestId="station-line" />
      <Button className="station-card__bump" onClick={onBump} busy={busy} data-testid="station-bump">
        {intl.formatMessage({ id: 'kitchen.stations.bump' }, { number: order.pickupNumber })}
      </Button>
    </li>
  );
}
