import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { ApiError, type ServerProblem } from '../api/client';
import { isSlotTaken } from '../cart/serverMessages';
import { euros, FULFILMENT_TYPES, type FulfilmentType } from '../cart/cartApi';
import { useCart } from '../cart/CartProvider';
import { AddonList, CartTotals } from '../cart/CartTotals';
import { useLocalMessage } from '../cart/useLocalMessage';
import { useLocale } from '../i18n/LocaleProvider';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { Button, ButtonLink, EmptyState, ErrorState, Notice, Price, Spinner } from '../ui';
import { addressComplete, addressKey, EMPTY_BILLING, FIELD_ORDER, validateBilling, type BillingErrors, type BillingField } from './billing';
import { checkDistance, loadCheckoutContext, placeOrder, type BillingInput, type DistanceResult } from './checkoutApi';
import { rememberLastOrder } from './lastOrder';
import { OpeningHours } from './OpeningHours';
import { SlotPicker } from './SlotPicker';
import '../cart/cart.css';
import './checkout.css';

const ERROR_IDS = { required: 'form.required', phone: 'checkout.error.phoneInvalid', email: 'checkout.error.emailInvalid', postcode: 'checkout.error.postcode' } as const;

function Field({
  name,
  label,
  value,
  onChange,
  error,
  required,
  type = 'text',
  autoComplete,
  hint,
}: {
  name: BillingField;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  type?: string;
  autoComplete?: string;
  hint?: string;
}) {
  const intl = useIntl();
  const id = `billing-${name}`;
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
        {required ? <span aria-hidden="true"> *</span> : <span className="field__optional"> ({intl.formatMessage({ id: 'checkout.optional' })})</span>}
      </label>
      <input
        id={id}
        name={name}
        className="input"
        type={type}
        value={value}
        autoComplete={autoComplete}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`} data-testid="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <section className="checkout__section" aria-labelledby={`${id}-title`}>
      <h2 className="checkout__section-title" id={`${id}-title`}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function DistanceNotice({ result, confirmed, onConfirm, address }: { result: DistanceResult; confirmed: boolean; onConfirm: (v: boolean) => void; address: string }) {
  const intl = useIntl();
  if (result.kind === 'incomplete') {
    return (
      <Notice tone="error" role="alert">
        <strong>{intl.formatMessage({ id: 'delivery.incompleteTitle' })}</strong>{' '}
        <span data-testid="delivery-message">{intl.formatMessage({ id: 'delivery.incomplete' })}</span>
      </Notice>
    );
  }
  if (result.kind === 'failed') {
    return (
      <Notice tone="error" role="alert">
        <span data-testid="delivery-message">{intl.formatMessage({ id: 'delivery.failed' })}</span>
      </Notice>
    );
  }
  if (result.kind === 'tooFar') {
    return (
      <Notice tone="error" role="alert">
        <span data-testid="delivery-message">{intl.formatMessage({ id: 'delivery.tooFar' }, { distance: result.distance ?? 0, maximum: result.maximum ?? 0 })}</span>
      </Notice>
    );
  }
  return (
    <div className="delivery-ok">
      <Notice tone="success">
        <span data-testid="delivery-message">{intl.formatMessage({ id: 'delivery.withinRange' }, { distance: result.distance ?? 0 })}</span>
      </Notice>
      <label className="check">
        <input type="checkbox" checked={confirmed} onChange={(e) => onConfirm(e.target.checked)} data-testid="confirm-address" id="confirm-address" />
        <span>{intl.formatMessage({ id: 'delivery.confirm' }, { address })}</span>
      </label>
    </div>
  );
}

/** /checkout: fulfilment, day and time, billing details, delivery check, payment, note, place the order. */
export default function CheckoutPage() {
  const intl = useIntl();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const local = useLocalMessage();
  const cart = useCart();
  const { ensureLoaded, setFulfilment: saveFulfilment } = cart;
  useDocumentTitle(intl.formatMessage({ id: 'nav.checkout' }));
  useEffect(() => ensureLoaded(), [ensureLoaded]);

  const context = useQuery({ queryKey: ['checkoutContext', locale], queryFn: () => loadCheckoutContext(locale), staleTime: 30_000 });
  const chosen = cart.cart?.chosenShippingMethods[0];
  const [fulfilment, setFulfilmentState] = useState<FulfilmentType | null>(null);
  const type: FulfilmentType = fulfilment ?? (FULFILMENT_TYPES.includes(chosen as FulfilmentType) ? (chosen as FulfilmentType) : 'takeaway');
  const [day, setDay] = useState<string | null>(null);
  const [slotId, setSlotId] = useState<string | null>(null);
  const [billing, setBilling] = useState<BillingInput>(EMPTY_BILLING);
  const [submitted, setSubmitted] = useState(false);
  const [distance, setDistance] = useState<{ key: string; result: DistanceResult } | null>(null);
  const [checking, setChecking] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const [payment, setPayment] = useState('cod');
  const [note, setNote] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<ServerProblem | null>(null);
  const inFlight = useRef(false);
  const errorRef = useRef<HTMLDivElement>(null);

  const errors: BillingErrors = submitted ? validateBilling(billing, type) : {};
  const opening = context.data?.openingStatus;
  const delivery = context.data?.deliverySettings;
  const dineinClosed = opening ? !opening.isOpen : false;
  const shortfall = type === 'delivery' ? cart.cart?.deliveryMinimumShortfall : null;
  const currentKey = addressKey(billing);
  const distanceNow = distance && distance.key === currentKey ? distance.result : null;

  const onDay = useCallback((date: string) => {
    setDay(date);
    setSlotId(null);
  }, []);

  function chooseFulfilment(next: FulfilmentType) {
    setFulfilmentState(next);
    setDay(null);
    setSlotId(null);
    setServerError(null);
    void saveFulfilment(next);
  }

  function setField(name: BillingField, value: string) {
    setBilling((b) => ({ ...b, [name]: value }));
    if (name === 'address1' || name === 'postcode' || name === 'city') setConfirmed(false);
  }

  async function runDistanceCheck(): Promise<DistanceResult> {
    setChecking(true);
    try {
      const result = addressComplete(billing) ? await checkDistance(billing) : ({ kind: 'incomplete' } as DistanceResult);
      setDistance({ key: currentKey, result });
      return result;
    } catch {
      const result: DistanceResult = { kind: 'failed' };
      setDistance({ key: currentKey, result });
      return result;
    } finally {
      setChecking(false);
    }
  }

  function focusLater(id: string) {
    requestAnimationFrame(() => {
      const el = document.getElementById(id);
      const target = el instanceof HTMLFieldSetElement ? (el.querySelector<HTMLElement>('input:not([disabled])') ?? el) : el;
      target?.focus();
    });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (inFlight.current) return;
    setSubmitted(true);
    setServerError(null);
    const found = validateBilling(billing, type);
    const firstInvalid = FIELD_ORDER.find((f) => found[f]);
    if (!slotId) return focusLater('slot-picker');
    if (firstInvalid) return focusLater(`billing-${firstInvalid}`);
    if (type === 'dinein' && dineinClosed) return;
    if (shortfall) return;
    if (type === 'delivery') {
      const result = distanceNow ?? (await runDistanceCheck());
      if (result.kind !== 'ok') return;
      if (!confirmed) return focusLater('confirm-address');
    }
    inFlight.current = true;
    setSubmitting(true);
    try {
      const placed = await placeOrder(locale, { billing, fulfilment: type, slotId, paymentMethod: payment, note });
      rememberLastOrder(placed.order);
      await cart.refresh();
      void navigate(`/order-summary/${placed.order.databaseId}`);
    } catch (e) {
      const problem: ServerProblem = e instanceof ApiError ? e : { message: String(e) };
      setServerError(problem);
      if (isSlotTaken(problem)) {
        setSlotId(null);
        void queryClient.invalidateQueries({ queryKey: ['availableTimeSlots'] });
      }
      requestAnimationFrame(() => errorRef.current?.focus());
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  }

  if (cart.status === 'idle' || (cart.status === 'loading' && !cart.cart) || context.isPending) {
    return (
      <div className="container page-fallback" aria-busy="true">
        <Spinner size="lg" />
      </div>
    );
  }
  if (context.isError) {
    return (
      <div className="container">
        <ErrorState error={context.error} onRetry={() => void context.refetch()} />
      </div>
    );
  }
  if (!cart.cart || cart.cart.isEmpty) {
    return (
      <div className="container checkout">
        <h1 className="page-title">{intl.formatMessage({ id: 'nav.checkout' })}</h1>
        {cart.status === 'error' ? <ErrorState error={cart.error ? local(cart.error) : undefined} onRetry={() => void cart.refresh()} /> : null}
        <EmptyState
          title={intl.formatMessage({ id: 'cart.empty' })}
          action={
            <ButtonLink to="/bestellen" variant="primary">
              {intl.formatMessage({ id: 'error.toMenu' })}
            </ButtonLink>
          }
        />
      </div>
    );
  }

  const c = cart.cart;
  const rates = c.availableShippingMethods.flatMap((p) => p.rates);
  const err = (f: BillingField) => (errors[f] ? intl.formatMessage({ id: ERROR_IDS[errors[f]!] }) : undefined);
  const orderingBlocked = opening ? !opening.orderingPossible : false;
  const slotError = submitted && !slotId ? intl.formatMessage({ id: 'checkout.error.slotRequired' }) : null;
  const addressText = [billing.address1, `${billing.postcode} ${billing.city}`.trim()].filter(Boolean).join(', ');

  return (
    <div className="container checkout" data-testid="checkout-page">
      <h1 className="page-title">{intl.formatMessage({ id: 'nav.checkout' })}</h1>
      {orderingBlocked ? (
        <Notice tone="error" role="alert">
          <span data-testid="ordering-closed">{intl.formatMessage({ id: 'ordering.closed' })}</span>
        </Notice>
      ) : null}
      <form className="checkout__grid" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={intl.formatMessage({ id: 'checkout.formLabel' })}>
        <div className="checkout__main">
          <Section id="fulfilment" title={intl.formatMessage({ id: 'checkout.fulfilment' })}>
            <fieldset className="choice-group">
              <legend className="visually-hidden">{intl.formatMessage({ id: 'checkout.fulfilment' })}</legend>
              <div className="fulfilment-options">
                {FULFILMENT_TYPES.map((t) => {
                  const rate = rates.find((r) => r.id === t);
                  const disabled = (t === 'dinein' && dineinClosed) || (t === 'delivery' && delivery?.enabled === false);
                  return (
                    <label key={t} className={`fulfilment${t === type ? ' is-selected' : ''}${disabled ? ' is-disabled' : ''}`} data-testid={`fulfilment-${t}`}>
                      <input type="radio" name="fulfilment" value={t} checked={t === type} disabled={disabled} onChange={() => chooseFulfilment(t)} />
                      <span className="fulfilment__name">{intl.formatMessage({ id: `fulfilment.${t}` })}</span>
                      {rate && euros(rate.cost) > 0 ? <Price amount={euros(rate.cost)} signed size="sm" /> : null}
                      {t === 'dinein' && dineinClosed ? (
                        <span className="fulfilment__note" data-testid="dinein-closed">
                          {intl.formatMessage({ id: 'ordering.dineinClosed' })}
                        </span>
                      ) : null}
                      {t === 'delivery' && delivery?.enabled === false ? (
                        <span className="fulfilment__note">{intl.formatMessage({ id: 'ordering.deliveryClosed' })}</span>
                      ) : null}
                    </label>
                  );
                })}
              </div>
            </fieldset>
            {type === 'delivery' && delivery ? (
              <p className="checkout__hint">
                {intl.formatMessage(
                  { id: 'delivery.rules' },
                  { minimum: intl.formatNumber(euros(delivery.minimumOrder), { style: 'currency', currency: 'EUR' }), maximum: delivery.maximumDistanceKm, fee: intl.formatNumber(euros(delivery.fee), { style: 'currency', currency: 'EUR' }) },
                )}
              </p>
            ) : null}
            {shortfall ? (
              <Notice tone="warning" role="alert">
                <span data-testid="below-minimum">
                  {intl.formatMessage(
                    { id: 'delivery.shortfall' },
                    {
                      missing: intl.formatNumber(euros(shortfall), { style: 'currency', currency: 'EUR' }),
                      minimum: intl.formatNumber(euros(delivery?.minimumOrder), { style: 'currency', currency: 'EUR' }),
                    },
                  )}
                </span>{' '}
                <ButtonLink to="/bestellen" variant="secondary" size="sm">
                  {intl.formatMessage({ id: 'delivery.addMore' })}
                </ButtonLink>
              </Notice>
            ) : null}
          </Section>

          <Section id="slot" title={intl.formatMessage({ id: 'checkout.when' })}>
            <SlotPicker type={type} day={day} slotId={slotId} onDay={onDay} onSlot={setSlotId} error={slotError} />
            {opening ? <OpeningHours week={opening.week} /> : null}
          </Section>

          <Section id="billing" title={intl.formatMessage({ id: 'checkout.billing' })}>
            <div className="fields">
              <Field name="firstName" label={intl.formatMessage({ id: 'billing.firstName' })} value={billing.firstName} onChange={(v) => setField('firstName', v)} error={err('firstName')} required autoComplete="given-name" />
              <Field name="lastName" label={intl.formatMessage({ id: 'billing.lastName' })} value={billing.lastName} onChange={(v) => setField('lastName', v)} error={err('lastName')} required autoComplete="family-name" />
              <Field name="phone" type="tel" label={intl.formatMessage({ id: 'billing.phone' })} value={billing.phone} onChange={(v) => setField('phone', v)} error={err('phone')} required autoComplete="tel" />
              <Field name="email" type="email" label={intl.formatMessage({ id: 'billing.email' })} value={billing.email} onChange={(v) => setField('email', v)} error={err('email')} autoComplete="email" hint={intl.formatMessage({ id: 'billing.emailHint' })} />
              <Field name="address1" label={intl.formatMessage({ id: 'billing.address1' })} value={billing.address1} onChange={(v) => setField('address1', v)} error={err('address1')} required={type === 'delivery'} autoComplete="address-line1" />
              <Field name="address2" label={intl.formatMessage({ id: 'billing.address2' })} value={billing.address2} onChange={(v) => setField('address2', v)} autoComplete="address-line2" />
              <Field name="postcode" label={intl.formatMessage({ id: 'billing.postcode' })} value={billing.postcode} onChange={(v) => setField('postcode', v)} error={err('postcode')} required={type === 'delivery'} autoComplete="postal-code" />
              <Field name="city" label={intl.formatMessage({ id: 'billing.city' })} value={billing.city} onChange={(v) => setField('city', v)} error={err('city')} required={type === 'delivery'} autoComplete="address-level2" />
              <div className="field">
                <label htmlFor="billing-country" className="field__label">
                  {intl.formatMessage({ id: 'billing.country' })}
                </label>
                <select id="billing-country" className="input" value={billing.country} onChange={(e) => setField('country', e.target.value)} autoComplete="country">
                  {['BE', 'NL', 'FR', 'LU', 'DE'].map((code) => (
                    <option key={code} value={code}>
                      {intl.formatDisplayName(code, { type: 'region' }) ?? code}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            {type === 'delivery' ? (
              <div className="delivery-check" aria-live="polite">
                <Button variant="secondary" onClick={() => void runDistanceCheck()} busy={checking} data-testid="check-address">
                  {intl.formatMessage({ id: 'delivery.check' })}
                </Button>
                {distanceNow ? <DistanceNotice result={distanceNow} confirmed={confirmed} onConfirm={setConfirmed} address={addressText} /> : null}
                {submitted && distanceNow?.kind === 'ok' && !confirmed ? (
                  <p className="field-error" data-testid="confirm-error">
                    {intl.formatMessage({ id: 'delivery.confirmRequired' })}
                  </p>
                ) : null}
              </div>
            ) : null}
          </Section>

          <Section id="payment" title={intl.formatMessage({ id: 'checkout.payment' })}>
            <fieldset className="choice-group">
              <legend className="visually-hidden">{intl.formatMessage({ id: 'checkout.payment' })}</legend>
              {(context.data?.paymentGateways.nodes ?? []).map((g) => (
                <label key={g.id} className={`payment${g.id === payment ? ' is-selected' : ''}`}>
                  <input type="radio" name="payment" value={g.id} checked={g.id === payment} onChange={() => setPayment(g.id)} />
                  <span className="payment__title">{g.title}</span>
                  {g.description ? <span className="payment__description">{g.description}</span> : null}
                </label>
              ))}
              <p className="checkout__hint">{intl.formatMessage({ id: 'checkout.cardLater' })}</p>
            </fieldset>
          </Section>

          <Section id="note" title={intl.formatMessage({ id: 'checkout.note' })}>
            <label htmlFor="kitchen-note" className="field__label">
              {intl.formatMessage({ id: 'checkout.noteLabel' })} <span className="field__optional">({intl.formatMessage({ id: 'checkout.optional' })})</span>
            </label>
            <textarea id="kitchen-note" className="input checkout__note" rows={3} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} aria-describedby="kitchen-note-hint" />
            <p className="field__hint" id="kitchen-note-hint">
              {intl.formatMessage({ id: 'checkout.noteHint' })}
            </p>
          </Section>
        </div>

        <aside className="checkout__summary" aria-labelledby="summary-title">
          <h2 id="summary-title" className="checkout__section-title">
            {intl.formatMessage({ id: 'checkout.yourOrder' })}
          </h2>
          <ul className="summary-lines">
            {c.contents.nodes.map((line) => (
              <li key={line.key} className="summary-line">
                <span className="summary-line__qty">{line.quantity}×</span>
                <span className="summary-line__name">
                  {line.variation?.node.name ?? line.product?.node.name}
                  <AddonList addons={line.addons} />
                </span>
                <Price amount={euros(line.total)} size="sm" />
              </li>
            ))}
          </ul>
          <CartTotals totals={{ ...c, coupons: c.appliedCoupons.map((x) => x.code) }} />
          <div ref={errorRef} tabIndex={-1} className="checkout__error">
            {serverError ? (
              <Notice tone="error" role="alert">
                <span data-testid="checkout-error">{local(serverError)}</span>
              </Notice>
            ) : null}
            {submitted && Object.keys(errors).length > 0 ? (
              <Notice tone="error" role="alert">
                {intl.formatMessage({ id: 'form.fixErrors' })}
              </Notice>
            ) : null}
          </div>
          <Button type="submit" size="lg" block busy={submitting} disabled={orderingBlocked || cart.updating} data-testid="place-order">
            {intl.formatMessage({ id: 'checkout.placeOrder' })}
          </Button>
        </aside>
      </form>
    </div>
  );
}
