import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { ApiError, networkProblem } from '../api/client';
import { accountErrorText } from './errors';

const intl = createIntl({
  locale: 'en',
  messages: {
    'account.error.wrongPassword': 'wrong password',
    'account.error.passwordShort': 'too short',
    'account.error.network': 'offline',
    'account.error.login': 'login failed',
    'account.error.accountBackoff': 'use a device you used before',
  },
});

describe('account errors are told apart by code', () => {
  it('maps the code to its text, whatever the server worded', () => {
    expect(accountErrorText(intl, new ApiError('Mot de passe incorrect.', 'graphql', 200, 'WRONG_PASSWORD'), 'account.error.login')).toBe('wrong password');
    expect(accountErrorText(intl, new ApiError('x', 'graphql', 200, 'PASSWORD_TOO_SHORT'), 'account.error.login')).toBe('too short');
    expect(accountErrorText(intl, networkProblem(), 'account.error.login')).toBe('offline');
    // The account-wide back-off (issue 33 D3) says what the owner on a new device can do.
    expect(accountErrorText(intl, new ApiError('x', 'graphql', 200, 'ACCOUNT_BACKOFF'), 'account.error.login')).toBe('use a device you used before');
  });
  it('without a known code the screen falls back to its own text, even for a familiar sentence', () => {
    expect(accountErrorText(intl, new ApiError('Incorrect password; try again.', 'graphql', 200), 'account.error.login')).toBe('login failed');
    expect(accountErrorText(intl, new Error('Incorrect password; try again.'), 'account.error.login')).toBe('login failed');
  });
});
