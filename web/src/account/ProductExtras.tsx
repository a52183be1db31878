import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Button, Notice } from '../ui';
import { accountErrorText } from './errors';
import { Field } from './Field';
import { AddWishDocument, WriteReviewDocument } from './account.generated';
import { useAccount, useAccountMutation } from './useAccount';
import './account.css';

/** "Add to wishlist" on the product page; guests are pointed to the login. */
export function WishlistButton({ productId }: { productId: number }) {
  const intl = useIntl();
  const account = useAccount();
  const add = useAccountMutation(AddWishDocument);
  if (!account.data?.viewer) {
    return (
      <p className="product-wishlist">
        <Link to="/login">{intl.formatMessage({ id: 'wishlist.loginFirst' })}</Link>
      </p>
    );
  }
  return (
    <div className="product-wishlist">
      <Button variant="secondary" onClick={() => add.mutate({ productId })} disabled={add.isPending || add.isSuccess}>
        {intl.formatMessage({ id: add.isSuccess ? 'wishlist.added' : 'wishlist.add' })}
      </Button>
      {add.error ? <Notice tone="error" role="alert">{accountErrorText(intl, add.error, 'account.error.update')}</Notice> : null}
    </div>
  );
}

/** The review form under the product's reviews (docs/product.md §5: author, e-mail, content, rating, product). */
export function ReviewForm({ productId }: { productId: number }) {
  const intl = useIntl();
  const account = useAccount();
  const client = useQueryClient();
  const viewer = account.data?.viewer;
  const [rating, setRating] = useState(0);
  const [author, setAuthor] = useState('');
  const [email, setEmail] = useState('');
  const [content, setContent] = useState('');
  const [missing, setMissing] = useState(false);
  const write = useAccountMutation(WriteReviewDocument);
  const name = author || (viewer ? [viewer.firstName, viewer.lastName].filter(Boolean).join(' ') || (viewer.username ?? '') : '');
  const mail = email || viewer?.email || '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!rating || !name.trim() || !mail.trim() || !content.trim()) return setMissing(true);
    setMissing(false);
    write.mutate(
      { input: { rating, author: name.trim(), authorEmail: mail.trim(), content: content.trim(), commentOn: productId } },
      { onSuccess: () => void client.invalidateQueries({ queryKey: ['product'] }) },
    );
  };

  if (write.isSuccess) {
    return <Notice tone="success">{intl.formatMessage({ id: write.data.writeReview.published ? 'review.thanks' : 'review.moderation' })}</Notice>;
  }
  return (
    <form className="account-form review-form" onSubmit={submit} noValidate aria-labelledby="review-form-title">
      <h3 id="review-form-title">{intl.formatMessage({ id: 'review.write' })}</h3>
      {write.error ? <Notice tone="error" role="alert">{accountErrorText(intl, write.error, 'account.error.update')}</Notice> : null}
      <fieldset className="review-form__rating" aria-describedby={missing && !rating ? 'review-rating-error' : undefined}>
        <legend>{intl.formatMessage({ id: 'review.rating' })}</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="check">
            <input type="radio" name="rating" value={n} checked={rating === n} onChange={() => setRating(n)} />
            {intl.formatMessage({ id: 'review.stars' }, { count: n })}
          </label>
        ))}
        {missing && !rating ? (
          <p className="field-error" id="review-rating-error">
            {intl.formatMessage({ id: 'form.required' })}
          </p>
        ) : null}
      </fieldset>
      <Field label={intl.formatMessage({ id: 'review.author' })} name="author" autoComplete="name" value={name} error={missing && !name.trim() ? intl.formatMessage({ id: 'form.required' }) : null} onChange={(e) => setAuthor(e.target.value)} />
      <Field label={intl.formatMessage({ id: 'account.field.email' })} name="authorEmail" type="email" autoComplete="email" value={mail} error={missing && !mail.trim() ? intl.formatMessage({ id: 'form.required' }) : null} onChange={(e) => setEmail(e.target.value)} />
      <div className="account-field">
        <label htmlFor="review-content">{intl.formatMessage({ id: 'review.content' })}</label>
        <textarea id="review-content" className="input" rows={4} maxLength={2000} value={content} aria-invalid={missing && !content.trim() ? true : undefined} onChange={(e) => setContent(e.target.value)} />
        {missing && !content.trim() ? <p className="field-error">{intl.formatMessage({ id: 'form.required' })}</p> : null}
      </div>
      <Button type="submit" variant="primary" disabled={write.isPending}>
        {intl.formatMessage({ id: 'review.submit' })}
      </Button>
    </form>
  );
}
