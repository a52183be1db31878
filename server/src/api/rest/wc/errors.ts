import type { FastifyReply } from 'fastify';

/** An error in the WooCommerce REST shape: {code, message, data: {status}} (docs/interfaces.md §2). */
export class WcError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function sendWcError(reply: FastifyReply, error: WcError) {
  return reply.code(error.status).send({ code: error.code, message: error.message, data: { status: error.status } });
}

export const authError = (message: string) => new WcError(401, 'woocommerce_rest_authentication_error', message);
export const invalidParam = (name: string, detail?: string) =>
  new WcError(400, 'rest_invalid_param', `Invalid parameter(s): ${name}${detail ? ` (${detail})` : ''}`);
export const notFound = (code: string, message: string) => new WcError(404, code, message);
