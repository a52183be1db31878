import type { AddonFieldType, AddonPriceType, WcAllergen, WcCategory, WcGlobalAddon, WcGlobalAddonInput } from '@bakje/contract';
import { ConfirmDeleteDialog } from '../ConfirmDeleteDialog';
import { EditDeleteButtons } from '../EditDeleteButtons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useFieldArray, type Control, type UseFormRegister, type FieldErrors } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { HttpError, retryServerErrors } from '../../../api/http';
import { SubmitButton } from '../../../forms/SubmitButton';
import { errorAt, useErrorText, useZodForm } from '../../../forms/useZodForm';
import { useLocale } from '../../../i18n/LocaleProvider';
import { Button, DataTable, Field, Notice, useToast, type Column } from '../../../ui';
import { DashboardFrame } from '../../admin/DashboardFrame';
import { PERMISSION } from '../../admin/permissions';
import { DashboardError, StaffGate } from '../../admin/StaffGate';
import { MediaPicker } from '../../media/MediaPicker';
import { EditorDialog } from '../DiscardGuard';
import { allPages, GLOBAL_ADDONS, matches, nameIn, taxonomyKeys, wc, WC, type Lang } from '../taxonomyApi';
import '../catalog.css';

const FIELD_TYPES = ['multiple_choice', 'checkbox', 'heading', 'custom_text'] as const satisfies readonly AddonFieldType[];
const PRICE_TYPES = ['quantity_based', 'flat_fee', 'percentage_based'] as const satisfies readonly AddonPriceType[];
const hasOptions = (type: AddonFieldType) => type === 'multiple_choice' || type === 'checkbox';

const text = z.string().trim().max(200);
const optionSchema = z.object({
  id: z.number().optional(),
  label: text.min(1, 'form.required'),
  fr: text,
  en: text,
  /** Comma or point as decimal separator; empty: free. */
  price: z
    .string()
    .trim()
    .regex(/^(\d{1,6}([.,]\d{1,2})?)?$/, 'dashboard.addons.priceInvalid'),
  priceType: z.enum(PRICE_TYPES),
  image: z.object({ id: z.number(), src: z.string() }).nullable(),
  allergens: z.array(z.string()),
});
const fieldSchema = z
  .object({
    id: z.number().optional(),
    name: text.min(1, 'form.required'),
    fr: text,
    en: text,
    type: z.enum(FIELD_TYPES),
    required: z.boolean(),
    /** Short text: the price of filling it in, its type and the most characters (empty: no limit). */
    price: z
      .string()
      .trim()
      .regex(/^(\d{1,6}([.,]\d{1,2})?)?$/, 'dashboard.addons.priceInvalid'),
    priceType: z.enum(PRICE_TYPES),
    max: z
      .string()
      .trim()
      .regex(/^\d{0,4}$/, 'form.invalid'),
    options: z.array(optionSchema),
  })
  .refine((f) => !hasOptions(f.type) || f.options.length > 0, { path: ['type'], message: 'dashboard.addons.needsOption' });
const schema = z.object({
  name: text.min(1, 'form.required'),
  fr: text,
  en: text,
  categories: z.array(z.string()),
  fields: z.array(fieldSchema),
});
type FormInput = z.input<typeof schema>;
type OptionInput = z.input<typeof optionSchema>;

const emptyOption = (): OptionInput => ({ label: '', fr: '', en: '', price: '', priceType: 'quantity_based', image: null, allergens: [] });

function formValues(addon: WcGlobalAddon | null): FormInput {
  return {
    name: addon?.name ?? '',
    fr: addon?.translations.fr ?? '',
    en: addon?.translations.en ?? '',
    categories: Object.keys(addon?.restrict_to_categories ?? {}),
    fields: (addon?.fields ?? []).map((f) => ({
      id: f.id,
      name: f.name,
      fr: f.translations.fr,
      en: f.translations.en,
      type: f.type,
      required: f.required,
      price: f.price.replace('.', ','),
      priceType: f.price_type,
      max: f.max ? String(f.max) : '',
      options: f.options.map((o) => ({
        id: o.id,
        label: o.label,
        fr: o.translations.fr,
        en: o.translations.en,
        price: o.price.replace('.', ','),
        priceType: o.price_type,
        image: o.image === null ? null : { id: o.image, src: o.image_src ?? '' },
        allergens: o.allergens.map(String),
      })),
    })),
  };
}

function toBody(values: z.output<typeof schema>): WcGlobalAddonInput {
  return {
    name: values.name,
    translations: { fr: values.fr, en: values.en },
    restrict_to_categories: values.categories.map(Number),
    fields: values.fields.map((f) => ({
      ...(f.id ? { id: f.id } : {}),
      name: f.name,
      translations: { fr: f.fr, en: f.en },
      type: f.type,
      required: f.required,
      ...(f.type === 'custom_text' ? { price: f.price.replace(',', '.'), price_type: f.priceType, max: Number(f.max || 0) } : {}),
      options: hasOptions(f.type)
        ? f.options.map((o) => ({
            ...(o.id ? { id: o.id } : {}),
            label: o.label,
            translations: { fr: o.fr, en: o.en },
            price: o.price.replace(',', '.'),
            price_type: o.priceType,
            image: o.image ? o.image.id : null,
            allergens: o.allergens.map(Number),
          }))
        : [],
    })),
  };
}

interface EditorContext {
  control: Control<FormInput>;
  register: UseFormRegister<FormInput>;
  errors: FieldErrors<FormInput>;
  allergens: WcAllergen[];
  lang: Lang;
}

function OptionsEditor({ fieldIndex, ctx }: { fieldIndex: number; ctx: EditorContext }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const { control, register, errors, allergens, lang } = ctx;
  const options = useFieldArray({ control, name: `fields.${fieldIndex}.options` });
  return (
    <div className="catalog-options">
      {options.fields.map((option, j) => {
        const path = `fields.${fieldIndex}.options.${j}` as const;
        return (
          <fieldset key={option.id} className="admin__fieldset catalog-option">
            <legend>{intl.formatMessage({ id: 'dashboard.addons.option' }, { number: j + 1 })}</legend>
            <div className="admin__row">
              <Field
                label={intl.formatMessage({ id: 'dashboard.addons.labelNl' })}
                required
                {...register(`${path}.label`)}
                error={errorText(errorAt(errors, `${path}.label`))}
              />
              <Field label={intl.formatMessage({ id: 'dashboard.addons.labelFr' })} {...register(`${path}.fr`)} />
              <Field label={intl.formatMessage({ id: 'dashboard.addons.labelEn' })} {...register(`${path}.en`)} />
            </div>
            <div className="admin__row">
              <Field
                label={intl.formatMessage({ id: 'dashboard.addons.price' })}
                inputMode="decimal"
                placeholder="0,50"
                {...register(`${path}.price`)}
                error={errorText(errorAt(errors, `${path}.price`))}
              />
              <Field as="select" label={intl.formatMessage({ id: 'dashboard.addons.priceType' })} {...register(`${path}.priceType`)}>
                {PRICE_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {intl.formatMessage({ id: `dashboard.addons.priceType.${type}` })}
                  </option>
                ))}
              </Field>
            </div>
            <Controller
              control={control}
              name={`${path}.image`}
              render={({ field }) => (
                <MediaPicker
                  purpose="addonOption"
                  label={intl.formatMessage({ id: 'dashboard.addons.optionImage' })}
                  value={field.value ?? null}
                  onChange={field.onChange}
                />
              )}
            />
            <details className="catalog-allergens">
              <summary>{intl.formatMessage({ id: 'dashboard.addons.allergens' })}</summary>
              <div className="catalog-checks">
                {allergens.map((a) => (
                  <Field key={a.id} as="checkbox" value={String(a.id)} label={nameIn(lang, a)} {...register(`${path}.allergens`)} />
                ))}
              </div>
            </details>
            <div className="admin__buttons">
              <Button variant="ghost" size="sm" disabled={j === 0} onClick={() => options.move(j, j - 1)}>
                {intl.formatMessage({ id: 'dashboard.addons.moveUp' })}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => options.remove(j)}>
                {intl.formatMessage({ id: 'dashboard.addons.removeOption' })}
              </Button>
            </div>
          </fieldset>
        );
      })}
      <Button variant="secondary" size="sm" onClick={() => options.append(emptyOption())}>
        {intl.formatMessage({ id: 'dashboard.addons.addOption' })}
      </Button>
    </div>
  );
}

function AddonForm({
  addon,
  categories,
  allergens,
  lang,
  onDone,
  onDirty,
}: {
  addon: WcGlobalAddon | null;
  categories: WcCategory[];
  allergens: WcAllergen[];
  lang: Lang;
  onDone: (saved: WcGlobalAddon) => void;
  onDirty: (dirty: boolean) => void;
}) {
  const intl = useIntl();
  const errorText = useErrorText();
  const { register, handleSubmit, formState, control, watch, setValue } = useZodForm(schema, { defaultValues: formValues(addon) });
  const fields = useFieldArray({ control, name: 'fields' });
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => onDirty(formState.isDirty && !formState.isSubmitSuccessful), [formState.isDirty, formState.isSubmitSuccessful, onDirty]);
  const submit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      const saved = await wc<WcGlobalAddon>(addon ? 'PUT' : 'POST', addon ? `${GLOBAL_ADDONS}/${addon.id}` : GLOBAL_ADDONS, toBody(values));
      onDone(saved);
    } catch (error) {
      setProblem(error instanceof HttpError ? error.message : intl.formatMessage({ id: 'dashboard.catalog.saveFailed' }));
    }
  });
  const ctx: EditorContext = { control, register, errors: formState.errors, allergens, lang };
  return (
    <form className="admin__form catalog-form" onSubmit={(event) => void submit(event)} noValidate>
      {problem ? (
        <Notice tone="error" role="alert">
          {problem}
        </Notice>
      ) : null}
      <Field label={intl.formatMessage({ id: 'dashboard.catalog.nameNl' })} required marked {...register('name')} error={errorText(formState.errors.name)} />
      <div className="admin__row">
        <Field label={intl.formatMessage({ id: 'dashboard.catalog.nameFr' })} marked {...register('fr')} />
        <Field label={intl.formatMessage({ id: 'dashboard.catalog.nameEn' })} marked {...register('en')} />
      </div>
      <fieldset className="admin__fieldset">
        <legend>{intl.formatMessage({ id: 'dashboard.addons.categories' })}</legend>
        <p className="account-hint">{intl.formatMessage({ id: 'dashboard.addons.categoriesHint' })}</p>
        <div className="catalog-checks">
          {categories.map((c) => (
            <Field key={c.id} as="checkbox" value={String(c.id)} label={nameIn(lang, c)} {...register('categories')} />
          ))}
        </div>
      </fieldset>
      {fields.fields.map((field, i) => {
        const type = watch(`fields.${i}.type`);
        return (
          <fieldset key={field.id} className="admin__fieldset catalog-field">
            <legend>{intl.formatMessage({ id: 'dashboard.addons.field' }, { number: i + 1 })}</legend>
            <div className="admin__row">
              <Field
                label={intl.formatMessage({ id: 'dashboard.addons.fieldNameNl' })}
                required
                {...register(`fields.${i}.name`)}
                error={errorText(errorAt(formState.errors, `fields.${i}.name`))}
              />
              <Field label={intl.formatMessage({ id: 'dashboard.addons.fieldNameFr' })} {...register(`fields.${i}.fr`)} />
              <Field label={intl.formatMessage({ id: 'dashboard.addons.fieldNameEn' })} {...register(`fields.${i}.en`)} />
            </div>
            <div className="admin__row">
              <Field
                as="select"
                label={intl.formatMessage({ id: 'dashboard.addons.type' })}
                {...register(`fields.${i}.type`, {
                  // A heading or short text has no options: drop them, so hidden ones cannot block saving.
                  onChange: (event: { target: { value: AddonFieldType } }) => {
                    if (!hasOptions(event.target.value)) setValue(`fields.${i}.options`, [], { shouldDirty: true });
                  },
                })}
                error={errorText(errorAt(formState.errors, `fields.${i}.type`))}
              >
                {FIELD_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {intl.formatMessage({ id: `dashboard.addons.type.${t}` })}
                  </option>
                ))}
              </Field>
              <Field as="checkbox" label={intl.formatMessage({ id: 'dashboard.addons.required' })} {...register(`fields.${i}.required`)} />
            </div>
            {hasOptions(type) ? <OptionsEditor fieldIndex={i} ctx={ctx} /> : null}
            {type === 'custom_text' ? (
              <div className="admin__row">
                <Field
                  label={intl.formatMessage({ id: 'dashboard.addons.price' })}
                  inputMode="decimal"
                  placeholder="0,50"
                  {...register(`fields.${i}.price`)}
                  error={errorText(errorAt(formState.errors, `fields.${i}.price`))}
                />
                <Field as="select" label={intl.formatMessage({ id: 'dashboard.addons.priceType' })} {...register(`fields.${i}.priceType`)}>
                  {PRICE_TYPES.map((priceType) => (
                    <option key={priceType} value={priceType}>
                      {intl.formatMessage({ id: `dashboard.addons.priceType.${priceType}` })}
                    </option>
                  ))}
                </Field>
                <Field
                  label={intl.formatMessage({ id: 'dashboard.addons.maxLength' })}
                  inputMode="numeric"
                  {...register(`fields.${i}.max`)}
                  error={errorText(errorAt(formState.errors, `fields.${i}.max`))}
                />
              </div>
            ) : null}
            <div className="admin__buttons">
              <Button variant="ghost" size="sm" disabled={i === 0} onClick={() => fields.move(i, i - 1)}>
                {intl.formatMessage({ id: 'dashboard.addons.moveUp' })}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => fields.remove(i)}>
                {intl.formatMessage({ id: 'dashboard.addons.removeField' })}
              </Button>
            </div>
          </fieldset>
        );
      })}
      <div className="admin__buttons">
        <Button
          variant="secondary"
          onClick={() =>
            fields.append({
              name: '',
              fr: '',
              en: '',
              type: 'multiple_choice',
              required: false,
              price: '',
              priceType: 'quantity_based',
              max: '',
              options: [emptyOption()],
            })
          }
        >
          {intl.formatMessage({ id: 'dashboard.addons.addField' })}
        </Button>
        <SubmitButton submitting={formState.isSubmitting}>{intl.formatMessage({ id: 'dashboard.catalog.save' })}</SubmitButton>
      </div>
    </form>
  );
}

function AddonsView() {
  const intl = useIntl();
  const { locale } = useLocale();
  const lang = locale.slice(0, 2) as Lang;
  const client = useQueryClient();
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<WcGlobalAddon | 'new' | null>(null);
  const [deleting, setDeleting] = useState<WcGlobalAddon | null>(null);
  const [dirty, setDirty] = useState(false);
  const addons = useQuery({
    queryKey: taxonomyKeys.addons,
    queryFn: ({ signal }) => wc<WcGlobalAddon[]>('GET', GLOBAL_ADDONS, undefined, signal),
    retry: retryServerErrors,
  });
  const categories = useQuery({
    queryKey: taxonomyKeys.categories,
    queryFn: ({ signal }) => allPages<WcCategory>(`${WC}/products/categories?orderby=id&order=asc`, signal),
    retry: retryServerErrors,
  });
  const allergens = useQuery({
    queryKey: taxonomyKeys.allergens,
    queryFn: ({ signal }) => wc<WcAllergen[]>('GET', `${WC}/products/allergens`, undefined, signal),
    retry: retryServerErrors,
  });
  const remove = useMutation({
    mutationFn: (addon: WcGlobalAddon) => wc<WcGlobalAddon>('DELETE', `${GLOBAL_ADDONS}/${addon.id}`),
    onSuccess: async (deleted) => {
      toast(intl.formatMessage({ id: 'dashboard.addons.deleted' }, { name: nameIn(lang, deleted) }));
      setDeleting(null);
      await client.invalidateQueries({ queryKey: taxonomyKeys.addons });
    },
  });
  const categoryName = (id: string) => {
    const category = categories.data?.find((c) => String(c.id) === id);
    return category ? nameIn(lang, category) : '';
  };
  const rows = addons.data?.filter((a) => matches(search, a.name, a.translations.fr, a.translations.en, ...a.fields.map((f) => f.name)));
  const columns: Column<WcGlobalAddon>[] = [
    {
      id: 'name',
      header: intl.formatMessage({ id: 'dashboard.catalog.name' }),
      rowHeader: true,
      cell: (a) => nameIn(lang, a),
      sortValue: (a) => nameIn(lang, a),
    },
    {
      id: 'categories',
      header: intl.formatMessage({ id: 'dashboard.addons.categories' }),
      cell: (a) => {
        const ids = Object.keys(a.restrict_to_categories);
        return ids.length ? ids.map(categoryName).join(', ') : intl.formatMessage({ id: 'dashboard.addons.allProducts' });
      },
    },
    {
      id: 'fields',
      header: intl.formatMessage({ id: 'dashboard.addons.fields' }),
      cell: (a) => a.fields.map((f) => nameIn(lang, f)).join(', '),
      sortValue: (a) => a.fields.length,
    },
    {
      id: 'actions',
      header: intl.formatMessage({ id: 'dashboard.actions' }),
      cell: (a) => (
        <div className="admin__buttons">
          <EditDeleteButtons
            name={nameIn(lang, a)}
            onEdit={() => setEditing(a)}
            onDelete={() => {
              remove.reset();
              setDeleting(a);
            }}
          />
        </div>
      ),
    },
  ];
  const ready = addons.data && categories.data && allergens.data;
  const error = addons.error ?? categories.error ?? allergens.error;
  return (
    <>
      <section className="admin__section" aria-labelledby="addons-list-title">
        <div className="catalog-toolbar">
          <h2 id="addons-list-title">{intl.formatMessage({ id: 'dashboard.addons.listTitle' })}</h2>
          <Button onClick={() => setEditing('new')} disabled={!ready}>
            {intl.formatMessage({ id: 'dashboard.addons.add' })}
          </Button>
        </div>
        <Field
          type="search"
          label={intl.formatMessage({ id: 'dashboard.catalog.search' })}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <DataTable
          label={intl.formatMessage({ id: 'dashboard.addons.listTitle' })}
          columns={columns}
          rows={rows}
          rowKey={(a) => a.id}
          loading={addons.isPending}
          error={error}
          errorContent={
            <DashboardError
              error={error}
              onRetry={() => {
                void addons.refetch();
                void categories.refetch();
                void allergens.refetch();
              }}
            />
          }
          empty={intl.formatMessage({ id: search ? 'dashboard.catalog.noMatch' : 'dashboard.addons.empty' })}
        />
      </section>
      {editing && ready ? (
        <EditorDialog
          open
          dirty={dirty}
          onClose={() => {
            setDirty(false);
            setEditing(null);
          }}
          title={intl.formatMessage({ id: editing === 'new' ? 'dashboard.addons.add' : 'dashboard.addons.edit' })}
        >
          <AddonForm
            addon={editing === 'new' ? null : editing}
            categories={categories.data}
            allergens={allergens.data}
            lang={lang}
            onDirty={setDirty}
            onDone={(saved) => {
              toast(intl.formatMessage({ id: 'dashboard.addons.saved' }, { name: nameIn(lang, saved) }));
              void client.invalidateQueries({ queryKey: taxonomyKeys.addons });
              setDirty(false);
              setEditing(null);
            }}
          />
        </EditorDialog>
      ) : null}
      <ConfirmDeleteDialog
        name={deleting ? nameIn(lang, deleting) : null}
        titleId="dashboard.addons.deleteTitle"
        bodyId="dashboard.addons.deleteBody"
        busy={remove.isPending}
        error={remove.error}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </>
  );
}

/** /dashboard/catalog/add-ons (products.manage): global add-ons for every product of some categories. */
export default function AddOnsPage() {
  const intl = useIntl();
  return (
    <StaffGate permission={PERMISSION.productsManage}>
      <DashboardFrame title={intl.formatMessage({ id: 'dashboard.addons.title' })}>
        <AddonsView />
      </DashboardFrame>
    </StaffGate>
  );
}
