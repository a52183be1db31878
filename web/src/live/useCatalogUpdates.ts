import type { CatalogChangedEvent } from '@bakje/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useEventStream } from './useEventStream';

/** The catalogue queries of the shop, the product page and the menu boards (api/hooks.ts keys), and the banners (messages/ShopMessages.tsx). */
const CATALOGUE_KEYS = [['products'], ['product'], ['productCategories'], ['terms'], ['catalogVersion'], ['soldOutAddonOptions'], ['shopMessages']] as const;

/**
 * Follows /api/events/catalog: after every catalogue change (a product saved, "sold out today" set or ended)
 * the open page refetches its catalogue queries, and `onChange` runs (the shop refreshes its cart so a line
 * that became sold out is flagged). No polling: the browser reconnects (useEventStream), and the version sent
 * on reconnect refetches if something changed meanwhile.
 */
export function useCatalogUpdates(onChange?: () => void): void {
  const queryClient = useQueryClient();
  const seen = useRef<number | undefined>(undefined);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  useEventStream('/api/events/catalog', {
    catalog: (data) => {
      const { version } = data as CatalogChangedEvent;
      const previous = seen.current;
      seen.current = version;
      // The first event only says where we are; a forced reload (a mark ending) repeats the version.
      if (previous === undefined || version < previous) return;
      for (const queryKey of CATALOGUE_KEYS) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
      onChangeRef.current?.();
    },
  });
}
