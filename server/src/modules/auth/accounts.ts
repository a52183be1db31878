import { randomBytes } from 'node:crypto';
import { staffLanguages, type StaffLanguage } from '@bakje/contract';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users, type Address, type GuestDetails, type UserRole } from '../../db/schema/index.js';
import { ADDRESS_FIELDS } from '../addresses/addresses.js';
import { PASSWORD_TOO_COMMON, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT, hashPassword, passwordProblem } from './password.js';
import type { ErrorCode } from '../../errors/codes.js';
import { DomainError } from '../../errors/domain-error.js';

export type UserRow = typeof users.$inferSelect;

export const EMAIL_TAKEN = 'An account is already registered with your email address. Please log in.';
export const USERNAME_TAKEN = 'An account is already registered with that username. Please choose another.';
export const EMAIL_INVALID = 'Please provide a valid email address.';
export const USERNAME_INVALID = 'A username may use 2 to 60 letters, digits and . _ @ - characters.';
export const NAME_TOO_LONG = 'Names can be at most 100 characters long.';

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,63}$/;
const USERNAME = /^[\p{L}\p{N}._@-]{2,60}$/u;
const MAX_FIELD = 200;

export const normaliseLogin = (value: string) => value.trim().toLowerCase();

export function checkEmail(email: string): string {
  const value = normaliseLogin(email);
  if (!EMAIL.test(value) || value.length > 254) throw new DomainError('EMAIL_INVALID', EMAIL_INVALID);
  return value;
}

/** passwordProblem's three answers, each with its code. */
const PASSWORD_CODES: Record<string, ErrorCode> = {
  [PASSWORD_TOO_SHORT]: 'PASSWORD_TOO_SHORT',
  [PASSWORD_TOO_LONG]: 'PASSWORD_TOO_LONG',
  [PASSWORD_TOO_COMMON]: 'PASSWORD_TOO_COMMON',
};

function checkPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new DomainError(PASSWORD_CODES[problem]!, problem);
}

/** A username from the e-mail's local part, made unique with a number when needed. */
async function freeUsername(db: DbOrTx, email: string): Promise<string> {
  const local = (email.split('@')[0] ?? '').replace(/[^\p{L}\p{N}._-]/gu, '').slice(0, 50);
  const base = local.length >= 2 ? local : 'klant';
  for (let i = 0; i < 50; i++) {
    const candidate = i === 0 ? base : `${base}${i + 1}`;
    if (!(await findByLogin(db, candidate))) return candidate;
  }
  return `${base}${randomBytes(4).toString('hex')}`;
}

export async function findByLogin(db: DbOrTx, login: string): Promise<UserRow | undefined> {
  const value = normaliseLogin(login);
  if (!value) return undefined;
  const [row] = await db
    .select()
    .from(users)
    .where(or(eq(users.email, value), eq(users.username, value)))
    .limit(1);
  return row;
}

export async function findUser(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export interface NewAccount {
  email: string;
  username?: string | null;
  password: string;
  role?: UserRole;
  firstName?: string | null;
  lastName?: string | null;
  billing?: Partial<Address> | null;
  shipping?: Partial<Address> | null;
}

/** Checks a new account without writing anything; returns the normalised values. */
export async function validateNewAccount(db: DbOrTx, input: NewAccount) {
  const email = checkEmail(input.email);
  const username = input.username?.trim() ? normaliseLogin(input.username) : undefined;
  if (username !== undefined && !USERNAME.test(username)) throw new DomainError('USERNAME_INVALID', USERNAME_INVALID);
  checkPassword(input.password);
  const firstName = (input.firstName ?? '').trim();
  const lastName = (input.lastName ?? '').trim();
  if (firstName.length > 100 || lastName.length > 100) throw new DomainError('NAME_TOO_LONG', NAME_TOO_LONG);
  if (await findByLogin(db, email)) throw new DomainError('EMAIL_TAKEN', EMAIL_TAKEN);
  // An e-mail address used as someone else's username would make logins ambiguous.
  if (username !== undefined && (await findByLogin(db, username))) throw new DomainError('USERNAME_TAKEN', USERNAME_TAKEN);
  return { email, username, firstName, lastName };
}

export async function createAccount(db: DbOrTx, input: NewAccount): Promise<UserRow> {
  const checked = await validateNewAccount(db, input);
  const username = checked.username ?? (await freeUsername(db, checked.email));
  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await db
      .insert(users)
      .values({
        email: checked.email,
        username,
        passwordHash,
        role: input.role ?? 'customer',
        firstName: checked.firstName,
        lastName: checked.lastName,
        billing: cleanAddress(input.billing ?? {}),
        shipping: cleanAddress(input.shipping ?? {}),
      })
      .returning();
    return row!;
  } catch (error) {
    // Two registrations racing for the same address: the unique index decides.
    if (/users_(email|username)_key|unique/i.test(String((error as Error).message) + String((error as { cause?: Error }).cause?.message))) {
      throw new DomainError('EMAIL_TAKEN', EMAIL_TAKEN);
    }
    throw error;
  }
}

/** Only the known address fields, trimmed and bounded; anything else in the input is dropped. */
export function cleanAddress(input: Partial<Record<string, unknown>>): Partial<Address> {
  const out: Partial<Address> = {};
  for (const field of ADDRESS_FIELDS) {
    const value = input[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') throw new DomainError('FIELD_INVALID', `${field} must be text.`, { field });
    const trimmed = value.trim();
    if (trimmed.length > MAX_FIELD) throw new DomainError('FIELD_INVALID', `${field} can be at most ${MAX_FIELD} characters long.`);
    if (field === 'email' && trimmed) checkEmail(trimmed);
    out[field] = trimmed;
  }
  return out;
}

export interface ProfileChange {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  billing?: Partial<Record<string, unknown>> | null;
  shipping?: Partial<Record<string, unknown>> | null;
}

export async function updateProfile(db: DbOrTx, userId: number, change: ProfileChange, now: Date): Promise<UserRow> {
  const user = await findUser(db, userId);
  if (!user) throw new DomainError('UPDATE_FAILED', 'Update failed.');
  const set: Partial<typeof users.$inferInsert> = { updatedAt: now };
  if (change.firstName !== undefined && change.firstName !== null) set.firstName = change.firstName.trim();
  if (change.lastName !== undefined && change.lastName !== null) set.lastName = change.lastName.trim();
  if ((set.firstName?.length ?? 0) > 100 || (set.lastName?.length ?? 0) > 100) throw new DomainError('NAME_TOO_LONG', NAME_TOO_LONG);
  if (change.email !== undefined && change.email !== null) {
    const email = checkEmail(change.email);
    if (email !== user.email) {
      const other = await findByLogin(db, email);
      if (other && other.id !== user.id) throw new DomainError('EMAIL_TAKEN', EMAIL_TAKEN);
      set.email = email;
    }
  }
  if (change.billing) set.billing = { ...user.billing, ...cleanAddress(change.billing) };
  if (change.shipping) set.shipping = { ...user.shipping, ...cleanAddress(change.shipping) };
  const [row] = await db.update(users).set(set).where(eq(users.id, userId)).returning();
  return row!;
}

/**
 * A guest's details after an updateCustomer, checked like an account's profile: names at most 100
 * characters, a valid e-mail, only known address fields (merged into what was there).
 */
export function guestDetailsAfter(current: GuestDetails | null, change: ProfileChange): GuestDetails {
  const next: GuestDetails = { ...current, billing: { ...current?.billing }, shipping: { ...current?.shipping } };
  if (change.firstName !== undefined && change.firstName !== null) next.firstName = change.firstName.trim();
  if (change.lastName !== undefined && change.lastName !== null) next.lastName = change.lastName.trim();
  if ((next.firstName?.length ?? 0) > 100 || (next.lastName?.length ?? 0) > 100) throw new DomainError('NAME_TOO_LONG', NAME_TOO_LONG);
  if (change.email !== undefined && change.email !== null) next.email = change.email.trim() ? checkEmail(change.email) : '';
  if (change.billing) next.billing = { ...next.billing, ...cleanAddress(change.billing) };
  if (change.shipping) next.shipping = { ...next.shipping, ...cleanAddress(change.shipping) };
  return next;
}

export async function setPassword(db: DbOrTx, userId: number, password: string, now: Date): Promise<void> {
  checkPassword(password);
  const passwordHash = await hashPassword(password);
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}

export async function countAdmins(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.role, 'admin'));
  return row?.n ?? 0;
}

/** A stored staff language, or null when none (or an unknown one) is stored. */
export function staffLanguageOf(value: string | null): StaffLanguage | null {
  return staffLanguages.find((lang) => lang === value) ?? null;
}

/**
 * Sets the language of a staff account's screens and mails (null: the shop's); a customer or unknown id is
 * USER_NOT_FOUND and changes nothing (docs/decisions/0071-age-restricted-products-staff-language.md).
 */
export async function setStaffLanguage(db: DbOrTx, userId: number, language: StaffLanguage | null, now: Date): Promise<void> {
  const updated = await db
    .update(users)
    .set({ staffLang: language, updatedAt: now })
    .where(and(eq(users.id, userId), ne(users.role, 'customer')))
    .returning({ id: users.id });
  if (updated.length === 0) throw new DomainError('USER_NOT_FOUND', 'No such user.');
}
