import { useIntl } from 'react-intl';
import { Button } from '../../ui';

/**
 * The edit and delete buttons of one row of a catalogue screen, named after the row for screen readers; without
 * `onDelete` (a row the server will not delete) there is no delete button.
 */
export function EditDeleteButtons({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete?: () => void }) {
  const intl = useIntl();
  return (
    <>
      <Button variant="secondary" size="sm" onClick={onEdit} aria-label={intl.formatMessage({ id: 'dashboard.catalog.editNamed' }, { name })}>
        {intl.formatMessage({ id: 'dashboard.catalog.edit' })}
      </Button>
      {onDelete ? (
        <Button variant="ghost" size="sm" onClick={onDelete} aria-label={intl.formatMessage({ id: 'dashboard.catalog.deleteNamed' }, { name })}>
          {intl.formatMessage({ id: 'dashboard.catalog.delete' })}
        </Button>
      ) : null}
    </>
  );
}
