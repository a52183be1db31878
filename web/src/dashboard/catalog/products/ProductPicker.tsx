import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { retryServerErrors } from '../../../api/http';
import { Button } from '../../../ui';
import { listProducts } from './api';

/** Chooses products by searching their names (upsells, cross-sells, grouped products); shows the chosen ones as removable chips. */
export function ProductPicker({ label, value, onChange, exclude }: { label: string; value: number[]; onChange: (ids: number[]) => void; exclude?: number }) {
  const intl = useIntl();
  const id = useId();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const found = useQuery({
    queryKey: ['dashboard', 'wc-products', 'picker', search],
    queryFn: ({ signal }) => listProducts({ page: 1, perPage: 8, search }, signal),
    enabled: search.length > 0,
    retry: retryServerErrors,
  });
  const names = useQuery({
    queryKey: ['dashboard', 'wc-products', 'names', value],
    queryFn: ({ signal }) => listProducts({ page: 1, perPage: 100, ids: value }, signal),
    enabled: value.length > 0,
    retry: retryServerErrors,
  });
  const nameOf = (pid: number) => names.data?.products.find((p) => p.id === pid)?.name ?? `#${pid}`;
  const results = (found.data?.products ?? []).filter((p) => p.id !== exclude && !value.includes(p.id));
  return (
    <fieldset className="admin__fieldset product-picker">
      <legend>{label}</legend>
      {value.length ? (
        <ul className="product-picker__chosen">
          {value.map((pid) => (
            <li key={pid}>
              {nameOf(pid)}{' '}
              <Button
                variant="ghost"
                size="sm"
                aria-label={intl.formatMessage({ id: 'dashboard.product.pickerRemove' }, { name: nameOf(pid) })}
                onClick={() => onChange(value.filter((v) => v !== pid))}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="admin__muted">{intl.formatMessage({ id: 'dashboard.product.pickerNone' })}</p>
      )}
      <label htmlFor={id} className="field__label">
        {intl.formatMessage({ id: 'dashboard.product.pickerSearch' }, { label })}
      </label>
      <input id={id} className="input" type="search" value={text} onChange={(event) => setText(event.target.value)} />
      {search && found.data ? (
        results.length ? (
          <ul className="product-picker__results">
            {results.map((p) => (
              <li key={p.id}>
                <Button
                  variant="chip"
                  size="sm"
                  onClick={() => onChange([...value, p.id])}
                  aria-label={intl.formatMessage({ id: 'dashboard.product.pickerAdd' }, { name: p.name, label })}
                >
                  + {p.name}
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="admin__muted">{intl.formatMessage({ id: 'dashboard.products.noMatch' })}</p>
        )
      ) : null}
    </fieldset>
  );
}
