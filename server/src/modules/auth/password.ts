import { readFileSync } from 'node:fs';
import { hash, verify } from '@node-rs/argon2';
import { commonPasswordsFile } from '../../paths.js';

/** OWASP's argon2id minimum: 19 MiB memory, 2 iterations, 1 lane. */
export const ARGON2_OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum, not importable under isolatedModules) */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const PASSWORD_TOO_SHORT = `The password must be at least ${PASSWORD_MIN} characters long.`;
export const PASSWORD_TOO_LONG = `The password must be at most ${PASSWORD_MAX} characters long.`;
export const PASSWORD_TOO_COMMON = 'This password is one of the most common passwords; choose another one.';

let common: Set<string> | undefined;

/** The shipped list (data, not code) of the 10,000 most common passwords of 8+ characters. */
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(commonPasswordsFile, 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#')),
  );
  return common;
}

/** The first problem with a new password, or null when it may be used. Length counts characters, not bytes. */
export function passwordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return PASSWORD_TOO_SHORT;
  if (length > PASSWORD_MAX) return PASSWORD_TOO_LONG;
  if (commonPasswords().has(password.toLowerCase())) return PASSWORD_TOO_COMMON;
  return null;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** Constant-time check inside argon2; a malformed stored hash counts as a mismatch. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a random password, checked when the account does not exist so that "no such account" takes
 * as long as "wrong password" (no account discovery by timing).
 */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(`dummy-${Math.random()}-${Date.now()}`);
  return dummy;
}
