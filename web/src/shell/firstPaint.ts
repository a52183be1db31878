import { createContext, useContext, useLayoutEffect } from 'react';

/**
 * The server's first paint (docs/decisions/0044-first-paint.md): the menu as plain HTML in `#first-paint`,
 * shown while the app renders into its root held out of the document, so the page never holds two menus
 * at once (one name, one heading, one of each link for a screen reader or a test). The app puts its root
 * in place of the first paint once its own page has what it needs to show, in the same frame, so the
 * screen swaps one menu for the same menu instead of showing a spinner in between.
 */
let heldRoot: HTMLElement | null = null;

/** Takes the app's root out of the document while there is a first paint; the app renders into it there. */
export function holdRootForFirstPaint(root: HTMLElement): void {
  if (!document.getElementById('first-paint')) return;
  heldRoot = root;
  root.remove();
}

export function releaseFirstPaint(): void {
  if (typeof document === 'undefined') return;
  const paint = document.getElementById('first-paint');
  if (heldRoot) {
    if (paint) paint.replaceWith(heldRoot);
    else document.body.prepend(heldRoot);
    heldRoot = null;
  } else {
    paint?.remove();
  }
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
