import type { WcBatchResult, WcCategory } from '@bakje/contract';
import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState, type DragEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Badge, Button, EmptyState, Spinner, useToast } from '../../../ui';
import { DashboardError } from '../../admin/StaffGate';
import { nameIn, taxonomyKeys, wc, WC, type Lang } from '../taxonomyApi';
import { byCustomOrder, DEFAULT_SLUG, EXCLUDED_SLUGS, isHidden } from './categoryOrder';

/**
 * The categories' own list: in their custom order, with their marks, reordered with the buttons (keyboard)
 * or by dragging; hidden ones last and not reordered.
 */
export function CategoryList({
  query,
  shown: found,
  search,
  buttons,
  lang,
}: {
  query: UseQueryResult<WcCategory[], unknown>;
  shown: WcCategory[];
  search: string;
  buttons: (row: WcCategory) => ReactNode;
  lang: Lang;
}) {
  const intl = useIntl();
  const client = useQueryClient();
  const toast = useToast();
  const [dragged, setDragged] = useState<number | null>(null);
  const sorted = useMemo(() => [...(query.data ?? [])].sort(byCustomOrder), [query.data]);
  const shown = [...found].sort(byCustomOrder);
  const ordered = sorted.filter((c) => !isHidden(c));
  const parentName = (id: number) => {
    const parent = sorted.find((c) => c.id === id);
    return parent ? nameIn(lang, parent) : '';
  };

  const reorder = useMutation({
    mutationFn: (next: WcCategory[]) => {
      const update = next
        .map((c, index) => ({ id: c.id, custom_order: index + 1 }))
        .filter((u) => next.find((c) => c.id === u.id)!.custom_order !== u.custom_order);
      return wc<WcBatchResult<WcCategory>>('POST', `${WC}/products/categories/batch`, { update });
    },
    onMutate: (next) => {
      // Shown at once; the server's answer (or a reload on failure) settles it.
      const previous = client.getQueryData<WcCategory[]>(taxonomyKeys.categories);
      client.setQueryData<WcCategory[]>(taxonomyKeys.categories, (list) =>
        list?.map((c) => {
          const index = next.findIndex((n) => n.id === c.id);
          return index < 0 ? c : { ...c, custom_order: index + 1 };
        }),
      );
      return { previous };
    },
    onError: (_error, _next, context) => {
      client.setQueryData(taxonomyKeys.categories, context?.previous);
      toast(intl.formatMessage({ id: 'dashboard.categories.orderFailed' }));
    },
    onSuccess: () => toast(intl.formatMessage({ id: 'dashboard.categories.orderSaved' })),
    onSettled: () => client.invalidateQueries({ queryKey: taxonomyKeys.categories }),
  });
  const move = (from: number, to: number) => {
    if (to < 0 || to >= ordered.length || from === to) return;
    const next = [...ordered];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    reorder.mutate(next);
  };
  const canReorder = search.trim() === '' && !reorder.isPending;

  const onDrop = (event: DragEvent, target: number) => {
    event.preventDefault();
    if (dragged !== null) move(dragged, target);
    setDragged(null);
  };

  return query.isPending ? (
    <div className="admin__loading">
      <Spinner label={intl.formatMessage({ id: 'common.loading' })} />
    </div>
  ) : query.error ? (
    <DashboardError error={query.error} onRetry={() => void query.refetch()} />
  ) : shown.length === 0 ? (
    <EmptyState title={intl.formatMessage({ id: search ? 'dashboard.catalog.noMatch' : 'dashboard.categories.empty' })} />
  ) : (
    <ol className="catalog-list" aria-label={intl.formatMessage({ id: 'dashboard.categories.listTitle' })}>
      {shown.map((c) => {
        const index = ordered.indexOf(c);
        const name = nameIn(lang, c);
        return (
          <li
            key={c.id}
            className={`catalog-list__item${dragged === index && index >= 0 ? ' is-dragged' : ''}`}
            draggable={canReorder && index >= 0}
            onDragStart={() => setDragged(index)}
            onDragOver={(event) => index >= 0 && dragged !== null && event.preventDefault()}
            onDrop={(event) => onDrop(event, index)}
            onDragEnd={() => setDragged(null)}
            data-testid="category-row"
          >
            {c.image?.src ? <img src={c.image.src} alt="" width={40} height={40} className="catalog-list__image" /> : null}
            <div className="catalog-list__main">
              <span className="catalog-list__name">{name}</span>
              <span className="admin__muted">
                {c.slug}
                {c.parent ? ` · ${intl.formatMessage({ id: 'dashboard.categories.under' }, { parent: parentName(c.parent) })}` : ''}
                {` · ${intl.formatMessage({ id: 'dashboard.categories.count' }, { count: c.count })}`}
              </span>
              <span className="catalog-list__badges">
                {EXCLUDED_SLUGS.includes(c.slug) ? <Badge variant="neutral">{intl.formatMessage({ id: 'dashboard.categories.excluded' })}</Badge> : null}
                {c.slug === DEFAULT_SLUG ? <Badge variant="neutral">{intl.formatMessage({ id: 'dashboard.categories.defaultBadge' })}</Badge> : null}
                {isHidden(c) ? <Badge variant="neutral">{intl.formatMessage({ id: 'dashboard.categories.hiddenBadge' })}</Badge> : null}
                {!isHidden(c) ? <span className="admin__muted">#{c.custom_order}</span> : null}
              </span>
            </div>
            <div className="catalog-list__actions">
              {index >= 0 ? (
                <>
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={!canReorder || index === 0}
                    onClick={() => move(index, index - 1)}
                    aria-label={intl.formatMessage({ id: 'dashboard.categories.moveUp' }, { name })}
                  >
                    ↑
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={!canReorder || index === ordered.length - 1}
                    onClick={() => move(index, index + 1)}
                    aria-label={intl.formatMessage({ id: 'dashboard.categories.moveDown' }, { name })}
                  >
                    ↓
                  </Button>
                </>
              ) : null}
              {buttons(c)}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
