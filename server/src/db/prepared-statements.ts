import { createHash } from 'node:crypto';
import pg from 'pg';

/** Per connection; a query shape beyond this runs unnamed (parsed each time), so memory stays bounded. */
const MAX_STATEMENTS_PER_CONNECTION = 500;
const MAX_TEXT_LENGTH = 20_000;

type QueryConfigLike = { text?: unknown; name?: unknown; values?: unknown };

/**
 * A pg client that turns every parameterised query into a named prepared statement, so PostgreSQL parses
 * and plans each query shape once per connection instead of on every call. The name is a hash of the
 * text, so one name never stands for two texts. drizzle builds the same text for the same query shape,
 * which keeps the number of shapes small (about a hundred in the whole app).
 */
export class PreparingClient extends pg.Client {
  private readonly prepared = new Set<string>();

  override query(...args: unknown[]): never {
    const [config, values] = args as [QueryConfigLike | string, unknown];
    if (config && typeof config === 'object' && typeof config.text === 'string' && config.name === undefined && config.text.length <= MAX_TEXT_LENGTH) {
      const hasValues = Array.isArray(values) ? values.length > 0 : Array.isArray(config.values) && config.values.length > 0;
      if (hasValues) {
        const name = `b_${createHash('sha1').update(config.text).digest('base64url')}`;
        if (this.prepared.has(name) || this.prepared.size < MAX_STATEMENTS_PER_CONNECTION) {
          this.prepared.add(name);
          args[0] = { ...config, name };
        }
      }
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}
