// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../i18n/messages/en-US.json';
import { InactivityWarning } from './InactivityWarning';
import { LeaveDialog } from './LeaveDialog';
import { useIdle } from './useIdle';

function show(node: React.ReactNode) {
  return render(
    <IntlProvider locale="en-US" messages={en}>
      {node}
    </IntlProvider>,
  );
}

function IdleProbe({ seconds, onIdle }: { seconds: number; onIdle: () => void }) {
  useIdle(seconds, onIdle);
  return <button type="button">touch</button>;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the kiosk inactivity warning', () => {
  it('counts down in seconds with the texts of docs/product.md §2 and ends the session at zero, once', () => {
    const onExpire = vi.fn();
    const onStay = vi.fn();
    show(<InactivityWarning seconds={5} onStay={onStay} onExpire={onExpire} />);
    expect(screen.getByRole('alertdialog', { name: 'Are you still here?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: "Yes, I'm still here" })).toBeTruthy();
    expect(screen.getByTestId('kiosk-idle-seconds').textContent).toBe('5');
    act(() => {
      vi.advanceTimersByTime(2_000);
    });
    expect(screen.getByTestId('kiosk-idle-seconds').textContent).toBe('3');
    expect(screen.getByText('Your order will be cancelled in 3 seconds.')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1_900);
    });
    expect(onExpire).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1_200);
    });
    expect(screen.getByTestId('kiosk-idle-seconds').textContent).toBe('0');
    expect(onExpire).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(onExpire).toHaveBeenCalledTimes(1);
    expect(onStay).not.toHaveBeenCalled();
  });

  it("'Yes, I'm still here' keeps the session", () => {
    const onExpire = vi.fn();
    const onStay = vi.fn();
    show(<InactivityWarning seconds={3} onStay={onStay} onExpire={onExpire} />);
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    fireEvent.click(screen.getByRole('button', { name: "Yes, I'm still here" }));
    expect(onStay).toHaveBeenCalledTimes(1);
    expect(onExpire).not.toHaveBeenCalled();
  });

  it('starts only after the idle time without a touch; each touch restarts it', () => {
    const onIdle = vi.fn();
    show(<IdleProbe seconds={45} onIdle={onIdle} />);
    act(() => {
      vi.advanceTimersByTime(44_000);
    });
    fireEvent.pointerDown(screen.getByRole('button', { name: 'touch' }));
    act(() => {
      vi.advanceTimersByTime(44_000);
    });
    expect(onIdle).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(onIdle).toHaveBeenCalledTimes(1);
  });
});

describe('leaving the kiosk order flow', () => {
  it('asks: return to the main screen (progress is lost) or continue ordering', () => {
    const onLeave = vi.fn();
    const onContinue = vi.fn();
    show(<LeaveDialog onLeave={onLeave} onContinue={onContinue} />);
    const dialog = screen.getByRole('dialog', { name: 'Return to the main screen?' });
    expect(dialog.textContent).toContain('Your order in progress will be lost.');
    fireEvent.click(screen.getByRole('button', { name: 'Continue ordering' }));
    expect(onContinue).toHaveBeenCalledTimes(1);
    expect(onLeave).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Return to main screen' }));
    expect(onLeave).toHaveBeenCalledTimes(1);
  });

  it('Escape is the safe choice: continue ordering', () => {
    const onLeave = vi.fn();
    const onContinue = vi.fn();
    show(<LeaveDialog onLeave={onLeave} onContinue={onContinue} />);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onContinue).toHaveBeenCalledTimes(1);
    expect(onLeave).not.toHaveBeenCalled();
  });
});
