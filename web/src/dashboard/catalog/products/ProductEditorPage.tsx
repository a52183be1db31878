import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import { HttpError, retryServerErrors, type FieldProblem } from '../../../api/http';
import type { Path } from 'react-hook-form';
import { SubmitButton } from '../../../forms/SubmitButton';
import { UnsavedChangesDialog, useUnsavedChangesGuard } from '../../../forms/UnsavedChangesGuard';
import { applyServerFieldErrors, errorAt, useErrorText, useZodForm } from '../../../forms/useZodForm';
import { Button, ButtonLink, Field, Notice, Spinner, useToast } from '../../../ui';
import { DashboardFrame } from '../../admin/DashboardFrame';
import { formatMoment } from '../../admin/format';
import { PERMISSION } from '../../admin/permissions';
import { DashboardError, StaffGate } from '../../admin/StaffGate';
import { MediaGalleryPicker, MediaPicker } from '../../media/MediaPicker';
import { AddonsEditor, AllergenChecks } from './AddonsEditor';
import { batchVariations, createProduct, getProduct, getVariations, listCategories, updateProduct } from './api';
import { CardPreview } from './CardPreview';
import { formatPrice } from './money';
import {
  EMPTY_PRODUCT,
  LANGUAGES,
  MAX_GALLERY,
  PRODUCT_TYPES,
  productSchema,
  STATUSES,
  STOCK_STATUSES,
  toFormValues,
  toProductBody,
  toVariationBatch,
  VAT_RATES,
  VISIBILITIES,
  type Language,
  type ProductFormInput,
} from './productForm';
import { useLocale } from '../../../i18n/LocaleProvider';
import { nameIn, type Lang } from '../taxonomyApi';
import { useTags } from '../taxonomy/useTags';
import { ProductPicker } from './ProductPicker';
import { RichTextField } from './RichTextField';
import { productsKey } from './ProductsListPage';
import type { WcProduct, WcVariation } from './types';
import { VariationsEditor } from './VariationsEditor';
import './products.css';

/** The API's field names (WooCommerce's) as the form's fields, for refusals that name one (`data.params`). */
const SERVER_FIELDS: Record<string, Path<ProductFormInput>> = {
  // (A template literal: the message catalogue test reads quoted dotted strings as message ids.)
  name: `name.nl`,
  slug: 'slug',
  sku: 'sku',
  regular_price: 'regularPrice',
  sale_price: 'salePrice',
  date_on_sale_from: 'saleFrom',
  date_on_sale_to: 'saleTo',
  stock_quantity: 'stockQuantity',
  max_quantity: 'maxQuantity',
  external_url: 'externalUrl',
  button_text: 'buttonText',
};
const formFieldOf = (field: string) => SERVER_FIELDS[field];
/** Taken SKUs and slugs get the staff member's language; other refusals keep the server's text, which names the problem. */
const serverMessage = (field: Path<ProductFormInput>, problem: FieldProblem) =>
  field === 'sku' && /SKU/i.test(problem.message)
    ? 'dashboard.product.error.skuTaken'
    : field === 'slug' && /already used/.test(problem.message)
      ? 'dashboard.product.error.slugTaken'
      : problem.message;

interface Loaded {
  product: WcProduct;
  variations: WcVariation[];
}

async function load(id: number, signal?: AbortSignal): Promise<Loaded> {
  const product = await getProduct(id, signal);
  const variations = product.type === 'variable' && product.variations.length ? await getVariations(id, signal) : [];
  return { product, variations };
}

function ProductForm({ loaded, onReload }: { loaded: Loaded | null; onReload: () => Promise<Loaded | undefined> }) {
  const intl = useIntl();
  const toast = useToast();
  const navigate = useNavigate();
  const client = useQueryClient();
  const errorText = useErrorText();
  const [saved, setSaved] = useState<Loaded | null>(loaded);
  const [conflict, setConflict] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [language, setLanguage] = useState<Language>('nl');
  const form = useZodForm(productSchema, { defaultValues: loaded ? toFormValues(loaded.product, loaded.variations, formatPrice) : EMPTY_PRODUCT });
  const { register, control, handleSubmit, formState, reset, setError } = form;
  const values = useWatch({ control }) as ProductFormInput;
  const blocker = useUnsavedChangesGuard(formState.isDirty && !formState.isSubmitting);
  const tags = useTags();
  const staffLang = useLocale().locale.slice(0, 2) as Lang;
  const categories = useQuery({ queryKey: ['dashboard', 'wc-categories'], queryFn: ({ signal }) => listCategories(signal), retry: retryServerErrors });
  const product = saved?.product;
  const type = values.type;
  const errors = formState.errors;
  const field = (name: Parameters<typeof register>[0]) => ({ ...register(name), error: errorText(errorAt(errors, name)) });

  const submit = handleSubmit(async (input) => {
    setFailure(null);
    setConflict(false);
    const body = toProductBody(input);
    try {
      const result = product ? await updateProduct(product.id, body, product.revision) : await createProduct(body);
      const batch = toVariationBatch(input, saved?.variations.map((v) => v.id) ?? []);
      if (batch && (batch.create?.length || batch.update?.length || batch.delete?.length)) await batchVariations(result.id, batch);
      const fresh = await load(result.id);
      setSaved(fresh);
      reset(toFormValues(fresh.product, fresh.variations, formatPrice));
      await client.invalidateQueries({ queryKey: productsKey });
      toast(intl.formatMessage({ id: 'dashboard.product.saved' }, { name: fresh.product.name }));
      if (!product) void navigate(`/dashboard/products/${result.id}`, { replace: true });
    } catch (error) {
      if (error instanceof HttpError && error.status === 409) setConflict(true);
      else if (error instanceof HttpError && applyServerFieldErrors(setError, error.fields, formFieldOf, serverMessage) > 0) return;
      else
        setFailure(
          error instanceof HttpError && error.status === 0
            ? intl.formatMessage({ id: 'account.error.network' })
            : error instanceof Error
              ? error.message
              : String(error),
        );
    }
  });

  const reload = async () => {
    const fresh = await onReload();
    if (!fresh) return;
    setSaved(fresh);
    setConflict(false);
    reset(toFormValues(fresh.product, fresh.variations, formatPrice));
  };

  const lastChanged = product?.last_changed;
  return (
    <form
      className="product-editor"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={intl.formatMessage({ id: product ? 'dashboard.product.editTitle' : 'dashboard.product.newTitle' })}
    >
      {product ? (
        <p className="admin__muted" data-testid="last-changed">
          {lastChanged
            ? intl.formatMessage({ id: 'dashboard.product.lastChangedBy' }, { name: lastChanged.by.name, when: formatMoment(intl, lastChanged.at) })
            : intl.formatMessage({ id: 'dashboard.product.lastChanged' }, { when: formatMoment(intl, product.date_modified) })}
        </p>
      ) : null}
      {conflict ? (
        <Notice tone="warning" role="alert">
          <p>{intl.formatMessage({ id: 'dashboard.product.conflict' })}</p>
          <Button variant="secondary" size="sm" onClick={() => void reload()}>
            {intl.formatMessage({ id: 'dashboard.product.conflictReload' })}
          </Button>
        </Notice>
      ) : null}
      {failure ? (
        <Notice tone="error" role="alert">
          {intl.formatMessage({ id: 'dashboard.product.saveFailed' }, { message: failure })}
        </Notice>
      ) : null}

      <div className="product-editor__layout">
        <div className="product-editor__main">
          <section className="admin__section" aria-labelledby="texts-title">
            <h2 id="texts-title">{intl.formatMessage({ id: 'dashboard.product.texts' })}</h2>
            {LANGUAGES.map((lang) => (
              <fieldset key={lang} className="admin__fieldset product-editor__language" lang={lang}>
                <legend>{intl.formatMessage({ id: `dashboard.language.${lang}` })}</legend>
                <Field
                  label={intl.formatMessage({ id: 'dashboard.product.nameIn' }, { language: lang.toUpperCase() })}
                  required={lang === 'nl'}
                  {...field(`name.${lang}`)}
                />
                <Controller
                  control={control}
                  name={`shortDescription.${lang}`}
                  render={({ field: f }) => (
                    <RichTextField
                      label={intl.formatMessage({ id: 'dashboard.product.shortDescriptionIn' }, { language: lang.toUpperCase() })}
                      rows={2}
                      value={f.value}
                      onChange={f.onChange}
                      onBlur={f.onBlur}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name={`description.${lang}`}
                  render={({ field: f }) => (
                    <RichTextField
                      label={intl.formatMessage({ id: 'dashboard.product.descriptionIn' }, { language: lang.toUpperCase() })}
                      value={f.value}
                      onChange={f.onChange}
                      onBlur={f.onBlur}
                    />
                  )}
                />
              </fieldset>
            ))}
            <div className="admin__row">
              <Field
                label={intl.formatMessage({ id: 'dashboard.product.slug' })}
                hint={intl.formatMessage({ id: 'dashboard.product.slugHint' })}
                {...field('slug')}
              />
              <Field label={intl.formatMessage({ id: 'dashboard.product.sku' })} {...field('sku')} />
            </div>
          </section>

          <section className="admin__section" aria-labelledby="kind-title">
            <h2 id="kind-title">{intl.formatMessage({ id: 'dashboard.product.kind' })}</h2>
            <div className="admin__row">
              <Field as="select" label={intl.formatMessage({ id: 'dashboard.product.type' })} {...field('type')}>
                {PRODUCT_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {intl.formatMessage({ id: `dashboard.product.type.${t}` })}
                  </option>
                ))}
              </Field>
              <Field as="select" label={intl.formatMessage({ id: 'dashboard.product.status' })} {...field('status')}>
                {STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {intl.formatMessage({ id: `dashboard.product.status.${s}` })}
                  </option>
                ))}
              </Field>
              <Field as="select" label={intl.formatMessage({ id: 'dashboard.product.visibility' })} {...field('catalogVisibility')}>
                {VISIBILITIES.map((v) => (
                  <option key={v} value={v}>
                    {intl.formatMessage({ id: `dashboard.product.visibility.${v}` })}
                  </option>
                ))}
              </Field>
            </div>
            <div className="admin__row">
              <Field as="checkbox" label={intl.formatMessage({ id: 'dashboard.product.featured' })} {...register('featured')} />
              <Field as="checkbox" label={intl.formatMessage({ id: 'dashboard.product.promotion' })} {...register('promotion')} />
            </div>
            {type === 'external' ? (
              <div className="admin__row">
                <Field label={intl.formatMessage({ id: 'dashboard.product.externalUrl' })} type="url" {...field('externalUrl')} />
                <Field label={intl.formatMessage({ id: 'dashboard.product.buttonText' })} {...field('buttonText')} />
              </div>
            ) : null}
            {type === 'grouped' ? (
              <Controller
                control={control}
                name="groupedIds"
                render={({ field: f }) => (
                  <ProductPicker label={intl.formatMessage({ id: 'dashboard.product.grouped' })} value={f.value} onChange={f.onChange} exclude={product?.id} />
                )}
              />
            ) : null}
          </section>

          <section className="admin__section" aria-labelledby="price-title">
            <h2 id="price-title">{intl.formatMessage({ id: 'dashboard.product.pricesAndStock' })}</h2>
            {type === 'variable' ? null : (
              <div className="admin__row">
                <Field
                  label={intl.formatMessage({ id: 'dashboard.product.regularPrice' })}
                  inputMode="decimal"
                  hint={intl.formatMessage({ id: 'dashboard.product.priceHint' })}
                  {...field('regularPrice')}
                />
                <Field label={intl.formatMessage({ id: 'dashboard.product.salePrice' })} inputMode="decimal" {...field('salePrice')} />
              </div>
            )}
            <Field
              as="checkbox"
              label={intl.formatMessage({ id: 'dashboard.product.giftCard' })}
              hint={intl.formatMessage({ id: 'dashboard.product.giftCardHint' })}
              {...register('giftCard')}
            />
            <div className="admin__row">
              <Field label={intl.formatMessage({ id: 'dashboard.product.saleFrom' })} type="date" {...field('saleFrom')} />
              <Field label={intl.formatMessage({ id: 'dashboard.product.saleTo' })} type="date" {...field('saleTo')} />
              {(['vatTakeaway', 'vatOnSite'] as const).map((name) => (
                <Field key={name} as="select" label={intl.formatMessage({ id: `dashboard.product.${name}` })} {...field(name)}>
                  {VAT_RATES.map((rate) => (
                    <option key={rate} value={rate}>
                      {rate}%
                    </option>
                  ))}
                </Field>
              ))}
            </div>
            <div className="admin__row">
              <Field as="select" label={intl.formatMessage({ id: 'dashboard.product.stockStatus' })} {...field('stockStatus')}>
                {STOCK_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {intl.formatMessage({ id: `dashboard.products.badge.${s}` })}
                  </option>
                ))}
              </Field>
              <Field as="checkbox" label={intl.formatMessage({ id: 'dashboard.product.manageStock' })} {...register('manageStock')} />
              {values.manageStock ? (
                <Field label={intl.formatMessage({ id: 'dashboard.product.stockQuantity' })} inputMode="numeric" {...field('stockQuantity')} />
              ) : null}
              <Field
                label={intl.formatMessage({ id: 'dashboard.product.maxQuantity' })}
                inputMode="numeric"
                hint={intl.formatMessage({ id: 'dashboard.product.maxQuantityHint' })}
                {...field('maxQuantity')}
              />
              <Field
                as="select"
                label={intl.formatMessage({ id: 'dashboard.product.ageLimit' })}
                hint={intl.formatMessage({ id: 'dashboard.product.ageLimitHint' })}
                data-testid="product-age-limit"
                {...field('ageLimit')}
              >
                {(['', '16', '18'] as const).map((age) => (
                  <option key={age} value={age}>
                    {intl.formatMessage({ id: `dashboard.ageLimit.${age || 'none'}` })}
                  </option>
                ))}
              </Field>
            </div>
          </section>

          {type === 'variable' ? <VariationsEditor form={form} /> : null}

          <section className="admin__section" aria-labelledby="categories-title">
            <h2 id="categories-title">{intl.formatMessage({ id: 'dashboard.product.categoriesAndAllergens' })}</h2>
            <fieldset className="admin__fieldset products__categories">
              <legend>{intl.formatMessage({ id: 'dashboard.products.categories' })}</legend>
              {categories.isPending ? <Spinner size="sm" label={intl.formatMessage({ id: 'common.loading' })} /> : null}
              {categories.data?.length === 0 ? <p className="admin__muted">{intl.formatMessage({ id: 'dashboard.product.noCategories' })}</p> : null}
              {categories.data?.map((c) => (
                <label key={c.id} className="check">
                  <input type="checkbox" value={String(c.id)} {...register('categoryIds')} />
                  <span>{c.name}</span>
                </label>
              ))}
            </fieldset>
            <fieldset className="admin__fieldset products__categories">
              <legend>{intl.formatMessage({ id: 'dashboard.product.tags' })}</legend>
              {tags.isPending ? <Spinner size="sm" label={intl.formatMessage({ id: 'common.loading' })} /> : null}
              {tags.isError ? <p role="alert">{intl.formatMessage({ id: 'dashboard.product.tagsFailed' })}</p> : null}
              {tags.data?.length === 0 ? <p className="admin__muted">{intl.formatMessage({ id: 'dashboard.product.noTags' })}</p> : null}
              {tags.data?.map((x) => (
                <label key={x.id} className="check">
                  <input type="checkbox" value={String(x.id)} {...register('tagIds')} />
                  <span>{nameIn(staffLang, x)}</span>
                </label>
              ))}
            </fieldset>
            <Controller
              control={control}
              name="allergens"
              render={({ field: f }) => (
                <AllergenChecks legend={intl.formatMessage({ id: 'dashboard.product.allergens' })} value={f.value} onChange={f.onChange} />
              )}
            />
          </section>

          <section className="admin__section" aria-labelledby="images-title">
            <h2 id="images-title">{intl.formatMessage({ id: 'dashboard.product.images' })}</h2>
            <Controller
              control={control}
              name="image"
              render={({ field: f }) => (
                <MediaPicker purpose="product" label={intl.formatMessage({ id: 'dashboard.product.mainImage' })} value={f.value} onChange={f.onChange} />
              )}
            />
            <Controller
              control={control}
              name="gallery"
              render={({ field: f }) => (
                <MediaGalleryPicker
                  label={intl.formatMessage({ id: 'dashboard.product.gallery' }, { max: MAX_GALLERY })}
                  value={f.value}
                  onChange={f.onChange}
                  max={MAX_GALLERY}
                />
              )}
            />
          </section>

          <AddonsEditor form={form} />

          <section className="admin__section" aria-labelledby="related-title">
            <h2 id="related-title">{intl.formatMessage({ id: 'dashboard.product.related' })}</h2>
            <Controller
              control={control}
              name="upsellIds"
              render={({ field: f }) => (
                <ProductPicker label={intl.formatMessage({ id: 'dashboard.product.upsells' })} value={f.value} onChange={f.onChange} exclude={product?.id} />
              )}
            />
            <Controller
              control={control}
              name="crossSellIds"
              render={({ field: f }) => (
                <ProductPicker label={intl.formatMessage({ id: 'dashboard.product.crossSells' })} value={f.value} onChange={f.onChange} exclude={product?.id} />
              )}
            />
          </section>
        </div>

        <aside className="product-editor__side" aria-labelledby="preview-title">
          <h2 id="preview-title">{intl.formatMessage({ id: 'dashboard.product.preview' })}</h2>
          <div className="product-editor__langs" role="group" aria-label={intl.formatMessage({ id: 'dashboard.product.previewLanguage' })}>
            {LANGUAGES.map((lang) => (
              <Button
                key={lang}
                variant={language === lang ? 'primary' : 'secondary'}
                size="sm"
                aria-pressed={language === lang}
                onClick={() => setLanguage(lang)}
              >
                {lang.toUpperCase()}
              </Button>
            ))}
          </div>
          <CardPreview values={values} language={language} />
        </aside>
      </div>

      <div className="product-editor__actions">
        <SubmitButton submitting={formState.isSubmitting}>{intl.formatMessage({ id: 'dashboard.product.save' })}</SubmitButton>
      </div>
      <UnsavedChangesDialog blocker={blocker} />
    </form>
  );
}

function ExistingProduct({ id }: { id: number }) {
  const intl = useIntl();
  const query = useQuery({
    queryKey: ['dashboard', 'wc-product', id],
    queryFn: ({ signal }) => load(id, signal),
    retry: retryServerErrors,
    refetchOnWindowFocus: false,
  });
  if (query.isPending) return <Spinner size="lg" label={intl.formatMessage({ id: 'common.loading' })} />;
  if (query.error) {
    if (query.error instanceof HttpError && query.error.status === 404)
      return <Notice tone="error">{intl.formatMessage({ id: 'dashboard.product.notFound' })}</Notice>;
    return <DashboardError error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <ProductForm key={id} loaded={query.data ?? null} onReload={async () => (await query.refetch()).data} />;
}

/** /dashboard/products/new and /dashboard/products/:id: the product editor (products.manage). */
export default function ProductEditorPage() {
  const intl = useIntl();
  const { id } = useParams();
  const numeric = id && /^\d+$/.test(id) ? Number(id) : null;
  return (
    <StaffGate permission={PERMISSION.productsManage}>
      <DashboardFrame
        title={intl.formatMessage({ id: numeric ? 'dashboard.product.editTitle' : 'dashboard.product.newTitle' })}
        actions={
          <ButtonLink to="/dashboard/products" variant="secondary">
            {intl.formatMessage({ id: 'dashboard.product.backToList' })}
          </ButtonLink>
        }
      >
        {numeric ? <ExistingProduct id={numeric} /> : <ProductForm loaded={null} onReload={() => Promise.resolve(undefined)} />}
      </DashboardFrame>
    </StaffGate>
  );
}
