import type { MediaItemRest } from '@bakje/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { SubmitButton } from '../../forms/SubmitButton';
import { useErrorText, useZodForm } from '../../forms/useZodForm';
import { Button, ButtonAnchor, Dialog, Notice } from '../../ui';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Field } from '../../ui/Field';
import { useToast } from '../../ui/Toast';
import { deleteMedia, mediaKey, updateMedia } from './media-api';
import { sitePath } from './MediaPicker';

/** The server's limits: alt text and title of at most 500 characters. */
const detailsSchema = z.object({
  alt_text: z.string().trim().max(500, 'dashboard.media.tooLong'),
  title: z.string().trim().max(500, 'dashboard.media.tooLong'),
});

function EditDetailsDialog({ item, onClose }: { item: MediaItemRest; onClose: () => void }) {
  const intl = useIntl();
  const client = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const { register, handleSubmit, formState } = useZodForm(detailsSchema, { defaultValues: { alt_text: item.alt_text, title: item.title.raw } });
  const save = useMutation({ mutationFn: (change: z.output<typeof detailsSchema>) => updateMedia(item.id, change) });
  const submit = handleSubmit(async (change) => {
    const saved = await save.mutateAsync(change).catch(() => null);
    if (!saved) return;
    await client.invalidateQueries({ queryKey: mediaKey });
    toast(intl.formatMessage({ id: 'dashboard.media.saved' }));
    onClose();
  });
  return (
    <Dialog open onClose={onClose} title={intl.formatMessage({ id: 'dashboard.media.editTitle' }, { name: item.title.raw || item.name })}>
      <form
        className="account-form"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label={intl.formatMessage({ id: 'dashboard.media.editTitle' }, { name: item.title.raw || item.name })}
      >
        {save.error ? (
          <Notice tone="error" role="alert">
            {intl.formatMessage({ id: 'dashboard.media.saveFailed' })}
          </Notice>
        ) : null}
        <Field label={intl.formatMessage({ id: 'dashboard.media.altText' })} {...register('alt_text')} error={errorText(formState.errors.alt_text)} />
        <Field label={intl.formatMessage({ id: 'dashboard.media.imageTitle' })} {...register('title')} error={errorText(formState.errors.title)} />
        <SubmitButton submitting={formState.isSubmitting}>{intl.formatMessage({ id: 'dashboard.media.save' })}</SubmitButton>
      </form>
    </Dialog>
  );
}

/** Open, edit (alt text, title) and delete one image of the library. */
export function MediaItemActions({ item }: { item: MediaItemRest }) {
  const intl = useIntl();
  const client = useQueryClient();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const name = item.title.raw || item.name;
  const remove = useMutation({
    mutationFn: () => deleteMedia(item.id),
    onSuccess: async () => {
      setDeleting(false);
      toast(intl.formatMessage({ id: 'dashboard.media.deleted' }, { name }));
      await client.invalidateQueries({ queryKey: mediaKey });
    },
  });
  return (
    <div className="media-picker__actions">
      <ButtonAnchor size="sm" variant="ghost" href={sitePath(item.src)} target="_blank" rel="noreferrer">
        {item.media_details.width && item.media_details.height
          ? intl.formatMessage({ id: 'dashboard.media.open' }, { width: item.media_details.width, height: item.media_details.height })
          : intl.formatMessage({ id: 'dashboard.media.openFile' })}
      </ButtonAnchor>
      <Button size="sm" variant="secondary" onClick={() => setEditing(true)} aria-label={intl.formatMessage({ id: 'dashboard.media.editNamed' }, { name })}>
        {intl.formatMessage({ id: 'dashboard.media.edit' })}
      </Button>
      <Button
        size="sm"
        variant="danger"
        onClick={() => {
          remove.reset();
          setDeleting(true);
        }}
        aria-label={intl.formatMessage({ id: 'dashboard.media.deleteNamed' }, { name })}
      >
        {intl.formatMessage({ id: 'dashboard.media.delete' })}
      </Button>
      {editing ? <EditDetailsDialog item={item} onClose={() => setEditing(false)} /> : null}
      <ConfirmDialog
        open={deleting}
        title={intl.formatMessage({ id: 'dashboard.media.deleteTitle' })}
        confirmLabel={intl.formatMessage({ id: 'dashboard.media.delete' })}
        busy={remove.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() => remove.mutate()}
      >
        <p>{intl.formatMessage({ id: 'dashboard.media.deleteBody' }, { name })}</p>
        {remove.error ? (
          <Notice tone="error" role="alert">
            {intl.formatMessage({ id: 'dashboard.media.deleteFailed' })}
          </Notice>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
