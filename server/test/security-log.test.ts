import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { createLogger } from '../src/logger.js';
import { createAccount } from '../src/modules/auth/accounts.js';
import { Browser } from './support/browser.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { startTestApp } from './support/server.js';
import { waitFor } from './support/wait.js';

/*
 * Issue 33 D4 (docs/security.md "Security events in the log"): logins, failed logins, lockouts and refused
 * requests are structured log lines naming the account by its id, never its e-mail, password, session,
 * CSRF token or the client's address.
 */

const PASSWORD = 'Stoofvlees met friet';
const LOGIN = `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { databaseId } } }`;
const NOW = new Date('2026-11-28T18:00:00Z');

interface Line {
  level: number;
  msg: string;
  security?: string;
  accountId?: number | null;
  [field: string]: unknown;
}

describe.each(databaseKinds)('security events in the log (%s)', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  const written: string[] = [];
  const events = () => written.map((text) => JSON.parse(text) as Line).filter((line) => line.security);

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    const log = createLogger('info', { write: (text: string) => void written.push(text) });
    app = await startTestApp(testDb.database, { BAKJE_JOB_RUNNER: 'false' }, () => NOW, undefined, log);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  it('logs a login, failed logins and the lockout with the account id; a refused request with its account, route and code', async () => {
    const cook = await createAccount(testDb.database.db, { email: 'kok@example.be', password: PASSWORD, role: 'kitchen' });
    const victim = await createAccount(testDb.database.db, { email: 'slachtoffer@example.be', password: PASSWORD, role: 'customer' });

    const kitchen = new Browser(() => app);
    expect((await kitchen.graphql(LOGIN, { u: 'kok@example.be', p: PASSWORD })).body.data.login.viewer.databaseId).toBe(cook.id);
    // An unknown login name, then wrong passwords until the account-and-address delay holds one back.
    const attacker = new Browser(() => app);
    await attacker.graphql(LOGIN, { u: 'niemand@example.be', p: 'Geen idee 123' });
    const refusals: string[] = [];
    for (let i = 0; i < 6; i++)
      refusals.push((await attacker.graphql(LOGIN, { u: 'slachtoffer@example.be', p: `Fout wachtwoord ${i}` })).body.errors[0].extensions.code);
    expect(refusals).toEqual([...Array(5).fill('WRONG_PASSWORD'), 'TOO_MANY_ATTEMPTS']);

    // Refused: a role without the right, and a change without the CSRF token.
    expect((await kitchen.request('GET', '/api/dashboard/reviews')).statusCode).toBe(403);
    expect(
      (await kitchen.request('POST', '/graphql', { query: '{ __typename }' }, { csrf: false, headers: { origin: 'http://evil.example' } })).statusCode,
    ).toBe(403);

    await waitFor('the refusals to be logged', async () => events().filter((line) => line.security === 'access.refused').length === 2);
    const lines = events();
    expect(lines.map(({ security, accountId, reason, rule, route, code }) => ({ security, accountId, reason, rule, route, code }))).toEqual([
      { security: 'login', accountId: cook.id, reason: undefined, rule: undefined, route: undefined, code: undefined },
      { security: 'login.failed', accountId: null, reason: 'no_account', rule: undefined, route: undefined, code: undefined },
      ...Array(5).fill({ security: 'login.failed', accountId: victim.id, reason: 'wrong_password', rule: undefined, route: undefined, code: undefined }),
      { security: 'login.locked', accountId: victim.id, reason: undefined, rule: 'login:pair', route: undefined, code: undefined },
      { security: 'access.refused', accountId: cook.id, reason: undefined, rule: undefined, route: '/api/dashboard/reviews', code: 'PERMISSION_DENIED' },
      { security: 'access.refused', accountId: cook.id, reason: undefined, rule: undefined, route: '/graphql', code: 'csrf_invalid' },
    ]);
    expect(lines[0]).toMatchObject({ level: 30, role: 'kitchen', knownDevice: false });
    expect(lines.slice(1).every((line) => line.level === 40)).toBe(true);
    expect(lines[7]).toMatchObject({ retryAfterSeconds: 2 });

    // Nothing that names or reaches the person: e-mails, passwords, cookies, tokens, the address.
    const secrets = [
      'kok@example.be',
      'slachtoffer@example.be',
      'niemand@example.be',
      PASSWORD,
      'Fout wachtwoord',
      'Geen idee',
      ...kitchen.cookies.values(),
      ...attacker.cookies.values(),
      '127.0.0.1',
    ].filter((secret) => secret.length >= 8 || secret === '127.0.0.1');
    const text = lines.map((line) => JSON.stringify(line)).join('\n');
    for (const secret of secrets) expect(text).not.toContain(secret);
  });
});
