import type { SoldOutCatalog, SoldOutNames, SoldOutTarget } from '@bakje/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocale } from '../../i18n/LocaleProvider';
import { useCatalogUpdates } from '../../live/useCatalogUpdates';
import { Button, Dialog, EmptyState, ErrorState, Field, Notice, Spinner } from '../../ui';
import { fetchSoldOut, setSoldOut } from './kitchenApi';

const SOLD_OUT_KEY = ['kitchen', 'sold-out'] as const;

/** How many products the list shows before the search narrows it. */
const SHOWN = 30;

const targetKey = (target: SoldOutTarget) =>
  'productId' in target ? `p${target.productId}` : 'variationId' in target ? `v${target.variationId}` : `o${target.addonOptionId}`;

/**
 * "Sold out today" in one tap (kitchen role and up): what is sold out now with one tap to undo, and a search
 * over the menu to mark a product, one of its variations or an add-on option (a sauce marked here is sold out
 * with every product). A mark ends by itself at closing time; shops and menu boards follow within a second.
 */
export function SoldOutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const lang = locale.slice(0, 2) as keyof SoldOutNames;
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const query = useQuery({ queryKey: SOLD_OUT_KEY, queryFn: fetchSoldOut, enabled: open, staleTime: 0 });
  // Another kitchen screen (or a manager) changed something: show it here too.
  useCatalogUpdates(() => void client.invalidateQueries({ queryKey: SOLD_OUT_KEY }));

  const data = query.data;
  const matches = useMemo(() => {
    if (!data) return [];
    const needle = search.trim().toLocaleLowerCase();
    const found = needle
      ? data.products.filter((p) => p.name[lang].toLocaleLowerCase().includes(needle) || p.name.nl.toLocaleLowerCase().includes(needle))
      : data.products;
    return found.slice(0, SHOWN);
  }, [data, search, lang]);

  const toggle = async (target: SoldOutTarget, soldOut: boolean) => {
    const key = targetKey(target);
    setBusy(key);
    setFailure(null);
    try {
      const result = await setSoldOut(target, soldOut);
      client.setQueryData<SoldOutCatalog>(SOLD_OUT_KEY, (current) => (current ? withMark(current, target, result.soldOutUntil) : current));
      await client.invalidateQueries({ queryKey: SOLD_OUT_KEY });
    } catch (error) {
      setFailure(intl.formatMessage({ id: 'kitchen.actionFailed' }, { message: error instanceof Error ? error.message : String(error) }));
    } finally {
      setBusy(null);
    }
  };

  const time = (iso: string) => intl.formatTime(new Date(iso), { hour: '2-digit', minute: '2-digit' });
  const day = (iso: string) => intl.formatDate(new Date(iso), { weekday: 'long', hour: '2-digit', minute: '2-digit' });

  // A plain function, not a component: a component defined here would remount on every render and lose focus.
  const toggleItem = (target: SoldOutTarget, label: string, until: string | null) => (
    <li key={targetKey(target)} className={`soldout__item${until ? ' is-soldout' : ''}`} data-testid="soldout-item" data-target={targetKey(target)}>
      <span className="soldout__name">{label}</span>
      <Button
        size="sm"
        variant={until ? 'danger' : 'secondary'}
        aria-pressed={until !== null}
        busy={busy === targetKey(target)}
        onClick={() => void toggle(target, until === null)}
        data-testid="soldout-toggle"
      >
        {intl.formatMessage({ id: until ? 'kitchen.soldOut.isSoldOut' : 'kitchen.soldOut.available' })}
        <span className="visually-hidden"> {label}</span>
      </Button>
    </li>
  );

  return (
    <Dialog open={open} onClose={onClose} title={intl.formatMessage({ id: 'kitchen.soldOut.title' })}>
      <div className="soldout" data-testid="soldout-dialog">
        {failure ? (
          <Notice tone="error" role="alert">
            {failure}
          </Notice>
        ) : null}
        {query.isPending ? (
          <Spinner size="lg" />
        ) : query.isError || !data ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <>
            <p className="soldout__hint">{intl.formatMessage({ id: 'kitchen.soldOut.resets' }, { when: day(data.resetsAt) })}</p>
            <section aria-labelledby="soldout-now">
              <h3 id="soldout-now" className="soldout__heading">
                {intl.formatMessage({ id: 'kitchen.soldOut.now' }, { count: data.soldOut.length })}
              </h3>
              {data.soldOut.length === 0 ? (
                <p className="soldout__none">{intl.formatMessage({ id: 'kitchen.soldOut.nothing' })}</p>
              ) : (
                <ul className="soldout__list" data-testid="soldout-now">
                  {data.soldOut.map((item) => (
                    <li key={targetKey(item.target)} className="soldout__item is-soldout">
                      <span className="soldout__name">
                        {item.productName ? `${item.productName[lang]}: ` : ''}
                        {item.name[lang]}
                        <span className="soldout__until"> {intl.formatMessage({ id: 'kitchen.soldOut.until' }, { time: time(item.soldOutUntil) })}</span>
                      </span>
                      <Button size="sm" busy={busy === targetKey(item.target)} onClick={() => void toggle(item.target, false)} data-testid="soldout-undo">
                        {intl.formatMessage({ id: 'kitchen.soldOut.undo' })}
                        <span className="visually-hidden"> {item.name[lang]}</span>
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <Field
              label={intl.formatMessage({ id: 'kitchen.soldOut.search' })}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              autoComplete="off"
              id="soldout-search"
            />
            {matches.length === 0 ? (
              <EmptyState title={intl.formatMessage({ id: 'kitchen.soldOut.noMatch' })} />
            ) : (
              matches.map((product) => (
                <section key={product.id} className="soldout__product" aria-label={product.name[lang]}>
                  <ul className="soldout__list">{toggleItem({ productId: product.id }, product.name[lang], product.soldOutUntil)}</ul>
                  {product.variations.length > 0 ? (
                    <ul className="soldout__list soldout__list--nested" aria-label={intl.formatMessage({ id: 'kitchen.soldOut.variations' })}>
                      {product.variations.map((v) => toggleItem({ variationId: v.id }, v.name[lang], v.soldOutUntil))}
                    </ul>
                  ) : null}
                  {product.addons.map((field) => (
                    <ul key={field.fieldId} className="soldout__list soldout__list--nested" aria-label={field.name[lang]}>
                      {field.options.map((o) => toggleItem({ addonOptionId: o.id }, `${field.name[lang]}: ${o.label[lang]}`, o.soldOutUntil))}
                    </ul>
                  ))}
                </section>
              ))
            )}
          </>
        )}
      </div>
    </Dialog>
  );
}

/** The panel as it is after a toggle, before the refetch answers (one tap shows at once). */
function withMark(current: SoldOutCatalog, target: SoldOutTarget, until: string | null): SoldOutCatalog {
  const hit = (kind: 'productId' | 'variationId' | 'addonOptionId', id: number) => kind in target && (target as Record<string, number>)[kind] === id;
  return {
    ...current,
    products: current.products.map((p) => ({
      ...p,
      soldOutUntil: hit('productId', p.id) ? until : p.soldOutUntil,
      variations: p.variations.map((v) => (hit('variationId', v.id) ? { ...v, soldOutUntil: until } : v)),
      addons: p.addons.map((f) => ({ ...f, options: f.options.map((o) => (hit('addonOptionId', o.id) ? { ...o, soldOutUntil: until } : o)) })),
    })),
    soldOut: until === null ? current.soldOut.filter((item) => targetKey(item.target) !== targetKey(target)) : current.soldOut,
  };
}
