import { sql } from 'drizzle-orm';
import { bigint, check, customType, index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { storedDate, toPostgresTimestamp } from '../timestamps';

/**
 * `timestamp (3) with time zone`: millisecond precision, so that a timestamp survives a round trip through
 * a JS Date (keyset cursors rely on it), read and written so that any stored value, even a year 0000 (1 BC),
 * is a valid Date and goes back to the database as the same instant.
 */
export const ts = customType<{ data: Date; driverData: string | Date }>({
  dataType: () => 'timestamp (3) with time zone',
  toDriver: (value) => toPostgresTimestamp(value),
  fromDriver: (value) => storedDate(value),
});
const createdAt = () => ts('created_at').notNull().default(sql`now()`);

/** An institution using the service. Every tenant record carries its id first in its key. */
export const organisations = pgTable(
  'organisations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    // Filled by first-run setup; they appear on regulatory filings.
    institution: text('institution'),
    licence: text('licence'),
    regulator: text('regulator'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('organisations_name_key').on(t.name)],
);

/** API keys of integrators. The secret itself is never stored, only its SHA-256. */
export const apiKeys = pgTable(
  'api_keys',
  {
    orgId: uuid('org_id').notNull().references(() => organisations.id),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    createdAt: createdAt(),
    createdBy: text('created_by').notNull(),
    /**
     * Who the key acts for, for four-eyes: the person who made it in the console (or was named with
     * `keys create -owner`), the owner of the key that minted it, or, for a key made by the command line
     * without an owner, the key itself.
     */
    ownerKind: text('owner_kind', { enum: ['person', 'key'] }).notNull(),
    ownerId: uuid('owner_id').notNull(),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
    revokedBy: text('revoked_by'),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    uniqueIndex('api_keys_id_key').on(t.id),
    uniqueIndex('api_keys_secret_hash_key').on(t.secretHash),
    check('api_keys_owner_kind_check', sql`${t.ownerKind} IN ('person', 'key')`),
    index('api_keys_org_created_idx').on(t.orgId, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * The audit log: one row per change, written in the same transaction as the change.
 * A trigger (migration 0001) refuses UPDATE, DELETE and TRUNCATE, so entries are never altered.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    orgId: uuid('org_id').notNull().references(() => organisations.id),
    id: uuid('id').notNull().defaultRandom(),
    at: ts('at').notNull().default(sql`clock_timestamp()`),
    actor: text('actor').notNull(),
    actorKind: text('actor_kind', { enum: ['key', 'person', 'system'] }).notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    changes: jsonb('changes').notNull().default({}),
    requestId: text('request_id'),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    index('audit_log_org_at_idx').on(t.orgId, t.at.desc(), t.id.desc()),
    index('audit_log_org_target_idx').on(t.orgId, t.targetId, t.at.desc()),
  ],
);

/**
 * Per-organisation sequences for short references (ALR-<n>, CASE-<n>, STR-<n>). Taken with
 * `INSERT ... ON CONFLICT DO UPDATE ... RETURNING` inside the transaction that uses the number, so a
 * rolled-back transaction gives its number back and references have no gaps.
 */
export const orgCounters = pgTable(
  'org_counters',
  {
    orgId: uuid('org_id').notNull().references(() => organisations.id),
    name: text('name').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.name] })],
);
