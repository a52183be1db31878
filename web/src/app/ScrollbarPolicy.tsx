import { useEffect } from 'react';
import { useLocation } from 'react-router';

export const HIDE_SCROLLBARS_CLASS = 'hide-scrollbars';
const KIOSK_PATHS = ['/bestellenkiosk', '/kioskindex', '/digital-menu', '/order-status-scherm', '/videooverlay'];

/** Kiosk and mobile user agents (and kiosk/display routes) get no visible scrollbars (docs/product.md §2 Shell). */
export function isKioskOrMobileAgent(userAgent: string): boolean {
  return /Android|iPhone|iPad|iPod|Mobile|Silk|Kindle|Opera Mini|IEMobile|Kiosk|CrKey|SMART-TV/i.test(userAgent);
}

export function ScrollbarPolicy() {
  const { pathname } = useLocation();
  useEffect(() => {
    const kioskRoute = KIOSK_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
    const hide = kioskRoute || isKioskOrMobileAgent(navigator.userAgent);
    document.documentElement.classList.toggle(HIDE_SCROLLBARS_CLASS, hide);
  }, [pathname]);
  return null;
}
