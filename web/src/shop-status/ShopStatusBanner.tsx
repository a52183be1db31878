import type { ShopStatus } from '@bakje/contract';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useShopStatus, type Channel } from './useShopStatus';
import './shop-status.css';

const TYPES = ['takeaway', 'delivery', 'dinein'] as const;

/** The soonest moment any type opens again, or null. */
function opensAt(status: ShopStatus): string | null {
  const times = TYPES.map((t) => status.open[t].opensAt).filter((t): t is string => t !== null);
  return times.length ? times.sort()[0]! : null;
}

/**
 * The shop's and the kiosk's notice line: ordering paused (per type), closed now and when it opens, or
 * the kitchen is busy. Live: it changes the moment the kitchen pauses or resumes.
 */
export function ShopStatusBanner({ channel = 'web', onSettled }: { channel?: Channel; onSettled?: () => void }) {
  const intl = useIntl();
  const { status, stream } = useShopStatus();
  // Known (or the stream refused): the shop shell may show what comes below the line (web/src/shell/ShopLayout.tsx).
  const settled = status !== null || stream === 'refused';
  useEffect(() => {
    if (settled) onSettled?.();
  }, [settled, onSettled]);
  if (!status) return null;
  // Paused by the kitchen (a closed day is told by the closed line, not as a pause).
  const paused = TYPES.filter((t) => status.pauses.some((p) => p.channel === channel && p.type === t));
  const anyOpen = TYPES.some((t) => status.open[t].isOpen);
  const time = (iso: string) => {
    const date = new Date(iso);
    const sameDay = new Date().toDateString() === date.toDateString();
    return intl.formatDate(date, sameDay ? { hour: '2-digit', minute: '2-digit' } : { weekday: 'long', hour: '2-digit', minute: '2-digit' });
  };
  const lines: { key: string; text: string; tone: 'warning' | 'info' }[] = [];
  if (paused.length === TYPES.length) {
    const ends = status.pauses.filter((p) => p.channel === channel).map((p) => p.until);
    const until = ends.includes(null) ? null : ends.sort().at(-1);
    lines.push({
      key: 'paused',
      tone: 'warning',
      text: until ? intl.formatMessage({ id: 'shopStatus.pausedUntil' }, { time: time(until) }) : intl.formatMessage({ id: 'shopStatus.paused' }),
    });
  } else if (paused.length > 0) {
    lines.push({
      key: 'paused-some',
      tone: 'warning',
      text: intl.formatMessage(
        { id: 'shopStatus.pausedFor' },
        { types: intl.formatList(paused.map((t) => intl.formatMessage({ id: `shopStatus.type.${t}` }))) },
      ),
    });
  }
  if (!anyOpen) {
    const next = opensAt(status);
    lines.push({
      key: 'closed',
      tone: 'info',
      text: next ? intl.formatMessage({ id: 'shopStatus.closedOpensAt' }, { time: time(next) }) : intl.formatMessage({ id: 'shopStatus.closed' }),
    });
  }
  if (status.busyMinutes > 0 && paused.length < TYPES.length) {
    lines.push({ key: 'busy', tone: 'info', text: intl.formatMessage({ id: 'shopStatus.busy' }, { minutes: status.busyMinutes }) });
  }
  if (lines.length === 0) return null;
  return (
    <div className="shop-status" role="status" aria-live="polite" data-testid="shop-status">
      {lines.map((line) => (
        <p key={line.key} className={`shop-status__line shop-status__line--${line.tone}`}>
          {line.text}
        </p>
      ))}
    </div>
  );
}
