// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useBumpKeys, type BumpKey } from './bumpKeys';

function Screen({ onKey }: { onKey: (key: BumpKey) => void }) {
  useBumpKeys(true, onKey);
  return (
    <div>
      <button type="button">Klaar</button>
      <input aria-label="Zoeken" />
    </div>
  );
}

afterEach(cleanup);

describe('the bump bar on a screen', () => {
  it('takes digits, Enter and Backspace from the page, and leaves buttons, fields and Ctrl+Z their own keys', () => {
    const onKey = vi.fn();
    render(<Screen onKey={onKey} />);
    fireEvent.keyDown(document.body, { key: '2' });
    fireEvent.keyDown(document.body, { key: 'Enter' });
    fireEvent.keyDown(document.body, { key: 'Backspace' });
    expect(onKey.mock.calls.map(([key]) => key)).toEqual([{ kind: 'select', index: 1 }, { kind: 'bump' }, { kind: 'recall' }]);
    onKey.mockClear();

    // Enter on a focused button is that button's click, not a bump; typing in a field is typing.
    const button = screen.getByRole('button', { name: 'Klaar' });
    expect(fireEvent.keyDown(button, { key: 'Enter' })).toBe(true);
    expect(fireEvent.keyDown(screen.getByLabelText('Zoeken'), { key: '1' })).toBe(true);
    expect(fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true })).toBe(true);
    expect(onKey).not.toHaveBeenCalled();
    // A digit on a focused button still selects (only Enter belongs to the button).
    expect(fireEvent.keyDown(button, { key: '1' })).toBe(false);
    expect(onKey).toHaveBeenCalledWith({ kind: 'select', index: 0 });
  });
});
