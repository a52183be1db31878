import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Button } from './Button';
import { Dialog } from './Drawer';

/** "Are you sure?" before something that cannot be undone (revoking keys or sessions, leaving unsaved work). */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      title={props.title}
      actions={
        <>
          <Button variant="secondary" onClick={props.onClose}>
            {intl.formatMessage({ id: 'common.cancel' })}
          </Button>
          <Button variant="danger" busy={props.busy} onClick={props.onConfirm}>
            {props.confirmLabel}
          </Button>
        </>
      }
    >
      {props.children}
    </Dialog>
  );
}
