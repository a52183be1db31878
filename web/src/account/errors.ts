import type { IntlShape } from 'react-intl';
import type { ClientErrorCode, ServerProblem } from '../api/client';

/**
 * Account problems by their code (server/src/errors/codes.ts) mapped to their translated text (SPEC §8).
 * A problem without a known code gets the screen's own fallback text.
 */
const BY_CODE: Partial<Record<ClientErrorCode, string>> = {
  NO_ACCOUNT: 'account.error.noAccount',
  WRONG_PASSWORD: 'account.error.wrongPassword',
  RESET_LINK_INVALID: 'account.error.resetLinkInvalid',
  TOO_MANY_ATTEMPTS: 'account.error.tooMany',
  PASSWORD_TOO_COMMON: 'account.error.commonPassword',
  PASSWORD_TOO_SHORT: 'account.error.passwordShort',
  PASSWORD_TOO_LONG: 'account.error.passwordLong',
  EMAIL_TAKEN: 'account.error.emailTaken',
  USERNAME_TAKEN: 'account.error.usernameTaken',
  EMAIL_INVALID: 'account.error.emailInvalid',
  LOGIN_REQUIRED: 'account.error.loginRequired',
  NETWORK_FAILED: 'account.error.network',
  REVIEW_EXISTS: 'review.error.already',
  REVIEW_RATING_INVALID: 'review.error.rating',
  REVIEW_NOT_ALLOWED: 'review.error.product',
  WISHLIST_NOT_ALLOWED: 'review.error.product',
  NOT_ON_WISHLIST: 'review.error.product',
};

export function accountErrorText(intl: IntlShape, error: unknown, fallbackId: string): string {
  const code = typeof error === 'object' && error !== null ? (error as Partial<ServerProblem>).code : undefined;
  const id = code ? BY_CODE[code] : undefined;
  return intl.formatMessage({ id: id ?? fallbackId });
}
