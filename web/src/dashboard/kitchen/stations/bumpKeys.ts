import { useEffect, useRef } from 'react';

/**
 * A bump bar is a USB keyboard (docs/decisions/0069-kitchen-stations.md): 1-9 select the n-th order, Enter bumps
 * the selected one, Backspace or 0 recalls the last bumped. Keys with Ctrl, Alt or Meta are left alone (Ctrl+Z is
 * the bulk ready's undo), and so is typing in a field or a key meant for a dialog, button or link.
 */
export type BumpKey = { kind: 'select'; index: number } | { kind: 'bump' } | { kind: 'recall' };

export function bumpKeyOf(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'altKey' | 'metaKey'>): BumpKey | null {
  if (event.ctrlKey || event.altKey || event.metaKey) return null;
  if (/^[1-9]$/.test(event.key)) return { kind: 'select', index: Number(event.key) - 1 };
  if (event.key === 'Enter') return { kind: 'bump' };
  if (event.key === 'Backspace' || event.key === '0') return { kind: 'recall' };
  return null;
}

/** Whether the key belongs to what has focus (a field, a button's own Enter, an open dialog) rather than the bar. */
function ownedByFocus(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  if (!target || target === document.body) return false;
  if (target.closest('input, textarea, select, [contenteditable="true"], dialog, [role="dialog"]')) return true;
  // A focused button or link does its own thing on Enter (the selected card itself is not one).
  return event.key === 'Enter' && target.closest('button, a, [role="tab"], summary') !== null;
}

/** Listens on the document while `enabled`; the handler always sees the latest props. */
export function useBumpKeys(enabled: boolean, onKey: (key: BumpKey) => void): void {
  const handler = useRef(onKey);
  handler.current = onKey;
  useEffect(() => {
    if (!enabled) return;
    const listener = (event: KeyboardEvent) => {
      const key = bumpKeyOf(event);
      if (!key || ownedByFocus(event)) return;
      event.preventDefault();
      handler.current(key);
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [enabled]);
}
