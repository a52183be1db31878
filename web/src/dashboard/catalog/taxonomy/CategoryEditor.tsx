import type { WcCategory, WcCategoryInput } from '@bakje/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { HttpError } from '../../../api/http';
import { SubmitButton } from '../../../forms/SubmitButton';
import { useErrorText, useZodForm } from '../../../forms/useZodForm';
import { Field, Notice, useToast } from '../../../ui';
import { MediaPicker } from '../../media/MediaPicker';
import { EditorDialog } from '../DiscardGuard';
import { nameIn, taxonomyKeys, wc, WC, type Lang } from '../taxonomyApi';
import { CUSTOM_ORDER_CAP, HIDDEN_ORDER, isHidden } from './categoryOrder';

/** A category's own editor: names, slug, parent, description, image and its place in the lists. */
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
  /** '' none, '16' or '18': every product in the category is sold only to customers that age. */
  ageLimit: z.enum(['', '16', '18']),
  /** "Ik breng mijn eigen pot mee" is offered for the category's products. */
  ownContainer: z.boolean(),
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
    ageLimit: category?.age_limit === 16 ? '16' : category?.age_limit === 18 ? '18' : '',
    ownContainer: category?.own_container ?? false,
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
      age_limit: values.ageLimit === '16' ? 16 : values.ageLimit === '18' ? 18 : null,
      own_container: values.ownContainer,
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
      <Field
        as="select"
        label={intl.formatMessage({ id: 'dashboard.product.ageLimit' })}
        hint={intl.formatMessage({ id: 'dashboard.categories.ageLimitHint' })}
        data-testid="category-age-limit"
        {...register('ageLimit')}
      >
        {(['', '16', '18'] as const).map((age) => (
          <option key={age} value={age}>
            {intl.formatMessage({ id: `dashboard.ageLimit.${age || 'none'}` })}
          </option>
        ))}
      </Field>
      <Field
        as="checkbox"
        label={intl.formatMessage({ id: 'dashboard.categories.ownContainer' })}
        hint={intl.formatMessage({ id: 'dashboard.categories.ownContainerHint' })}
        data-testid="category-own-container"
        {...register('ownContainer')}
      />
      <SubmitButton submitting={formState.isSubmitting}>{intl.formatMessage({ id: 'dashboard.catalog.save' })}</SubmitButton>
    </form>
  );
}

export function CategoryEditor({ category, all, lang, onClose }: { category: WcCategory | null; all: WcCategory[]; lang: Lang; onClose: () => void }) {
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
