import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { IntlShape } from 'react-intl';

type AccountField = 'username' | 'email' | 'password';

/**
 * Server messages (English, docs/product.md §8) mapped to their translated text and, when the message is about one
 * field, that field, so the form shows it there. A message we do not know is shown with the form's
 * fallback text.
 */
const KNOWN: [RegExp, string, AccountField?][] = [
  [/^No account found with that username/, 'account.error.noAccount', 'username'],
  [/^Incorrect password/, 'account.error.wrongPassword', 'password'],
  [/^Password reset link is invalid/, 'account.error.resetLinkInvalid'],
  [/^Too many attempts/, 'account.error.tooMany'],
  [/most common passwords/, 'account.error.commonPassword', 'password'],
  [/at least 8 characters/, 'account.error.passwordShort', 'password'],
  [/at most 128 characters/, 'account.error.passwordLong', 'password'],
  [/already registered with your email/, 'account.error.emailTaken', 'email'],
  [/already registered with that username/, 'account.error.usernameTaken', 'email'],
  [/valid email address/, 'account.error.emailInvalid', 'email'],
  [/^You need to log in first/, 'account.error.loginRequired'],
  [/^Network request failed/, 'account.error.network'],
  [/^You have already reviewed/, 'review.error.already'],
  [/^The rating must be/, 'review.error.rating'],
  [/^This product cannot be/, 'review.error.product'],
  [/^This product is not on your wishlist/, 'review.error.product'],
];

const known = (error: unknown) => {
  const message = error instanceof Error ? error.message : '';
  return KNOWN.find(([pattern]) => pattern.test(message));
};

/** The message id of a server error, or `fallbackId` when we do not know the message. */
export function accountErrorId(error: unknown, fallbackId = 'account.error.update'): string {
  return known(error)?.[1] ?? fallbackId;
}

/** The field a server error is about, if it is about one. */
export function accountErrorField(error: unknown): AccountField | undefined {
  return known(error)?.[2];
}

export function accountErrorText(intl: IntlShape, error: unknown, fallbackId: string): string {
  return intl.formatMessage({ id: accountErrorId(error, fallbackId) });
}

/** Marks the field a server error is about (when the form has it), with the error's text, and focuses it. */
export function showAtField<T extends FieldValues>(setError: UseFormSetError<T>, error: unknown, fields: readonly AccountField[]) {
  const field = accountErrorField(error);
  if (field && fields.includes(field)) setError(field as Path<T>, { type: 'server', message: accountErrorId(error) }, { shouldFocus: true });
}
