import { useEffect, useRef, type RefObject } from 'react';

export const SCROLL_LOCK_CLASS = 'overflow-hidden';
let locks = 0;

/** While any drawer or dialog is open the body gets `overflow-hidden` (docs/product.md §4). Reference counted. */
export function useBodyScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    locks += 1;
    document.body.classList.add(SCROLL_LOCK_CLASS);
    return () => {
      locks = Math.max(0, locks - 1);
      if (locks === 0) document.body.classList.remove(SCROLL_LOCK_CLASS);
    };
  }, [active]);
}

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.hasAttribute('inert') && el.getClientRects().length > 0);
}

/**
 * Moves focus into `container` when it opens, keeps Tab inside it, closes on Escape and gives focus back
 * to the element that had it (normally the toggle) when it closes.
 */
export function useFocusTrap(
  container: RefObject<HTMLElement | null>,
  active: boolean,
  onEscape: () => void,
  initialFocus?: RefObject<HTMLElement | null>,
): void {
  const escape = useRef(onEscape);
  escape.current = onEscape;

  useEffect(() => {
    if (!active) return;
    const previous = document.activeElement as HTMLElement | null;
    const root = container.current;
    const frame = requestAnimationFrame(() => {
      const target = initialFocus?.current ?? (root ? focusables(root)[0] : undefined) ?? root;
      target?.focus();
    });

    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.stopPropagation();
        escape.current();
        return;
      }
      if (event.key !== 'Tab' || !root) return;
      const items = focusables(root);
      if (items.length === 0) {
        event.preventDefault();
        root.focus();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const current = document.activeElement;
      if (event.shiftKey && (current === first || !root.contains(current))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (current === last || !root.contains(current))) {
        event.preventDefault();
        first.focus();
      }
    }

    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('keydown', onKeyDown, true);
      if (previous && document.contains(previous)) previous.focus();
    };
  }, [active, container, initialFocus]);
}
