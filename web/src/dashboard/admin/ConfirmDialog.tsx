import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Button, Dialog } from '../../ui';

/** "Are you sure?" before something that cannot be undone (revoking keys or sessions). */
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
            {intl.formatMessage({ id: 'dashboard.cancel' })}
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
