import type { AgeLimit } from '@bakje/contract';
import { DomainError } from '../../errors/domain-error.js';

/**
 * Age-restricted products (docs/decisions/0071-age-restricted-products-staff-language.md): a product or its
 * category is marked 16+ (beer, wine) or 18+ (spirits); the strictest mark applies.
 */
export function ageLimitOf(value: number | null | undefined): AgeLimit | null {
  return value === 18 ? 18 : value === 16 ? 16 : null;
}

/** The strictest of the given marks, or null when none is set. */
export function strictestAge(values: Iterable<number | null | undefined>): AgeLimit | null {
  let strictest: AgeLimit | null = null;
  for (const value of values) {
    const limit = ageLimitOf(value);
    if (limit !== null && (strictest === null || limit > strictest)) strictest = limit;
  }
  return strictest;
}

/**
 * Refuses an order with age-restricted lines unless the customer confirmed being at least that old (the kiosk's
 * question, the web's confirm). `confirmedAge` is the age the customer confirmed (e.g. 18 covers 16+ lines).
 */
export function assertAgeConfirmed(lineLimits: Iterable<number | null | undefined>, confirmedAge: number | null | undefined): void {
  const required = strictestAge(lineLimits);
  if (required === null || (confirmedAge ?? 0) >= required) return;
  throw new DomainError('AGE_CONFIRMATION_REQUIRED', `This order holds products sold only to customers aged ${required} or older: confirm your age.`, {
    age: required,
  });
}
