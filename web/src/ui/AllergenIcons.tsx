import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Allergen } from '../api/types';

/**
 * Allergen icons. Each is a button named after the allergen; the name shows as a tooltip on hover,
 * on keyboard focus and on tap (touch screens have no hover).
 */
export function AllergenIcons({ allergens, size = 'sm', showNames = false }: { allergens: Allergen[]; size?: 'sm' | 'md'; showNames?: boolean }) {
  const intl = useIntl();
  const [open, setOpen] = useState<string | null>(null);
  const root = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!open) return;
    function onPointer(event: PointerEvent) {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(null);
    }
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') setOpen(null);
    }
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (allergens.length === 0) return null;
  return (
    <ul ref={root} className={`allergens allergens--${size}${showNames ? ' allergens--named' : ''}`} aria-label={intl.formatMessage({ id: 'allergens.label' })}>
      {allergens.map((a) => (
        <li key={a.code} className="allergens__item">
          {showNames ? (
            <span className="allergens__named">
              <img className="allergens__img" src={a.icon || `/media/allergens/${a.code}.svg`} alt="" width={28} height={28} loading="lazy" />
              <span>{a.name}</span>
            </span>
          ) : (
            <>
              <button
                type="button"
                className={`allergens__btn${open === a.code ? ' is-open' : ''}`}
                aria-label={a.name}
                onClick={() => setOpen((cur) => (cur === a.code ? null : a.code))}
                onBlur={() => setOpen((cur) => (cur === a.code ? null : cur))}
              >
                <img className="allergens__img" src={a.icon || `/media/allergens/${a.code}.svg`} alt="" width={24} height={24} loading="lazy" />
              </button>
              <span className="allergens__tip" role="tooltip" aria-hidden="true">
                {a.name}
              </span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
