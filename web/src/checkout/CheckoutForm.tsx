import { useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { ApiError, type ServerProblem } from '../api/client';
import type { Cart, FulfilmentType } from '../cart/cartApi';
import { useCart } from '../cart/CartProvider';
import { useLocalMessage } from '../cart/useLocalMessage';
import { SubmitButton } from '../forms/SubmitButton';
import { useZodForm } from '../forms/useZodForm';
import { useLocale } from '../i18n/LocaleProvider';
import { Notice } from '../ui';
import { addressComplete, addressKey, checkoutSchema, deliveryAddressOf, FIELD_ORDER, fieldId, POSTCODE, type CheckoutValues } from './billing';
import {
  checkDistance,
  createStripeIntent,
  loadCartForPayment,
  loadPaymentGateways,
  placeOrder,
  type CheckoutContext,
  type DistanceResult,
} from './checkoutApi';
import type { StripeCardHandle } from './stripe/StripeCardField';
import { cardErrorMessageId } from './stripe/stripeJs';
import { clearGuestDetails, saveGuestDetails } from './guestDetails';
import { rememberLastOrder } from './lastOrder';
import { OpeningHours } from './OpeningHours';
import { BillingSection } from './sections/BillingSection';
import { FulfilmentSection } from './sections/FulfilmentSection';
import { OrderAside } from './sections/OrderAside';
import { AccountSection } from './sections/AccountSection';
import { NoteSection, PaymentSection } from './sections/PaymentAndNote';
import { Section } from './sections/Section';
import { ShippingSection } from './sections/ShippingSection';
import { SmsSection, type SmsChoice } from './sections/SmsSection';
import { SlotPicker, useInitialDay } from './SlotPicker';
import { reactToSlotTaken } from './slotTaken';

/** Moves focus to a field (or a group's first enabled input) once React has drawn the error. */
function focusLater(id: string) {
  requestAnimationFrame(() => {
    const el = document.getElementById(id);
    const target = el instanceof HTMLFieldSetElement ? (el.querySelector<HTMLElement>('input:not([disabled])') ?? el) : el;
    target?.focus();
  });
}

/** The checkout form: fulfilment, day and time, billing details, delivery check, payment, note, place the order. */
/** Euros still missing to reach a zone's minimum ("2.50"), or null. */
function zoneShortfall(subtotal: string | null | undefined, minimum: string | undefined): string | null {
  const missing = Math.round(Number(minimum ?? 0) * 100) - Math.round(Number(subtotal ?? 0) * 100);
  return missing > 0 ? (missing / 100).toFixed(2) : null;
}

// The form renders whole on each of react-hook-form's state changes, the first one (its `isReady`) inside the
// takeover's commit (TBT, docs/decisions/0056-checkout-first-paint.md): the parts whose props have not changed
// skip it. Not the parts given `errors`: react-hook-form changes that object in place, so they must re-render.
const SlotPickerPart = memo(SlotPicker);
const OpeningHoursPart = memo(OpeningHours);
const PaymentPart = memo(PaymentSection);
const NotePart = memo(NoteSection);

export function CheckoutForm({ cart, context, initial, guest }: { cart: Cart; context: CheckoutContext; initial: CheckoutValues; guest: boolean }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const local = useLocalMessage();
  const { setFulfilment: saveFulfilment, setDeliveryPostcode, refresh, updating } = useCart();
  // Focus goes to the time slot first, then to the first wrong field (form order), so it is done here.
  const form = useZodForm(checkoutSchema, { defaultValues: initial, shouldFocusError: false });
  const { register, handleSubmit, formState, getValues, setValue, control, watch } = form;
  // A guest's details survive a reload of this tab (issue 31); an account's come from its profile.
  useEffect(() => {
    if (!guest) return;
    const subscription = watch((values) => saveGuestDetails(values));
    return () => subscription.unsubscribe();
  }, [guest, watch]);
  const type = useWatch({ control, name: 'fulfilment' });
  const paymentMethod = useWatch({ control, name: 'paymentMethod' });
  // The methods enabled for this fulfilment type; the context's list until they are in.
  const gatewaysForType = useQuery({ queryKey: ['paymentGateways', locale, type], queryFn: () => loadPaymentGateways(locale, type), staleTime: 60_000 });
  const gateways = gatewaysForType.data ?? context.paymentGateways.nodes;
  useEffect(() => {
    // A method not offered for the new type falls back to cash.
    if (gatewaysForType.data && !gatewaysForType.data.some((g) => g.id === getValues('paymentMethod'))) setValue('paymentMethod', 'cod');
  }, [gatewaysForType.data, getValues, setValue]);
  // The chosen method's transaction cost and the total with it, priced by the server for the cart as it is now.
  const pricedFor = useQuery({
    queryKey: ['cartForPayment', locale, paymentMethod, cart.total, cart.subtotal, cart.shippingTotal, cart.chosenShippingMethods[0] ?? null],
    queryFn: () => loadCartForPayment(locale, paymentMethod),
    enabled: !!paymentMethod,
  });
  // Until it answers, the cart's own totals (without a transaction cost) are shown.
  const priced = pricedFor.data ?? null;
  const createAccount = useWatch({ control, name: 'createAccount' });
  const shipToDifferent = useWatch({ control, name: 'shipToDifferentAddress' });
  const address = useWatch({ control, name: ['address1', 'postcode', 'city', 'shippingAddress1', 'shippingPostcode', 'shippingCity'] });
  const initialDay = useInitialDay(initial.fulfilment as FulfilmentType);
  const [day, setDay] = useState<string | null>(initialDay);
  const [slotId, setSlotId] = useState<string | null>(null);
  const [distance, setDistance] = useState<{ key: string; result: DistanceResult } | null>(null);
  const [checking, setChecking] = useState(false);
  const [confirmedFor, setConfirmedFor] = useState<string | null>(null);
  const [serverError, setServerError] = useState<ServerProblem | null>(null);
  // Age-restricted products in the cart (16+, 18+): the customer confirms the strictest age before ordering
  // (docs/decisions/0071-age-restricted-products-staff-language.md); the server refuses the order without it.
  const requiredAge = cart.contents.nodes.reduce((age, line) => Math.max(age, line.product?.node.ageLimit ?? 0), 0);
  const [ageConfirmed, setAgeConfirmed] = useState(false);
  // Texts about the order, when the shop sends them: opt-in, with a mobile number.
  const [sms, setSms] = useState<SmsChoice>({ wanted: false, phone: '' });
  const billingPhone = useWatch({ control, name: 'phone' });
  // "Ik breng mijn eigen pot mee" (docs/decisions/0084-allergens-at-the-door-own-container.md): asked once for the
  // order when a line's category allows it and the food leaves the shop; the server keeps it on those lines.
  const potProducts = cart.contents.nodes.filter((line) => line.product?.node.ownContainer).map((line) => line.product?.node.name ?? '');
  const [ownContainer, setOwnContainer] = useState(false);
  // Stripe's answer about the card (declined, wrong number): shown where the server's problems are.
  const [cardError, setCardError] = useState<string | null>(null);
  const stripeCard = useRef<StripeCardHandle>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  // A double click submits twice before the disabled button is drawn: the second one waits for nothing.
  const inFlight = useRef(false);

  const opening = context.openingStatus;
  const delivery = context.deliverySettings;
  // Dine-in by its own hours (a shop may serve at the tables for fewer hours than it takes orders).
  const dineinClosed = !opening.openNow.dinein;
  // A delivery goes to the shipping address when the customer gave one, else to the billing address.
  const currentAddress = deliveryAddressOf({
    shipToDifferentAddress: shipToDifferent,
    address1: address[0],
    postcode: address[1],
    city: address[2],
    shippingAddress1: address[3],
    shippingPostcode: address[4],
    shippingCity: address[5],
  });
  const currentKey = addressKey(currentAddress);
  const distanceNow = distance && distance.key === currentKey ? distance.result : null;
  // An address in a delivery zone has the zone's minimum and fee (docs/decisions/0028).
  const zone = type === 'delivery' && distanceNow?.kind === 'ok' && distanceNow.zone ? distanceNow : null;
  // Before the check, the cart's rule: the zone of the postcode typed so far (sent to the cart below).
  const rule = zone ? { minimumOrder: zone.minimumOrder, fee: zone.fee } : cart.deliveryRule;
  const shownDelivery = delivery ? { ...delivery, minimumOrder: rule.minimumOrder ?? delivery.minimumOrder, fee: rule.fee ?? delivery.fee } : delivery;
  const shortfall = type !== 'delivery' ? null : zone ? zoneShortfall(cart.subtotal, zone.minimumOrder) : cart.deliveryMinimumShortfall;
  // Confirming is for one address: changing it asks again.
  const confirmed = confirmedFor === currentKey;
  const submitted = formState.isSubmitted;

  // The cart's totals use the delivery postcode's zone (fee and minimum) as soon as the postcode is known.
  const deliveryPostcode = currentAddress.postcode.trim();
  const sentPostcode = useRef<string | null>(null);
  useEffect(() => {
    if (type !== 'delivery' || (deliveryPostcode && !POSTCODE.test(deliveryPostcode)) || sentPostcode.current === deliveryPostcode) return;
    // Typing settles first: one call for the postcode, not one per keystroke.
    const timer = window.setTimeout(() => {
      sentPostcode.current = deliveryPostcode;
      void setDeliveryPostcode(deliveryPostcode);
    }, 300);
    return () => window.clearTimeout(timer);
  }, [type, deliveryPostcode, setDeliveryPostcode]);

  const onDay = useCallback((date: string) => {
    setDay(date);
    setSlotId(null);
  }, []);

  function chooseFulfilment(next: FulfilmentType) {
    setDay(null);
    setSlotId(null);
    setServerError(null);
    void saveFulfilment(next);
  }

  async function runDistanceCheck(): Promise<DistanceResult> {
    const target = deliveryAddressOf(getValues());
    const key = addressKey(target);
    setChecking(true);
    try {
      const result = addressComplete(target) ? await checkDistance(target) : ({ kind: 'incomplete' } as DistanceResult);
      setDistance({ key, result });
      return result;
    } catch {
      const result: DistanceResult = { kind: 'failed' };
      setDistance({ key, result });
      return result;
    } finally {
      setChecking(false);
    }
  }

  /** Places the order when the slot, the opening hours, the minimum and (delivery) the address allow it. */
  async function placeIfReady(values: z.output<typeof checkoutSchema>) {
    setServerError(null);
    setCardError(null);
    if (!slotId) return focusLater('slot-picker');
    if (values.fulfilment === 'dinein' && dineinClosed) return;
    if (values.fulfilment === 'delivery') {
      const result = distanceNow ?? (await runDistanceCheck());
      if (result.kind !== 'ok') return;
      // The minimum is the address's zone's when it has one.
      if (result.zone ? zoneShortfall(cart.subtotal, result.minimumOrder) : shortfall) return;
      if (!confirmed) return focusLater('confirm-address');
    } else if (shortfall) return;
    if (requiredAge > 0 && !ageConfirmed) return focusLater('confirm-age');
    const {
      fulfilment,
      paymentMethod: method,
      note,
      createAccount,
      accountPassword,
      shipToDifferentAddress,
      shippingFirstName,
      shippingLastName,
      shippingAddress1,
      shippingAddress2,
      shippingPostcode,
      shippingCity,
      ...billing
    } = values;
    // Another delivery address only means something for a delivery; its names default to the billing ones.
    const shipping =
      fulfilment === 'delivery' && shipToDifferentAddress
        ? {
            firstName: shippingFirstName || billing.firstName,
            lastName: shippingLastName || billing.lastName,
            address1: shippingAddress1,
            address2: shippingAddress2,
            postcode: shippingPostcode,
            city: shippingCity,
          }
        : null;
    const newAccount = guest && createAccount;
    try {
      // Stripe: the card is confirmed at Stripe first (the intent is for the cart total the server computes);
      // the order is made only once Stripe says it is paid, and the server asks Stripe again before believing it.
      let stripeIntentId: string | undefined;
      if (method === 'stripe') {
        const card = stripeCard.current;
        if (!card) return;
        const intent = await createStripeIntent(locale);
        const confirmed = await card.confirm(intent.clientSecret);
        // Paid before (the order could not be placed then, e.g. the slot filled up): the same intent serves.
        const paid = confirmed.paymentIntent ?? (confirmed.error?.payment_intent?.status === 'succeeded' ? confirmed.error.payment_intent : undefined);
        if (paid?.status !== 'succeeded') {
          setCardError(intl.formatMessage({ id: confirmed.error ? cardErrorMessageId(confirmed.error) : 'checkout.stripe.failed' }));
          requestAnimationFrame(() => errorRef.current?.focus());
          return;
        }
        stripeIntentId = paid.id;
      }
      const placed = await placeOrder(locale, {
        billing,
        fulfilment,
        slotId,
        paymentMethod: method,
        note,
        accountPassword: newAccount ? accountPassword : undefined,
        shipping,
        ...(stripeIntentId ? { stripeIntentId } : {}),
        ...(requiredAge > 0 ? { confirmedAge: requiredAge } : {}),
        ...(context.smsNotifications && sms.wanted ? { smsPhone: sms.phone.trim() || billing.phone } : {}),
        ...(ownContainer && potProducts.length && fulfilment !== 'dinein' ? { ownContainer: true } : {}),
      });
      rememberLastOrder(placed.order);
      clearGuestDetails();
      // The new account is logged in: the header and the account pages show it.
      if (newAccount) await queryClient.invalidateQueries({ queryKey: ['account'] });
      await refresh();
      if (method !== 'cod' && method !== 'stripe') {
        // A card order: to the provider's payment page, or (it could not be started) to the confirmation
        // page, which offers trying again or paying cash. Paid or not is only ever read from our server.
        if (placed.result === 'success' && /^https?:\/\//.test(placed.redirect ?? '')) window.location.assign(placed.redirect!);
        else void navigate(`/confirm-payment?order=${placed.order.databaseId}&key=${encodeURIComponent(placed.order.orderKey)}&method=${method}&failed=1`);
        return;
      }
      void navigate(`/order-summary/${placed.order.databaseId}`);
    } catch (e) {
      const problem: ServerProblem = e instanceof ApiError ? e : { message: String(e) };
      setServerError(problem);
      reactToSlotTaken(problem, () => setSlotId(null), queryClient);
      // The chosen time is no longer offered (it passed, or was removed): say so by the slot picker.
      if (problem.code === 'SLOT_REQUIRED') {
        setSlotId(null);
        void queryClient.invalidateQueries({ queryKey: ['availableTimeSlots'] });
        void queryClient.invalidateQueries({ queryKey: ['orderingDays'] });
        return focusLater('slot-picker');
      }
      if (problem.code === 'SMS_PHONE_INVALID') return focusLater('sms-phone');
      requestAnimationFrame(() => errorRef.current?.focus());
    }
  }

  const submit = handleSubmit(
    async (values) => {
      if (inFlight.current) return;
      inFlight.current = true;
      try {
        await placeIfReady(values);
      } finally {
        inFlight.current = false;
      }
    },
    (errors) => {
      setServerError(null);
      if (!slotId) return focusLater('slot-picker');
      const firstInvalid = FIELD_ORDER.find((field) => errors[field]);
      if (firstInvalid) focusLater(fieldId(firstInvalid));
    },
  );

  const orderingBlocked = !opening.orderingPossible;
  // docs/product.md §5's message by the slot picker, whether the form or the server found the slot missing.
  const slotError = (submitted && !slotId) || serverError?.code === 'SLOT_REQUIRED' ? intl.formatMessage({ id: 'checkout.error.slotRequired' }) : null;
  const addressText = [currentAddress.address1, `${currentAddress.postcode} ${currentAddress.city}`.trim()].filter(Boolean).join(', ');

  return (
    <>
      {orderingBlocked ? (
        <Notice tone="error" role="alert">
          {/* Paused by the kitchen until resumed is not "closed": the opening hours would not explain it (issue 31). */}
          <span data-testid="ordering-closed">{intl.formatMessage({ id: opening.paused ? 'shopStatus.paused' : 'ordering.closed' })}</span>
        </Notice>
      ) : null}
      <form className="checkout__grid" onSubmit={(event) => void submit(event)} noValidate aria-label={intl.formatMessage({ id: 'checkout.formLabel' })}>
        <div className="checkout__main">
          <FulfilmentSection
            register={register}
            type={type}
            rates={cart.availableShippingMethods.flatMap((p) => p.rates)}
            delivery={shownDelivery}
            dineinClosed={dineinClosed}
            shortfall={shortfall}
            onChoose={chooseFulfilment}
          />
          <Section id="slot" title={intl.formatMessage({ id: 'checkout.when' })}>
            <SlotPickerPart type={type} day={day} slotId={slotId} onDay={onDay} onSlot={setSlotId} error={slotError} />
            <OpeningHoursPart week={opening.week} />
          </Section>
          <Section id="billing" title={intl.formatMessage({ id: 'checkout.billing' })}>
            <BillingSection register={register} errors={formState.errors} type={type} shipToDifferent={type === 'delivery' && shipToDifferent} />
          </Section>
          {type === 'delivery' ? (
            <ShippingSection
              register={register}
              errors={formState.errors}
              shipToDifferent={shipToDifferent}
              submitted={submitted}
              distance={distanceNow}
              checking={checking}
              onCheckDistance={() => void runDistanceCheck()}
              confirmed={confirmed}
              onConfirm={(value) => setConfirmedFor(value ? currentKey : null)}
              addressText={addressText}
            />
          ) : null}
          {guest ? <AccountSection register={register} errors={formState.errors} creating={createAccount} /> : null}
          <PaymentPart register={register} gateways={gateways} chosen={paymentMethod} stripe={context.stripeCheckout} stripeCard={stripeCard} />
          {context.smsNotifications ? (
            <SmsSection
              choice={sms}
              billingPhone={billingPhone ?? ''}
              error={serverError?.code === 'SMS_PHONE_INVALID' ? intl.formatMessage({ id: 'checkout.sms.invalid' }) : null}
              onChange={setSms}
            />
          ) : null}
          <NotePart register={register} />
        </div>
        <OrderAside
          cart={cart}
          priced={priced}
          serverError={
            cardError ?? (serverError && serverError.code !== 'SLOT_REQUIRED' && serverError.code !== 'SMS_PHONE_INVALID' ? local(serverError) : null)
          }
          showFixErrors={submitted && Object.keys(formState.errors).length > 0}
          errorRef={errorRef}
        >
          {requiredAge > 0 ? (
            <div className="checkout__age">
              <label className="check">
                <input type="checkbox" id="confirm-age" data-testid="confirm-age" checked={ageConfirmed} onChange={(e) => setAgeConfirmed(e.target.checked)} />
                <span>{intl.formatMessage({ id: 'checkout.age.confirm' }, { age: requiredAge })}</span>
              </label>
              {submitted && !ageConfirmed ? (
                <p className="field-error" data-testid="confirm-age-error">
                  {intl.formatMessage({ id: 'checkout.age.required' }, { age: requiredAge })}
                </p>
              ) : null}
            </div>
          ) : null}
          {potProducts.length && type !== 'dinein' ? (
            <div className="checkout__own-container">
              <label className="check">
                <input
                  type="checkbox"
                  id="own-container"
                  data-testid="own-container"
                  checked={ownContainer}
                  onChange={(e) => setOwnContainer(e.target.checked)}
                  aria-describedby="own-container-hint"
                />
                <span>{intl.formatMessage({ id: 'checkout.ownContainer' })}</span>
              </label>
              <p className="field__hint" id="own-container-hint">
                {intl.formatMessage({ id: 'checkout.ownContainerFor' }, { products: potProducts.join(', ') })}
              </p>
            </div>
          ) : null}
          <SubmitButton
            size="lg"
            block
            submitting={formState.isSubmitting}
            busyLabel={intl.formatMessage({ id: 'checkout.placing' })}
            disabled={orderingBlocked || updating}
            data-testid="place-order"
          >
            {intl.formatMessage({ id: 'checkout.placeOrder' })}
          </SubmitButton>
        </OrderAside>
      </form>
    </>
  );
}
