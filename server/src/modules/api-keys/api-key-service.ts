import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { apiKeyNonces, apiKeys, apiKeyScopes, type ApiKeyScope } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';

export { apiKeyScopes, type ApiKeyScope };

/** What may be shown about a key after its creation: never the key or the secret. */
export interface ApiKeySummary {
  id: number;
  description: string;
  scope: ApiKeyScope;
  /** Last 7 characters of the consumer key, to recognise it ("...a1b2c3d"). */
  truncatedKey: string;
  createdAt: Date;
  lastAccess: Date | null;
  revokedAt: Date | null;
}

/** The one moment the key and secret exist in clear: the caller shows them once. */
export interface CreatedApiKey extends ApiKeySummary {
  consumerKey: string;
  consumerSecret: string;
}

/** An active key found by its consumer key, with its secret re-derived (for OAuth signature checks). */
export interface ResolvedApiKey {
  id: number;
  scope: ApiKeyScope;
  consumerSecret: string;
  /** SHA-256 of the secret, for credentials sent in clear. */
  secretHash: string;
}

export const NONCE_WINDOW_MS = 15 * 60 * 1000;
const LAST_ACCESS_RESOLUTION_MS = 60 * 1000;
const KEY_PATTERN = /^ck_[0-9a-f]{40}$/;
const SECRET_PATTERN = /^cs_[0-9a-f]{40}$/;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

function summary(row: typeof apiKeys.$inferSelect): ApiKeySummary {
  return {
    id: row.id,
    description: row.description,
    scope: row.scope,
    truncatedKey: row.truncatedKey,
    createdAt: row.createdAt,
    lastAccess: row.lastAccess,
    revokedAt: row.revokedAt,
  };
}

export function isScope(value: unknown): value is ApiKeyScope {
  return typeof value === 'string' && (apiKeyScopes as readonly string[]).includes(value);
}

export function canRead(scope: ApiKeyScope): boolean {
  return scope === 'read' || scope === 'read_write';
}

export function canWrite(scope: ApiKeyScope): boolean {
  return scope === 'write' || scope === 'read_write';
}

/**
 * Creates, finds, checks and revokes REST API keys. Keys are 160 random bits, so one fast hash suffices
 * (no password hashing needed); every comparison of a secret value is constant-time.
 */
export class ApiKeyService {
  private readonly touched = new Map<number, number>();

  constructor(
    private readonly db: Db,
    /** Read on first use, so a server that never sees a key never needs one. */
    private readonly pepper: () => string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  private deriveSecret(salt: string): string {
    return `cs_${createHmac('sha256', this.pepper()).update(`consumer-secret:${salt}`).digest('hex').slice(0, 40)}`;
  }

  async create(input: { scope: unknown; description?: unknown }): Promise<CreatedApiKey> {
    if (!isScope(input.scope)) throw new DomainError('API_KEY_SCOPE_INVALID', `The scope must be one of ${apiKeyScopes.join(', ')}.`);
    const description = input.description === undefined || input.description === null ? '' : input.description;
    if (typeof description !== 'string' || description.length > 200) {
      throw new DomainError('API_KEY_DESCRIPTION_INVALID', 'The description must be text of at most 200 characters.');
    }
    const consumerKey = `ck_${randomBytes(20).toString('hex')}`;
    const secretSalt = randomBytes(16).toString('hex');
    const consumerSecret = this.deriveSecret(secretSalt);
    const [row] = await this.db
      .insert(apiKeys)
      .values({
        description: description.trim(),
        scope: input.scope,
        truncatedKey: consumerKey.slice(-7),
        keyHash: sha256(consumerKey),
        secretHash: sha256(consumerSecret),
        secretSalt,
        createdAt: this.clock(),
      })
      .returning();
    return { ...summary(row!), consumerKey, consumerSecret };
  }

  async list(): Promise<ApiKeySummary[]> {
    const rows = await this.db.select().from(apiKeys).orderBy(desc(apiKeys.id));
    return rows.map(summary);
  }

  /** Revokes a key at once; revoking twice is harmless. Throws not_found for an unknown id. */
  async revoke(id: number): Promise<ApiKeySummary> {
    if (!Number.isSafeInteger(id) || id < 1) throw new DomainError('API_KEY_NOT_FOUND', 'No API key with that id.');
    const [row] = await this.db
      .update(apiKeys)
      .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${this.clock()})` })
      .where(eq(apiKeys.id, id))
      .returning();
    if (!row) throw new DomainError('API_KEY_NOT_FOUND', 'No API key with that id.');
    return summary(row);
  }

  /** The active key with this consumer key, or undefined. */
  async resolve(consumerKey: string): Promise<ResolvedApiKey | undefined> {
    if (!KEY_PATTERN.test(consumerKey)) return undefined;
    const hash = sha256(consumerKey);
    const candidates = await this.db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.truncatedKey, consumerKey.slice(-7)), isNull(apiKeys.revokedAt)));
    const row = candidates.find((candidate) => sameHash(candidate.keyHash, hash));
    return row ? { id: row.id, scope: row.scope, consumerSecret: this.deriveSecret(row.secretSalt), secretHash: row.secretHash } : undefined;
  }

  /** Checks a consumer secret sent in clear (Basic or query string) against the key's stored hash. */
  secretMatches(key: ResolvedApiKey, consumerSecret: string): boolean {
    // Hash whatever was sent, so the comparison takes the same time for a malformed secret.
    const sent = sha256(consumerSecret);
    return sameHash(key.secretHash, sent) && SECRET_PATTERN.test(consumerSecret);
  }

  /**
   * Records an OAuth nonce for a key; false when it was already used within the window (a replay).
   * Old nonces are dropped as new ones arrive.
   */
  async useNonce(keyId: number, nonce: string): Promise<boolean> {
    const now = this.clock();
    await this.db.delete(apiKeyNonces).where(lt(apiKeyNonces.seenAt, new Date(now.getTime() - 2 * NONCE_WINDOW_MS)));
    const inserted = await this.db.insert(apiKeyNonces).values({ keyId, nonce, seenAt: now }).onConflictDoNothing().returning({ keyId: apiKeyNonces.keyId });
    return inserted.length === 1;
  }

  /** Notes the key's last use, at most once a minute so busy integrations do not write on every call. */
  async touch(keyId: number): Promise<void> {
    const now = this.clock();
    // This process already wrote it within the minute: skip even the (no-op) UPDATE.
    const last = this.touched.get(keyId);
    if (last !== undefined && now.getTime() - last < LAST_ACCESS_RESOLUTION_MS) return;
    this.touched.set(keyId, now.getTime());
    if (this.touched.size > 10_000) this.touched.clear();
    await this.db
      .update(apiKeys)
      .set({ lastAccess: now })
      .where(and(eq(apiKeys.id, keyId), or(isNull(apiKeys.lastAccess), lt(apiKeys.lastAccess, new Date(now.getTime() - LAST_ACCESS_RESOLUTION_MS)))));
  }
}
