import { useIntl } from 'react-intl';
import { Notice } from '../../ui';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

/** "Delete {name}?" for a row of a catalogue screen, with the server's refusal shown in the dialog. */
export function ConfirmDeleteDialog({
  name,
  titleId,
  bodyId,
  busy,
  error,
  onClose,
  onConfirm,
}: {
  /** The row being deleted, by name; null when the dialog is closed. */
  name: string | null;
  titleId: string;
  bodyId: string;
  busy: boolean;
  error: Error | null;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const intl = useIntl();
  return (
    <ConfirmDialog
      open={name !== null}
      title={intl.formatMessage({ id: titleId })}
      confirmLabel={intl.formatMessage({ id: 'dashboard.catalog.delete' })}
      busy={busy}
      onClose={onClose}
      onConfirm={onConfirm}
    >
      <p>{intl.formatMessage({ id: bodyId }, { name: name ?? '' })}</p>
      {error ? (
        <Notice tone="error" role="alert">
          {error.message}
        </Notice>
      ) : null}
    </ConfirmDialog>
  );
}
