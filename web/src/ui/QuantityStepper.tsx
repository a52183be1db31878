import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Button } from './Button';
import { MinusIcon, PlusIcon } from './icons';

export interface QuantityStepperProps {
  value: number;
  onChange: (next: number) => void;
  min?: number;
  max?: number | null;
  /** Called when the user tries to go past `max`. */
  onMaxReached?: () => void;
  label?: string;
  disabled?: boolean;
}

export function QuantityStepper({ value, onChange, min = 1, max, onMaxReached, label, disabled }: QuantityStepperProps) {
  const intl = useIntl();
  const id = useId();
  const upper = max ?? 99;
  const set = (next: number) => {
    if (!Number.isFinite(next)) return;
    if (next > upper) {
      onChange(upper);
      onMaxReached?.();
      return;
    }
    onChange(Math.max(min, Math.round(next)));
  };
  return (
    <div className="stepper" role="group" aria-labelledby={`${id}-label`}>
      <label id={`${id}-label`} htmlFor={id} className="stepper__label">
        {label ?? intl.formatMessage({ id: 'product.quantity' })}
      </label>
      <div className="stepper__controls">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => set(value - 1)}
          disabled={disabled || value <= min}
          aria-label={intl.formatMessage({ id: 'product.quantityDecrease' })}
          icon={<MinusIcon />}
        />
        <input
          id={id}
          className="stepper__input"
          type="number"
          inputMode="numeric"
          min={min}
          max={upper}
          value={value}
          disabled={disabled}
          onChange={(e) => set(Number(e.target.value || min))}
        />
        <Button
          variant="secondary"
          size="sm"
          onClick={() => set(value + 1)}
          disabled={disabled}
          aria-label={intl.formatMessage({ id: 'product.quantityIncrease' })}
          icon={<PlusIcon />}
        />
      </div>
    </div>
  );
}
