import { useEffect, useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { Category } from '../api/types';
import { Button } from '../ui';
import { getFilterValues, setFilterValues, toggleFilterValue, type FilterEntry } from './filtering';

export interface AttributeGroup {
  taxonomy: string;
  label: string;
  terms: { slug: string; name: string }[];
}

const RATINGS = [4, 3, 2, 1];

export function FilterPanel({
  filters,
  categories,
  attributes,
  onChange,
  id,
}: {
  filters: FilterEntry[];
  categories: Category[];
  attributes: AttributeGroup[];
  onChange: (filters: FilterEntry[]) => void;
  id?: string;
}) {
  const intl = useIntl();
  const uid = useId();
  const selectedCategories = getFilterValues(filters, 'category');
  const price = getFilterValues(filters, 'price');
  const rating = getFilterValues(filters, 'rating')[0] ?? '';
  const sale = getFilterValues(filters, 'sale')[0] === 'true';
  const [min, setMin] = useState(price[0] ?? '');
  const [max, setMax] = useState(price[1] ?? '');

  useEffect(() => {
    setMin(price[0] ?? '');
    setMax(price[1] ?? '');
    // oxlint-disable-next-line react/exhaustive-deps
  }, [price[0], price[1]]);

  function applyPrice(event: FormEvent) {
    event.preventDefault();
    const clean = (v: string) => {
      const n = Number(v.replace(',', '.'));
      return v.trim() === '' || !Number.isFinite(n) || n < 0 ? '' : String(n);
    };
    onChange(setFilterValues(filters, 'price', [clean(min), clean(max)]));
  }

  return (
    <div className="filters" id={id}>
      <fieldset className="filters__group">
        <legend>{intl.formatMessage({ id: 'filters.category' })}</legend>
        {categories.map((c) => (
          <label key={c.slug} className="check">
            <input
              type="checkbox"
              name="category"
              value={c.slug}
              checked={selectedCategories.includes(c.slug)}
              onChange={() => onChange(toggleFilterValue(filters, 'category', c.slug))}
            />
            <span>{c.name}</span>
          </label>
        ))}
      </fieldset>

      <form className="filters__group" onSubmit={applyPrice} aria-labelledby={`${uid}-price`}>
        <p className="filters__legend" id={`${uid}-price`}>
          {intl.formatMessage({ id: 'filters.price' })}
        </p>
        <div className="filters__price">
          <label>
            <span>{intl.formatMessage({ id: 'filters.priceMin' })}</span>
            <input type="number" inputMode="decimal" min={0} step="0.1" name="minPrice" value={min} onChange={(e) => setMin(e.target.value)} />
          </label>
          <label>
            <span>{intl.formatMessage({ id: 'filters.priceMax' })}</span>
            <input type="number" inputMode="decimal" min={0} step="0.1" name="maxPrice" value={max} onChange={(e) => setMax(e.target.value)} />
          </label>
        </div>
        <Button type="submit" variant="secondary" size="sm">
          {intl.formatMessage({ id: 'filters.applyPrice' })}
        </Button>
      </form>

      <fieldset className="filters__group">
        <legend>{intl.formatMessage({ id: 'filters.rating' })}</legend>
        <label className="check">
          <input type="radio" name={`${uid}-rating`} checked={rating === ''} onChange={() => onChange(setFilterValues(filters, 'rating', []))} />
          <span>{intl.formatMessage({ id: 'filters.ratingAny' })}</span>
        </label>
        {RATINGS.map((r) => (
          <label key={r} className="check">
            <input
              type="radio"
              name={`${uid}-rating`}
              checked={rating === String(r)}
              onChange={() => onChange(setFilterValues(filters, 'rating', [String(r)]))}
            />
            <span>{intl.formatMessage({ id: 'filters.ratingAtLeast' }, { rating: r })}</span>
          </label>
        ))}
      </fieldset>

      <fieldset className="filters__group">
        <legend>{intl.formatMessage({ id: 'filters.offers' })}</legend>
        <label className="check">
          <input type="checkbox" checked={sale} onChange={() => onChange(setFilterValues(filters, 'sale', sale ? [] : ['true']))} />
          <span>{intl.formatMessage({ id: 'filters.onSale' })}</span>
        </label>
      </fieldset>

      {attributes.map((group) => {
        const selected = getFilterValues(filters, group.taxonomy);
        return (
          <fieldset key={group.taxonomy} className="filters__group">
            <legend>{group.label}</legend>
            {group.terms.map((t) => (
              <label key={t.slug} className="check">
                <input type="checkbox" checked={selected.includes(t.slug)} onChange={() => onChange(toggleFilterValue(filters, group.taxonomy, t.slug))} />
                <span>{t.name}</span>
              </label>
            ))}
          </fieldset>
        );
      })}

      <Button variant="ghost" size="sm" onClick={() => onChange([])} disabled={filters.length === 0}>
        {intl.formatMessage({ id: 'filters.clear' })}
      </Button>
    </div>
  );
}
