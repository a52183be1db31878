import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ApiError, networkProblem, type ServerProblem } from '../api/client';
import { useStoreSettings } from '../api/hooks';
import { useLocale } from '../i18n/LocaleProvider';
import { cartApi, type AddToCartInput, type Cart, type FulfilmentType } from './cartApi';
import { markSessionHealthy, resetAndReload, storeSessionToken } from './session';

/** docs/product.md §4: a fulfilment chosen before there is a cart is kept here and applied after the next add. */
const PENDING_SHIPPING = 'bakje-shipping-method';

export type CartStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface CartContextValue {
  cart: Cart | null;
  status: CartStatus;
  /** A change is in flight (docs/product.md §4 updating flag). */
  updating: boolean;
  /** The last failed change or load: the API's message and code (see serverMessages). */
  error: ServerProblem | null;
  panelOpen: boolean;
  openPanel: () => void;
  closePanel: () => void;
  clearError: () => void;
  ensureLoaded: () => void;
  refresh: () => Promise<void>;
  /** Each change resolves to null when it worked, or the API's problem. */
  add: (input: AddToCartInput) => Promise<ServerProblem | null>;
  setQuantity: (key: string, quantity: number) => Promise<ServerProblem | null>;
  remove: (key: string) => Promise<ServerProblem | null>;
  applyCoupon: (code: string) => Promise<ServerProblem | null>;
  removeCoupon: (code: string) => Promise<ServerProblem | null>;
  setFulfilment: (type: FulfilmentType) => Promise<ServerProblem | null>;
  /** The postcode the checkout delivers to: the cart's fee and minimum become its zone's. */
  setDeliveryPostcode: (postcode: string) => Promise<ServerProblem | null>;
  /** After a checkout the server has emptied the cart; show that without a round trip. */
  replace: (cart: Cart) => void;
}

const CartContext = createContext<CartContextValue | null>(null);

const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'touchstart', 'scroll', 'click'] as const;

function problemOf(error: unknown): ServerProblem {
  if (error instanceof ApiError) return error;
  return networkProblem();
}

export function CartProvider({ children }: { children: ReactNode }) {
  const { locale } = useLocale();
  const { data: settings } = useStoreSettings();
  const [cart, setCart] = useState<Cart | null>(null);
  const [status, setStatus] = useState<CartStatus>('idle');
  const [pending, setPending] = useState(0);
  const [error, setError] = useState<ServerProblem | null>(null);
  const [panelOpen, setPanelOpen] = useState(false);
  const started = useRef(false);
  const localeRef = useRef(locale);
  localeRef.current = locale;
  const autoOpen = useRef(false);
  autoOpen.current = settings?.autoOpenCart ?? false;
  // Counts the carts a change answered. The first tap on "add" also starts the first load (below), and the
  // two requests race: a load that started before a change's cart was shown may answer the cart from before
  // the change, and must not replace it.
  const changesShown = useRef(0);

  const load = useCallback(async () => {
    setStatus((s) => (s === 'ready' ? s : 'loading'));
    const shownBefore = changesShown.current;
    try {
      const data = await cartApi.load(localeRef.current);
      if (data.customer?.sessionToken) storeSessionToken(data.customer.sessionToken);
      if (changesShown.current === shownBefore) setCart(data.cart);
      setStatus('ready');
      setError(null);
      markSessionHealthy();
    } catch (e) {
      if (e instanceof ApiError && e.kind === 'network') {
        // Offline: keep what we have; the 'online' listener loads again.
        setError(e);
        setStatus((s) => (s === 'ready' ? s : 'error'));
        return;
      }
      // docs/product.md §4: a failed load clears cookies and local storage and starts over, once.
      if (!resetAndReload()) {
        setError(problemOf(e));
        setStatus('error');
      }
    }
  }, []);

  const ensureLoaded = useCallback(() => {
    if (started.current) return;
    started.current = true;
    void load();
  }, [load]);

  // docs/product.md §4: cart and session load once, on the first user activity.
  useEffect(() => {
    const onActivity = () => ensureLoaded();
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { once: true, passive: true, capture: true });
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
    };
  }, [ensureLoaded]);

  // Back online: the cart as the server has it (nothing was lost; changes are only applied by the server).
  useEffect(() => {
    const onOnline = () => {
      if (!started.current) return;
      setError((current) => (current?.code === 'NETWORK_FAILED' ? null : current));
      void load();
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [load]);

  const change = useCallback(async (run: () => Promise<Cart>): Promise<ServerProblem | null> => {
    started.current = true;
    setPending((n) => n + 1);
    setError(null);
    try {
      const next = await run();
      changesShown.current += 1;
      setCart(next);
      setStatus('ready');
      return null;
    } catch (e) {
      const problem = problemOf(e);
      setError(problem);
      return problem;
    } finally {
      setPending((n) => n - 1);
    }
  }, []);

  const add = useCallback(
    async (input: AddToCartInput) => {
      const result = await change(async () => {
        let next = await cartApi.add(localeRef.current, input);
        const stored = readPendingShipping();
        if (stored) {
          next = await cartApi.setShippingMethod(localeRef.current, stored);
          writePendingShipping(null);
        }
        return next;
      });
      if (result === null && autoOpen.current) setPanelOpen(true);
      return result;
    },
    [change],
  );

  const value = useMemo<CartContextValue>(
    () => ({
      cart,
      status,
      updating: pending > 0,
      error,
      panelOpen,
      openPanel: () => {
        ensureLoaded();
        setPanelOpen(true);
      },
      closePanel: () => setPanelOpen(false),
      clearError: () => setError(null),
      ensureLoaded,
      refresh: load,
      add,
      setQuantity: (key, quantity) => change(() => cartApi.setQuantities(localeRef.current, [{ key, quantity }])),
      remove: (key) => change(() => cartApi.setQuantities(localeRef.current, [{ key, quantity: 0 }])),
      applyCoupon: (code) => change(() => cartApi.applyCoupon(localeRef.current, code)),
      removeCoupon: (code) => change(() => cartApi.removeCoupon(localeRef.current, code)),
      setFulfilment: (type) => {
        if (!cart || cart.isEmpty) writePendingShipping(type);
        return change(() => cartApi.setShippingMethod(localeRef.current, type));
      },
      setDeliveryPostcode: (postcode) => change(() => cartApi.setDeliveryPostcode(localeRef.current, postcode)),
      replace: (next) => {
        changesShown.current += 1;
        setCart(next);
      },
    }),
    [cart, status, pending, error, panelOpen, ensureLoaded, load, add, change],
  );

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

function readPendingShipping(): FulfilmentType | null {
  try {
    const v = localStorage.getItem(PENDING_SHIPPING);
    return v === 'delivery' || v === 'takeaway' || v === 'dinein' ? v : null;
  } catch {
    return null;
  }
}

function writePendingShipping(type: FulfilmentType | null): void {
  try {
    if (type) localStorage.setItem(PENDING_SHIPPING, type);
    else localStorage.removeItem(PENDING_SHIPPING);
  } catch {
    // ignore
  }
}

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart outside CartProvider');
  return value;
}
