import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { apiKeys, catalogChanges, users, type CatalogActorType, type CatalogChangeAction, type FieldChanges } from '../../db/schema/index.js';

/** Who writes: a staff member (users.id), an API key (api_keys.id) or the system itself. */
export interface Actor {
  type: CatalogActorType;
  id: number | null;
}
export const SYSTEM_ACTOR: Actor = { type: 'system', id: null };

export interface ActorView {
  type: CatalogActorType;
  id: number | null;
  name: string;
}

export interface ChangeView {
  id: number;
  entity_type: string;
  entity_id: number;
  action: CatalogChangeAction;
  actor: ActorView;
  changed_at: string;
  changes: FieldChanges;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields whose value differs between two plain records (keys of either), with both values. The row's own
 * bookkeeping (updatedAt, revision) is not a change anyone made.
 */
export function diffFields(before: Record<string, unknown>, after: Record<string, unknown>): FieldChanges {
  const changes: FieldChanges = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (key === 'updatedAt' || key === 'revision') continue;
    const b = before[key] ?? null;
    const a = after[key] ?? null;
    if (!same(b, a)) changes[key] = { before: b, after: a };
  }
  return changes;
}

/**
 * Records one catalogue write in the caller's transaction (so it is kept exactly when the write is). For any
 * catalogue entity: products, variations, categories, attributes, global add-ons. An update that changed
 * nothing records nothing.
 */
export async function recordChange(
  tx: DbOrTx,
  change: { entityType: string; entityId: number; action: CatalogChangeAction; actor: Actor; changes: FieldChanges },
): Promise<void> {
  if (change.action === 'update' && Object.keys(change.changes).length === 0) return;
  await tx.insert(catalogChanges).values({
    entityType: change.entityType,
    entityId: change.entityId,
    action: change.action,
    actorType: change.actor.type,
    actorId: change.actor.id,
    changes: change.changes,
  });
}

async function actorNames(db: DbOrTx, rows: { actorType: CatalogActorType; actorId: number | null }[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const staffIds = [...new Set(rows.filter((r) => r.actorType === 'staff' && r.actorId !== null).map((r) => r.actorId!))];
  const keyIds = [...new Set(rows.filter((r) => r.actorType === 'api_key' && r.actorId !== null).map((r) => r.actorId!))];
  if (staffIds.length) {
    const found = await db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(inArray(users.id, staffIds));
    for (const u of found) names.set(`staff:${u.id}`, `${u.firstName} ${u.lastName}`.trim() || u.email);
  }
  if (keyIds.length) {
    const found = await db
      .select({ id: apiKeys.id, description: apiKeys.description, truncatedKey: apiKeys.truncatedKey })
      .from(apiKeys)
      .where(inArray(apiKeys.id, keyIds));
    for (const k of found) names.set(`api_key:${k.id}`, `${k.description || 'API key'} (…${k.truncatedKey})`);
  }
  return names;
}

function actorView(names: Map<string, string>, type: CatalogActorType, id: number | null): ActorView {
  if (type === 'system') return { type, id, name: 'system' };
  return { type, id, name: names.get(`${type}:${id}`) ?? (type === 'staff' ? `staff #${id}` : `API key #${id}`) };
}

/** The history of one entity, newest first. */
export async function changeHistory(
  db: DbOrTx,
  entityType: string,
  entityId: number,
  limit = 100,
  offset = 0,
): Promise<{ total: number; changes: ChangeView[] }> {
  const where = and(eq(catalogChanges.entityType, entityType), eq(catalogChanges.entityId, entityId));
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(catalogChanges)
    .where(where);
  const rows = await db.select().from(catalogChanges).where(where).orderBy(desc(catalogChanges.id)).limit(limit).offset(offset);
  const names = await actorNames(db, rows);
  return {
    total: count?.n ?? 0,
    changes: rows.map((r) => ({
      id: r.id,
      entity_type: r.entityType,
      entity_id: r.entityId,
      action: r.action,
      actor: actorView(names, r.actorType, r.actorId),
      changed_at: r.changedAt.toISOString(),
      changes: r.changes,
    })),
  };
}

/** "Last changed by" for several entities of one type at once. */
export async function lastChanges(db: DbOrTx, entityType: string, entityIds: number[]): Promise<Map<number, { at: string; by: ActorView }>> {
  const result = new Map<number, { at: string; by: ActorView }>();
  if (entityIds.length === 0) return result;
  const rows = await db
    .selectDistinctOn([catalogChanges.entityId], {
      entityId: catalogChanges.entityId,
      actorType: catalogChanges.actorType,
      actorId: catalogChanges.actorId,
      changedAt: catalogChanges.changedAt,
    })
    .from(catalogChanges)
    .where(and(eq(catalogChanges.entityType, entityType), inArray(catalogChanges.entityId, entityIds)))
    .orderBy(catalogChanges.entityId, desc(catalogChanges.id));
  const names = await actorNames(db, rows);
  for (const r of rows) result.set(r.entityId, { at: r.changedAt.toISOString(), by: actorView(names, r.actorType, r.actorId) });
  return result;
}
