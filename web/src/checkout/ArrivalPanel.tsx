import { ARRIVAL_SPOT_MAX as SPOT_MAX } from '@bakje/contract/kitchen-lanes';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { ApiError, gql } from '../api/client';
import { useLocale } from '../i18n/LocaleProvider';
import { Button, Field, Notice } from '../ui';
import { AnnounceArrivalDocument, AnnounceAtDoorDocument, type OrderArrivalFieldsFragment } from './checkout.generated';

export interface ArrivalPanelProps {
  orderId: number;
  orderKey: string | null;
  arrival: OrderArrivalFieldsFragment;
  timeZone: string;
  /** The answer's arrival, shown at once (the live stream brings the same a moment later). */
  onChange: (arrival: OrderArrivalFieldsFragment) => void;
}

/** The message id of a refusal: who may not, what is closed, which field does not fit (docs/decisions/0082). */
function problemId(error: unknown): string {
  if (!(error instanceof ApiError)) return 'order.arrival.error.failed';
  if (error.code === 'ORDER_NOT_FOUND') return 'order.arrival.error.notFound';
  if (error.code === 'ARRIVAL_REFUSED') return error.details.reason === 'not-takeaway' ? 'order.arrival.error.notTakeaway' : 'order.arrival.error.closed';
  if (error.code === 'INVALID_INPUT') {
    const params = error.details.params;
    if (Array.isArray(params) && params.includes('spot')) return 'order.arrival.error.spot';
    if (Array.isArray(params) && params.includes('minutes')) return 'order.arrival.error.minutes';
  }
  if (error.code === 'NETWORK_FAILED') return 'order.arrival.error.network';
  return 'order.arrival.error.failed';
}

/**
 * "Ik kom eraan" and "Ik ben er" for a takeaway order (docs/decisions/0082-ik-kom-eraan.md): the customer picks in how
 * many minutes they will be at the counter, and the kitchen fires the order so it is ready then; at the door they
 * say so, with where they wait if they like. Native radios and a form: usable by keyboard and on a phone.
 */
export function ArrivalPanel({ orderId, orderKey, arrival, timeZone, onChange }: ArrivalPanelProps) {
  const intl = useIntl();
  const { locale } = useLocale();
  const [minutes, setMinutes] = useState(arrival.defaultMinutes);
  const [spot, setSpot] = useState(arrival.spot ?? '');
  const [busy, setBusy] = useState<'coming' | 'here' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const clock = (at: string) => intl.formatTime(at, { hour: 'numeric', minute: '2-digit', timeZone });
  const key = orderKey ? { orderKey } : {};

  async function send(kind: 'coming' | 'here') {
    setBusy(kind);
    setProblem(null);
    try {
      const next =
        kind === 'coming'
          ? (await gql(AnnounceArrivalDocument, { input: { orderId, minutes, ...key } }, { locale, session: true })).announceArrival.order.arrival
          : (await gql(AnnounceAtDoorDocument, { input: { orderId, spot: spot.trim() || null, ...key } }, { locale, session: true })).announceAtDoor.order
              .arrival;
      if (next) onChange(next);
    } catch (error) {
      setProblem(problemId(error));
    } finally {
      setBusy(null);
    }
  }
  const coming = (event: FormEvent) => {
    event.preventDefault();
    void send('coming');
  };
  const here = (event: FormEvent) => {
    event.preventDefault();
    void send('here');
  };

  return (
    <section className="arrival checkout__section" aria-labelledby="arrival-title" data-testid="arrival">
      <h2 id="arrival-title" className="checkout__section-title">
        {intl.formatMessage({ id: 'order.arrival.title' })}
      </h2>
      <p className="arrival__lead">{intl.formatMessage({ id: arrival.awaited ? 'order.arrival.leadAwaited' : 'order.arrival.lead' })}</p>
      <div aria-live="polite" data-testid="arrival-state">
        {arrival.arrivedAt ? (
          <Notice tone="success">
            {intl.formatMessage({ id: 'order.arrival.hereDone' })}
            {arrival.spot ? ` (${arrival.spot})` : ''}
          </Notice>
        ) : arrival.arriveAt ? (
          <Notice tone="success">{intl.formatMessage({ id: 'order.arrival.comingDone' }, { time: clock(arrival.arriveAt) })}</Notice>
        ) : null}
      </div>
      {arrival.arrivedAt ? null : (
        <form className="arrival__form" onSubmit={coming}>
          <fieldset className="arrival__choices">
            <legend>{intl.formatMessage({ id: 'order.arrival.in' })}</legend>
            {arrival.choices.map((choice) => (
              <label key={choice} className="arrival__choice">
                <input type="radio" name="arrival-minutes" value={choice} checked={minutes === choice} onChange={() => setMinutes(choice)} />
                <span>{intl.formatMessage({ id: 'order.arrival.minutes' }, { minutes: choice })}</span>
              </label>
            ))}
          </fieldset>
          <Button type="submit" busy={busy === 'coming'} data-testid="arrival-coming">
            {intl.formatMessage({ id: 'order.arrival.coming' })}
          </Button>
        </form>
      )}
      <form className="arrival__form" onSubmit={here}>
        <Field
          label={intl.formatMessage({ id: 'order.arrival.spot' })}
          hint={intl.formatMessage({ id: 'order.arrival.spotHint' }, { max: SPOT_MAX })}
          value={spot}
          maxLength={SPOT_MAX}
          autoComplete="off"
          onChange={(event) => setSpot(event.target.value)}
          marked
        />
        <Button type="submit" variant="secondary" busy={busy === 'here'} data-testid="arrival-here">
          {intl.formatMessage({ id: arrival.arrivedAt ? 'order.arrival.hereAgain' : 'order.arrival.here' })}
        </Button>
      </form>
      {problem ? (
        <Notice tone="error" role="alert">
          {intl.formatMessage({ id: problem })}
        </Notice>
      ) : null}
    </section>
  );
}
