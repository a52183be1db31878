import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ApiError, gql } from '../api/client';
import { useLocale } from '../i18n/LocaleProvider';
import { Button, Notice } from '../ui';
import { SubscribeOrderPushDocument, WebPushPublicKeyDocument } from './checkout.generated';

/** The service worker (web/public/push-sw.js), at the site's root so its scope is the whole site. */
export const PUSH_WORKER_URL = '/push-sw.js';
const remembered = (orderId: number) => `bakje.push.${orderId}`;

/** Whether this browser can take web push at all (a service worker, the Push API and notifications). */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The VAPID key as PushManager.subscribe takes it: base64url to bytes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function readRemembered(orderId: number): boolean {
  try {
    return localStorage.getItem(remembered(orderId)) === '1';
  } catch {
    return false;
  }
}

type State = 'idle' | 'busy' | 'on' | 'denied' | 'failed' | 'refused';

/**
 * "Laat me weten wanneer mijn bestelling klaar is" (docs/decisions/0086-order-web-push.md): asks the browser's
 * permission, registers the service worker, subscribes with the shop's VAPID key and gives the subscription to
 * the shop for this order. Shown only where the browser supports push, while the order is not finished.
 */
export function OrderPushPanel({ orderId, orderKey }: { orderId: number; orderKey: string | null }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const [state, setState] = useState<State>(() =>
    readRemembered(orderId) && Notification.permission === 'granted' ? 'on' : Notification.permission === 'denied' ? 'denied' : 'idle',
  );

  async function subscribe() {
    setState('busy');
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setState(permission === 'denied' ? 'denied' : 'idle');
        return;
      }
      const registration = await navigator.serviceWorker.register(PUSH_WORKER_URL, { scope: '/' });
      await navigator.serviceWorker.ready;
      const { webPushPublicKey } = await gql(WebPushPublicKeyDocument, {}, { locale });
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(webPushPublicKey) }));
      const json = subscription.toJSON();
      if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) throw new Error('incomplete subscription');
      await gql(
        SubscribeOrderPushDocument,
        { input: { orderId, endpoint: json.endpoint, p256dh: json.keys.p256dh, auth: json.keys.auth, ...(orderKey ? { orderKey } : {}) } },
        { locale, session: true },
      );
      try {
        localStorage.setItem(remembered(orderId), '1');
      } catch {
        // Private mode: the page just offers it again next time.
      }
      setState('on');
    } catch (error) {
      setState(error instanceof ApiError && (error.code === 'ORDER_NOT_FOUND' || error.code === 'ORDER_ACTION_REFUSED') ? 'refused' : 'failed');
    }
  }

  return (
    <section className="order-push checkout__section" aria-labelledby="order-push-title" data-testid="order-push">
      <h2 id="order-push-title" className="checkout__section-title">
        {intl.formatMessage({ id: 'order.push.title' })}
      </h2>
      <div aria-live="polite" data-testid="order-push-state" data-state={state}>
        {state === 'on' ? <Notice tone="success">{intl.formatMessage({ id: 'order.push.on' })}</Notice> : null}
        {state === 'denied' ? <Notice tone="info">{intl.formatMessage({ id: 'order.push.denied' })}</Notice> : null}
        {state === 'failed' ? <Notice tone="error">{intl.formatMessage({ id: 'order.push.failed' })}</Notice> : null}
        {state === 'refused' ? <Notice tone="error">{intl.formatMessage({ id: 'order.push.refused' })}</Notice> : null}
      </div>
      {state === 'on' || state === 'denied' ? null : (
        <Button type="button" variant="secondary" onClick={() => void subscribe()} busy={state === 'busy'}>
          {intl.formatMessage({ id: 'order.push.ask' })}
        </Button>
      )}
    </section>
  );
}
