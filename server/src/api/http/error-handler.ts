import type { FastifyError, FastifyInstance } from 'fastify';
import type { ErrorCode, ErrorKind } from '../../errors/codes.js';
import { DomainError, type ErrorDetails } from '../../errors/domain-error.js';

/** The one mapping from an error's kind to its HTTP status (REST answers and GraphQL `extensions.status`). */
export const httpStatusOf: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
};

/** The REST error shape, WooCommerce's: {code, message, data: {status}} (docs/interfaces.md §2). */
export interface RestErrorBody {
  code: string;
  message: string;
  data: ErrorDetails & { status: number; code?: ErrorCode };
}

/**
 * A domain error as a REST answer. Our own routes answer with the domain code; the WooCommerce routes pass
 * WooCommerce's name for it as `restCode`, and the domain code then goes along in `data.code`
 * (docs/decisions/0010-error-model.md).
 */
export function restError(error: DomainError, restCode?: string): { status: number; body: RestErrorBody } {
  const status = httpStatusOf[error.kind];
  const data = { ...error.details, status, ...(restCode ? { code: error.code } : {}) };
  return { status, body: { code: restCode ?? error.code, message: error.message, data } };
}

/**
 * A request that failed its route schema (params, query or body) as INVALID_INPUT, worded as WooCommerce
 * words it: "Invalid parameter(s): per_page (must be ...)". The fields that failed go in `details.params`.
 */
export function validationFailure(error: FastifyError): DomainError | undefined {
  if (!error.validation?.length) return undefined;
  const names = [...new Set(error.validation.map((issue) => issue.instancePath.replace(/^\//, '').split('/')[0] || error.validationContext || 'body'))];
  const only = error.validation.length === 1 ? error.validation[0]?.message : undefined;
  const detail = only && only !== 'Invalid input' ? ` (${only})` : '';
  return new DomainError('INVALID_INPUT', `Invalid parameter(s): ${names.join(', ')}${detail}`, { params: names });
}

/** Fastify's own refusals (no route, body too large, not JSON, ...) keep these codes. */
const FRAMEWORK_CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'request_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
};

/**
 * The last line of defence: whatever escapes a route becomes {code, message, data: {status}}. A domain
 * error or a failed route schema answers with its code and status; another client error (Fastify's own)
 * keeps its message (it describes the request); anything else is logged and answered with a fixed text,
 * so no stack trace, SQL or internal message ever reaches a client.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const domain = error instanceof DomainError ? error : validationFailure(error);
    if (domain) {
      const { status, body } = restError(domain);
      return reply.code(status).send(body);
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.code(status).send({
      code: status >= 500 ? 'internal_error' : (FRAMEWORK_CODES[status] ?? 'bad_request'),
      message: status >= 500 ? 'Internal server error' : error.message,
      data: { status },
    });
  });
}
