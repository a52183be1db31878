import { LOCAL_ADMIN_HEADER } from '../api/rest/api-key-admin.js';
import type { Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { ApiKeyService, type ApiKeySummary, type CreatedApiKey } from '../modules/api-keys/api-key-service.js';
import { loadPepper } from '../modules/api-keys/pepper.js';
import { DomainError } from '../errors/domain-error.js';
import { DataDirLock, LockHeldError, readLock, type LockContents } from '../modules/instance-lock/data-dir-lock.js';

/** The key operations the CLI needs, wherever they run: in the running server or on the database. */
export interface KeyBackend {
  /** Where the work happens, for the user: "the running server (pid 123)" or "the database". */
  readonly via: string;
  create(scope: string, description?: string): Promise<CreatedApiKey>;
  list(): Promise<ApiKeySummary[]>;
  revoke(id: number): Promise<ApiKeySummary>;
  close(): Promise<void>;
}

export class CliError extends Error {}

interface KeyJson {
  id: number;
  description: string;
  scope: ApiKeySummary['scope'];
  truncated_key: string;
  created_at: string;
  last_access: string | null;
  revoked_at: string | null;
  consumer_key?: string;
  consumer_secret?: string;
}

function fromJson(json: KeyJson): ApiKeySummary & Partial<CreatedApiKey> {
  return {
    id: json.id,
    description: json.description,
    scope: json.scope,
    truncatedKey: json.truncated_key,
    createdAt: new Date(json.created_at),
    lastAccess: json.last_access ? new Date(json.last_access) : null,
    revokedAt: json.revoked_at ? new Date(json.revoked_at) : null,
    consumerKey: json.consumer_key,
    consumerSecret: json.consumer_secret,
  };
}

/** Talks to the server that holds the data dir, through its local admin endpoint. */
function serverBackend(holder: LockContents): KeyBackend {
  const base = `http://127.0.0.1:${holder.port}/api/local-admin/api-keys`;
  async function call(method: string, url: string, body?: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: { [LOCAL_ADMIN_HEADER]: holder.adminSecret ?? '', ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    } catch {
      throw new CliError(`The running Bakje server (pid ${holder.pid}) does not answer on port ${holder.port}.`);
    }
    const json = (await response.json().catch(() => ({}))) as { message?: string };
    if (!response.ok) throw new CliError(json.message ?? `The server answered ${response.status}.`);
    return json;
  }
  return {
    via: `the running server (pid ${holder.pid})`,
    async create(scope, description) {
      return fromJson((await call('POST', base, { scope, description })) as KeyJson) as CreatedApiKey;
    },
    async list() {
      return ((await call('GET', base)) as KeyJson[]).map(fromJson);
    },
    async revoke(id) {
      return fromJson((await call('DELETE', `${base}/${id}`)) as KeyJson);
    },
    async close() {},
  };
}

function databaseBackend(config: Config, database: Database, release: () => void): KeyBackend {
  const keys = new ApiKeyService(database.db, () => loadPepper(config.apiKeyPepper, config.dataDir));
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof DomainError) throw new CliError(error.message);
      throw error;
    }
  };
  return {
    via: database.kind === 'pglite' ? `the embedded database in ${config.dataDir}` : 'the PostgreSQL database',
    create: (scope, description) => guard(() => keys.create({ scope, description })),
    list: () => guard(() => keys.list()),
    revoke: (id) => guard(() => keys.revoke(id)),
    async close() {
      await database.close();
      release();
    },
  };
}

async function waitForServer(dataDir: string, timeoutMs: number): Promise<LockContents | undefined> {
  const deadline = Date.now() + timeoutMs;
  let holder = readLock(dataDir);
  while (holder && holder.role === 'server' && holder.port === null && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    holder = readLock(dataDir);
  }
  return holder;
}

/**
 * Picks the way in (docs/decisions/0018-keys-cli.md): a server holding the data dir is asked over its
 * local admin endpoint; otherwise PostgreSQL is opened directly (it serves many clients) and the
 * embedded database only after taking the data-dir lock, so it is never open in two processes.
 */
export async function openKeyBackend(config: Config, options: { waitMs?: number } = {}): Promise<KeyBackend> {
  const holder = await waitForServer(config.dataDir, options.waitMs ?? 15_000);
  if (holder) {
    if (holder.role === 'server' && holder.port !== null && holder.adminSecret) return serverBackend(holder);
    throw new CliError(`The data dir ${config.dataDir} is in use by another Bakje process (${holder.role}, pid ${holder.pid}); try again when it is done.`);
  }
  if (config.database.kind === 'postgres') {
    const database = await openDatabase(config.database);
    await database.migrate();
    return databaseBackend(config, database, () => undefined);
  }
  let lock: DataDirLock;
  try {
    lock = DataDirLock.acquire(config.dataDir, 'cli');
  } catch (error) {
    if (error instanceof LockHeldError) throw new CliError(`${error.message} Try again in a moment.`);
    throw error;
  }
  try {
    const database = await openDatabase(config.database);
    await database.migrate();
    return databaseBackend(config, database, () => lock.release());
  } catch (error) {
    lock.release();
    throw error;
  }
}
