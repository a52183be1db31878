import { useState } from 'react';
import { useIntl } from 'react-intl';

/**
 * The kiosk has a touch screen and no keyboard, so a free-text add-on ("no onions, please") gets one on screen
 * (docs/decisions/0049-kiosk-video-suggestions-keyboard.md). AZERTY for Dutch and French, as Belgian keyboards
 * are; QWERTY for English. Letters, digits, the accents a Belgian order needs, space, backspace and done.
 */
export type KeyboardLayout = 'azerty' | 'qwerty';

export const LAYOUTS: Record<KeyboardLayout, string[]> = {
  azerty: ['1234567890', 'azertyuiop', 'qsdfghjklm', "wxcvbn,.'-", 'éèêëàçùô'],
  qwerty: ['1234567890', 'qwertyuiop', 'asdfghjkl', "zxcvbnm,.'-", 'éèêëàçùô'],
};

export const layoutFor = (locale: string): KeyboardLayout => (locale.startsWith('en') ? 'qwerty' : 'azerty');

export function OnScreenKeyboard({
  value,
  onChange,
  onDone,
  maxLength,
  layout,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  onDone: () => void;
  maxLength?: number | null;
  layout: KeyboardLayout;
  /** Names the keyboard for screen readers: what it types into. */
  label: string;
}) {
  const intl = useIntl();
  // One capital, like a phone: shift applies to the next letter only; the first letter starts capitalised.
  const [shift, setShift] = useState(value.length === 0);
  const full = maxLength !== null && maxLength !== undefined && value.length >= maxLength;
  const type = (key: string) => {
    if (full) return;
    onChange(value + (shift ? key.toLocaleUpperCase() : key));
    setShift(false);
  };
  const erase = () => {
    const next = [...value].slice(0, -1).join('');
    onChange(next);
    if (next.length === 0) setShift(true);
  };
  return (
    <div className="kiosk-keyboard" role="group" aria-label={intl.formatMessage({ id: 'kiosk.keyboard.label' }, { field: label })} data-testid="kiosk-keyboard">
      {LAYOUTS[layout].map((row) => (
        <div key={row} className="kiosk-keyboard__row">
          {[...row].map((key) => {
            const shown = shift ? key.toLocaleUpperCase() : key;
            return (
              <button key={key} type="button" className="kiosk-keyboard__key" disabled={full} onClick={() => type(key)} data-key={key}>
                {shown}
              </button>
            );
          })}
        </div>
      ))}
      <div className="kiosk-keyboard__row">
        <button
          type="button"
          className={`kiosk-keyboard__key kiosk-keyboard__key--wide${shift ? ' is-on' : ''}`}
          aria-pressed={shift}
          onClick={() => setShift((on) => !on)}
          data-testid="kiosk-keyboard-shift"
        >
          <span aria-hidden="true">⇧ </span>
          {intl.formatMessage({ id: 'kiosk.keyboard.shift' })}
        </button>
        <button
          type="button"
          className="kiosk-keyboard__key kiosk-keyboard__key--space"
          disabled={full}
          onClick={() => type(' ')}
          data-testid="kiosk-keyboard-space"
        >
          {intl.formatMessage({ id: 'kiosk.keyboard.space' })}
        </button>
        <button
          type="button"
          className="kiosk-keyboard__key kiosk-keyboard__key--wide"
          disabled={value.length === 0}
          onClick={erase}
          data-testid="kiosk-keyboard-backspace"
        >
          <span aria-hidden="true">⌫ </span>
          {intl.formatMessage({ id: 'kiosk.keyboard.backspace' })}
        </button>
        <button type="button" className="kiosk-keyboard__key kiosk-keyboard__key--done" onClick={onDone} data-testid="kiosk-keyboard-done">
          {intl.formatMessage({ id: 'kiosk.keyboard.done' })}
        </button>
      </div>
    </div>
  );
}
