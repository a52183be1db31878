import { GraphQLError } from 'graphql';
import { DomainError } from '../../errors/domain-error.js';
import { httpStatusOf } from '../http/error-handler.js';

/**
 * A domain error as GraphQL reports it: the message as it is (docs/product.md §8: the storefront shows the first
 * error's message), `extensions.code` the domain code, `extensions.status` the HTTP status of its kind
 * (the same mapping as REST) and the error's details next to them.
 */
export function graphqlErrorOf(error: DomainError, from?: GraphQLError): GraphQLError {
  return new GraphQLError(error.message, {
    nodes: from?.nodes,
    path: from?.path,
    extensions: { ...error.details, code: error.code, status: httpStatusOf[error.kind] },
  });
}

/** `first`/`last` must not be negative; a large one is capped, never refused (connection.ts). */
export function checkPageSize(name: string, value: number | null | undefined): void {
  if (value === null || value === undefined) return;
  if (!Number.isInteger(value) || value < 0) {
    throw new DomainError('INVALID_INPUT', `Argument "${name}" must be 0 or more; got ${value}.`);
  }
}
