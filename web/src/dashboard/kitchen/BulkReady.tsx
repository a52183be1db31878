import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Button, Dialog } from '../../ui';

/** How long "Ongedaan maken" stays after a bulk ready (docs/decisions/0066-kitchen-bulk-actions-undo.md). */
export const UNDO_SECONDS = 10;

/**
 * "12 bestellingen klaarzetten?" before "Alles klaar" or "Selectie klaar". The confirm button has the focus, so
 * Enter confirms and Escape cancels; the `skipped` orders still to fire (under "Later") are named, as they stay.
 */
export function BulkReadyDialog({ count, skipped, onConfirm, onClose }: { count: number; skipped: number; onConfirm: () => void; onClose: () => void }) {
  const intl = useIntl();
  const confirm = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open
      onClose={onClose}
      initialFocus={confirm}
      title={intl.formatMessage({ id: 'kitchen.bulkReady.title' }, { count })}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {intl.formatMessage({ id: 'kitchen.bulkReady.cancel' })}
          </Button>
          <Button ref={confirm} onClick={onConfirm}>
            {intl.formatMessage({ id: 'kitchen.bulkReady.confirm' })}
          </Button>
        </>
      }
    >
      <p>{intl.formatMessage({ id: 'kitchen.bulkReady.body' })}</p>
      {skipped > 0 ? <p>{intl.formatMessage({ id: 'kitchen.bulkReady.skipped' }, { count: skipped })}</p> : null}
    </Dialog>
  );
}

/** Ctrl+Z (Cmd+Z on a Mac), not while typing in a field or while a dialog is open. */
function isUndoShortcut(event: KeyboardEvent): boolean {
  if (event.key.toLowerCase() !== 'z' || !(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey) return false;
  const target = event.target as HTMLElement | null;
  if (target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return false;
  return true;
}

/**
 * "N bestellingen klaar — Ongedaan maken" for UNDO_SECONDS after a bulk ready; the button or Ctrl+Z (shown
 * beside it) undoes, then the toast goes. `key` the component by the action so a new bulk ready starts afresh; render
 * it inside a live region that is always there, so screen readers announce it.
 */
export function UndoToast({ count, busy, onUndo, onExpire }: { count: number; busy: boolean; onUndo: () => void; onExpire: () => void }) {
  const intl = useIntl();
  const expire = useRef(onExpire);
  expire.current = onExpire;
  const undo = useRef(onUndo);
  undo.current = onUndo;
  const pending = useRef(busy);
  pending.current = busy;
  useEffect(() => {
    const timer = setTimeout(() => expire.current(), UNDO_SECONDS * 1000);
    const onKey = (event: KeyboardEvent) => {
      if (!isUndoShortcut(event)) return;
      event.preventDefault();
      if (!pending.current) undo.current();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('keydown', onKey);
    };
  }, []);
  return (
    <div className="kitchen__undo" data-testid="kitchen-undo">
      <span>{intl.formatMessage({ id: 'kitchen.undo.message' }, { count })}</span>
      <Button size="sm" variant="secondary" onClick={onUndo} busy={busy} aria-keyshortcuts="Control+Z Meta+Z">
        {intl.formatMessage({ id: 'kitchen.undo.action' })}
      </Button>
      <kbd className="kitchen__undo-key">{intl.formatMessage({ id: 'kitchen.undo.shortcut' })}</kbd>
    </div>
  );
}
