import type { Translations } from '@bakje/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { HttpError } from '../../../api/http';
import { SubmitButton } from '../../../forms/SubmitButton';
import { useErrorText, useZodForm } from '../../../forms/useZodForm';
import { Field, Notice, useToast } from '../../../ui';
import { EditorDialog } from '../DiscardGuard';
import { nameIn, type Lang } from '../taxonomyApi';

/**
 * The small editor the flat catalogue lists share (allergens, attributes and their terms, tags): names in three
 * languages and one more field, in a dialog that asks before discarding.
 */
const text = z.string().trim().max(200);
const schema = z.object({
  name: text.min(1, 'form.required'),
  fr: text,
  en: text,
  /** Slug (attributes, terms) or icon path (allergens). */
  extra: z.string().trim().max(500),
});
export type Values = z.output<typeof schema>;
export type Named = { name: string; translations: Translations };

/** One small form for the three kinds: names in three languages and one more field. */
function NameForm({
  initial,
  extraLabel,
  extraHint,
  extraRequired,
  onSave,
  onDone,
  onDirty,
}: {
  initial: Named & { extra: string };
  extraLabel: string;
  extraHint?: string;
  extraRequired?: boolean;
  onSave: (values: Values) => Promise<Named>;
  onDone: (saved: Named) => void;
  onDirty: (dirty: boolean) => void;
}) {
  const intl = useIntl();
  const errorText = useErrorText();
  const { register, handleSubmit, formState, setError } = useZodForm(
    extraRequired ? schema.extend({ extra: z.string().trim().min(1, 'form.required').max(500) }) : schema,
    { defaultValues: { name: initial.name, fr: initial.translations.fr, en: initial.translations.en, extra: initial.extra } },
  );
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => onDirty(formState.isDirty && !formState.isSubmitSuccessful), [formState.isDirty, formState.isSubmitSuccessful, onDirty]);
  const submit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      onDone(await onSave(values));
    } catch (error) {
      if (error instanceof HttpError && error.code === 'term_exists') setError('extra', { type: 'server', message: 'dashboard.categories.slugTaken' });
      else if (error instanceof HttpError && /icon|slug/.test(error.message)) setError('extra', { type: 'server', message: error.message });
      else setProblem(error instanceof HttpError ? error.message : intl.formatMessage({ id: 'dashboard.catalog.saveFailed' }));
    }
  });
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
      <Field label={extraLabel} hint={extraHint} required={extraRequired} marked {...register('extra')} error={errorText(formState.errors.extra)} />
      <SubmitButton submitting={formState.isSubmitting}>{intl.formatMessage({ id: 'dashboard.catalog.save' })}</SubmitButton>
    </form>
  );
}

export interface Editing {
  title: string;
  initial: Named & { extra: string };
  extraLabel: string;
  extraHint?: string;
  extraRequired?: boolean;
  save: (values: Values) => Promise<Named>;
  invalidate: readonly unknown[];
}

export function useEditor(lang: Lang) {
  const intl = useIntl();
  const toast = useToast();
  const client = useQueryClient();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [dirty, setDirty] = useState(false);
  const close = () => {
    setDirty(false);
    setEditing(null);
  };
  const dialog = editing ? (
    <EditorDialog open dirty={dirty} onClose={close} title={editing.title}>
      <NameForm
        initial={editing.initial}
        extraLabel={editing.extraLabel}
        extraHint={editing.extraHint}
        extraRequired={editing.extraRequired}
        onSave={editing.save}
        onDirty={setDirty}
        onDone={(saved) => {
          toast(intl.formatMessage({ id: 'dashboard.catalog.savedNamed' }, { name: nameIn(lang, saved) }));
          void client.invalidateQueries({ queryKey: editing.invalidate });
          close();
        }}
      />
    </EditorDialog>
  ) : null;
  return { open: setEditing, dialog };
}

export const named = (values: Values) => ({ name: values.name, translations: { fr: values.fr, en: values.en } });
