import type { FastifyError, FastifyInstance } from 'fastify';

const CODES: Record<number, string> = {
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
 * The last line of defence: whatever escapes a route becomes {code, message, data: {status}}. A client
 * error keeps its message (it describes the request); anything else is logged and answered with a fixed
 * text, so no stack trace, SQL or internal message ever reaches a client.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.code(status).send({
      code: status >= 500 ? 'internal_error' : (CODES[status] ?? 'bad_request'),
      message: status >= 500 ? 'Internal server error' : error.message,
      data: { status },
    });
  });
}
