import { useCallback, useEffect, useRef, useState } from 'react';
import { useBumpKeys } from './bumpKeys';

/**
 * The bump bar over a list of orders (docs/decisions/0069-kitchen-stations.md): 1-9 select (and focus) the n-th
 * card, Enter bumps the selected one, Backspace or 0 recalls the last bumped. After a bump the selection stays at
 * the same place, so the next order slides under it as on a kitchen display. `cardOf` finds a card's element.
 */
export function useBumpSelection<T extends { id: number }>(options: {
  enabled: boolean;
  orders: readonly T[];
  bump: (order: T) => Promise<boolean>;
  /** `orderId`: the last order bumped by the keys here (null: none); a screen may know a later one (a tap). */
  recall: (orderId: number | null) => Promise<boolean>;
  cardOf: (orderId: number) => HTMLElement | null;
}) {
  const [index, setIndex] = useState<number | null>(null);
  const [lastBumped, setLastBumped] = useState<number | null>(null);
  const latest = useRef(options);
  latest.current = options;
  // Nothing is selected until a number is pressed: a stray Enter bumps nothing.
  const selected = index === null ? undefined : options.orders[Math.min(index, options.orders.length - 1)];

  const focusCard = useCallback((orderId: number) => {
    const card = latest.current.cardOf(orderId);
    if (!card) return;
    if (card.tabIndex < 0 && !card.hasAttribute('tabindex')) card.tabIndex = -1;
    card.focus();
  }, []);

  useBumpKeys(options.enabled, (key) => {
    const { orders, bump, recall } = latest.current;
    if (key.kind === 'select') {
      const order = orders[key.index];
      if (!order) return;
      setIndex(key.index);
      focusCard(order.id);
    } else if (key.kind === 'bump') {
      if (!selected) return;
      void bump(selected).then((ok) => ok && setLastBumped(selected.id));
    } else {
      void recall(lastBumped).then((ok) => ok && setLastBumped(null));
    }
  });

  // Keep the selection inside the list as it shrinks.
  useEffect(() => {
    if (index !== null && index > 0 && index >= options.orders.length) setIndex(Math.max(0, options.orders.length - 1));
  }, [index, options.orders.length]);

  return { selectedId: selected?.id ?? null, lastBumped, setLastBumped };
}
