import type { WcBatchResult, WcCategory, WcCategoryInput } from '@bakje/contract';
import { ConfirmDeleteDialog } from '../ConfirmDeleteDialog';
import { EditDeleteButtons } from '../EditDeleteButtons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type DragEvent } from 'react';
import { Controller } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { HttpError, retryServerErrors } from '../../../api/http';
import { SubmitButton } from '../../../forms/SubmitButton';
import { useErrorText, useZodForm } from '../../../forms/useZodForm';
import { useLocale } from '../../../i18n/LocaleProvider';
import { Badge, Button, EmptyState, Field, Notice, Spinner, useToast } from '../../../ui';
import { DashboardFrame } from '../../admin/DashboardFrame';
import { PERMISSION } from '../../admin/permissions';
import { DashboardError, StaffGate } from '../../admin/StaffGate';
import { MediaPicker } from '../../media/MediaPicker';
import { EditorDialog } from '../DiscardGuard';
import { allPages, matches, nameIn, taxonomyKeys, wc, WC, type Lang } from '../taxonomyApi';
import '../catalog.css';

/** Left out of the back-office lists (docs/product.md §5); shown here, marked. */
const EXCLUDED_SLUGS = ['opties', 'uncategorized'];
/** WooCommerce's default category: the server refuses to delete it (woocommerce_rest_cannot_delete). */
const DEFAULT_SLUG = 'uncategorized';
/** Custom order up to this orders the lists; above it hides the category from them. */
const CUSTOM_ORDER_CAP = 9999;
const HIDDEN_ORDER = CUSTOM_ORDER_CAP + 1;

const isHidden = (c: WcCategory) => c.custom_order > CUSTOM_ORDER_CAP;
const byCustomOrder = (a: WcCategory, b: WcCategory) =>
  Number(isHidden(a)) - Number(isHidden(b)) || a.custom_order - b.custom_order || a.name.localeCompare(b.name);

const schema = z.object({
  name: z.string().trim().min(1, 'form.required').max(200),
  fr: z.string().trim().max(200),
  en: z.string().trim().max(200),
  slug: z.string().trim().max(200),
  parent: z.string(),
  description: z.string().max(5000),
  image: z.object({ id: z.number(), src: z.string() }).nullable(),
  customOrder: z.coerce
    .number<string>({ error: 'form.invalid' })
    .int('form.invalid')
    .min(0, 'form.invalid')
    .max(CUSTOM_ORDER_CAP, 'dashboard.categories.orderCap'),
  hidden: z.boolean(),
});
type FormInput = z.input<typeof schema>;

function formValues(category: WcCategory | null, nextOrder: number): FormInput {
  return {
    name: category?.name ?? '',
    fr: category?.translations.fr ?? '',
    en: category?.translations.en ?? '',
    slug: category?.slug ?? '',
    parent: String(category?.parent ?? 0),
    description: category?.description ?? '',
    image: category?.image ? { id: category.image.id, src: category.image.src } : null,
    customOrder: String(category ? Math.min(category.custom_order, CUSTOM_ORDER_CAP) : nextOrder),
    hidden: category ? isHidden(category) : false,
  };
}

function CategoryForm({
  category,
  all,
  lang,
  onDone,
  onDirty,
}: {
  category: WcCategory | null;
  all: WcCategory[];
  lang: Lang;
  onDone: (saved: WcCategory) => void;
  onDirty: (dirty: boolean) => void;
}) {
  const intl = useIntl();
  const errorText = useErrorText();
  const nextOrder = Math.min(CUSTOM_ORDER_CAP, Math.max(0, ...all.filter((c) => !isHidden(c)).map((c) => c.custom_order)) + 1);
  const { register, handleSubmit, formState, control, setError } = useZodForm(schema, { defaultValues: formValues(category, nextOrder) });
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => onDirty(formState.isDirty && !formState.isSubmitSuccessful), [formState.isDirty, formState.isSubmitSuccessful, onDirty]);
  const submit = handleSubmit(async (values) => {
    setProblem(null);
    const body: WcCategoryInput = {
      name: values.name,
      translations: { fr: values.fr, en: values.en },
      ...(values.slug ? { slug: values.slug } : {}),
      parent: Number(values.parent),
      description: values.description,
      image: values.image ? values.image.id : null,
      custom_order: values.hidden ? Math.max(HIDDEN_ORDER, category?.custom_order ?? 0) : values.customOrder,
    };
    try {
      const saved = await wc<WcCategory>(category ? 'PUT' : 'POST', category ? `${WC}/products/categories/${category.id}` : `${WC}/products/categories`, body);
      onDone(saved);
    } catch (error) {
      if (error instanceof HttpError && error.code === 'term_exists') setError('slug', { type: 'server', message: 'dashboard.categories.slugTaken' });
      else if (error instanceof HttpError && /parent/.test(error.message)) setError('parent', { type: 'server', message: error.message });
      else if (error instanceof HttpError && /image/.test(error.message)) setError('image', { type: 'server', message: error.message });
      else setProblem(error instanceof HttpError ? error.message : intl.formatMessage({ id: 'dashboard.catalog.saveFailed' }));
    }
  });
  // Not itself nor one of its subcategories (that would make a loop).
  const descendants = new Set<number>();
  if (category) {
    descendants.add(category.id);
    let grew = true;
    while (grew) {
      grew = false;
      for (const c of all) {
        if (descendants.has(c.parent) && !descendants.has(c.id)) {
          descendants.add(c.id);
          grew = true;
        }
      }
    }
  }
  const field = (name: 'name' | 'fr' | 'en' | 'slug' | 'description' | 'customOrder') => ({ ...register(name), error: errorText(formState.errors[name]) });
  return (
    <form className="admin__form catalog-form" onSubmit={(event) => void submit(event)} noValidate>
      {problem ? (
        <Notice tone="error" role="alert">
          {problem}
        </Notice>
      ) : null}
      <Field label={intl.formatMessage({ id: 'dashboard.catalog.nameNl' })} required marked {...field('name')} />
      <div className="admin__row">
        <Field label={intl.formatMessage({ id: 'dashboard.catalog.nameFr' })} marked {...field('fr')} />
        <Field label={intl.formatMessage({ id: 'dashboard.catalog.nameEn' })} marked {...field('en')} />
      </div>
      <Field
        label={intl.formatMessage({ id: 'dashboard.catalog.slug' })}
        hint={intl.formatMessage({ id: 'dashboard.catalog.slugHint' })}
        marked
        {...field('slug')}
      />
      <Field as="select" label={intl.formatMessage({ id: 'dashboard.categories.parent' })} {...register('parent')} error={errorText(formState.errors.parent)}>
        <option value="0">{intl.formatMessage({ id: 'dashboard.categories.noParent' })}</option>
        {all
          .filter((c) => !descendants.has(c.id))
          .map((c) => (
            <option key={c.id} value={String(c.id)}>
              {nameIn(lang, c)}
            </option>
          ))}
      </Field>
      <Field as="textarea" rows={3} label={intl.formatMessage({ id: 'dashboard.catalog.description' })} marked {...field('description')} />
      <Controller
        control={control}
        name="image"
        render={({ field: image }) => (
          <MediaPicker label={intl.formatMessage({ id: 'dashboard.catalog.image' })} value={image.value ?? null} onChange={image.onChange} />
        )}
      />
      {formState.errors.image ? <p className="field-error">{errorText(formState.errors.image as never)}</p> : null}
      <div className="admin__row">
        <Field
          type="number"
          min={0}
          max={CUSTOM_ORDER_CAP}
          label={intl.formatMessage({ id: 'dashboard.categories.customOrder' })}
          hint={intl.formatMessage({ id: 'dashboard.categories.customOrderHint' }, { cap: CUSTOM_ORDER_CAP })}
          {...field('customOrder')}
        />
        <Field as="checkbox" label={intl.formatMessage({ id: 'dashboard.categories.hidden' })} {...register('hidden')} />
      </div>
      <SubmitButton submitting={formState.isSubmitting}>{intl.formatMessage({ id: 'dashboard.catalog.save' })}</SubmitButton>
    </form>
  );
}

function CategoryEditor({ category, all, lang, onClose }: { category: WcCategory | null; all: WcCategory[]; lang: Lang; onClose: () => void }) {
  const intl = useIntl();
  const client = useQueryClient();
  const toast = useToast();
  const [dirty, setDirty] = useState(false);
  return (
    <EditorDialog open dirty={dirty} onClose={onClose} title={intl.formatMessage({ id: category ? 'dashboard.categories.edit' : 'dashboard.categories.add' })}>
      <CategoryForm
        category={category}
        all={all}
        lang={lang}
        onDirty={setDirty}
        onDone={(saved) => {
          toast(intl.formatMessage({ id: 'dashboard.categories.saved' }, { name: nameIn(lang, saved) }));
          void client.invalidateQueries({ queryKey: taxonomyKeys.categories });
          onClose();
        }}
      />
    </EditorDialog>
  );
}

function CategoriesView() {
  const intl = useIntl();
  const { locale } = useLocale();
  const lang = locale.slice(0, 2) as Lang;
  const client = useQueryClient();
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<WcCategory | 'new' | null>(null);
  const [deleting, setDeleting] = useState<WcCategory | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const query = useQuery({
    queryKey: taxonomyKeys.categories,
    queryFn: ({ signal }) => allPages<WcCategory>(`${WC}/products/categories?orderby=id&order=asc`, signal),
    retry: retryServerErrors,
  });
  const sorted = useMemo(() => [...(query.data ?? [])].sort(byCustomOrder), [query.data]);
  const shown = sorted.filter((c) => matches(search, c.name, c.translations.fr, c.translations.en, c.slug));
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
  const remove = useMutation({
    mutationFn: (category: WcCategory) => wc<WcCategory>('DELETE', `${WC}/products/categories/${category.id}?force=true`),
    onSuccess: async (deleted) => {
      toast(intl.formatMessage({ id: 'dashboard.categories.deleted' }, { name: nameIn(lang, deleted) }));
      setDeleting(null);
      await client.invalidateQueries({ queryKey: taxonomyKeys.categories });
    },
  });
  const canReorder = search.trim() === '' && !reorder.isPending;

  const onDrop = (event: DragEvent, target: number) => {
    event.preventDefault();
    if (dragged !== null) move(dragged, target);
    setDragged(null);
  };

  return (
    <>
      <section className="admin__section" aria-labelledby="categories-list-title">
        <div className="catalog-toolbar">
          <h2 id="categories-list-title">{intl.formatMessage({ id: 'dashboard.categories.listTitle' })}</h2>
          <Button onClick={() => setEditing('new')} disabled={!query.data}>
            {intl.formatMessage({ id: 'dashboard.categories.add' })}
          </Button>
        </div>
        <Field
          type="search"
          label={intl.formatMessage({ id: 'dashboard.catalog.search' })}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          hint={search ? intl.formatMessage({ id: 'dashboard.categories.reorderNeedsAll' }) : undefined}
        />
        {query.isPending ? (
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
                    <EditDeleteButtons
                      name={name}
                      onEdit={() => setEditing(c)}
                      onDelete={
                        c.slug === DEFAULT_SLUG
                          ? undefined
                          : () => {
                              remove.reset();
                              setDeleting(c);
                            }
                      }
                    />
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </section>
      {editing ? <CategoryEditor category={editing === 'new' ? null : editing} all={sorted} lang={lang} onClose={() => setEditing(null)} /> : null}
      <ConfirmDeleteDialog
        name={deleting ? nameIn(lang, deleting) : null}
        titleId="dashboard.categories.deleteTitle"
        bodyId="dashboard.categories.deleteBody"
        busy={remove.isPending}
        error={remove.error}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </>
  );
}

/** /dashboard/catalog/categories (products.manage): list, search, add, edit, reorder (buttons or drag), delete. */
export default function CategoriesPage() {
  const intl = useIntl();
  return (
    <StaffGate permission={PERMISSION.productsManage}>
      <DashboardFrame title={intl.formatMessage({ id: 'dashboard.categories.title' })}>
        <CategoriesView />
      </DashboardFrame>
    </StaffGate>
  );
}
