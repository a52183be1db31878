import { DomainError } from '../../errors/domain-error.js';
import { checkPageSize } from './errors.js';

const PREFIX = 'arrayconnection:';

export function offsetToCursor(offset: number): string {
  return Buffer.from(`${PREFIX}${offset}`).toString('base64');
}

function cursorToOffset(cursor: string, argument: string): number {
  const decoded = Buffer.from(cursor, 'base64').toString('utf8');
  const offset = Number(decoded.slice(PREFIX.length));
  if (!decoded.startsWith(PREFIX) || !Number.isInteger(offset) || offset < 0) {
    throw new DomainError('INVALID_INPUT', `Argument "${argument}" is not a valid cursor.`);
  }
  return offset;
}

export interface ConnectionArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}

/** The largest page when the setting is not at hand (BAKJE_GRAPHQL_MAX_QUERY_AMOUNT's ceiling). */
export const PAGE_CEILING = 10_000;

/**
 * A Relay connection over an in-memory list (nodes, edges, pageInfo), plus the total as `found`. As in
 * WooGraphQL, a `first`/`last` above `maxAmount` (the "max query amount") is not refused: the page stops
 * there and `hasNextPage` says more follow.
 */
export function connectionFromArray<T>(items: T[], args: ConnectionArgs, defaultFirst = 100, maxAmount = PAGE_CEILING) {
  checkPageSize('first', args.first);
  checkPageSize('last', args.last);
  const cap = (value: number | null | undefined) => (value === null || value === undefined ? value : Math.min(value, maxAmount));
  args = { ...args, first: cap(args.first), last: cap(args.last) };
  defaultFirst = Math.min(defaultFirst, maxAmount);
  const afterOffset = args.after ? cursorToOffset(args.after, 'after') + 1 : 0;
  const beforeOffset = args.before ? Math.min(cursorToOffset(args.before, 'before'), items.length) : items.length;
  let start = afterOffset;
  let end = beforeOffset;
  if (args.first !== null && args.first !== undefined) end = Math.min(end, start + args.first);
  else if (args.last === null || args.last === undefined) end = Math.min(end, start + defaultFirst);
  if (args.last !== null && args.last !== undefined) start = Math.max(start, end - args.last);
  const slice = items.slice(start, Math.max(start, end));
  // Edges (a cursor each) are made only when asked: the menu asks nodes of many small connections (decision 0047).
  let edges: { cursor: string; node: T }[] | undefined;
  return {
    nodes: slice,
    get edges() {
      return (edges ??= slice.map((node, i) => ({ cursor: offsetToCursor(start + i), node })));
    },
    found: items.length,
    pageInfo: {
      hasNextPage: end < beforeOffset,
      hasPreviousPage: start > 0,
      get startCursor() {
        return slice.length ? offsetToCursor(start) : null;
      },
      get endCursor() {
        return slice.length ? offsetToCursor(start + slice.length - 1) : null;
      },
    },
  };
}
