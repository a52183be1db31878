// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../i18n/messages/en-US.json';
import nl from '../i18n/messages/nl-BE.json';
import { layoutFor, OnScreenKeyboard, type KeyboardLayout } from './OnScreenKeyboard';

function Typing({ layout, maxLength, onDone }: { layout: KeyboardLayout; maxLength?: number; onDone: () => void }) {
  const [text, setText] = useState('');
  return (
    <>
      <output data-testid="typed">{text}</output>
      <OnScreenKeyboard value={text} onChange={setText} onDone={onDone} maxLength={maxLength} layout={layout} label="Remark" />
    </>
  );
}

function show(layout: KeyboardLayout, locale: 'en-US' | 'nl-BE', maxLength?: number) {
  const onDone = vi.fn();
  render(
    <IntlProvider locale={locale} messages={locale === 'en-US' ? en : nl}>
      <Typing layout={layout} maxLength={maxLength} onDone={onDone} />
    </IntlProvider>,
  );
  return onDone;
}

const tap = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const typed = () => screen.getByTestId('typed').textContent;

afterEach(cleanup);

describe('the kiosk on-screen keyboard', () => {
  it('picks AZERTY for Dutch and French, QWERTY for English', () => {
    expect(layoutFor('nl-BE')).toBe('azerty');
    expect(layoutFor('fr-FR')).toBe('azerty');
    expect(layoutFor('en-US')).toBe('qwerty');
  });

  it('types by taps only: a capital first, letters, space, accents, backspace, and done', () => {
    const onDone = show('qwerty', 'en-US');
    const keyboard = screen.getByRole('group', { name: 'Keyboard for Remark' });
    const rows = [...keyboard.querySelectorAll('.kiosk-keyboard__row')].map((row) => row.textContent);
    expect(rows[1]).toBe('QWERTYUIOP');
    // Every key is a real button (usable by touch, and by a switch or keyboard in accessibility setups).
    expect([...keyboard.querySelectorAll('button')].every((b) => b.getAttribute('type') === 'button')).toBe(true);
    for (const key of ['N', 'o']) tap(key);
    tap('Space');
    for (const key of ['u', 'i', 'e']) tap(key);
    expect(typed()).toBe('No uie');
    tap('Capital');
    expect(screen.getByTestId('kiosk-keyboard-shift').getAttribute('aria-pressed')).toBe('true');
    tap('É');
    tap('ç');
    expect(typed()).toBe('No uieÉç');
    tap('Delete');
    tap('Delete');
    tap('Delete');
    expect(typed()).toBe('No ui');
    tap('Done');
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('has the AZERTY rows in Dutch and stops at the maximum length', () => {
    show('azerty', 'nl-BE', 3);
    const keyboard = screen.getByRole('group', { name: 'Toetsenbord voor Remark' });
    expect([...keyboard.querySelectorAll('.kiosk-keyboard__row')].map((row) => row.textContent).slice(1, 3)).toEqual(['AZERTYUIOP', 'QSDFGHJKLM']);
    for (const key of ['A', 'z', 'e']) tap(key);
    expect(typed()).toBe('Aze');
    expect((screen.getByRole('button', { name: 'r' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Spatie' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'r' }));
    expect(typed()).toBe('Aze');
    tap('Wissen');
    tap('r');
    expect(typed()).toBe('Azr');
  });
});
