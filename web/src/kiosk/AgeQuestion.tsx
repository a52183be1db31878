import { useIntl } from 'react-intl';
import { Button } from '../ui';
import { KioskDialog } from './KioskDialog';

/**
 * Asked before a 16+ or 18+ product opens (Belgian law: no beer or wine under 16, no spirits under 18): a clear
 * question with the age and two large answers; "No" is the safe choice (Escape). The order sends the confirmed
 * age and the server refuses age-restricted lines without it (docs/decisions/0071-age-restricted-products-staff-language.md).
 */
export function AgeQuestion({ age, product, onYes, onNo }: { age: number; product: string; onYes: () => void; onNo: () => void }) {
  const intl = useIntl();
  return (
    <KioskDialog
      testId="kiosk-age-question"
      title={intl.formatMessage({ id: 'kiosk.age.title' }, { age })}
      onEscape={onNo}
      actions={
        <>
          <Button size="lg" block onClick={onYes} data-testid="kiosk-age-yes">
            {intl.formatMessage({ id: 'kiosk.age.yes' }, { age })}
          </Button>
          <Button size="lg" block variant="secondary" onClick={onNo} data-testid="kiosk-age-no">
            {intl.formatMessage({ id: 'kiosk.age.no' }, { age })}
          </Button>
        </>
      }
    >
      <p>{intl.formatMessage({ id: 'kiosk.age.body' }, { age, product })}</p>
    </KioskDialog>
  );
}
