import { GraphQLError } from 'graphql';

/** A user-facing error: its message reaches the client as errors[0].message (docs/product.md §8). */
export function userError(message: string, code = 'BAD_USER_INPUT'): GraphQLError {
  return new GraphQLError(message, { extensions: { code } });
}

/** `first`/`last` must stay within 0..10000 (the storefront asks for up to 9999). */
export function checkPageSize(name: string, value: number | null | undefined, max = 10000): void {
  if (value === null || value === undefined) return;
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw userError(`Argument "${name}" must be between 0 and ${max}; got ${value}.`);
  }
}
