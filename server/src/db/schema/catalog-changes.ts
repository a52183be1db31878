import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export type CatalogActorType = 'staff' | 'api_key' | 'system';
export type CatalogChangeAction = 'create' | 'update' | 'trash' | 'delete';
/** Field name to its value before and after the write. */
export type FieldChanges = Record<string, { before: unknown; after: unknown }>;

/**
 * Every catalogue write, field by field: products and variations now, categories, attributes and add-ons
 * through the same helper (server/src/modules/catalog-audit). Not a catalogue table for the change trigger:
 * recording a change does not move the catalogue version.
 */
export const catalogChanges = pgTable(
  'catalog_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entityType: text('entity_type').notNull(),
    entityId: integer('entity_id').notNull(),
    action: text('action').$type<CatalogChangeAction>().notNull(),
    actorType: text('actor_type').$type<CatalogActorType>().notNull(),
    /** A users.id (staff) or api_keys.id; null for the system. No foreign key: the history outlives both. */
    actorId: integer('actor_id'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    changes: jsonb('changes').$type<FieldChanges>().notNull(),
  },
  (t) => [index('catalog_changes_entity_idx').on(t.entityType, t.entityId, t.id)],
);
