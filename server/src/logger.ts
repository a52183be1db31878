import { pino, type DestinationStream, type Logger } from 'pino';
import type { FastifyBaseLogger } from 'fastify';

export type { Logger };

/**
 * Fields that may hold a secret or a customer's personal details, wherever a log call passes them (at
 * the top or one level down). Logs are read by whoever runs the shop and kept by log collectors: they
 * get ids, counts and error codes, never the data.
 */
const SECRET_OR_PERSONAL_KEYS = [
  'password',
  'newPassword',
  'token',
  'secret',
  'consumerSecret',
  'consumer_secret',
  'apiKey',
  'orderKey',
  'order_key',
  'sessionKey',
  'session_key',
  'billing',
  'shipping',
  'customer',
  'phone',
  'params',
];

export const REDACTED_PATHS = [
  ...SECRET_OR_PERSONAL_KEYS,
  ...SECRET_OR_PERSONAL_KEYS.map((key) => `*.${key}`),
  '*.email',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["woocommerce-session"]',
  'res.headers["set-cookie"]',
  'res.headers["woocommerce-session"]',
];

/** What a database or network error may say about itself: codes and names, no values. */
const ERROR_FIELDS = ['code', 'errno', 'syscall', 'statusCode', 'severity', 'constraint', 'table', 'column', 'schema', 'dataType', 'routine'];

interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  cause?: unknown;
  errors?: unknown[];
  [field: string]: unknown;
}

/**
 * Errors as a log line may show them. A failed statement's error carries its parameters (drizzle's
 * DrizzleQueryError puts them in its message and `params`; PGlite adds `params` to its own), and
 * PostgreSQL's `detail` and `where` quote the offending values: order keys, session keys, names,
 * addresses. Only the message (with the statement's text, placeholders and no values) and the codes
 * are kept.
 */
export function serializeError(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return withoutEmailAddresses(value);
  if (!(value instanceof Error)) return value;
  const type = value.constructor?.name && value.constructor.name !== 'Error' ? value.constructor.name : value.name;
  // DrizzleQueryError's message is "Failed query: <statement>\nparams: <values>".
  const message = withoutEmailAddresses(value.message.split('\nparams: ')[0]!);
  const serialized: SerializedError = { type, message };
  // The stack's first lines repeat the original message; keep only the frames.
  const frames = value.stack?.indexOf('\n    at ') ?? -1;
  if (frames >= 0) serialized.stack = `${type}: ${message}${value.stack!.slice(frames)}`;
  for (const field of ERROR_FIELDS) {
    const fieldValue = (value as unknown as Record<string, unknown>)[field];
    if (typeof fieldValue === 'string' || typeof fieldValue === 'number') serialized[field] = fieldValue;
  }
  if (depth < 5 && value.cause !== undefined) serialized.cause = serializeError(value.cause, depth + 1);
  if (depth < 5 && value instanceof AggregateError) serialized.errors = value.errors.map((error: unknown) => serializeError(error, depth + 1));
  return serialized;
}

/**
 * Mail servers name the recipient in their refusals ("550 <an@example.be>: no such user"), and a URL
 * with credentials looks alike (user:password@host): both become "[e-mail]".
 */
function withoutEmailAddresses(text: string): string {
  return text.replace(/[^\s<>()"',;:]+(:[^\s<>()"',;@]*)?@[^\s<>()"',;]+\.[a-z]{2,}/gi, '[e-mail]');
}

/** A request in a (debug) log line: no query string (consumer secrets, order keys), no headers. */
function serializeRequest(request: { method?: string; url?: string; routeOptions?: { url?: string } }) {
  return { method: request.method, url: request.url?.split('?')[0], route: request.routeOptions?.url };
}

const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

const fieldText = (value: unknown) => (typeof value === 'string' ? (/\s/.test(value) ? JSON.stringify(value) : value) : JSON.stringify(value));

/**
 * One JSON log line as a person reads it on a terminal: "12:04:31 WARN message key=value", an error's stack
 * below it, indented. What the JSON line carries is all there (already redacted by the logger); a line that
 * is not JSON passes unchanged.
 */
export function formatLogLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  if (!entry || typeof entry !== 'object') return line;
  const { level, time, msg, app: _app, err, ...fields } = entry;
  const clock = typeof time === 'string' && time.length >= 19 ? time.slice(11, 19) : '';
  const name = typeof level === 'number' ? (LEVEL_NAMES[level] ?? String(level)) : String(level ?? '');
  const rest = Object.entries(fields).map(([key, value]) => `${key}=${fieldText(value)}`);
  const head = [clock, name.padEnd(5), typeof msg === 'string' ? msg : '', ...rest].filter((part) => part !== '').join(' ');
  const error = err as { message?: unknown; stack?: unknown } | undefined;
  const detail = typeof error?.stack === 'string' ? error.stack : typeof error?.message === 'string' ? error.message : '';
  return detail ? `${head}\n${detail.replace(/^/gm, '    ')}` : head;
}

/** A pino destination writing readable lines (formatLogLine) to a terminal. */
export function readableLines(out: { write(text: string): unknown } = process.stdout): DestinationStream {
  return { write: (chunk: string) => void out.write(`${formatLogLine(chunk.trimEnd())}\n`) };
}

/**
 * Structured JSON logs on stdout (or the given stream); one logger per process, children per module. The
 * `pretty` format writes the same entries as readable lines (a terminal; docs/decisions/0070-test-and-live-mode.md).
 */
export function createLogger(level: string, destination?: DestinationStream, format: 'json' | 'pretty' = 'json'): Logger {
  return pino(
    {
      level,
      base: { app: 'bakje' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { err: serializeError, error: serializeError, req: serializeRequest },
    },
    destination ?? (format === 'pretty' ? readableLines() : undefined),
  );
}

type LogMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];

/**
 * A request's logger that makes its pino child (with the request id) only when a line is written: at the
 * usual levels (warn and up, request logging off) almost no request writes one, and making a child for each
 * cost more than any other part of the request's logging (docs/decisions/0057-request-overhead.md).
 */
class LazyChildLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Record<string, unknown>,
    private readonly options: ChildOptions,
  ) {}

  private logger(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return (this.made ?? this.parent).level;
  }

  set level(level: string) {
    this.logger().level = level;
  }

  child(bindings: Record<string, unknown>, options?: ChildOptions): FastifyBaseLogger {
    return this.logger().child(bindings, options);
  }

  private write(method: LogMethod, args: unknown[]): void {
    // Below the level nothing is written: no child is needed to say so.
    const enabled = (this.parent as Partial<Logger>).isLevelEnabled;
    if (!this.made && enabled && !enabled.call(this.parent, method)) return;
    (this.logger()[method] as (...a: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]) {
    this.write('fatal', args);
  }
  error(...args: unknown[]) {
    this.write('error', args);
  }
  warn(...args: unknown[]) {
    this.write('warn', args);
  }
  info(...args: unknown[]) {
    this.write('info', args);
  }
  debug(...args: unknown[]) {
    this.write('debug', args);
  }
  trace(...args: unknown[]) {
    this.write('trace', args);
  }
  silent() {}
}

/**
 * Fastify's `childLoggerFactory`: a lazy child per request. A route with its own level or serializers gets
 * its child at once, as Fastify would make it.
 */
export function lazyRequestLogger(logger: FastifyBaseLogger, bindings: Record<string, unknown>, options: ChildOptions): FastifyBaseLogger {
  if (options && Object.keys(options).length > 0) return logger.child(bindings, options);
  return new LazyChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
