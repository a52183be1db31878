import { createContext, useContext, useLayoutEffect } from 'react';

/**
 * The server's first paint (docs/decisions/0044-first-paint.md): the menu as plain HTML in `#first-paint`,
 * shown while the app renders into its hidden root (`body.has-first-paint`, web/src/shell/first-paint.css).
 * The app removes it once its own page has what it needs to show, in the same frame as it appears, so the
 * screen swaps one menu for the same menu instead of showing a spinner in between.
 */
export function releaseFirstPaint(): void {
  if (typeof document === 'undefined') return;
  document.getElementById('first-paint')?.remove();
  document.body.classList.remove('has-first-paint');
}

/** False while the shop shell keeps its page hidden (web/src/shell/ShopLayout.tsx): the first paint stays until then. */
export const ShellSettled = createContext(true);

/** Removes the first paint when `ready` (the page's data is there, or it shows an error): before the browser paints. */
export function useFirstPaintDone(ready = true): void {
  const shown = useContext(ShellSettled);
  useLayoutEffect(() => {
    if (ready && shown) releaseFirstPaint();
  }, [ready, shown]);
}

/** A page that never reports ready (a bug, a query that hangs) must not keep the app hidden forever. */
export const FIRST_PAINT_LIMIT_MS = 10_000;
