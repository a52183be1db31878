import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Self-order kiosks (issue 15, docs/decisions/0041-kiosk-devices.md). A device is bound to one browser by its
 * device cookie: only the cookie's sha256 is kept, and unpairing clears it, so the cookie stops working at once.
 */
export const kioskDevices = pgTable(
  'kiosk_devices',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    terminalId: text('terminal_id').notNull().default(''),
    /** A PrintNode printer id for the kiosk receipt; null: the shop's customer ticket printer. */
    printerId: integer('printer_id'),
    fulfilment: jsonb('fulfilment').$type<('takeaway' | 'dinein')[]>().notNull(),
    paymentMethods: jsonb('payment_methods').$type<('terminal' | 'counter')[]>().notNull(),
    idleSeconds: integer('idle_seconds').notNull().default(45),
    countdownSeconds: integer('countdown_seconds').notNull().default(20),
    attractSeconds: integer('attract_seconds').notNull().default(60),
    confirmationSeconds: integer('confirmation_seconds').notNull().default(30),
    printCounterOrdersAtOnce: boolean('print_counter_orders_at_once').notNull().default(false),
    /** sha256 (hex) of the paired browser's device cookie; null when not paired. */
    tokenHash: text('token_hash'),
    pairedAt: timestamp('paired_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('kiosk_devices_token_key').on(t.tokenHash)],
);

/**
 * A code an unpaired kiosk page shows. The page holds a random cookie whose sha256 is `tokenHash`; pairing
 * makes that same cookie the device's, so no secret ever travels through the dashboard.
 */
export const kioskPairings = pgTable(
  'kiosk_pairings',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the code was used (single use). */
    usedAt: timestamp('used_at', { withTimezone: true }),
    deviceId: integer('device_id').references(() => kioskDevices.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('kiosk_pairings_token_key').on(t.tokenHash),
    index('kiosk_pairings_code_idx').on(t.code),
    index('kiosk_pairings_expires_idx').on(t.expiresAt),
  ],
);
