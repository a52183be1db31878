import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../../errors/domain-error.js';
import { restError, validationFailure } from '../../http/error-handler.js';
import { woocommerceCodeOf } from './errors.js';

const BODY_ERRORS: Record<number, string> = {
  400: 'rest_invalid_json',
  413: 'rest_request_too_large',
  415: 'rest_unsupported_media_type',
};

/** The error handler of the store REST API: the one mapping of api/http/error-handler.ts, with WooCommerce's codes. */
export function wooCommerceErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const domain = error instanceof DomainError ? error : validationFailure(error);
  if (domain) {
    const { status, body } = restError(domain, woocommerceCodeOf(domain, request.method));
    return reply.code(status).send(body);
  }
  const status = error.statusCode;
  if (status && status >= 400 && status < 500) {
    const message =
      status === 413 ? 'The request body is too large.' : status === 415 ? 'Send the body as application/json.' : 'The request body is not valid JSON.';
    return reply.code(status).send({ code: BODY_ERRORS[status] ?? 'rest_bad_request', message, data: { status } });
  }
  // A bug: log it, never send its message, stack or SQL.
  request.log.error({ err: error }, 'REST request failed');
  return reply.code(500).send({ code: 'internal_server_error', message: 'Internal server error.', data: { status: 500 } });
}
