import { useIntl } from 'react-intl';
import { Button } from '../ui';
import { KioskDialog } from './KioskDialog';
import { useCountdown } from './useIdle';

/**
 * docs/product.md §2 Kiosk: 'Are you still here?' with a countdown in seconds and 'Yes, I'm still here'.
 * At zero `onExpire` ends the customer's session; the button (or any key that closes it) keeps it.
 */
export function InactivityWarning({ seconds, onStay, onExpire }: { seconds: number; onStay: () => void; onExpire: () => void }) {
  const intl = useIntl();
  const left = useCountdown(seconds, onExpire);
  return (
    <KioskDialog
      alert
      testId="kiosk-idle-warning"
      title={intl.formatMessage({ id: 'kiosk.idleTitle' })}
      onEscape={onStay}
      actions={
        <Button size="lg" block onClick={onStay} data-testid="kiosk-still-here">
          {intl.formatMessage({ id: 'kiosk.stillHere' })}
        </Button>
      }
    >
      <p className="kiosk-countdown" aria-hidden="true" data-testid="kiosk-idle-seconds">
        {left}
      </p>
      <p>{intl.formatMessage({ id: 'kiosk.idleBody' }, { seconds: left })}</p>
    </KioskDialog>
  );
}
