import { SubmitButton } from '../../forms/SubmitButton';
import { Button } from '../../ui';

/**
 * A settings form's save and undo buttons, and (with `unsavedText`) the line saying the form differs from what
 * is stored. Undo is offered only while there is something to undo.
 */
export function SettingsFormActions({
  dirty,
  submitting,
  saveLabel,
  undoLabel,
  unsavedText,
  onUndo,
}: {
  dirty: boolean;
  submitting: boolean;
  saveLabel: string;
  undoLabel: string;
  unsavedText?: string;
  onUndo: () => void;
}) {
  return (
    <>
      {unsavedText && dirty && !submitting ? <p className="admin__muted">{unsavedText}</p> : null}
      <div className="admin__buttons">
        <SubmitButton submitting={submitting}>{saveLabel}</SubmitButton>
        <Button variant="secondary" disabled={!dirty || submitting} onClick={onUndo}>
          {undoLabel}
        </Button>
      </div>
    </>
  );
}
