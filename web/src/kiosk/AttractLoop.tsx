import type { KioskAttractItem } from '@bakje/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useProductList } from '../api/hooks';

interface Slide {
  key: string;
  kind: 'video' | 'image';
  url: string;
  seconds: number;
  caption?: string;
}

/** Without uploaded items the loop shows the menu's own photos (a demo shop, a shop that has not set it up yet). */
const DEMO_SECONDS = 6;
const DEMO_SLIDES = 6;

function useSlides(items: KioskAttractItem[]): Slide[] {
  const products = useProductList();
  return useMemo(() => {
    if (items.length > 0) return items.map((i) => ({ key: `m${i.mediaId}`, kind: i.kind, url: i.url, seconds: i.seconds }));
    return (products.data ?? [])
      .filter((p) => p.image?.sourceUrl)
      .sort((a, b) => Number(b.featured) - Number(a.featured))
      .slice(0, DEMO_SLIDES)
      .map((p) => ({ key: `p${p.databaseId}`, kind: 'image' as const, url: p.image!.sourceUrl!, seconds: DEMO_SECONDS, caption: p.name }));
  }, [items, products.data]);
}

/**
 * /videooverlay: the owner's videos (muted, looping through the list) and images (for their seconds), the next one
 * preloaded so playback never waits on the network; a touch anywhere starts an order.
 */
export function AttractLoop({ items }: { items: KioskAttractItem[] }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const slides = useSlides(items);
  const [index, setIndex] = useState(0);
  const current = slides.length ? slides[index % slides.length]! : null;
  const next = slides.length > 1 ? slides[(index + 1) % slides.length]! : null;
  const count = slides.length;
  const advance = useCallback(() => setIndex((i) => (i + 1) % Math.max(1, count)), [count]);

  useEffect(() => {
    if (!current || current.kind !== 'image' || count < 2) return;
    const timer = setTimeout(advance, current.seconds * 1000);
    return () => clearTimeout(timer);
  }, [current, count, advance]);

  useEffect(() => {
    if (next?.kind !== 'image') return;
    const img = new Image();
    img.src = next.url;
  }, [next]);

  return (
    <main id="main" className="kiosk-attract" data-testid="kiosk-attract">
      <button type="button" className="kiosk-attract__start" onClick={() => void navigate('/bestellenkiosk')} data-testid="kiosk-attract-start">
        {current ? (
          current.kind === 'video' ? (
            <video
              key={current.key}
              className="kiosk-attract__media"
              src={current.url}
              autoPlay
              muted
              playsInline
              preload="auto"
              loop={slides.length === 1}
              onEnded={advance}
              onError={advance}
              data-testid="kiosk-attract-video"
            />
          ) : (
            <img key={current.key} className="kiosk-attract__media" src={current.url} alt="" data-testid="kiosk-attract-image" />
          )
        ) : null}
        {current?.caption ? <span className="kiosk-attract__caption">{current.caption}</span> : null}
        <span className="kiosk-attract__cta">{intl.formatMessage({ id: 'kiosk.touchToStart' })}</span>
      </button>
      {next?.kind === 'video' ? <video className="kiosk-attract__preload" src={next.url} muted preload="auto" aria-hidden="true" /> : null}
    </main>
  );
}
