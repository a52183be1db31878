import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** HttpOnly cookie naming this browser and the accounts that logged in on it (signed). */
export const DEVICE_COOKIE = 'bakje_device';
/** A browser remembers itself for a year after its last login. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;
/** A shared kiosk or till: the most recent accounts are kept, the oldest dropped. */
const MAX_ACCOUNTS_PER_DEVICE = 20;

export interface KnownDevice {
  /** 128 random bits, base64url. */
  id: string;
  /** Accounts that logged in on this device with their password, most recent last. */
  userIds: number[];
}

const payload = z.object({ d: z.string().regex(/^[A-Za-z0-9_-]{22}$/), u: z.array(z.number().int().positive()).max(MAX_ACCOUNTS_PER_DEVICE) });

/**
 * Devices an account has logged in on. A login from one of them is throttled on its own (docs/security.md
 * "Rate limits"), so an attacker guessing from elsewhere never locks the owner out of a device they use.
 * The cookie is signed with a key derived from the session secret: it cannot be forged or given another
 * account, and a stolen one only buys the thief the same slow throttle as the owner.
 */
export class KnownDevices {
  private readonly key: Buffer;

  constructor(sessionSecret: string) {
    this.key = createHmac('sha256', sessionSecret).update('bakje known-device cookie').digest();
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }

  /** The device behind a cookie; undefined when there is none or it is not ours. */
  read(cookie: string | undefined): KnownDevice | undefined {
    if (!cookie) return undefined;
    const [body, signature, ...rest] = cookie.split('.');
    if (!body || !signature || rest.length) return undefined;
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    try {
      const parsed = payload.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
      return parsed.success ? { id: parsed.data.d, userIds: parsed.data.u } : undefined;
    } catch {
      return undefined;
    }
  }

  /** The cookie value after `userId` logged in on this device (a new device when it had none). */
  remember(device: KnownDevice | undefined, userId: number): string {
    const id = device?.id ?? randomBytes(16).toString('base64url');
    const userIds = [...(device?.userIds ?? []).filter((known) => known !== userId), userId].slice(-MAX_ACCOUNTS_PER_DEVICE);
    const body = Buffer.from(JSON.stringify({ d: id, u: userIds })).toString('base64url');
    return `${body}.${this.sign(body)}`;
  }
}
