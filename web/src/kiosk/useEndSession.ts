import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useCart } from '../cart/CartProvider';
import { cartApi } from '../cart/cartApi';
import { readSessionToken, SESSION_COOKIE } from '../cart/session';
import { useLocale } from '../i18n/LocaleProvider';
import { DEFAULT_LOCALE } from '../i18n/locale';
import { setA11yMode } from './useKioskMode';

/**
 * Forgets the customer's visit: the cart is emptied on the server, the session token forgotten, the accessibility
 * mode and the language reset for the next customer.
 */
function useForgetVisit(): () => void {
  const cart = useCart();
  const { locale, setLocale } = useLocale();
  return useCallback(() => {
    const hadSession = readSessionToken() !== null;
    setA11yMode(false);
    if (locale !== DEFAULT_LOCALE) void setLocale(DEFAULT_LOCALE);
    if (!hadSession) return;
    void cartApi
      .empty(locale)
      .then((emptied) => {
        cart.replace(emptied);
        return true;
      })
      .catch(() => false)
      .then((emptied) => {
        // Dropping the token after the empty: the next customer's first add starts a new session and cart.
        document.cookie = `${SESSION_COOKIE}=; Path=/; Max-Age=0`;
        // Not emptied (offline): the old cart stays on the server under the forgotten token; show a fresh one.
        if (!emptied) void cart.refresh();
      });
  }, [cart, locale, setLocale]);
}

/**
 * Ends the customer's session (docs/product.md §4 kiosk inactivity, a finished order, "return to the main screen"):
 * the visit is forgotten and the start screen shown.
 */
export function useEndSession(): () => void {
  const navigate = useNavigate();
  const forgetVisit = useForgetVisit();
  return useCallback(() => {
    void navigate('/kioskindex', { replace: true });
    forgetVisit();
  }, [navigate, forgetVisit]);
}

/** Whether this page load has started its visit: a reload (power cut, staff refresh) loads the module afresh. */
let visitStarted = false;

/**
 * A loaded kiosk page starts a new visit: a basket, language or accessibility mode left by the customer before a
 * reload belongs to that customer, not to the next one.
 */
export function useNewVisitOnLoad(): void {
  const forgetVisit = useForgetVisit();
  useEffect(() => {
    if (visitStarted) return;
    visitStarted = true;
    forgetVisit();
  }, [forgetVisit]);
}
