import { errorCodes, type ErrorCode, type ErrorKind } from './codes.js';

/** Facts a client may need besides the code (the numbers in a message, the fields that failed). */
export type ErrorDetails = Record<string, string | number | boolean | null | readonly unknown[]>;

/**
 * A problem the caller can understand: a stable code (codes.ts), its kind and the message shown as it is.
 * Modules throw it; the transports turn it into an HTTP answer or a GraphQL error in one place each
 * (api/http/error-handler.ts, api/graphql/errors.ts), never by hand in a route or resolver.
 */
export class DomainError extends Error {
  readonly kind: ErrorKind;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetails = {},
  ) {
    super(message);
    this.name = 'DomainError';
    this.kind = errorCodes[code];
  }
}

export const isDomainError = (error: unknown, ...codes: ErrorCode[]): error is DomainError =>
  error instanceof DomainError && (codes.length === 0 || codes.includes(error.code));
