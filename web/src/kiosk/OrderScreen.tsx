import type { KioskDeviceConfig, KioskFulfilment, KioskOrderView, KioskPaymentMethod } from '@bakje/contract';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { useProductList } from '../api/hooks';
import { HttpError } from '../api/http';
import type { ListProduct } from '../api/types';
import { useCart } from '../cart/CartProvider';
import { useLocale } from '../i18n/LocaleProvider';
import { ShopStatusBanner } from '../shop-status/ShopStatusBanner';
import { lowestPrice } from '../shop/filtering';
import { Button, Notice, Price, ProductImage, Spinner } from '../ui';
import { AgeQuestion } from './AgeQuestion';
import { InactivityWarning } from './InactivityWarning';
import { KioskCart } from './KioskCart';
import { KioskMenu } from './KioskMenu';
import { kioskApi } from './kioskApi';
import { LanguageChoice } from './LanguageChoice';
import { LeaveDialog } from './LeaveDialog';
import { PaymentChoice } from './PaymentChoice';
import { ProductSheet } from './ProductSheet';
import { TerminalPayment } from './TerminalPayment';
import { useCountdown, useIdle } from './useIdle';
import { useEndSession } from './useEndSession';
import { pickSuggestions } from './suggestions';

const CatalogLive = lazy(() => import('../live/CatalogLive'));

type Step = 'menu' | 'suggest' | 'fulfilment' | 'payment' | 'placing' | 'terminal' | 'done';

const FULFILMENT_LABELS: Record<KioskFulfilment, string> = { takeaway: 'kiosk.fulfilment.takeaway', dinein: 'kiosk.fulfilment.dinein' };

function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

function Suggestions({ categories, onOpen, onNext }: { categories: string[]; onOpen: (p: ListProduct) => void; onNext: () => void }) {
  const intl = useIntl();
  const products = useProductList();
  const { cart } = useCart();
  const suggestions = useMemo(
    () => pickSuggestions(products.data ?? [], categories, new Set((cart?.contents.nodes ?? []).map((l) => l.product?.node.databaseId))),
    [products.data, cart, categories],
  );
  const skipped = useRef(false);
  useEffect(() => {
    if (skipped.current || !products.data || suggestions.length > 0) return;
    skipped.current = true;
    onNext();
  }, [products.data, suggestions.length, onNext]);
  return (
    <section className="kiosk-step" aria-labelledby="kiosk-suggest-title" data-testid="kiosk-suggestions">
      <h1 id="kiosk-suggest-title">{intl.formatMessage({ id: 'kiosk.suggestTitle' })}</h1>
      <ul className="kiosk-grid kiosk-grid--suggest">
        {suggestions.map((p) => (
          <li key={p.databaseId}>
            <button type="button" className="kiosk-tile" onClick={() => onOpen(p)} data-testid="kiosk-suggestion" data-slug={p.slug}>
              <ProductImage
                src={p.image?.productCardUrl || p.image?.sourceUrl || null}
                alt=""
                width={200}
                height={150}
                sizes="200px"
                className="kiosk-tile__img"
              />
              <span className="kiosk-tile__name">{p.name}</span>
              <span className="kiosk-tile__price">{lowestPrice(p) !== null ? <Price amount={lowestPrice(p)!} /> : null}</span>
            </button>
          </li>
        ))}
      </ul>
      <Button size="lg" onClick={onNext} data-testid="kiosk-suggest-next">
        {intl.formatMessage({ id: 'kiosk.noThanks' })}
      </Button>
    </section>
  );
}

function Choice<T extends string>({
  titleId,
  options,
  labels,
  onChoose,
  onBack,
  testId,
}: {
  titleId: string;
  options: readonly T[];
  labels: Record<T, string>;
  onChoose: (value: T) => void;
  onBack: () => void;
  testId: string;
}) {
  const intl = useIntl();
  return (
    <section className="kiosk-step" aria-labelledby={`${testId}-title`} data-testid={testId}>
      <h1 id={`${testId}-title`}>{intl.formatMessage({ id: titleId })}</h1>
      <div className="kiosk-step__choices">
        {options.map((o) => (
          <button key={o} type="button" className="kiosk-big-choice" onClick={() => onChoose(o)} data-testid={`${testId}-${o}`}>
            {intl.formatMessage({ id: labels[o] })}
          </button>
        ))}
      </div>
      <Button size="lg" variant="secondary" onClick={onBack} data-testid={`${testId}-back`}>
        {intl.formatMessage({ id: 'kiosk.back' })}
      </Button>
    </section>
  );
}

function Confirmation({ order, seconds, onDone }: { order: KioskOrderView; seconds: number; onDone: () => void }) {
  const intl = useIntl();
  const left = useCountdown(seconds, onDone);
  return (
    <section className="kiosk-step kiosk-done" aria-labelledby="kiosk-done-title" data-testid="kiosk-confirmation" data-status={order.status}>
      <h1 id="kiosk-done-title">{intl.formatMessage({ id: 'kiosk.doneTitle' })}</h1>
      <p className="kiosk-done__label">{intl.formatMessage({ id: 'kiosk.pickupNumber' })}</p>
      <p className="kiosk-done__number" data-testid="kiosk-pickup-number">
        {order.pickupNumber}
      </p>
      <p className="kiosk-done__note">{intl.formatMessage({ id: order.status === 'counter_waiting' ? 'kiosk.payAtCounterNow' : 'kiosk.receiptPrinting' })}</p>
      <p className="kiosk-done__back">{intl.formatMessage({ id: 'kiosk.backInSeconds' }, { seconds: left })}</p>
      <Button size="lg" onClick={onDone} data-testid="kiosk-done">
        {intl.formatMessage({ id: 'kiosk.newOrder' })}
      </Button>
    </section>
  );
}

/**
 * /bestellenkiosk: the menu with the cart always on screen, then sauces and drinks, where to eat, how to pay, the
 * terminal and the pickup number. Inactivity asks 'Are you still here?' and ends the session at zero; leaving asks.
 */
export function OrderScreen({ device }: { device: KioskDeviceConfig }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const cart = useCart();
  const endSession = useEndSession();
  const [step, setStep] = useState<Step>('menu');
  const [sheet, setSheet] = useState<ListProduct | null>(null);
  const [idle, setIdle] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [fulfilment, setFulfilment] = useState<KioskFulfilment | null>(null);
  const [order, setOrder] = useState<KioskOrderView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The age this customer confirmed during this visit (the screen is new for the next customer), and the
  // age-restricted product waiting for the answer.
  const [confirmedAge, setConfirmedAge] = useState<16 | 18 | null>(null);
  const [asking, setAsking] = useState<ListProduct | null>(null);
  // "Ik breng mijn eigen pot mee" (docs/decisions/0084-allergens-at-the-door-own-container.md), for takeaway only.
  const [ownContainer, setOwnContainer] = useState(false);
  const open = (product: ListProduct) => {
    const age = product.ageLimit === 18 ? 18 : product.ageLimit === 16 ? 16 : null;
    if (age !== null && (confirmedAge ?? 0) < age) setAsking(product);
    else setSheet(product);
  };
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  const countsIdle = step !== 'placing' && step !== 'terminal' && step !== 'done';
  useIdle(device.idleSeconds, () => setIdle(true), countsIdle && !idle && !leaving);
  useEffect(() => cart.ensureLoaded(), [cart]);

  const empty = !cart.cart || cart.cart.isEmpty;
  const askLeave = () => (empty && step === 'menu' ? endSession() : setLeaving(true));

  const afterSuggestions = () => {
    if (device.fulfilment.length === 1) chooseFulfilment(device.fulfilment[0]!);
    else setStep('fulfilment');
  };
  const chooseFulfilment = (value: KioskFulfilment) => {
    setFulfilment(value);
    if (device.paymentMethods.length === 1) void place(value, device.paymentMethods[0]!);
    else setStep('payment');
  };
  const placing = useRef(false);
  async function place(chosenFulfilment: KioskFulfilment, method: KioskPaymentMethod) {
    // One order per tap: a second call while one is under way (a double tap) is ignored.
    if (placing.current) return;
    placing.current = true;
    setStep('placing');
    setProblem(null);
    try {
      const lang = locale === 'fr_FR' ? 'fr' : locale === 'en_US' ? 'en' : 'nl';
      // A terminal order starts its terminal payment with the order (contract/src/kiosk.ts); retries go through
      // the terminal step.
      const created = await kioskApi.checkout({
        fulfilment: chosenFulfilment,
        paymentMethod: method,
        lang,
        ...(confirmedAge ? { confirmedAge } : {}),
        ...(ownContainer && chosenFulfilment === 'takeaway' ? { ownContainer: true } : {}),
      });
      // The server emptied the cart with the order.
      void cart.refresh();
      if (method === 'terminal' && created.status !== 'paid') {
        setOrder(created);
        setStep('terminal');
      } else {
        setOrder(created);
        setStep('done');
      }
    } catch (error) {
      setProblem(error instanceof HttpError && error.status > 0 ? error.message : intl.formatMessage({ id: 'kiosk.offline' }));
      setStep('menu');
    } finally {
      placing.current = false;
    }
  }

  let content;
  if (step === 'suggest') content = <Suggestions categories={device.suggestedCategories} onOpen={open} onNext={afterSuggestions} />;
  else if (step === 'fulfilment')
    content = (
      <Choice
        titleId="kiosk.fulfilmentTitle"
        options={device.fulfilment}
        labels={FULFILMENT_LABELS}
        onChoose={chooseFulfilment}
        onBack={() => setStep('menu')}
        testId="kiosk-fulfilment"
      />
    );
  else if (step === 'payment')
    content = (
      <PaymentChoice methods={device.paymentMethods} onChoose={(m) => void place(fulfilment ?? device.fulfilment[0]!, m)} onBack={() => setStep('menu')} />
    );
  else if (step === 'placing')
    content = (
      <section className="kiosk-step" data-testid="kiosk-placing">
        <Spinner size="lg" label={intl.formatMessage({ id: 'kiosk.placing' })} />
      </section>
    );
  else if (step === 'terminal' && order)
    content = (
      <TerminalPayment
        initial={order}
        onSettled={(settled) => {
          setOrder(settled);
          setStep('done');
        }}
      />
    );
  else if (step === 'done' && order) content = <Confirmation order={order} seconds={device.confirmationSeconds} onDone={endSession} />;
  else content = <KioskMenu onOpen={open} />;

  const inFlow = step === 'menu' || step === 'suggest' || step === 'fulfilment' || step === 'payment';
  return (
    <main id="main" className={`kiosk-order kiosk-order--${step}`} tabIndex={-1} data-testid="kiosk-order">
      <Suspense fallback={null}>
        <CatalogLive />
      </Suspense>
      <div className="kiosk-order__top">
        <ShopStatusBanner channel="kiosk" />
        {!online ? (
          <Notice tone="warning" role="alert">
            {intl.formatMessage({ id: 'kiosk.offline' })}
          </Notice>
        ) : null}
        {problem ? (
          <Notice tone="error" role="alert">
            <span data-testid="kiosk-order-problem">{problem}</span>
          </Notice>
        ) : null}
        {inFlow ? (
          <div className="kiosk-order__tools">
            <Button variant="secondary" size="lg" onClick={askLeave} data-testid="kiosk-leave">
              {intl.formatMessage({ id: 'kiosk.leave' })}
            </Button>
            <LanguageChoice compact />
          </div>
        ) : null}
      </div>
      <div className="kiosk-order__content">{content}</div>
      {step === 'menu' || step === 'suggest' ? (
        <KioskCart
          onPay={step === 'menu' ? () => setStep('suggest') : afterSuggestions}
          onlyMethod={device.paymentMethods.length === 1 ? device.paymentMethods[0] : undefined}
          {...(device.fulfilment.includes('takeaway') ? { ownContainer: { chosen: ownContainer, onChange: setOwnContainer } } : {})}
        />
      ) : null}
      {sheet ? <ProductSheet key={sheet.databaseId} product={sheet} onClose={() => setSheet(null)} /> : null}
      {asking && !idle ? (
        <AgeQuestion
          age={asking.ageLimit ?? 16}
          product={asking.name}
          onYes={() => {
            setConfirmedAge(asking.ageLimit === 18 ? 18 : (confirmedAge ?? 16));
            setSheet(asking);
            setAsking(null);
          }}
          onNo={() => setAsking(null)}
        />
      ) : null}
      {idle ? (
        <InactivityWarning
          seconds={device.countdownSeconds}
          onStay={() => setIdle(false)}
          onExpire={() => {
            setIdle(false);
            endSession();
          }}
        />
      ) : null}
      {leaving && !idle ? (
        <LeaveDialog
          onContinue={() => setLeaving(false)}
          onLeave={() => {
            setLeaving(false);
            endSession();
          }}
        />
      ) : null}
    </main>
  );
}
