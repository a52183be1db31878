import { useIntl } from 'react-intl';
import { Button } from '../ui';
import { KioskDialog } from './KioskDialog';

/** docs/product.md §2 Kiosk: leaving the order flow loses the order, so it asks first; continuing is the safe choice. */
export function LeaveDialog({ onLeave, onContinue }: { onLeave: () => void; onContinue: () => void }) {
  const intl = useIntl();
  return (
    <KioskDialog
      testId="kiosk-leave-dialog"
      title={intl.formatMessage({ id: 'kiosk.leaveTitle' })}
      onEscape={onContinue}
      actions={
        <>
          <Button size="lg" block onClick={onContinue} data-testid="kiosk-continue">
            {intl.formatMessage({ id: 'kiosk.leaveContinue' })}
          </Button>
          <Button size="lg" block variant="danger" onClick={onLeave} data-testid="kiosk-leave-confirm">
            {intl.formatMessage({ id: 'kiosk.leaveConfirm' })}
          </Button>
        </>
      }
    >
      <p>{intl.formatMessage({ id: 'kiosk.leaveBody' })}</p>
    </KioskDialog>
  );
}
