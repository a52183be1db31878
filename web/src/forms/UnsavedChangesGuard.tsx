import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../ui/ConfirmDialog';

/**
 * Asks before leaving the page while `dirty`: an in-app link (also one to another tab of the page, which
 * is the query string) opens `UnsavedChangesDialog`; closing or reloading the tab gets the browser's own question.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return blocker;
}

/** The question of `useUnsavedChangesGuard`: stay (and keep what was typed) or leave without saving. */
export function UnsavedChangesDialog({ blocker, body }: { blocker: ReturnType<typeof useBlocker>; body?: string }) {
  const intl = useIntl();
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={intl.formatMessage({ id: 'form.leaveTitle' })}
      confirmLabel={intl.formatMessage({ id: 'form.leaveConfirm' })}
      onClose={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
    >
      <p>{body ?? intl.formatMessage({ id: 'form.leaveBody' })}</p>
    </ConfirmDialog>
  );
}
