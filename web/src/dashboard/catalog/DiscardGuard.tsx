import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { UnsavedChangesDialog, useUnsavedChangesGuard } from '../../forms/UnsavedChangesGuard';
import { Button, Dialog, Notice } from '../../ui';

/**
 * An editor in a dialog: closing it (button, Escape, overlay) with unsaved changes asks first, inside the
 * same dialog so the form keeps what was typed; leaving the page asks too (useUnsavedChangesGuard).
 */
export function EditorDialog({
  open,
  title,
  dirty,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  dirty: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const intl = useIntl();
  const [asking, setAsking] = useState(false);
  const blocker = useUnsavedChangesGuard(open && dirty);
  const close = () => (dirty ? setAsking(true) : onClose());
  return (
    <>
      <Dialog open={open} onClose={close} title={title}>
        {asking ? (
          <Notice tone="warning" role="alert">
            <p>{intl.formatMessage({ id: 'dashboard.catalog.discardBody' })}</p>
            <div className="admin__buttons">
              <Button variant="secondary" size="sm" autoFocus onClick={() => setAsking(false)}>
                {intl.formatMessage({ id: 'dashboard.catalog.keepEditing' })}
              </Button>
              <Button
                variant="danger"
                size="sm"
                onClick={() => {
                  setAsking(false);
                  onClose();
                }}
              >
                {intl.formatMessage({ id: 'dashboard.catalog.discard' })}
              </Button>
            </div>
          </Notice>
        ) : null}
        <div hidden={asking}>{children}</div>
      </Dialog>
      <UnsavedChangesDialog blocker={blocker} />
    </>
  );
}
