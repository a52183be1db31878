// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast } from './Toast';

function Saver() {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast('Sessions ended.')}>
      End sessions
    </button>
  );
}

const show = () =>
  render(
    <IntlProvider locale="en-US" messages={{ 'common.dismiss': 'Dismiss' }}>
      <ToastProvider>
        <Saver />
      </ToastProvider>
    </IntlProvider>,
  );

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('toasts', () => {
  it('announce a message in the polite live region until dismissed', () => {
    show();
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    fireEvent.click(screen.getByRole('button', { name: 'End sessions' }));
    expect(region.textContent).toContain('Sessions ended.');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('go by themselves after a few seconds', () => {
    vi.useFakeTimers();
    show();
    fireEvent.click(screen.getByRole('button', { name: 'End sessions' }));
    fireEvent.click(screen.getByRole('button', { name: 'End sessions' }));
    expect(screen.getAllByTestId('toast')).toHaveLength(2);
    act(() => {
      vi.advanceTimersByTime(5_900);
    });
    expect(screen.getAllByTestId('toast')).toHaveLength(2);
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('need a provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() =>
      render(
        <IntlProvider locale="en-US">
          <Saver />
        </IntlProvider>,
      ),
    ).toThrow('ToastProvider');
  });
});
