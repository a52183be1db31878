import type { IntlShape } from 'react-intl';

/**
 * Server messages (English, docs/product.md §8) mapped to their translated text. A message we do not know is shown
 * as the server wrote it, so nothing useful is hidden.
 */
const KNOWN: [RegExp, string][] = [
  [/^No account found with that username/, 'account.error.noAccount'],
  [/^Incorrect password/, 'account.error.wrongPassword'],
  [/^Password reset link is invalid/, 'account.error.resetLinkInvalid'],
  [/^Too many attempts/, 'account.error.tooMany'],
  [/most common passwords/, 'account.error.commonPassword'],
  [/at least 8 characters/, 'account.error.passwordShort'],
  [/at most 128 characters/, 'account.error.passwordLong'],
  [/already registered with your email/, 'account.error.emailTaken'],
  [/already registered with that username/, 'account.error.usernameTaken'],
  [/valid email address/, 'account.error.emailInvalid'],
  [/^You need to log in first/, 'account.error.loginRequired'],
  [/^Network request failed/, 'account.error.network'],
  [/^You have already reviewed/, 'review.error.already'],
  [/^The rating must be/, 'review.error.rating'],
  [/^This product cannot be/, 'review.error.product'],
  [/^This product is not on your wishlist/, 'review.error.product'],
];

export function accountErrorText(intl: IntlShape, error: unknown, fallbackId: string): string {
  const message = error instanceof Error ? error.message : '';
  const found = KNOWN.find(([pattern]) => pattern.test(message));
  if (found) return intl.formatMessage({ id: found[1] });
  return intl.formatMessage({ id: fallbackId });
}
