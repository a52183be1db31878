import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { gql } from '../api/client';
import { GetShopMessagesDocument, type GetShopMessagesQuery } from '../api/catalog.generated';
import type { MessageSurfaceEnum } from '../api/schema-types.generated';
import type { LocaleCode } from '../i18n/locale';
import { useLocale } from '../i18n/LocaleProvider';
import { useCatalogUpdates } from '../live/useCatalogUpdates';
import { CloseIcon } from '../ui';
import { dismissalKey, readDismissed, rememberDismissed } from './dismissed';
import './messages.css';

type ShopMessage = GetShopMessagesQuery['shopMessages'][number];

/** The query key's head is in useCatalogUpdates' list: a message written or a window opening or closing refetches. */
export const shopMessagesKey = (surface: MessageSurfaceEnum, locale: string) => ['shopMessages', surface, locale] as const;

/** Follows /api/events/catalog itself, for screens that do not already (the order status screen, the kiosk). */
function FollowCatalogue() {
  useCatalogUpdates();
  return null;
}

/**
 * The banners staff scheduled for this surface (docs/decisions/0032-messages-manuals.md), above the content:
 * a warning is an alert, information a status. Live: the catalogue event stream refetches them when a
 * message is written or its window opens or closes. On the shop and kiosk a visitor may close one for the
 * rest of the session; the display screens show them until they end.
 */
export function ShopMessages({
  surface,
  locale: screenLocale,
  dismissible = false,
  followCatalogue = false,
  className = '',
  onSettled,
}: {
  surface: MessageSurfaceEnum;
  /** A display with its own language (the status screen) asks in that one, not the visitor's. */
  locale?: LocaleCode;
  dismissible?: boolean;
  followCatalogue?: boolean;
  className?: string;
  /** Called once the banners are known (or failed to load): the shop shell then shows what comes below them. */
  onSettled?: () => void;
}) {
  const intl = useIntl();
  const { locale: visitorLocale } = useLocale();
  const locale = screenLocale ?? visitorLocale;
  const [dismissed, setDismissed] = useState(() => readDismissed());
  const query = useQuery<ShopMessage[]>({
    queryKey: shopMessagesKey(surface, locale),
    queryFn: ({ signal }) => gql(GetShopMessagesDocument, { surface }, { locale, signal }).then((d) => d.shopMessages),
  });
  const settled = !query.isPending;
  useEffect(() => {
    if (settled) onSettled?.();
  }, [settled, onSettled]);
  const shown = (query.data ?? []).filter((message) => !dismissible || !dismissed.has(dismissalKey(message)));
  return (
    <>
      {followCatalogue ? <FollowCatalogue /> : null}
      {shown.length > 0 ? (
        <div className={`shop-messages ${className}`} data-testid="shop-messages">
          {shown.map((message) => (
            <div
              key={message.databaseId}
              className={`shop-messages__item shop-messages__item--${message.level === 'WARNING' ? 'warning' : 'info'}`}
              role={message.level === 'WARNING' ? 'alert' : 'status'}
              data-message-id={message.databaseId}
            >
              <p className="shop-messages__text">{message.text}</p>
              {dismissible ? (
                <button
                  type="button"
                  className="shop-messages__close"
                  aria-label={intl.formatMessage({ id: 'messages.dismiss' })}
                  onClick={() => setDismissed(rememberDismissed(dismissalKey(message)))}
                >
                  <CloseIcon aria-hidden="true" />
                </button>
              ) : null}
            </div>
          ))}
        </div>
      ) : null}
    </>
  );
}
