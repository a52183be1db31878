import type { KIOSK_COUNTER_METHOD } from '@bakje/contract';
import { useId, useLayoutEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Badge, Button } from '../../ui';
import { LATER_MINUTES, type OrderAction } from './kitchenApi';
import { OrderLines } from './OrderLines';
import { StationProgress } from './stations/StationProgress';
import { arrivalIn, cardTimer, firedClock, slotCountdown, splitNotes, type KitchenOrder, type KitchenSettings, type KitchenTab } from './kitchenOrders';

/** The contract's paymentMethod of a kiosk order to be paid at the counter (the web imports types only). */
const KIOSK_COUNTER: typeof KIOSK_COUNTER_METHOD = 'kiosk_counter';

export interface OrderCardProps {
  order: KitchenOrder;
  tab: KitchenTab;
  now: number;
  today: string;
  settings: KitchenSettings;
  selected?: boolean;
  onSelect?: (selected: boolean) => void;
  busy: (action: OrderAction) => boolean;
  onAction: (action: OrderAction) => void;
  onMarkTest: () => void;
  /** Cancel with a reason (only for staff who may: orders.manage). */
  onCancel?: () => void;
  /** The card leaves while focus is inside it (its order moved on): where focus should go instead. */
  onFocusLost?: () => void;
}

/** One order on the kitchen screen: what to make, for whom, for when, and the actions of its state. */
export function OrderCard({ order, tab, now, today, settings, selected, onSelect, busy, onAction, onMarkTest, onCancel, onFocusLost }: OrderCardProps) {
  const intl = useIntl();
  const titleId = useId();
  const root = useRef<HTMLElement>(null);
  const focusLost = useRef(onFocusLost);
  focusLost.current = onFocusLost;
  // A keyboard user who pressed "Klaar" would otherwise be left on <body> when the card goes away (the busy
  // button was disabled meanwhile, which already dropped focus to <body>).
  useLayoutEffect(() => {
    const node = root.current;
    return () => {
      const active = document.activeElement;
      if (!active || active === document.body || node?.contains(active)) focusLost.current?.();
    };
  }, []);
  const timeZone = settings.timeZone;
  // Before its fire time an order counts down to its slot; from then it counts up from the fire time
  // (docs/decisions/0068-fire-times.md). An order for now shows "nu", not the slot it was booked into.
  const { kind, tone } = cardTimer(order, now, settings);
  const preOrder = kind === 'countdown';
  const slot =
    order.asap || !order.slotStart
      ? intl.formatMessage({ id: order.asap ? 'kitchen.card.now' : 'kitchen.card.noSlot' })
      : intl.formatTime(order.slotStart, { timeZone, hour: '2-digit', minute: '2-digit' });
  const slotDay =
    order.pickupDay !== today && !order.asap
      ? intl.formatDate(`${order.pickupDay}T12:00:00Z`, { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' })
      : null;
  const notes = splitNotes(order.notes);
  const name = `${order.customer.firstName} ${order.customer.lastName}`.trim();
  const waiting = tab === 'pending' || tab === 'preparing';
  // A kiosk order to be paid at the counter: staff take the money, then confirm it with one tap.
  const atCounter = order.paymentMethod === KIOSK_COUNTER && order.status === 'pending';

  return (
    <article
      ref={root}
      className={`kcard kcard--${tab}${selected ? ' kcard--selected' : ''}`}
      aria-labelledby={titleId}
      data-testid="kitchen-order"
      data-order-id={order.id}
    >
      <header className="kcard__head">
        {onSelect ? (
          <input
            type="checkbox"
            className="kcard__select"
            checked={Boolean(selected)}
            onChange={(event) => onSelect(event.target.checked)}
            aria-label={intl.formatMessage({ id: 'kitchen.card.select' }, { number: order.pickupNumber })}
          />
        ) : null}
        <h3 id={titleId} className="kcard__number">
          {intl.formatMessage({ id: 'kitchen.card.title' }, { number: order.pickupNumber })}
        </h3>
        <Badge variant="info">{intl.formatMessage({ id: `fulfilment.${order.fulfilmentType}` })}</Badge>
        {atCounter ? (
          <span className="kcard__payment" data-testid="counter-badge">
            <Badge variant="sale">{intl.formatMessage({ id: 'kitchen.counter.badge' })}</Badge>
          </span>
        ) : (
          <Badge variant={order.payment === 'CASH' ? 'neutral' : 'new'} className="kcard__payment">
            {order.payment}
          </Badge>
        )}
      </header>
      {order.arrival?.arrivedAt ? (
        // "Ik ben er": whoever is at the counter sees it first; the spot is the customer's text, shown as text.
        <p className="kcard__arrived" data-testid="kitchen-arrived" role="status">
          <strong>{intl.formatMessage({ id: 'kitchen.card.arrival.here' })}</strong>
          {order.arrival.spot ? <span className="kcard__spot">{order.arrival.spot}</span> : null}
        </p>
      ) : null}
      {order.ageLimit ? (
        // Age-restricted lines: whoever hands the order over checks the customer's ID (docs/decisions/0071-age-restricted-products-staff-language.md).
        <p className="kcard__age-check" data-testid="age-check">
          <Badge variant="sale">{intl.formatMessage({ id: 'kitchen.card.ageCheck' }, { age: order.ageLimit })}</Badge>
        </p>
      ) : null}
      <dl className="kcard__facts">
        <div>
          <dt>{intl.formatMessage({ id: 'kitchen.card.slot' })}</dt>
          <dd className="kcard__slot">
            {slotDay ? `${slotDay} ` : ''}
            {slot}
            {order.delayMinutes ? (
              // Moved back with "+10 min": the customer was told this much later (docs/decisions/0081).
              <span className="kcard__delay" data-testid="kitchen-delay">
                {' '}
                {intl.formatMessage({ id: 'kitchen.card.delayed' }, { minutes: order.delayMinutes })}
              </span>
            ) : null}
          </dd>
        </div>
        {order.arrival?.arriveAt && !order.arrival.arrivedAt ? (
          // "Ik kom eraan": the fire time moved with it (docs/decisions/0082-ik-kom-eraan.md).
          <div>
            <dt>{intl.formatMessage({ id: 'kitchen.card.arrival' })}</dt>
            <dd className="kcard__arrival" data-testid="kitchen-arrival">
              {intl.formatMessage({ id: 'kitchen.card.arrival.in' }, { minutes: arrivalIn(order.arrival.arriveAt, now) })} (
              <time dateTime={order.arrival.arriveAt}>{intl.formatTime(order.arrival.arriveAt, { timeZone, hour: '2-digit', minute: '2-digit' })}</time>)
            </dd>
          </div>
        ) : order.arrival?.awaiting && !order.arrival.arrivedAt && waiting ? (
          <div>
            <dt>{intl.formatMessage({ id: 'kitchen.card.arrival' })}</dt>
            <dd data-testid="kitchen-awaiting">{intl.formatMessage({ id: 'kitchen.card.arrival.awaiting' })}</dd>
          </div>
        ) : null}
        {waiting && preOrder && order.fireAt ? (
          <div>
            <dt>{intl.formatMessage({ id: 'kitchen.card.firesAt' })}</dt>
            <dd data-testid="kitchen-fires-at">
              <time dateTime={order.fireAt}>{intl.formatTime(order.fireAt, { timeZone, hour: '2-digit', minute: '2-digit' })}</time>
            </dd>
          </div>
        ) : null}
        {waiting && preOrder ? (
          <div>
            <dt>{intl.formatMessage({ id: 'kitchen.card.countdown' })}</dt>
            <dd>
              <time className={`kcard__age kcard__age--${tone}`} dateTime={order.slotStart!} data-tone={tone} data-testid="kitchen-countdown">
                {slotCountdown(order, now)}
              </time>
              {tone !== 'fresh' ? <span className="visually-hidden"> {intl.formatMessage({ id: `kitchen.card.countdown.${tone}` })}</span> : null}
            </dd>
          </div>
        ) : waiting ? (
          <div>
            <dt>{intl.formatMessage({ id: 'kitchen.card.age' })}</dt>
            <dd>
              <time className={`kcard__age kcard__age--${tone}`} dateTime={order.fireAt ?? order.createdAt} data-tone={tone} data-testid="kitchen-age">
                {firedClock(order, now)}
              </time>
              {tone !== 'fresh' ? <span className="visually-hidden"> {intl.formatMessage({ id: `kitchen.card.age.${tone}` })}</span> : null}
            </dd>
          </div>
        ) : (
          <div>
            <dt>{intl.formatMessage({ id: 'kitchen.card.readyAt' })}</dt>
            <dd>{intl.formatTime(order.updatedAt, { timeZone, hour: '2-digit', minute: '2-digit' })}</dd>
          </div>
        )}
        <div>
          <dt>{intl.formatMessage({ id: 'kitchen.card.customer' })}</dt>
          <dd className="kcard__customer">
            {name || '—'}
            {order.customer.phone ? <span className="kcard__phone"> · {order.customer.phone}</span> : null}
          </dd>
        </div>
        {order.address.length ? (
          <div>
            <dt>{intl.formatMessage({ id: 'kitchen.card.address' })}</dt>
            <dd>{order.address.join(', ')}</dd>
          </div>
        ) : null}
      </dl>
      {order.status === 'processing' ? <StationProgress order={order} /> : null}
      <OrderLines lines={order.lines} />
      {notes.length ? (
        <div className="kcard__notes">
          <p className="kcard__notes-title">{intl.formatMessage({ id: 'kitchen.card.notes' })}</p>
          <ul>
            {notes.map((note, i) => (
              <li key={i}>{note}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="kcard__actions">
        {atCounter ? (
          <>
            <Button
              size="sm"
              onClick={() => onAction('counter-cash')}
              busy={busy('counter-cash')}
              aria-label={intl.formatMessage({ id: 'kitchen.counter.cashFor' }, { number: order.pickupNumber })}
            >
              {intl.formatMessage({ id: 'kitchen.counter.cash' })}
            </Button>
            <Button
              size="sm"
              onClick={() => onAction('counter-card')}
              busy={busy('counter-card')}
              aria-label={intl.formatMessage({ id: 'kitchen.counter.cardFor' }, { number: order.pickupNumber })}
            >
              {intl.formatMessage({ id: 'kitchen.counter.card' })}
            </Button>
          </>
        ) : tab === 'pending' ? (
          <Button size="sm" onClick={() => onAction('send')} busy={busy('send')}>
            {intl.formatMessage({ id: 'kitchen.action.send' })}
          </Button>
        ) : null}
        {tab === 'preparing' ? (
          <Button size="sm" onClick={() => onAction('ready')} busy={busy('ready')}>
            {intl.formatMessage({ id: 'kitchen.action.ready' })}
          </Button>
        ) : null}
        {tab === 'ready' || tab === 'completed' ? (
          <Button size="sm" variant="secondary" onClick={() => onAction('recover')} busy={busy('recover')}>
            {intl.formatMessage({ id: 'kitchen.action.recover' })}
          </Button>
        ) : null}
        {(tab === 'pending' || tab === 'preparing') && order.slotStart ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => onAction('later')}
            busy={busy('later')}
            aria-label={intl.formatMessage({ id: 'kitchen.later.for' }, { number: order.pickupNumber, minutes: LATER_MINUTES })}
            data-testid="kitchen-later"
          >
            {intl.formatMessage({ id: 'kitchen.later' }, { minutes: LATER_MINUTES })}
          </Button>
        ) : null}
        <Button size="sm" variant="secondary" onClick={() => onAction('print-kitchen-copy')} busy={busy('print-kitchen-copy')}>
          {intl.formatMessage({ id: 'kitchen.action.print' })}
        </Button>
        {onCancel && (tab === 'pending' || tab === 'preparing') ? (
          <Button size="sm" variant="ghost" onClick={onCancel}>
            {intl.formatMessage({ id: 'kitchen.action.cancel' })}
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" onClick={onMarkTest} busy={busy('test-order')}>
          {intl.formatMessage({ id: 'kitchen.action.test' })}
        </Button>
      </div>
    </article>
  );
}
