import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { organisations, ts } from './platform';

/**
 * Customers, accounts, wallets, devices, agents and counterparties. An event naming an unknown id
 * creates a placeholder (registered = false, no kind) that registration later completes.
 */
export const entities = pgTable(
  'entities',
  {
    orgId: uuid('org_id').notNull().references(() => organisations.id),
    id: text('id').notNull(),
    kind: text('kind'),
    attributes: jsonb('attributes').$type<Record<string, unknown>>().notNull().default({}),
    registered: boolean('registered').notNull().default(false),
    createdAt: ts('created_at').notNull().default(sql`now()`),
    updatedAt: ts('updated_at').notNull().default(sql`now()`),
    /** Latest `occurred_at` of an event in or out. */
    lastSeenAt: ts('last_seen_at'),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    index('entities_org_updated_idx').on(t.orgId, t.updatedAt.desc(), t.id.desc()),
    // Substring search on id and name (`q`) uses trigram indexes (migration 0003).
  ],
);

/**
 * Derived links between entities, maintained when events are stored so that reading an entity's
 * links never scans its events. `shares_device` is derived from `uses_device`/`device_user` at read time.
 */
export const entityLinks = pgTable(
  'entity_links',
  {
    orgId: uuid('org_id').notNull().references(() => organisations.id),
    entityId: text('entity_id').notNull(),
    relation: text('relation', { enum: ['paid', 'paid_by', 'uses_device', 'device_user'] }).notNull(),
    otherId: text('other_id').notNull(),
    firstSeen: ts('first_seen').notNull(),
    lastSeen: ts('last_seen').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.entityId, t.relation, t.otherId] }),
    // In the exact order links are answered (newest first, then relation and linked id), so an
    // entity's 50 most recent links, or a device's most recent users, are the first index entries.
    index('entity_links_recent_idx').on(t.orgId, t.entityId, t.lastSeen.desc(), t.relation, t.otherId),
  ],
);

export const ENTITY_KINDS = ['customer', 'account', 'wallet', 'device', 'agent', 'counterparty'] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];
export const entityNameSql = sql`attributes->>'name'`;
