import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useAccount } from '../account/useAccount';
import { FULFILMENT_TYPES, type FulfilmentType } from '../cart/cartApi';
import { useCart } from '../cart/CartProvider';
import { useLocalMessage } from '../cart/useLocalMessage';
import { useLocale } from '../i18n/LocaleProvider';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { ButtonLink, EmptyState, ErrorState, Spinner } from '../ui';
import { EMPTY_SHIPPING, prefillBilling, type CheckoutValues } from './billing';
import { CheckoutForm } from './CheckoutForm';
import { readGuestDetails } from './guestDetails';
import { loadCheckoutContext } from './checkoutApi';
import { usePickerLoading } from './SlotPicker';
import { useFirstPaintDone } from '../shell/firstPaint';
import '../cart/cart.css';
import './checkout.css';

/** /checkout: waits for the cart, the shop's checkout settings and who is logged in, then shows the form. */
export default function CheckoutPage() {
  const intl = useIntl();
  const { locale } = useLocale();
  const local = useLocalMessage();
  const cart = useCart();
  const { ensureLoaded } = cart;
  useDocumentTitle(intl.formatMessage({ id: 'nav.checkout' }));
  useEffect(() => ensureLoaded(), [ensureLoaded]);
  const context = useQuery({ queryKey: ['checkoutContext', locale], queryFn: () => loadCheckoutContext(locale), staleTime: 30_000 });
  // A logged-in customer starts from their saved details; a guest (or a failed look-up) from an empty form.
  const account = useAccount();
  const chosen = cart.cart?.chosenShippingMethods[0];
  const startType: FulfilmentType = FULFILMENT_TYPES.includes(chosen as FulfilmentType) ? (chosen as FulfilmentType) : 'takeaway';
  const pickerLoading = usePickerLoading(startType, !!cart.cart && !cart.cart.isEmpty);

  // The first slots are awaited only before the form first shows (no layout shift): choosing another fulfilment
  // later loads its slots inside the form, which must stay mounted or it would lose what the customer typed.
  const [formShown, setFormShown] = useState(false);
  const loading =
    cart.status === 'idle' || (cart.status === 'loading' && !cart.cart) || context.isPending || account.isPending || (!formShown && pickerLoading);
  // The queries end with synchronous updates; the form's first render (the page's largest) then runs at
  // transition priority, in slices that yield to the browser (TBT, docs/decisions/0052-main-thread.md).
  const settled = useDeferredValue(!loading);
  useEffect(() => {
    if (!loading && settled) setFormShown(true);
  }, [loading, settled]);
  // The server's first paint of this page (heading, fulfilment choice, order lines: docs/decisions/0056) gives
  // way to the form, the empty cart or the error in the frame they first show, never to the spinner.
  useFirstPaintDone(!loading && settled);
  if (loading || !settled) {
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

  const guest = !account.data?.viewer;
  const initial: CheckoutValues = {
    fulfilment: startType,
    ...prefillBilling(account.data?.viewer ? account.data.customer : null),
    paymentMethod: 'cod',
    note: '',
    createAccount: false,
    accountPassword: '',
    shipToDifferentAddress: false,
    ...EMPTY_SHIPPING,
    // What a guest typed before a reload in this tab (issue 31).
    ...(guest ? readGuestDetails() : {}),
  };
  return (
    <div className="container checkout" data-testid="checkout-page">
      <h1 className="page-title">{intl.formatMessage({ id: 'nav.checkout' })}</h1>
      <CheckoutForm cart={cart.cart} context={context.data} initial={initial} guest={guest} />
    </div>
  );
}
