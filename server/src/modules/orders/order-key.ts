import { randomBytes, timingSafeEqual } from 'node:crypto';

/** 128 bits of randomness, in WooCommerce's wc_order_ style. */
export function newOrderKey(): string {
  return `wc_order_${randomBytes(16).toString('base64url')}`;
}

export function sameKey(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
