import { DashboardNav } from '../DashboardNav';
import { SetupChecklist } from '../settings/SetupChecklist';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Button, Dialog, EmptyState, Notice, Spinner, useToast } from '../../ui';
import { AgeSettingsDialog } from './AgeSettingsDialog';
import { PauseControl } from './PauseControl';
import { RushFigures } from './RushFigures';
import { hasFired } from '@bakje/contract/kitchen-lanes';
import { AlertBanner } from './AlertBanner';
import { BulkReadyDialog, UndoToast } from './BulkReady';
import {
  cancelKitchenOrder,
  fetchKitchenSettings,
  fetchLaterOrders,
  LATER_MINUTES,
  markAllReady,
  markReady,
  orderAction,
  recoverOrders,
  type OrderAction,
} from './kitchenApi';
import { CancelOrderDialog } from '../orders/CancelOrderDialog';
import {
  addAlert,
  bulkReadyScope,
  DEFAULT_SETTINGS,
  firedBetween,
  inKitchenWindow,
  laterCardTab,
  laterLane,
  nextArchive,
  ordersInTab,
  pruneSelection,
  shopToday,
  TABS,
  tabCounts,
  type KitchenAlert,
  type KitchenOrder,
  type KitchenTab,
} from './kitchenOrders';
import { OrderCard } from './OrderCard';
import { SoldOutDialog } from './SoldOutDialog';
import { useChime } from './useChime';
import { useKitchenFeed } from './useKitchenFeed';
import { BumpLegend } from './stations/BumpLegend';
import { useBumpSelection } from './stations/useBumpSelection';

/** The live tabs, then "Later": pre-orders for the days after the live window (fetched, refreshed on changes). */
type ViewTab = KitchenTab | 'later';
const VIEW_TABS: readonly ViewTab[] = [...TABS, 'later'];

/** A bulk ready waiting for its confirmation, and one that can still be undone (docs/decisions/0066-kitchen-bulk-actions-undo.md). */
type BulkReady = { kind: 'all' | 'selection'; count: number; skipped: number };
type Undoable = { key: number; ids: number[] };

/** The kitchen screen: live orders by tab, the new-order alert and the kitchen actions of docs/product.md §4. */
export function KitchenView({ canChangeSettings = false, canCancel = false }: { canChangeSettings?: boolean; canCancel?: boolean }) {
  const intl = useIntl();
  const toast = useToast();
  const settingsQuery = useQuery({
    queryKey: ['kitchen', 'settings'],
    queryFn: fetchKitchenSettings,
    staleTime: 60_000,
    // A wall screen is never refocused: pick up a manager's change within a minute anyway.
    refetchInterval: 60_000,
  });
  const settings = settingsQuery.data ?? DEFAULT_SETTINGS;

  const [alerts, setAlerts] = useState<KitchenAlert[]>([]);
  const [now, setNow] = useState(() => Date.now());
  const [tab, setTab] = useState<ViewTab>('preparing');
  const [cancelling, setCancelling] = useState<KitchenOrder | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState<Set<string>>(new Set());
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmTest, setConfirmTest] = useState<KitchenOrder | null>(null);
  const [confirmBulk, setConfirmBulk] = useState<BulkReady | null>(null);
  const [undoable, setUndoable] = useState<Undoable | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [soldOutOpen, setSoldOutOpen] = useState(false);

  // The alert (and its sound) repeats until someone acknowledges it.
  const { ring, soundBlocked, enableSound } = useChime({ repeatWhile: alerts.length > 0 });
  const { orders, stream } = useKitchenFeed(
    settings.timeZone,
    (order) => {
      // An order for later alerts when it fires, not when it is placed (docs/decisions/0068-fire-times.md).
      if (!hasFired(order, Date.now())) return;
      setAlerts((current) => addAlert(current, order));
      ring();
    },
    // The lanes' moment moves with every event: an order for now fires when placed, after the last 1 s tick, and
    // would otherwise wait under "Later" until the next one (up to a second; bench/kitchen-rush.mjs measured it).
    () => setNow(Date.now()),
  );

  // Age timers tick every second; a ready order moves to completed on time.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const archiveIn = orders ? nextArchive(orders, now, settings.readyVisibleSeconds) : undefined;
  useEffect(() => {
    if (archiveIn === undefined) return;
    const timer = setTimeout(() => setNow(Date.now()), archiveIn + 20);
    return () => clearTimeout(timer);
  }, [archiveIn]);

  // Past midnight the windows move on without any event: apply them to what is shown, not only on arrival.
  const shopDay = shopToday(settings.timeZone, now);
  const current = useMemo(() => (orders ? new Map([...orders].filter(([, o]) => inKitchenWindow(o, shopDay))) : null), [orders, shopDay]);
  // At its fire time an order moves from "Later" into its tab by itself (the 1 s tick), with the new-order alert.
  const lastTick = useRef(now);
  useEffect(() => {
    const before = lastTick.current;
    lastTick.current = now;
    if (!current) return;
    const fired = firedBetween(current, before, now);
    if (fired.length === 0) return;
    setAlerts((list) => fired.reduce(addAlert, list));
    ring();
  }, [current, now, ring]);
  const laterQuery = useQuery({ queryKey: ['kitchen', 'later'], queryFn: fetchLaterOrders, refetchInterval: 30_000 });
  const refetchLater = laterQuery.refetch;
  // A live change (a new pre-order, a cancel elsewhere) may concern a later day too.
  useEffect(() => {
    if (orders) void refetchLater();
  }, [orders, refetchLater]);
  // "Later": live orders still to fire, then pre-orders for the days after the live window.
  const laterLive = useMemo(() => (current ? laterLane(current, now) : []), [current, now]);
  const fetchedLater = laterQuery.data?.orders;
  const laterOrders = useMemo(() => (fetchedLater ? [...laterLive, ...fetchedLater] : undefined), [laterLive, fetchedLater]);
  const shown = useMemo(
    () => (tab === 'later' ? (laterOrders ?? []) : current ? ordersInTab(current, tab, now, settings.readyVisibleSeconds) : []),
    [current, tab, now, settings.readyVisibleSeconds, laterOrders],
  );
  const counts = useMemo(() => (current ? tabCounts(current, now, settings.readyVisibleSeconds) : null), [current, now, settings.readyVisibleSeconds]);
  const panel = useRef<HTMLElement>(null);
  const refocus = useCallback(() => requestAnimationFrame(() => panel.current?.focus({ preventScroll: true })), []);
  // Bulk actions take only fired orders, as the server does; those still to fire wait under "Later".
  const bulkScope = useMemo(() => {
    if (tab !== 'preparing') return { ids: [], skipped: 0 };
    const scope = bulkReadyScope(shown, now);
    return { ids: scope.ids, skipped: scope.skipped + laterLive.filter((o) => o.status === 'processing').length };
  }, [shown, now, tab, laterLive]);
  const selectable = useMemo(() => new Set(bulkScope.ids), [bulkScope]);
  const selection = useMemo(
    () =>
      pruneSelection(
        selected,
        shown.filter((o) => selectable.has(o.id)),
      ),
    [selected, shown, selectable],
  );

  const run = async (key: string, action: () => Promise<{ orders: number[] }>, doneMessage?: string): Promise<number[] | null> => {
    setBusy((b) => new Set(b).add(key));
    setFailure(null);
    try {
      const result = await action();
      if (doneMessage) toast(doneMessage);
      return result.orders;
    } catch (error) {
      setFailure(intl.formatMessage({ id: 'kitchen.actionFailed' }, { message: error instanceof Error ? error.message : String(error) }));
      return null;
    } finally {
      setBusy((b) => {
        const next = new Set(b);
        next.delete(key);
        return next;
      });
    }
  };
  const act = (order: KitchenOrder, action: OrderAction) =>
    run(
      `${order.id}:${action}`,
      () => orderAction(order.id, action),
      action === 'print-kitchen-copy'
        ? intl.formatMessage({ id: 'kitchen.printed' }, { number: order.pickupNumber })
        : action === 'counter-cash' || action === 'counter-card'
          ? intl.formatMessage({ id: 'kitchen.counter.confirmed' }, { number: order.pickupNumber })
          : action === 'later'
            ? intl.formatMessage({ id: 'kitchen.later.done' }, { number: order.pickupNumber, minutes: LATER_MINUTES })
            : undefined,
    );

  const bulkReady = async (kind: BulkReady['kind']) => {
    setConfirmBulk(null);
    const ids = await run(kind, kind === 'all' ? markAllReady : () => markReady([...selection]));
    if (kind === 'selection') setSelected(new Set());
    if (ids && ids.length > 0) setUndoable({ key: Date.now(), ids });
    refocus();
  };
  const undoBulkReady = async (ids: number[]) => {
    const recovered = await run('undo', () => recoverOrders(ids));
    setUndoable(null);
    if (recovered) toast(intl.formatMessage({ id: 'kitchen.undo.done' }, { count: recovered.length }));
  };

  // The bump bar on the "preparing" tab: 1-9 select, Enter marks ready, Backspace or 0 puts the last one back.
  useBumpSelection({
    enabled: tab === 'preparing',
    orders: shown,
    bump: async (order) => (await act(order, 'ready')) !== null,
    recall: async (id) => id !== null && (await run(`${id}:recover`, () => orderAction(id, 'recover'))) !== null,
    cardOf: (id) => panel.current?.querySelector<HTMLElement>(`[data-order-id="${id}"]`) ?? null,
  });

  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = VIEW_TABS.indexOf(tab);
    const move = { ArrowRight: 1, ArrowLeft: -1, Home: -index, End: VIEW_TABS.length - 1 - index }[event.key];
    if (move === undefined) return;
    event.preventDefault();
    const next = VIEW_TABS[(index + move + VIEW_TABS.length) % VIEW_TABS.length]!;
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  const streamLabel = intl.formatMessage({ id: `kitchen.stream.${stream}` });

  return (
    <div className="kitchen">
      <header className="dashboard__header kitchen__header">
        <h1 className="kitchen__title">{intl.formatMessage({ id: 'kitchen.title' })}</h1>
        <p className={`kitchen__live kitchen__live--${stream}`} role="status" data-testid="kitchen-stream">
          {streamLabel}
        </p>
        <DashboardNav />
        <div className="kitchen__tools">
          {soundBlocked ? (
            <Button size="sm" variant="secondary" onClick={enableSound}>
              {intl.formatMessage({ id: 'kitchen.sound.enable' })}
            </Button>
          ) : (
            <span className="kitchen__sound">{intl.formatMessage({ id: 'kitchen.sound.on' })}</span>
          )}
          <Button size="sm" variant="secondary" onClick={() => setSoldOutOpen(true)} data-testid="kitchen-soldout">
            {intl.formatMessage({ id: 'kitchen.soldOut.open' })}
          </Button>
          <RushFigures orders={current} now={now} timeZone={settings.timeZone} />
          <PauseControl />
          {canChangeSettings ? (
            <Button size="sm" variant="secondary" onClick={() => setSettingsOpen(true)}>
              {intl.formatMessage({ id: 'kitchen.settings.open' })}
            </Button>
          ) : null}
          <Link className="kitchen__link" to="/my-account">
            {intl.formatMessage({ id: 'kitchen.account' })}
          </Link>
        </div>
      </header>
      <AlertBanner alerts={alerts} onAcknowledge={() => setAlerts([])} />
      <main id="main" className="kitchen__main" tabIndex={-1}>
        {canChangeSettings ? <SetupChecklist /> : null}
        {stream === 'refused' ? (
          <Notice tone="error" role="alert">
            {intl.formatMessage({ id: 'kitchen.refused' })} <Link to="/login?redirect=%2Fdashboard">{intl.formatMessage({ id: 'kitchen.loginAgain' })}</Link>
          </Notice>
        ) : null}
        <div className="kitchen__tabs" role="tablist" aria-label={intl.formatMessage({ id: 'kitchen.tabsLabel' })}>
          {VIEW_TABS.map((name) => (
            <button
              key={name}
              ref={(el) => {
                tabRefs.current[name] = el;
              }}
              type="button"
              role="tab"
              id={`kitchen-tab-${name}`}
              aria-selected={tab === name}
              aria-controls="kitchen-panel"
              tabIndex={tab === name ? 0 : -1}
              className={`kitchen__tab${name === 'completed' ? ' kitchen__tab--archive' : ''}`}
              onClick={() => setTab(name)}
              onKeyDown={onTabKey}
            >
              {intl.formatMessage({ id: `kitchen.tab.${name}` })}
              {name === 'later' ? (
                laterOrders ? (
                  <span className="kitchen__count"> ({laterOrders.length})</span>
                ) : null
              ) : counts ? (
                <span className="kitchen__count"> ({counts[name]})</span>
              ) : null}
            </button>
          ))}
        </div>
        <section ref={panel} tabIndex={-1} id="kitchen-panel" role="tabpanel" aria-labelledby={`kitchen-tab-${tab}`} className="kitchen__panel">
          <p className="kitchen__scope">
            {tab === 'later' && laterQuery.data
              ? intl.formatMessage(
                  { id: 'kitchen.scope.laterLive' },
                  {
                    to: intl.formatDate(`${laterQuery.data.to}T12:00:00Z`, { timeZone: 'UTC', day: 'numeric', month: 'short' }),
                  },
                )
              : intl.formatMessage({ id: tab === 'completed' ? 'kitchen.scope.archived' : 'kitchen.scope.active' })}
          </p>
          {failure ? (
            <Notice tone="error" role="alert">
              {failure}
            </Notice>
          ) : null}
          {tab === 'preparing' && shown.length > 0 ? (
            <div className="kitchen__bulk" role="group" aria-label={intl.formatMessage({ id: 'kitchen.bulkLabel' })}>
              <Button size="sm" variant="secondary" onClick={() => setSelected(new Set(bulkScope.ids))} disabled={bulkScope.ids.length === 0}>
                {intl.formatMessage({ id: 'kitchen.action.selectAll' })}
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setSelected(new Set())} disabled={selection.size === 0}>
                {intl.formatMessage({ id: 'kitchen.action.selectNone' })}
              </Button>
              <Button
                size="sm"
                onClick={() => setConfirmBulk({ kind: 'selection', count: selection.size, skipped: 0 })}
                disabled={selection.size === 0}
                busy={busy.has('selection')}
              >
                {intl.formatMessage({ id: 'kitchen.action.readySelected' }, { count: selection.size })}
              </Button>
              <Button
                size="sm"
                onClick={() => setConfirmBulk({ kind: 'all', count: bulkScope.ids.length, skipped: bulkScope.skipped })}
                disabled={bulkScope.ids.length === 0}
                busy={busy.has('all')}
              >
                {intl.formatMessage({ id: 'kitchen.action.readyAll' })}
              </Button>
            </div>
          ) : null}
          {tab === 'preparing' ? <BumpLegend bump="kitchen.keys.ready" /> : null}
          {tab === 'later' && laterQuery.isError ? (
            <Notice tone="error" role="alert">
              {intl.formatMessage({ id: 'kitchen.later.failed' })}
            </Notice>
          ) : (tab === 'later' ? !laterOrders : orders === null) ? (
            stream === 'refused' ? null : (
              <Spinner size="lg" />
            )
          ) : shown.length === 0 ? (
            <EmptyState title={intl.formatMessage({ id: `kitchen.empty.${tab}` })} />
          ) : (
            <div className="kitchen__cards">
              {shown.map((order) => (
                <OrderCard
                  key={order.id}
                  order={order}
                  tab={tab === 'later' ? laterCardTab(order) : tab}
                  now={now}
                  today={shopDay}
                  settings={settings}
                  selected={selection.has(order.id)}
                  onSelect={
                    selectable.has(order.id)
                      ? (on) =>
                          setSelected((current) => {
                            const next = new Set(current);
                            if (on) next.add(order.id);
                            else next.delete(order.id);
                            return next;
                          })
                      : undefined
                  }
                  busy={(action) => busy.has(`${order.id}:${action}`)}
                  onAction={(action) => void act(order, action)}
                  onMarkTest={() => setConfirmTest(order)}
                  onCancel={canCancel ? () => setCancelling(order) : undefined}
                  onFocusLost={refocus}
                />
              ))}
            </div>
          )}
        </section>
      </main>
      {cancelling ? (
        <CancelOrderDialog
          open
          pickupNumber={cancelling.pickupNumber}
          onClose={() => setCancelling(null)}
          onCancel={async (reason) => {
            await cancelKitchenOrder(cancelling.id, reason);
            toast(intl.formatMessage({ id: 'kitchen.cancelled' }, { number: cancelling.pickupNumber }));
            void refetchLater();
          }}
        />
      ) : null}
      <div className="kitchen__undo-region" role="status" aria-live="polite">
        {undoable ? (
          <UndoToast
            key={undoable.key}
            count={undoable.ids.length}
            busy={busy.has('undo')}
            onUndo={() => void undoBulkReady(undoable.ids)}
            onExpire={() => setUndoable(null)}
          />
        ) : null}
      </div>
      {confirmBulk ? (
        <BulkReadyDialog
          count={confirmBulk.count}
          skipped={confirmBulk.skipped}
          onClose={() => setConfirmBulk(null)}
          onConfirm={() => void bulkReady(confirmBulk.kind)}
        />
      ) : null}
      {soldOutOpen ? <SoldOutDialog open onClose={() => setSoldOutOpen(false)} /> : null}
      {settingsOpen ? <AgeSettingsDialog open onClose={() => setSettingsOpen(false)} settings={settings} /> : null}
      <Dialog
        open={confirmTest !== null}
        onClose={() => setConfirmTest(null)}
        title={intl.formatMessage({ id: 'kitchen.confirmTest.title' }, { number: confirmTest?.pickupNumber ?? '' })}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirmTest(null)}>
              {intl.formatMessage({ id: 'kitchen.confirmTest.cancel' })}
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                const order = confirmTest;
                setConfirmTest(null);
                if (order) void act(order, 'test-order');
              }}
            >
              {intl.formatMessage({ id: 'kitchen.confirmTest.confirm' })}
            </Button>
          </>
        }
      >
        <p>{intl.formatMessage({ id: 'kitchen.confirmTest.body' })}</p>
      </Dialog>
    </div>
  );
}
