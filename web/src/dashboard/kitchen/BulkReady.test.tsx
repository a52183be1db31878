// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import messages from '../../i18n/messages/staff/nl-BE.json';
import { BulkReadyDialog, UNDO_SECONDS, UndoToast } from './BulkReady';

const inDutch = (ui: React.ReactNode) =>
  render(
    <IntlProvider locale="nl-BE" messages={{ ...messages, 'common.close': 'Sluiten' }}>
      {ui}
    </IntlProvider>,
  );

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('bulk ready', () => {
  it('asks with the count, names the pre-orders it leaves, focuses the confirm button and closes on Escape', async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    inDutch(<BulkReadyDialog count={12} skipped={1} onConfirm={onConfirm} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: '12 bestellingen klaarzetten?' });
    expect(dialog.textContent).toContain('1 bestelling onder "Later" (nog niet gestart) blijft in bereiding.');
    const confirm = screen.getByRole('button', { name: 'Klaarzetten' });
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(document.activeElement).toBe(confirm);
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledOnce();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('offers the undo for 10 seconds, by its button or Ctrl+Z (not while typing)', () => {
    vi.useFakeTimers();
    const onUndo = vi.fn();
    const onExpire = vi.fn();
    inDutch(
      <>
        <input aria-label="Zoeken" />
        <UndoToast count={3} busy={false} onUndo={onUndo} onExpire={onExpire} />
      </>,
    );
    expect(screen.getByTestId('kitchen-undo').textContent).toContain('3 bestellingen klaar');
    fireEvent.keyDown(screen.getByLabelText('Zoeken'), { key: 'z', ctrlKey: true });
    expect(onUndo).not.toHaveBeenCalled();
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    fireEvent.click(screen.getByRole('button', { name: 'Ongedaan maken' }));
    expect(onUndo).toHaveBeenCalledTimes(2);
    act(() => {
      vi.advanceTimersByTime(UNDO_SECONDS * 1000 - 1);
    });
    expect(onExpire).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onExpire).toHaveBeenCalledOnce();
  });
});
