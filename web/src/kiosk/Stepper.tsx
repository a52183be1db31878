import { useIntl } from 'react-intl';

/** − count + with finger-sized buttons and no text field (a kiosk has no keyboard). */
export function Stepper({
  value,
  min,
  max,
  onChange,
  label,
  disabled,
}: {
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  label: string;
  disabled?: boolean;
}) {
  const intl = useIntl();
  return (
    <div className="kiosk-stepper" role="group" aria-label={label}>
      <button
        type="button"
        className="kiosk-stepper__btn"
        disabled={disabled || value <= min}
        onClick={() => onChange(value - 1)}
        aria-label={intl.formatMessage({ id: 'kiosk.less' }, { name: label })}
        data-testid="kiosk-less"
      >
        −
      </button>
      <output className="kiosk-stepper__value" aria-live="polite">
        {value}
      </output>
      <button
        type="button"
        className="kiosk-stepper__btn"
        disabled={disabled || value >= max}
        onClick={() => onChange(value + 1)}
        aria-label={intl.formatMessage({ id: 'kiosk.more' }, { name: label })}
        data-testid="kiosk-more"
      >
        +
      </button>
    </div>
  );
}
