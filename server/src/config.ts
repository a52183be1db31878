import path from 'node:path';
import { z } from 'zod';
import { TWILIO_BASE_URL } from './integrations/twilio/twilio-client.js';

const boolean = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every environment variable Bakje reads, with its default. The README's table mirrors this. */
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  BAKJE_SITE_URL: z.url().optional(),
  // Empty counts as unset (`DATABASE_URL= npm start` runs on the embedded database).
  DATABASE_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  BAKJE_DATA_DIR: z.string().min(1).default('./data'),
  BAKJE_SEED_DEMO: boolean.default(true),
  BAKJE_TIMEZONE: z
    .string()
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as Europe/Brussels')
    .default('Europe/Brussels'),
  BAKJE_SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  BAKJE_API_KEY_PEPPER: z.string().min(32, 'must be at least 32 characters').optional(),
  BAKJE_CATALOG_CACHE_SIZE: z.coerce.number().int().min(0).max(100000).default(500),
  BAKJE_DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  BAKJE_PG_PREPARED_STATEMENTS: boolean.default(true),
  BAKJE_PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^\d+(kB|MB|GB)$/, 'must be a size such as 32MB')
    .refine((v) => sizeInKb(v) >= 1024 && sizeInKb(v) <= 4 * 1024 * 1024, 'must be between 1MB and 4GB')
    // The buffer pool lives in PGlite's WASM memory, which is resident for the life of the process
    // (docs/decisions/0058-pglite-idle-memory.md); the demo shop's whole database is about 17 MB on disk.
    .default('16MB'),
  BAKJE_BENCH_ROUTES: boolean.default(false),
  BAKJE_JOB_RUNNER: boolean.default(true),
  BAKJE_JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  BAKJE_JOB_POOL_SIZE: z.coerce.number().int().min(1).max(50).default(2),
  BAKJE_JOB_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(2000),
  BAKJE_JOB_LEASE_MS: z.coerce.number().int().min(300).max(600_000).default(5000),
  BAKJE_PRINT_RETRY_MS: z.coerce.number().int().min(1).max(3_600_000).default(2000),
  BAKJE_START_DEADLINE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  // Tests only (server/test/start-deadline.test.ts): a start-up step that never ends, by name.
  BAKJE_TEST_HANG_START_STEP: z.enum(['database', 'migrate', 'app', 'virtual-printer', 'pos-simulator', 'jobs']).optional(),
  BAKJE_VIRTUAL_PRINTER: boolean.optional(),
  BAKJE_VIRTUAL_PRINTER_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  BAKJE_POS_SIMULATOR: boolean.optional(),
  BAKJE_ADMIN_EMAIL: z.email().optional(),
  BAKJE_ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(128).optional(),
  BAKJE_TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2}|[0-9a-fA-F.:/]+(,[0-9a-fA-F.:/]+)*)$/, 'must be false, true, a hop count or a comma-separated list of proxy addresses')
    .default('false'),
  BAKJE_SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  BAKJE_MAIL_FROM: z.string().min(3).default('Bakje <no-reply@bakje.local>'),
  BAKJE_GRAPHQL_INTROSPECTION: boolean.optional(),
  BAKJE_GRAPHQL_MAX_QUERY_AMOUNT: z.coerce.number().int().min(1).max(10_000).default(1000),
  BAKJE_GRAPHQL_CORS_ORIGINS: z
    .string()
    .refine(
      (value) => value.split(',').every((entry) => entry.trim() === '' || entry.trim() === '*' || isOrigin(entry.trim())),
      'must be a comma-separated list of origins such as https://shop.example, or *',
    )
    .default(''),
  BAKJE_GUEST_CART_DAYS: z.coerce.number().int().min(1).max(3650).default(14),
  BAKJE_ORDER_KEY_DETAILS_HOURS: z.coerce.number().min(0).max(8760).default(24),
  BAKJE_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  BAKJE_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  BAKJE_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  BAKJE_EVENT_STREAMS_PER_CLIENT: z.coerce.number().int().min(1).max(100_000).default(50),
  BAKJE_EVENT_STREAMS_MAX: z.coerce.number().int().min(1).max(1_000_000).default(5_000),
  BAKJE_MEDIA_DIR: z.string().min(1).optional(),
  BAKJE_MEDIA_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  BAKJE_MEDIA_MAX_VIDEO_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(2000 * 1024 * 1024)
    .default(200 * 1024 * 1024),
  BAKJE_MEDIA_MAX_PIXELS: z.coerce.number().int().min(10_000).max(268_402_689).default(40_000_000),
  BAKJE_MSP_API_KEY: z.string().min(8, 'must be a MultiSafepay API key').optional(),
  BAKJE_MSP_ENVIRONMENT: z.enum(['test', 'live']).default('test'),
  BAKJE_MSP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  BAKJE_MSP_SIMULATOR: boolean.optional(),
  /** The terminal group's API key (kiosk card terminals); default: the website key. */
  BAKJE_MSP_TERMINAL_API_KEY: z.string().min(8, 'must be a MultiSafepay API key').optional(),
  /** The simulator's terminals complete a waiting payment after this many seconds (0: only by the terminals page). */
  BAKJE_MSP_SIM_TERMINAL_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
  BAKJE_STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/, 'must be a Stripe secret key (sk_test_... or sk_live_...)')
    .optional(),
  BAKJE_STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9]{8,}$/, 'must be a Stripe webhook signing secret (whsec_...)')
    .optional(),
  BAKJE_STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_[A-Za-z0-9]{8,}$/, 'must be a Stripe publishable key (pk_test_... or pk_live_...)')
    .optional(),
  BAKJE_STRIPE_JS_URL: z.url({ protocol: /^https?$/ }).optional(),
  BAKJE_STRIPE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  BAKJE_STRIPE_SIMULATOR: boolean.optional(),
  BAKJE_TWILIO_SIMULATOR: boolean.optional(),
  BAKJE_TWILIO_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  BAKJE_WEBPUSH_SIMULATOR: boolean.optional(),
  BAKJE_PAYMENT_RECONCILE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(30_000),
  BAKJE_DISTANCE_PROVIDER: z.enum(['postcode', 'osrm']).default('postcode'),
  BAKJE_OSRM_URL: z.url().optional(),
  BAKJE_OSRM_PROFILE: z
    .string()
    .regex(/^[a-z][a-z0-9_-]{0,30}$/, 'must be an OSRM profile name such as driving')
    .default('driving'),
  BAKJE_OSRM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  // Unset: info, or warn for readable lines on a terminal (a person starting the shop, not a log collector).
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /** json: one JSON object per line; pretty: readable lines. Unset: pretty on a terminal, else json. */
  BAKJE_LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
});

export type Env = z.infer<typeof schema>;

// Node refuses a headers time-out longer than the request time-out (the headers are part of the request).
const checkedSchema = schema
  .refine((env) => env.BAKJE_HEADERS_TIMEOUT_MS <= env.BAKJE_REQUEST_TIMEOUT_MS, {
    message: 'must not be longer than BAKJE_REQUEST_TIMEOUT_MS',
    path: ['BAKJE_HEADERS_TIMEOUT_MS'],
  })
  .refine((env) => env.BAKJE_DISTANCE_PROVIDER !== 'osrm' || env.BAKJE_OSRM_URL, {
    message: 'must be set when BAKJE_DISTANCE_PROVIDER is osrm',
    path: ['BAKJE_OSRM_URL'],
  });

/** An origin as browsers send it: scheme, host and port only (https://shop.example:8443). */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
  } catch {
    return false;
  }
}

function sizeInKb(value: string): number {
  const match = /^(\d+)(kB|MB|GB)$/.exec(value);
  if (!match) return NaN;
  return Number(match[1]) * { kB: 1, MB: 1024, GB: 1024 * 1024 }[match[2] as 'kB' | 'MB' | 'GB'];
}

/** The steps of start-up a test can make hang: before listening (the deadline's), then in the background. */
export type StartStep = NonNullable<Env['BAKJE_TEST_HANG_START_STEP']>;

export interface Config {
  port: number;
  host: string;
  /** Public base URL; also the `iss` of session tokens. */
  siteUrl: string;
  database: { kind: 'pglite'; dataDir: string; sharedBuffers: string } | { kind: 'postgres'; url: string; poolSize: number; preparedStatements: boolean };
  seedDemo: boolean;
  timeZone: string;
  sessionSecret: string | undefined;
  /** Re-derives REST API consumer secrets; else a file in the data dir (docs/decisions/0018-keys-cli.md). */
  apiKeyPepper: string | undefined;
  /** Folder for local state (embedded database, lock file, API key pepper), whichever database is used. */
  dataDir: string;
  catalogCacheSize: number;
  /** Extra routes for `npm run bench` (a static reference body); never on in production. */
  benchRoutes: boolean;
  logLevel: NonNullable<Env['LOG_LEVEL']>;
  logFormat: 'json' | 'pretty';
  /** Whether BAKJE_SITE_URL gave `siteUrl` (else it is made from HOST and PORT). */
  siteUrlSet: boolean;
  /** The first admin, created on first start when there is none (a generated password is printed once). */
  admin: { email: string | undefined; password: string | undefined };
  /** Fastify trustProxy: X-Forwarded-* (proto, for) are believed only from these proxies. */
  trustProxy: boolean | number | string[];
  /** SMTP server; without it mails go to the local mailbox (/dev/mailbox). */
  smtpUrl: string | undefined;
  mailFrom: string;
  env: Env['NODE_ENV'];
  /**
   * GraphQL answers __schema/__type queries: storefront code generators need them, an attacker mapping the
   * API does not. On unless NODE_ENV is production, where BAKJE_GRAPHQL_INTROSPECTION=true turns it on.
   */
  graphqlIntrospection: boolean;
  /**
   * WooGraphQL's "max query amount": the largest page a list answers; a larger `first` is capped (with
   * `hasNextPage`), never refused. At least the catalogue's size, so "first: 9999" still means all of it.
   */
  graphqlMaxQueryAmount: number;
  /** Storefronts on other origins calling /graphql (docs/decisions/0036-woographql-limits.md). */
  graphqlCors: {
    /** Origins answered with credentials (cookies) and trusted for JSON requests without X-CSRF-Token. */
    origins: string[];
    /** `*` in the list: any other origin may call without credentials (guest carts, Bearer logins). */
    anyOrigin: boolean;
  };
  jobs: {
    /** Run the job runner (printing, mail) in this instance. */
    runner: boolean;
    /** Lanes (a printer, the mail) worked on at once. */
    concurrency: number;
    /** PostgreSQL connections of the runner's own pool. */
    poolSize: number;
    pollMs: number;
    /** A running job's lease, renewed while it runs; after a crash the job is taken over once it runs out. */
    leaseMs: number;
  };
  printing: {
    /** First retry delay of a failed print, doubling per attempt. */
    retryBaseMs: number;
    /** Start the virtual TCP printer and point the printer settings at it (demo mode by default). */
    virtualPrinter: boolean;
    virtualPrinterPort: number;
  };
  /**
   * Start-up (docs/decisions/0075-security-defects-d1-d6.md): the server must listen within this long of
   * opening its database (a new embedded database's creation not counted), else it exits with the step it
   * was stuck in; background steps still starting by then are logged as errors.
   */
  startDeadlineMs: number;
  /** Tests only: this start-up step never ends (BAKJE_TEST_HANG_START_STEP). */
  testHangStartStep: StartStep | undefined;
  pos: {
    /** Start the point-of-sale simulator and point empty point-of-sale settings at it (demo mode by default). */
    simulator: boolean;
  };
  /** Folder of the built web app, served at /. */
  webDist: string;
  /** Guest carts unchanged this long are deleted by the hourly housekeeping (decision 0007). */
  guestCartDays: number;
  /** How long after an order its key alone also shows the customer's name, address, phone and e-mail. */
  orderKeyDetailsHours: number;
  /** What one client may hold open, and for how long a slow one is waited for. */
  connections: {
    /** Time to send the request headers; a client trickling them in is closed after it (slowloris). */
    headersTimeoutMs: number;
    /** Time to send the whole request, body included. Responses (event streams) are not limited. */
    requestTimeoutMs: number;
    /** How long an idle keep-alive connection stays open between requests. */
    keepAliveTimeoutMs: number;
    /** Open event streams per client address (BAKJE_TRUST_PROXY decides what that address is). */
    eventStreamsPerClient: number;
    /** Open event streams in this process, all clients together. */
    eventStreams: number;
  };
  /** Card payments (docs/decisions/0030-card-payments-multisafepay.md). */
  multisafepay: {
    /** The website's API key; absent: card payments go to the simulator when it runs, else are not offered. */
    apiKey: string | undefined;
    environment: 'test' | 'live';
    /** docs/interfaces.md §3: test or live API, or the in-process simulator's. */
    baseUrl: string;
    timeoutMs: number;
    /** Mount the simulator at /simulators/multisafepay and pay against it (demo, development, tests). */
    simulator: boolean;
    /** The terminal group's key (docs/interfaces.md §3); the website key when not set. */
    terminalApiKey: string | undefined;
    /** The simulator's terminals complete a waiting payment after this long; null: only by its terminals page. */
    simulatorTerminalAutoMs: number | null;
  };
  /**
   * SMS to customers (docs/decisions/0083-order-notifications-sms.md): the owner's Twilio credentials are set in
   * the dashboard; without them the simulator at /simulators/twilio takes the messages (demo, development, tests).
   */
  twilio: {
    simulator: boolean;
    /**
     * Where the owner's Twilio account is called: https://api.twilio.com, or another base such as an edge location's
     * (https://api.dublin.us1.twilio.com) or an outgoing proxy. The simulator is always reached in-process.
     */
    apiUrl: string;
  };
  /**
   * Web push (docs/decisions/0086-order-web-push.md): a simulated push service at /simulators/webpush issues
   * subscriptions it can decrypt for (demo, development, tests); real browsers' endpoints are reached over HTTP.
   */
  webPush: {
    simulator: boolean;
  };
  /** The second card provider (docs/decisions/0038-stripe.md): WooGraphQL's stripePaymentIntent. */
  stripe: {
    /** Absent: Stripe is not offered (stripePaymentIntent answers STRIPE_NOT_CONFIGURED). */
    secretKey: string | undefined;
    /** The webhook endpoint's signing secret; absent: webhooks are refused (checkout still looks intents up). */
    webhookSecret: string | undefined;
    /** The browser's key (pk_...), handed to Stripe.js on the checkout page. */
    publishableKey: string | undefined;
    /**
     * Where the checkout page loads Stripe.js from: https://js.stripe.com/v3, or the simulator's stand-in
     * (docs/decisions/0040-provider-keys-stripe-checkout.md). BAKJE_STRIPE_JS_URL overrides both.
     */
    jsUrl: string;
    /** Set only by BAKJE_STRIPE_JS_URL (the Content-Security-Policy allows its origin). */
    jsUrlOverride: string | undefined;
    /** https://api.stripe.com/v1 or the in-process simulator's path. */
    baseUrl: string;
    timeoutMs: number;
    /** Mount the simulator at /simulators/stripe and pay against it (demo, development, tests). */
    simulator: boolean;
  };
  /** How often pending card payments are looked up at the provider (and unpaid orders cancelled at cut-off). */
  paymentReconcileMs: number;
  /**
   * How the delivery distance is measured (docs/interfaces.md §5): the postcode estimate, or an OSRM
   * routing server's road distance (docs/decisions/0034).
   */
  distance: { provider: 'postcode' } | { provider: 'osrm'; url: string; profile: string; timeoutMs: number };
  /** Uploaded images (docs/decisions/0024-media.md). */
  media: {
    /** Folder of the uploaded originals and their cached resized variants. */
    dir: string;
    /** Largest accepted image file. */
    maxBytes: number;
    /** Largest accepted video file (streamed to disk, never held in memory). */
    maxVideoBytes: number;
    /** Largest accepted width x height (decompression bombs). */
    maxPixels: number;
  };
}

export class ConfigError extends Error {}

/** Every address of this machine, as HOST may say it: the server answers on all of them. */
const ANY_ADDRESS = new Set(['0.0.0.0', '::', '[::]']);
const LOCAL_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The site's address when BAKJE_SITE_URL is not set (docs/decisions/0070-test-and-live-mode.md): the address
 * the server listens on, so a payment's return and a mail's link lead to the origin the browser's cookie
 * belongs to; on every address, this machine's name for itself.
 */
export function defaultSiteUrl(host: string, port: number): string {
  if (ANY_ADDRESS.has(host)) return `http://localhost:${port}`;
  return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;
}

/**
 * A site URL on this machine with another port than the server's would send every customer back from a
 * payment to something else (another program, or nothing): refused at start-up.
 */
function refuseSiteUrlOnAnotherPort(env: Env): void {
  if (!env.BAKJE_SITE_URL || env.PORT === 0) return;
  const url = new URL(env.BAKJE_SITE_URL);
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  if (!LOCAL_NAMES.has(url.hostname) || port === env.PORT) return;
  throw new ConfigError(
    `Invalid configuration:\n  BAKJE_SITE_URL: ${url.origin} is this machine on port ${port}, but the server listens on port ${env.PORT}: ` +
      `customers would come back from paying to another address. Set BAKJE_SITE_URL=${url.protocol}//${url.hostname}:${env.PORT} or leave it unset.`,
  );
}

/**
 * One line when the site's address (made up, BAKJE_SITE_URL unset) is not the one the server listens on:
 * customers on another device would be sent back to an address that is not theirs. Undefined when they agree.
 */
export function siteUrlWarning(config: Pick<Config, 'siteUrl' | 'siteUrlSet'>, listening: { address: string; port: number }): string | undefined {
  if (config.siteUrlSet) return undefined;
  const site = new URL(config.siteUrl);
  const host = listening.address.includes(':') ? `[${listening.address}]` : listening.address;
  if (site.hostname === host && Number(site.port) === listening.port) return undefined;
  return (
    `Warning: payment returns and mail links use ${config.siteUrl}, but the server listens on ${host}:${listening.port}; ` +
    `set the address customers use, e.g. BAKJE_SITE_URL=https://frituur.example.be npm start`
  );
}

function isTerminal(): boolean {
  return Boolean(process.stdout.isTTY);
}

/** Builds the typed configuration; throws a ConfigError naming each bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env, rootDir = process.cwd()): Config {
  const picked = Object.fromEntries(Object.keys(schema.shape).map((k) => [k, source[k] === '' ? undefined : source[k]]));
  const parsed = checkedSchema.safeParse(picked);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  refuseSiteUrlOnAnotherPort(env);
  const logFormat = env.BAKJE_LOG_FORMAT ?? (isTerminal() ? 'pretty' : 'json');
  return {
    port: env.PORT,
    host: env.HOST,
    siteUrl: (env.BAKJE_SITE_URL ?? defaultSiteUrl(env.HOST, env.PORT)).replace(/\/$/, ''),
    siteUrlSet: env.BAKJE_SITE_URL !== undefined,
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: env.BAKJE_DB_POOL_SIZE, preparedStatements: env.BAKJE_PG_PREPARED_STATEMENTS }
      : { kind: 'pglite', dataDir: path.resolve(rootDir, env.BAKJE_DATA_DIR), sharedBuffers: env.BAKJE_PGLITE_SHARED_BUFFERS },
    seedDemo: env.BAKJE_SEED_DEMO,
    timeZone: env.BAKJE_TIMEZONE,
    sessionSecret: env.BAKJE_SESSION_SECRET,
    apiKeyPepper: env.BAKJE_API_KEY_PEPPER,
    dataDir: path.resolve(rootDir, env.BAKJE_DATA_DIR),
    catalogCacheSize: env.BAKJE_CATALOG_CACHE_SIZE,
    benchRoutes: env.BAKJE_BENCH_ROUTES,
    logLevel: env.LOG_LEVEL ?? (logFormat === 'pretty' ? 'warn' : 'info'),
    logFormat,
    admin: { email: env.BAKJE_ADMIN_EMAIL, password: env.BAKJE_ADMIN_PASSWORD },
    trustProxy: parseTrustProxy(env.BAKJE_TRUST_PROXY),
    smtpUrl: env.BAKJE_SMTP_URL,
    mailFrom: env.BAKJE_MAIL_FROM,
    env: env.NODE_ENV,
    graphqlIntrospection: env.BAKJE_GRAPHQL_INTROSPECTION ?? env.NODE_ENV !== 'production',
    graphqlMaxQueryAmount: env.BAKJE_GRAPHQL_MAX_QUERY_AMOUNT,
    graphqlCors: corsOf(env.BAKJE_GRAPHQL_CORS_ORIGINS),
    jobs: {
      runner: env.BAKJE_JOB_RUNNER,
      concurrency: env.BAKJE_JOB_CONCURRENCY,
      poolSize: env.BAKJE_JOB_POOL_SIZE,
      pollMs: env.BAKJE_JOB_POLL_MS,
      leaseMs: env.BAKJE_JOB_LEASE_MS,
    },
    printing: {
      retryBaseMs: env.BAKJE_PRINT_RETRY_MS,
      virtualPrinter: env.BAKJE_VIRTUAL_PRINTER ?? (env.BAKJE_SEED_DEMO && env.NODE_ENV !== 'test'),
      virtualPrinterPort: env.BAKJE_VIRTUAL_PRINTER_PORT,
    },
    startDeadlineMs: env.BAKJE_START_DEADLINE_MS,
    testHangStartStep: env.BAKJE_TEST_HANG_START_STEP,
    pos: { simulator: env.BAKJE_POS_SIMULATOR ?? (env.BAKJE_SEED_DEMO && env.NODE_ENV !== 'test') },
    webDist: path.resolve(rootDir, 'web/dist'),
    guestCartDays: env.BAKJE_GUEST_CART_DAYS,
    orderKeyDetailsHours: env.BAKJE_ORDER_KEY_DETAILS_HOURS,
    connections: {
      headersTimeoutMs: env.BAKJE_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: env.BAKJE_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: env.BAKJE_KEEP_ALIVE_TIMEOUT_MS,
      eventStreamsPerClient: env.BAKJE_EVENT_STREAMS_PER_CLIENT,
      eventStreams: env.BAKJE_EVENT_STREAMS_MAX,
    },
    multisafepay: multisafepayConfig(env),
    stripe: stripeConfig(env),
    twilio: {
      simulator: env.BAKJE_TWILIO_SIMULATOR ?? (env.NODE_ENV !== 'production' || Boolean(env.BAKJE_SEED_DEMO && localSite(env))),
      apiUrl: (env.BAKJE_TWILIO_API_URL ?? TWILIO_BASE_URL).replace(/\/+$/, ''),
    },
    webPush: { simulator: env.BAKJE_WEBPUSH_SIMULATOR ?? (env.NODE_ENV !== 'production' || Boolean(env.BAKJE_SEED_DEMO && localSite(env))) },
    paymentReconcileMs: env.BAKJE_PAYMENT_RECONCILE_MS,
    distance:
      env.BAKJE_DISTANCE_PROVIDER === 'osrm'
        ? { provider: 'osrm', url: env.BAKJE_OSRM_URL!, profile: env.BAKJE_OSRM_PROFILE, timeoutMs: env.BAKJE_OSRM_TIMEOUT_MS }
        : { provider: 'postcode' },
    media: {
      dir: path.resolve(rootDir, env.BAKJE_MEDIA_DIR ?? path.join(env.BAKJE_DATA_DIR, 'media')),
      maxBytes: env.BAKJE_MEDIA_MAX_BYTES,
      maxVideoBytes: env.BAKJE_MEDIA_MAX_VIDEO_BYTES,
      maxPixels: env.BAKJE_MEDIA_MAX_PIXELS,
    },
  };
}

function corsOf(value: string): Config['graphqlCors'] {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return { origins: [...new Set(entries.filter((entry) => entry !== '*'))], anyOrigin: entries.includes('*') };
}

export const MSP_BASE_URLS = { test: 'https://testapi.multisafepay.com/v1/json', live: 'https://api.multisafepay.com/v1/json' } as const;
/** Where the in-process simulator answers, below the site URL. */
export const MSP_SIMULATOR_PATH = '/simulators/multisafepay/v1/json';
/** The simulator's API key (it signs its notifications with it); never a real key. */
export const MSP_SIMULATOR_API_KEY = 'simulator-msp-api-key-not-a-secret';

function multisafepayConfig(env: Env): Config['multisafepay'] {
  // A configured key means real payments: the simulator then runs only when asked for explicitly. In
  // production it runs by itself only for the demo on this machine (a local site URL): on a public site its
  // hosted page would let anyone mark an order paid.
  const local = !env.BAKJE_SITE_URL || ['localhost', '127.0.0.1', '[::1]'].includes(new URL(env.BAKJE_SITE_URL).hostname);
  const simulator = env.BAKJE_MSP_SIMULATOR ?? (!env.BAKJE_MSP_API_KEY && (env.NODE_ENV !== 'production' || (env.BAKJE_SEED_DEMO && local)));
  const useSimulator = simulator && !env.BAKJE_MSP_API_KEY;
  return {
    apiKey: useSimulator ? MSP_SIMULATOR_API_KEY : env.BAKJE_MSP_API_KEY,
    environment: env.BAKJE_MSP_ENVIRONMENT,
    baseUrl: useSimulator ? MSP_SIMULATOR_PATH : MSP_BASE_URLS[env.BAKJE_MSP_ENVIRONMENT],
    timeoutMs: env.BAKJE_MSP_TIMEOUT_MS,
    simulator,
    terminalApiKey: useSimulator ? MSP_SIMULATOR_API_KEY : (env.BAKJE_MSP_TERMINAL_API_KEY ?? env.BAKJE_MSP_API_KEY),
    // Demo: a kiosk's terminal payment completes by itself after 5 s; tests decide each outcome themselves.
    simulatorTerminalAutoMs: (() => {
      const seconds = env.BAKJE_MSP_SIM_TERMINAL_SECONDS ?? (env.NODE_ENV === 'test' ? 0 : 5);
      return seconds === 0 ? null : seconds * 1000;
    })(),
  };
}

/** The site runs on this machine only (the demo): a simulator may stand in for a provider in production. */
function localSite(env: Env): boolean {
  return !env.BAKJE_SITE_URL || ['localhost', '127.0.0.1', '[::1]'].includes(new URL(env.BAKJE_SITE_URL).hostname);
}

/** The Twilio simulator's account (it signs its status callbacks with the token); never a real account. */
export const TWILIO_SIMULATOR_ACCOUNT_SID = 'AC00000000000000000000000000000000';
export const TWILIO_SIMULATOR_AUTH_TOKEN = 'simulator0twilio0token0not0secret';

export const STRIPE_BASE_URL = 'https://api.stripe.com/v1';
/** The simulator's keys: never real ones (a real key cannot look like these). */
export const STRIPE_SIMULATOR_SECRET_KEY = 'sk_test_simulatorNotASecret';
export const STRIPE_SIMULATOR_WEBHOOK_SECRET = 'whsec_simulatorNotASecret';
export const STRIPE_SIMULATOR_PUBLISHABLE_KEY = 'pk_test_simulatorNotASecret';
/** Stripe.js as the browser loads it in production. */
export const STRIPE_JS_URL = 'https://js.stripe.com/v3';
/** The simulator's Stripe.js stand-in, below the site URL. */
export const STRIPE_SIMULATOR_JS_PATH = '/simulators/stripe/js/v3';

/** Like MultiSafepay's: a configured key means real payments; the simulator runs by itself only locally. */
function stripeConfig(env: Env): Config['stripe'] {
  const local = !env.BAKJE_SITE_URL || ['localhost', '127.0.0.1', '[::1]'].includes(new URL(env.BAKJE_SITE_URL).hostname);
  const simulator = env.BAKJE_STRIPE_SIMULATOR ?? (!env.BAKJE_STRIPE_SECRET_KEY && (env.NODE_ENV !== 'production' || (env.BAKJE_SEED_DEMO && local)));
  const useSimulator = simulator && !env.BAKJE_STRIPE_SECRET_KEY;
  return {
    secretKey: useSimulator ? STRIPE_SIMULATOR_SECRET_KEY : env.BAKJE_STRIPE_SECRET_KEY,
    webhookSecret: useSimulator ? STRIPE_SIMULATOR_WEBHOOK_SECRET : env.BAKJE_STRIPE_WEBHOOK_SECRET,
    publishableKey: useSimulator ? STRIPE_SIMULATOR_PUBLISHABLE_KEY : env.BAKJE_STRIPE_PUBLISHABLE_KEY,
    jsUrl: env.BAKJE_STRIPE_JS_URL ?? (useSimulator ? STRIPE_SIMULATOR_JS_PATH : STRIPE_JS_URL),
    jsUrlOverride: env.BAKJE_STRIPE_JS_URL,
    baseUrl: useSimulator ? '/simulators/stripe/v1' : STRIPE_BASE_URL,
    timeoutMs: env.BAKJE_STRIPE_TIMEOUT_MS,
    simulator: Boolean(simulator),
  };
}

function parseTrustProxy(value: string): boolean | number | string[] {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((v) => v.trim());
}
