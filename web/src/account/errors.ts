import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { IntlShape } from 'react-intl';
import type { ClientErrorCode, ServerProblem } from '../api/client';

type AccountField = 'username' | 'email' | 'password' | 'currentPassword';

/**
 * Account problems by their code (the contract's error codes) mapped to their translated text and, when the
 * problem is about one field, that field, so the form shows it there (docs/product.md §8). A problem without a
 * known code gets the screen's own fallback text.
 */
const BY_CODE: Partial<Record<ClientErrorCode, [string, AccountField?]>> = {
  NO_ACCOUNT: ['account.error.noAccount', 'username'],
  WRONG_PASSWORD: ['account.error.wrongPassword', 'password'],
  CURRENT_PASSWORD_REQUIRED: ['account.error.currentPasswordRequired', 'currentPassword'],
  CURRENT_PASSWORD_WRONG: ['account.error.currentPasswordWrong', 'currentPassword'],
  RESET_LINK_INVALID: ['account.error.resetLinkInvalid'],
  TOO_MANY_ATTEMPTS: ['account.error.tooMany'],
  ACCOUNT_BACKOFF: ['account.error.accountBackoff'],
  PASSWORD_TOO_COMMON: ['account.error.commonPassword', 'password'],
  PASSWORD_TOO_SHORT: ['account.error.passwordShort', 'password'],
  PASSWORD_TOO_LONG: ['account.error.passwordLong', 'password'],
  EMAIL_TAKEN: ['account.error.emailTaken', 'email'],
  USERNAME_TAKEN: ['account.error.usernameTaken', 'email'],
  EMAIL_INVALID: ['account.error.emailInvalid', 'email'],
  LOGIN_REQUIRED: ['account.error.loginRequired'],
  NETWORK_FAILED: ['account.error.network'],
  REVIEW_EXISTS: ['review.error.already'],
  REVIEW_RATING_INVALID: ['review.error.rating'],
  REVIEW_NOT_ALLOWED: ['review.error.product'],
  WISHLIST_NOT_ALLOWED: ['review.error.product'],
  NOT_ON_WISHLIST: ['review.error.product'],
};

const known = (error: unknown) => {
  const code = typeof error === 'object' && error !== null ? (error as Partial<ServerProblem>).code : undefined;
  return code ? BY_CODE[code] : undefined;
};

/** The message id of a server error, or `fallbackId` when we do not know its code. */
export function accountErrorId(error: unknown, fallbackId = 'account.error.update'): string {
  return known(error)?.[0] ?? fallbackId;
}

/** The field a server error is about, if it is about one. */
export function accountErrorField(error: unknown): AccountField | undefined {
  return known(error)?.[1];
}

export function accountErrorText(intl: IntlShape, error: unknown, fallbackId: string): string {
  return intl.formatMessage({ id: accountErrorId(error, fallbackId) });
}

/** Marks the field a server error is about (when the form has it), with the error's text, and focuses it. */
export function showAtField<T extends FieldValues>(setError: UseFormSetError<T>, error: unknown, fields: readonly AccountField[]) {
  const field = accountErrorField(error);
  if (field && fields.includes(field)) setError(field as Path<T>, { type: 'server', message: accountErrorId(error) }, { shouldFocus: true });
}
