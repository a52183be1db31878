import type { DbOrTx } from '../../db/client.js';
import type { Logger } from '../../logger.js';

/**
 * Who changed what in the taxonomies (categories, attributes and terms, allergens, global add-ons).
 * Interim: the same interface as the catalogue change history being built beside this (recordChange in the
 * writing transaction); until the two are joined, a change is written to the server log as one
 * `catalogue change` line (ids and field values only, no personal data).
 */
export type ActorType = 'staff' | 'api_key' | 'system';
export interface Actor {
  type: ActorType;
  id: number | null;
}
export type FieldChanges = Record<string, { before: unknown; after: unknown }>;
export type ChangeAction = 'create' | 'update' | 'delete';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields whose value differs between two plain records, with both values. */
export function diffFields(before: Record<string, unknown>, after: Record<string, unknown>): FieldChanges {
  const changes: FieldChanges = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const b = before[key] ?? null;
    const a = after[key] ?? null;
    if (key !== 'updatedAt' && !same(b, a)) changes[key] = { before: b, after: a };
  }
  return changes;
}

let changeLog: Logger | undefined;
/** Where recorded changes go until the change history table takes them (set once by the REST registration). */
export function setChangeLog(log: Logger): void {
  changeLog = log;
}

/** Records one taxonomy write; an update that changed nothing records nothing. */
export async function recordChange(
  _tx: DbOrTx,
  change: { entityType: string; entityId: number; action: ChangeAction; actor: Actor; changes: FieldChanges },
): Promise<void> {
  if (change.action === 'update' && Object.keys(change.changes).length === 0) return;
  changeLog?.info({ catalogChange: { ...change, changedAt: new Date().toISOString() } }, 'catalogue change');
  return Promise.resolve();
}
