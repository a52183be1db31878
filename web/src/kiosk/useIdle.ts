import { useEffect, useRef, useState } from 'react';

const ACTIVITY = ['pointerdown', 'touchstart', 'keydown', 'wheel'] as const;

/**
 * Calls `onIdle` once `seconds` pass without a touch, key or wheel on the page. `enabled` false stops the timer
 * (a dialog counting down, the customer at the card terminal). Each activity restarts it.
 */
export function useIdle(seconds: number, onIdle: () => void, enabled = true): void {
  const callback = useRef(onIdle);
  callback.current = onIdle;
  useEffect(() => {
    if (!enabled || seconds <= 0) return;
    let timer: ReturnType<typeof setTimeout>;
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(() => callback.current(), seconds * 1000);
    };
    restart();
    for (const type of ACTIVITY) window.addEventListener(type, restart, { passive: true, capture: true });
    return () => {
      clearTimeout(timer);
      for (const type of ACTIVITY) window.removeEventListener(type, restart, { capture: true });
    };
  }, [seconds, enabled]);
}

/** Seconds left of a countdown of `seconds` started when this mounted; counts from the clock, not from ticks. */
export function useCountdown(seconds: number, onZero: () => void): number {
  const [left, setLeft] = useState(seconds);
  const done = useRef(onZero);
  done.current = onZero;
  useEffect(() => {
    const end = Date.now() + seconds * 1000;
    let fired = false;
    const tick = () => {
      const remaining = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0 && !fired) {
        fired = true;
        clearInterval(timer);
        done.current();
      }
    };
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [seconds, setLeft]);
  return left;
}
