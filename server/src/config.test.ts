import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, siteUrlWarning } from './config.js';

describe('loadConfig', () => {
  it('defaults to the embedded database under ./data on port 3000', () => {
    const config = loadConfig({}, '/srv/bakje');
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: 'pglite', dataDir: '/srv/bakje/data', sharedBuffers: '16MB' });
    expect(config.siteUrl).toBe('http://localhost:3000');
    expect(config.timeZone).toBe('Europe/Brussels');
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/bakje', BAKJE_DB_POOL_SIZE: '4' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/bakje', poolSize: 4, preparedStatements: true });
    const behindPooler = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/bakje', BAKJE_PG_PREPARED_STATEMENTS: 'false' });
    expect(behindPooler.database).toMatchObject({ kind: 'postgres', preparedStatements: false });
  });

  it('treats an empty DATABASE_URL as unset: the embedded database', () => {
    expect(loadConfig({ DATABASE_URL: '' }).database).toMatchObject({ kind: 'pglite' });
  });

  it("takes the embedded database's shared_buffers from BAKJE_PGLITE_SHARED_BUFFERS", () => {
    expect(loadConfig({ BAKJE_PGLITE_SHARED_BUFFERS: '64MB' }).database).toMatchObject({ kind: 'pglite', sharedBuffers: '64MB' });
  });

  it('answers GraphQL introspection outside production, and in production only when asked to', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).graphqlIntrospection).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).graphqlIntrospection).toBe(true);
    expect(loadConfig({}).graphqlIntrospection).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', BAKJE_GRAPHQL_INTROSPECTION: 'true' }).graphqlIntrospection).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', BAKJE_GRAPHQL_INTROSPECTION: 'false' }).graphqlIntrospection).toBe(false);
  });

  it('reads the GraphQL max query amount and the storefront origins allowed to call /graphql', () => {
    expect(loadConfig({}).graphqlMaxQueryAmount).toBe(1000);
    expect(loadConfig({ BAKJE_GRAPHQL_MAX_QUERY_AMOUNT: '100' }).graphqlMaxQueryAmount).toBe(100);
    expect(loadConfig({}).graphqlCors).toEqual({ origins: [], anyOrigin: false });
    expect(loadConfig({ BAKJE_GRAPHQL_CORS_ORIGINS: 'https://shop.example, http://localhost:3000,' }).graphqlCors).toEqual({
      origins: ['https://shop.example', 'http://localhost:3000'],
      anyOrigin: false,
    });
    expect(loadConfig({ BAKJE_GRAPHQL_CORS_ORIGINS: 'https://shop.example,*' }).graphqlCors).toEqual({ origins: ['https://shop.example'], anyOrigin: true });
  });

  it.each([
    ['BAKJE_GRAPHQL_MAX_QUERY_AMOUNT', '0'],
    ['BAKJE_GRAPHQL_MAX_QUERY_AMOUNT', '20000'],
    ['BAKJE_GRAPHQL_CORS_ORIGINS', 'https://shop.example/'],
    ['BAKJE_GRAPHQL_CORS_ORIGINS', 'shop.example'],
    ['BAKJE_GRAPHQL_CORS_ORIGINS', 'ftp://shop.example'],
    ['BAKJE_GRAPHQL_INTROSPECTION', 'sometimes'],
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['BAKJE_TIMEZONE', 'Mars/Olympus'],
    ['BAKJE_SEED_DEMO', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['BAKJE_SITE_URL', 'not a url'],
    ['BAKJE_PGLITE_SHARED_BUFFERS', '32'],
    ['BAKJE_PGLITE_SHARED_BUFFERS', '512kB'],
    ['BAKJE_HEADERS_TIMEOUT_MS', '60000'],
    ['BAKJE_EVENT_STREAMS_PER_CLIENT', '0'],
  ])('stops with a message naming %s when it is %j', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it("pays against the MultiSafepay simulator only where that cannot take a real customer's order", () => {
    // Development and tests, and the demo on this machine: the simulator, reached in-process.
    expect(loadConfig({ NODE_ENV: 'development' }).multisafepay).toMatchObject({ simulator: true, baseUrl: '/simulators/multisafepay/v1/json' });
    expect(loadConfig({ NODE_ENV: 'production', BAKJE_SITE_URL: 'http://127.0.0.1:3000' }).multisafepay.simulator).toBe(true);
    // A public site: no simulator (its page would let anyone mark an order paid), and no card payments without a key.
    expect(loadConfig({ NODE_ENV: 'production', BAKJE_SITE_URL: 'https://frituur.example.be' }).multisafepay).toMatchObject({
      simulator: false,
      apiKey: undefined,
    });
    // A key: the real test API by default, live when asked.
    expect(loadConfig({ NODE_ENV: 'production', BAKJE_MSP_API_KEY: 'real-key-12345' }).multisafepay).toMatchObject({
      simulator: false,
      apiKey: 'real-key-12345',
      baseUrl: 'https://testapi.multisafepay.com/v1/json',
    });
    expect(loadConfig({ BAKJE_MSP_API_KEY: 'real-key-12345', BAKJE_MSP_ENVIRONMENT: 'live' }).multisafepay.baseUrl).toBe(
      'https://api.multisafepay.com/v1/json',
    );
    expect(() => loadConfig({ BAKJE_MSP_ENVIRONMENT: 'staging' })).toThrow(/BAKJE_MSP_ENVIRONMENT:/);
  });

  it("calls the owner's Twilio account at api.twilio.com, or at the base BAKJE_TWILIO_API_URL names", () => {
    expect(loadConfig({}).twilio.apiUrl).toBe('https://api.twilio.com');
    expect(loadConfig({ BAKJE_TWILIO_API_URL: 'https://api.dublin.us1.twilio.com/' }).twilio.apiUrl).toBe('https://api.dublin.us1.twilio.com');
    expect(() => loadConfig({ BAKJE_TWILIO_API_URL: 'api.twilio.com' })).toThrow(/BAKJE_TWILIO_API_URL:/);
  });
});

describe("the site's address (docs/decisions/0070-test-and-live-mode.md)", () => {
  it("is the listening address when BAKJE_SITE_URL is unset, this machine's name when listening everywhere", () => {
    expect(loadConfig({ HOST: '127.0.0.1', PORT: '3000' })).toMatchObject({ siteUrl: 'http://127.0.0.1:3000', siteUrlSet: false });
    expect(loadConfig({ PORT: '3000' }).siteUrl).toBe('http://localhost:3000');
    expect(loadConfig({ HOST: '::1', PORT: '8080' }).siteUrl).toBe('http://[::1]:8080');
    expect(loadConfig({ BAKJE_SITE_URL: 'https://frituur.example.be/', PORT: '3000' })).toMatchObject({
      siteUrl: 'https://frituur.example.be',
      siteUrlSet: true,
    });
  });

  it('refuses a site URL on this machine with another port than the server, saying how to set it', () => {
    expect(() => loadConfig({ BAKJE_SITE_URL: 'http://localhost:3000', PORT: '3303' })).toThrow(
      /BAKJE_SITE_URL: http:\/\/localhost:3000 is this machine on port 3000, but the server listens on port 3303.*Set BAKJE_SITE_URL=http:\/\/localhost:3303/,
    );
    // A public address may sit behind a proxy on any port.
    expect(loadConfig({ BAKJE_SITE_URL: 'https://frituur.example.be', PORT: '3303' }).siteUrl).toBe('https://frituur.example.be');
  });

  it('warns in one line when the made-up address is not where the server listens', () => {
    const everywhere = loadConfig({ PORT: '3000' });
    const warning = siteUrlWarning(everywhere, { address: '0.0.0.0', port: 3000 });
    expect(warning).toMatch(
      /^Warning: payment returns and mail links use http:\/\/localhost:3000, but the server listens on 0\.0\.0\.0:3000; set .*BAKJE_SITE_URL=/,
    );
    expect(warning).not.toContain('\n');
    expect(siteUrlWarning(loadConfig({ HOST: '127.0.0.1', PORT: '3000' }), { address: '127.0.0.1', port: 3000 })).toBeUndefined();
    expect(siteUrlWarning(loadConfig({ BAKJE_SITE_URL: 'https://frituur.example.be' }), { address: '0.0.0.0', port: 3000 })).toBeUndefined();
  });

  it('logs readable lines when asked, JSON otherwise (tests run without a terminal)', () => {
    expect(loadConfig({})).toMatchObject({ logFormat: 'json', logLevel: 'info' });
    expect(loadConfig({ BAKJE_LOG_FORMAT: 'pretty' })).toMatchObject({ logFormat: 'pretty', logLevel: 'warn' });
    expect(loadConfig({ BAKJE_LOG_FORMAT: 'pretty', LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
  });
});
