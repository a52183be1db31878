import { useCallback, useEffect, useRef, useState } from 'react';
import { Chime } from '../../live/chime';
import { nextChime } from './kitchenOrders';

/** While an alert waits for acknowledgement, the sound comes back this often. */
const REPEAT_ALERT_MS = 8_000;
/** Several orders at once: one chime each, this far apart. */
const CHIME_GAP_MS = 900;

/**
 * The kitchen's new-order sound: Web Audio, no file. Browsers allow sound only after a gesture, so any
 * click or key unlocks it (`soundBlocked` until then, `enableSound` for the button). `ring` queues one
 * chime per call, `CHIME_GAP_MS` apart, so three orders arriving together are three audible chimes;
 * while `repeatWhile` holds, the chime comes back every `REPEAT_ALERT_MS`.
 */
export function useChime({ repeatWhile }: { repeatWhile: boolean }) {
  const chime = useRef(new Chime());
  const [soundBlocked, setSoundBlocked] = useState(true);
  const chimeTimers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const nextChimeAt = useRef(0);

  const ring = useCallback(() => {
    const { delay, freeFrom } = nextChime(nextChimeAt.current, Date.now(), CHIME_GAP_MS);
    nextChimeAt.current = freeFrom;
    const timer = setTimeout(() => {
      chimeTimers.current.delete(timer);
      chime.current.play();
    }, delay);
    chimeTimers.current.add(timer);
  }, []);

  const enableSound = useCallback(() => void chime.current.unlock().then((ok) => setSoundBlocked(!ok)), []);

  useEffect(() => {
    enableSound();
    document.addEventListener('pointerdown', enableSound);
    document.addEventListener('keydown', enableSound);
    const timers = chimeTimers.current;
    return () => {
      document.removeEventListener('pointerdown', enableSound);
      document.removeEventListener('keydown', enableSound);
      timers.forEach(clearTimeout);
    };
  }, [enableSound]);

  useEffect(() => {
    if (!repeatWhile) return;
    const timer = setInterval(() => chime.current.play(), REPEAT_ALERT_MS);
    return () => clearInterval(timer);
  }, [repeatWhile]);

  return { ring, soundBlocked, enableSound };
}
