import type { Logger } from '../../logger.js';

/**
 * Security events as structured log lines (issue 33 D4, docs/security.md "Security events in the log"): a log
 * collector can count failed logins and lockouts per account and see refused requests. A line names the
 * account by its id only: never the login name or e-mail typed, a password, a token, a cookie or the
 * client's address.
 */
export type SecurityEvent = 'login' | 'login.failed' | 'login.locked' | 'access.refused';

export interface SecurityEventFields {
  /** The account's id; null when there is none (a login name no account has, a guest). */
  accountId: number | null;
  [field: string]: string | number | boolean | null | undefined;
}

export function logSecurityEvent(log: Pick<Logger, 'info' | 'warn'> | undefined, event: SecurityEvent, fields: SecurityEventFields): void {
  if (!log) return;
  const line = { security: event, ...fields };
  if (event === 'login') log.info(line, 'security: login');
  else log.warn(line, `security: ${event}`);
}
