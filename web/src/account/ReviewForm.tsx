import { useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { SubmitButton } from '../forms/SubmitButton';
import { useErrorText, useZodForm } from '../forms/useZodForm';
import { Notice } from '../ui';
import { Field } from '../ui/Field';
import { WriteReviewDocument } from './account.generated';
import { accountErrorText } from './errors';
import { useAccount, useAccountMutation } from './useAccount';
import './account.css';

const reviewSchema = z.object({
  rating: z
    .string()
    .regex(/^[1-5]$/, 'form.required')
    .transform(Number),
  author: z.string().trim().min(1, 'form.required'),
  authorEmail: z.string().trim().min(1, 'form.required'),
  content: z.string().trim().min(1, 'form.required'),
});

/** The review form under the product's reviews (docs/product.md §5: author, e-mail, content, rating, product). */
export default function ReviewForm({ productId }: { productId: number }) {
  const intl = useIntl();
  const account = useAccount();
  const client = useQueryClient();
  const errorText = useErrorText();
  const viewer = account.data?.viewer;
  // A logged-in viewer's name and e-mail fill in once the account is known, without undoing typing.
  const known = {
    rating: '',
    author: viewer ? [viewer.firstName, viewer.lastName].filter(Boolean).join(' ') || (viewer.username ?? '') : '',
    authorEmail: viewer?.email ?? '',
    content: '',
  };
  const { register, handleSubmit, formState } = useZodForm(reviewSchema, { values: known, resetOptions: { keepDirtyValues: true } });
  const write = useAccountMutation(WriteReviewDocument);

  const submit = handleSubmit(async (review) => {
    await write.mutateAsync({ input: { ...review, commentOn: productId } }).then(
      () => client.invalidateQueries({ queryKey: ['product'] }),
      () => undefined, // write.error is shown above the form
    );
  });

  if (write.isSuccess) {
    return <Notice tone="success">{intl.formatMessage({ id: write.data.writeReview.published ? 'review.thanks' : 'review.moderation' })}</Notice>;
  }
  const ratingError = errorText(formState.errors.rating);
  return (
    <form className="account-form review-form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="review-form-title">
      <h3 id="review-form-title">{intl.formatMessage({ id: 'review.write' })}</h3>
      {write.error ? (
        <Notice tone="error" role="alert">
          {accountErrorText(intl, write.error, 'account.error.update')}
        </Notice>
      ) : null}
      <fieldset className="review-form__rating" aria-describedby={ratingError ? 'review-rating-error' : undefined}>
        <legend>{intl.formatMessage({ id: 'review.rating' })}</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="check">
            <input type="radio" value={String(n)} {...register('rating')} />
            {intl.formatMessage({ id: 'review.stars' }, { count: n })}
          </label>
        ))}
        {ratingError ? (
          <p className="field-error" id="review-rating-error">
            {ratingError}
          </p>
        ) : null}
      </fieldset>
      <Field label={intl.formatMessage({ id: 'review.author' })} autoComplete="name" {...register('author')} error={errorText(formState.errors.author)} />
      <Field
        label={intl.formatMessage({ id: 'account.field.email' })}
        type="email"
        autoComplete="email"
        {...register('authorEmail')}
        error={errorText(formState.errors.authorEmail)}
      />
      <Field
        as="textarea"
        id="review-content"
        label={intl.formatMessage({ id: 'review.content' })}
        rows={4}
        maxLength={2000}
        {...register('content')}
        error={errorText(formState.errors.content)}
      />
      <SubmitButton submitting={formState.isSubmitting} busyLabel={intl.formatMessage({ id: 'account.lost.busy' })}>
        {intl.formatMessage({ id: 'review.submit' })}
      </SubmitButton>
    </form>
  );
}
