import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { parseShopQuery, shopHref } from '../shop/filtering';
import { Button } from '../ui';
import { CloseIcon, SearchIcon } from '../ui/icons';

export const SEARCH_DEBOUNCE_MS = 300;

export function isShopPath(pathname: string): boolean {
  return pathname === '/bestellen' || pathname === '/bestellen/' || pathname.startsWith('/bestellen/page/');
}

/**
 * The header search box. On the ordering page it filters live (debounced 300 ms, docs/product.md §5); elsewhere
 * Enter opens the ordering page with the search. Clearing the input clears the search at once.
 */
export function HeaderSearch({ autoFocus, inputRef }: { autoFocus?: boolean; inputRef?: React.RefObject<HTMLInputElement | null> }) {
  const intl = useIntl();
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const onShop = isShopPath(location.pathname);
  const urlSearch = onShop ? (params.get('search') ?? '').trim() : '';
  const [value, setValue] = useState(urlSearch);
  const lastSent = useRef(urlSearch);
  const ownRef = useRef<HTMLInputElement>(null);
  const ref = inputRef ?? ownRef;

  // The URL changed from outside (back/forward, a link, clear filters): show it.
  useEffect(() => {
    if (urlSearch !== lastSent.current) {
      lastSent.current = urlSearch;
      setValue(urlSearch);
    }
  }, [urlSearch]);

  useEffect(() => {
    if (autoFocus) ref.current?.focus();
  }, [autoFocus, ref]);

  const paramsString = params.toString();
  useEffect(() => {
    if (!onShop) return;
    const trimmed = value.trim();
    if (trimmed === lastSent.current) return;
    const timer = setTimeout(
      () => {
        lastSent.current = trimmed;
        const current = parseShopQuery(new URLSearchParams(paramsString));
        void navigate(shopHref({ ...current, search: trimmed }, 1));
      },
      trimmed === '' ? 0 : SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [value, onShop, navigate, paramsString]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = value.trim();
    lastSent.current = trimmed;
    const current = onShop ? parseShopQuery(new URLSearchParams(paramsString)) : parseShopQuery(new URLSearchParams());
    void navigate(shopHref({ ...current, search: trimmed }, 1));
  }

  const label = intl.formatMessage({ id: 'search.label' });
  return (
    <form className="search-form" role="search" onSubmit={submit} aria-label={label}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <span className="search-form__icon" aria-hidden="true">
        <SearchIcon />
      </span>
      <input
        ref={ref}
        id={id}
        className="search-form__input"
        type="search"
        name="search"
        autoComplete="off"
        enterKeyHint="search"
        placeholder={intl.formatMessage({ id: 'search.placeholder' })}
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      {value ? (
        <Button
          variant="ghost"
          size="sm"
          className="search-form__clear"
          aria-label={intl.formatMessage({ id: 'search.clear' })}
          icon={<CloseIcon />}
          onClick={() => {
            setValue('');
            ref.current?.focus();
          }}
        />
      ) : null}
    </form>
  );
}
