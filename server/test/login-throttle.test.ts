import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { createAccount } from '../src/modules/auth/accounts.js';
import { NO_ACCOUNT, WRONG_PASSWORD } from '../src/modules/auth/auth-service.js';
import { DEVICE_COOKIE } from '../src/modules/auth/known-devices.js';
import { LOGIN_ACCOUNT, LOGIN_ADDRESS, LOGIN_PAIR, Throttle } from '../src/modules/auth/throttle.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { startTestApp } from './support/server.js';

/*
 * The login throttle (docs/security.md "Rate limits"): attempts are counted before the password is
 * checked, in one statement, so parallel attempts cannot all slip through; guessing is slowed per
 * account and address; a shop's shared address and an owner's known device are not locked out.
 * A WRONG_PASSWORD answer is only ever given after the password was verified, so counting those answers
 * counts password verifications.
 */

const START = new Date('2026-11-21T09:00:00Z');
const PASSWORD = 'Stoofvlees met friet';
const LOGIN = `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { databaseId } } }`;
const TOO_MANY = 'TOO_MANY_ATTEMPTS';

interface Attempt {
  /** The error message, or 'ok'. */
  outcome: string;
  code?: string;
  deviceCookie?: string;
}

// Every login hashes with argon2 (tens of milliseconds, more on a busy machine): generous time limits.
describe.each(databaseKinds)('login throttle on %s', { timeout: 120_000 }, (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let now: Date;

  beforeEach(async () => {
    testDb = await createTestDatabase(kind);
    now = new Date(START);
    app = await startTestApp(testDb.database, {}, () => now);
  });
  afterEach(async () => {
    await app.close();
    await testDb.cleanup();
  });

  const account = (email: string) => createAccount(testDb.database.db, { email, password: PASSWORD, role: 'customer' });

  /** One login from `address`, with the device cookie when one is given. */
  async function login(username: string, password: string, options: { address: string; deviceCookie?: string }): Promise<Attempt> {
    const response = await app.server.inject({
      method: 'POST',
      url: '/graphql',
      remoteAddress: options.address,
      headers: { 'content-type': 'application/json', ...(options.deviceCookie ? { cookie: `${DEVICE_COOKIE}=${options.deviceCookie}` } : {}) },
      payload: JSON.stringify({ query: LOGIN, variables: { u: username, p: password } }),
    });
    const body = response.json() as { errors?: { message: string; extensions?: { code?: string } }[] };
    const setCookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    const deviceCookie = setCookies
      .find((c) => c.startsWith(`${DEVICE_COOKIE}=`))
      ?.split(';')[0]!
      .slice(DEVICE_COOKIE.length + 1);
    const error = body.errors?.[0];
    return error ? { outcome: error.message, code: error.extensions?.code } : { outcome: 'ok', deviceCookie };
  }

  const verified = (attempts: Attempt[]) => attempts.filter((a) => a.outcome === WRONG_PASSWORD).length;

  it(`40 concurrent wrong passwords from many addresses: at most ${LOGIN_ACCOUNT.limit} reach the password check`, async () => {
    await account('an@example.be');
    const attempts = await Promise.all(Array.from({ length: 40 }, (_, i) => login('an@example.be', `wrong ${i}`, { address: `198.51.100.${i + 1}` })));
    expect(verified(attempts)).toBeGreaterThan(0);
    expect(verified(attempts)).toBeLessThanOrEqual(LOGIN_ACCOUNT.limit);
    for (const attempt of attempts) if (attempt.outcome !== WRONG_PASSWORD) expect(attempt.code).toBe(TOO_MANY);
  });

  it(`40 concurrent wrong passwords from one address: at most ${LOGIN_PAIR.freeAttempts} reach the password check`, async () => {
    await account('an@example.be');
    const attempts = await Promise.all(Array.from({ length: 40 }, (_, i) => login('an', `wrong ${i}`, { address: '198.51.100.7' })));
    expect(verified(attempts)).toBeGreaterThan(0);
    expect(verified(attempts)).toBeLessThanOrEqual(LOGIN_PAIR.freeAttempts);
  });

  it('an unknown device gets a few free tries, then growing delays that hold back even the right password', async () => {
    await account('an@example.be');
    const address = '203.0.113.9';
    for (let i = 0; i < LOGIN_PAIR.freeAttempts; i++) expect((await login('an@example.be', `wrong ${i}`, { address })).outcome).toBe(WRONG_PASSWORD);
    const held = await login('an@example.be', PASSWORD, { address });
    expect(held.code).toBe(TOO_MANY);
    expect(held.outcome).toBe('Too many attempts. For your security, please wait 1 minute and try again.');
    // The username is the same account: no way around the delay.
    expect((await login('an', PASSWORD, { address })).code).toBe(TOO_MANY);
    now = new Date(now.getTime() + 2_000);
    expect((await login('an', 'wrong again', { address })).outcome).toBe(WRONG_PASSWORD);
    // The delay doubled: 2 s is not enough any more, 4 s is.
    now = new Date(now.getTime() + 2_000);
    expect((await login('an', PASSWORD, { address })).code).toBe(TOO_MANY);
    now = new Date(now.getTime() + 2_000);
    expect((await login('an', PASSWORD, { address })).outcome).toBe('ok');
    // The success starts the series over.
    expect((await login('an', 'wrong once more', { address })).outcome).toBe(WRONG_PASSWORD);
  });

  it('successful logins use up nothing: one account on 25 new devices at one address', async () => {
    await account('keuken@example.be');
    for (let i = 0; i < 25; i++) expect((await login('keuken@example.be', PASSWORD, { address: '192.0.2.30' })).outcome).toBe('ok');
  });

  it('100 failures from one address do not lock another account out at that address; the address has a ceiling', async () => {
    await account('kassa@example.be');
    const shop = '192.0.2.10';
    for (let i = 0; i < 100; i++) expect((await login(`nobody${i}@example.be`, 'wrong', { address: shop })).outcome).toBe(NO_ACCOUNT);
    const staff = await login('kassa@example.be', PASSWORD, { address: shop });
    expect(staff.outcome).toBe('ok');
    // Far more attempts than a shop makes (counted here without the slow password hashing): the
    // address's ceiling holds back unknown devices there ...
    const throttle = new Throttle(testDb.database.db, () => now);
    // (100 failures so far: the staff login gave its attempt back.)
    for (let i = 100; i < LOGIN_ADDRESS.limit; i++) await throttle.take([[LOGIN_ADDRESS, shop]]);
    expect((await login('kassa@example.be', PASSWORD, { address: shop })).code).toBe(TOO_MANY);
    // ... but not a device that logged in before, nor anyone at another address.
    expect((await login('kassa@example.be', PASSWORD, { address: shop, deviceCookie: staff.deviceCookie })).outcome).toBe('ok');
    expect((await login('kassa@example.be', PASSWORD, { address: '192.0.2.11' })).outcome).toBe('ok');
  });

  it('the right password from a known device works after an attacker used up every other allowance', async () => {
    const owner = await account('an@example.be');
    const shop = '192.0.2.20';
    const first = await login('an@example.be', PASSWORD, { address: shop });
    expect(first.outcome).toBe('ok');
    expect(first.deviceCookie).toBeTruthy();
    // The attacker: from the owner's own address without the cookie, and from many others.
    for (let i = 0; i < 10; i++) await login('an@example.be', `guess ${i}`, { address: shop });
    for (let i = 0; i < 30; i++) await login('an', `guess ${i}`, { address: `198.51.100.${i + 1}` });
    expect((await login('an@example.be', PASSWORD, { address: '198.51.100.200' })).code).toBe(TOO_MANY);
    expect((await login('an@example.be', PASSWORD, { address: shop })).code).toBe(TOO_MANY);

    const back = await login('an@example.be', PASSWORD, { address: shop, deviceCookie: first.deviceCookie });
    expect(back.outcome).toBe('ok');
    // From anywhere, e.g. the owner's phone on mobile data.
    expect((await login('an', PASSWORD, { address: '203.0.113.50', deviceCookie: back.deviceCookie })).outcome).toBe('ok');

    // The cookie speaks only for the accounts that logged in with it, and only unaltered.
    await account('bert@example.be');
    expect((await login('bert@example.be', PASSWORD, { address: shop, deviceCookie: back.deviceCookie })).outcome).toBe('ok');
    const [body, signature] = back.deviceCookie!.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString()) as { d: string; u: number[] };
    const forged = `${Buffer.from(JSON.stringify({ ...claims, u: [owner.id + 1000] })).toString('base64url')}.${signature}`;
    for (let i = 0; i < 6; i++) await login('carla@example.be', `guess ${i}`, { address: shop, deviceCookie: forged });
    expect((await login('carla@example.be', 'guess', { address: shop, deviceCookie: forged })).code).toBe(TOO_MANY);

    // A guesser who steals the cookie is slowed down on it just the same.
    for (let i = 0; i < LOGIN_PAIR.freeAttempts; i++) {
      expect((await login('an', `stolen ${i}`, { address: '198.51.100.99', deviceCookie: back.deviceCookie })).outcome).toBe(WRONG_PASSWORD);
    }
    expect((await login('an', PASSWORD, { address: '198.51.100.99', deviceCookie: back.deviceCookie })).code).toBe(TOO_MANY);
  });
});
