import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations, ts } from './platform';

/** Screening lists are shared by every organisation on the install (the one non-tenant data). */
export const screeningLists = pgTable('screening_lists', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  version: text('version').notNull(),
  entries: integer('entries').notNull(),
  loadedAt: ts('loaded_at').notNull().default(sql`now()`),
});

export const screeningListEntries = pgTable(
  'screening_list_entries',
  {
    listCode: text('list_code')
      .notNull()
      .references(() => screeningLists.code, { onDelete: 'cascade' }),
    ref: text('ref').notNull(),
    kind: text('kind', { enum: ['person', 'business'] }).notNull(),
    name: text('name').notNull(),
    category: text('category', { enum: ['sanctions', 'pep', 'adverse_media'] }).notNull(),
    aliases: jsonb('aliases').$type<string[]>().notNull().default([]),
    countries: jsonb('countries').$type<string[]>().notNull().default([]),
    program: text('program'),
    birthYear: integer('birth_year'),
  },
  (t) => [primaryKey({ columns: [t.listCode, t.ref] })],
);

/** Rises with every list load, so instances know to rebuild their in-memory index. Single row, id 1. */
export const screeningListState = pgTable('screening_list_state', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
  changedAt: ts('changed_at').notNull().default(sql`now()`),
});

/** A stored screening keeps subject, matches, near misses and list versions exactly as first returned. */
export const screenings = pgTable(
  'screenings',
  {
    orgId: uuid('org_id').notNull().references(() => organisations.id),
    id: uuid('id').notNull().defaultRandom(),
    reference: text('reference'),
    status: text('status', { enum: ['clear', 'potential_match'] }).notNull(),
    threshold: integer('threshold').notNull(),
    subject: jsonb('subject').notNull(),
    matches: jsonb('matches').notNull(),
    near: jsonb('near').notNull(),
    lists: jsonb('lists').notNull(),
    review: text('review', { enum: ['none', 'open', 'pending_approval', 'cleared', 'confirmed'] }).notNull(),
    alertId: uuid('alert_id'),
    createdBy: text('created_by').notNull(),
    createdAt: ts('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    index('screenings_org_created_idx').on(t.orgId, t.createdAt.desc(), t.id.desc()),
    index('screenings_org_reference_idx').on(t.orgId, t.reference, t.createdAt.desc()),
    // The console's screening list filtered by status or by review state, newest first.
    index('screenings_org_status_created_idx').on(t.orgId, t.status, t.createdAt.desc(), t.id.desc()),
    index('screenings_org_review_created_idx').on(t.orgId, t.review, t.createdAt.desc(), t.id.desc()),
  ],
);

/** Decisions about one match of a screening; at most one waits for a second person per match. */
export const screeningResolutions = pgTable(
  'screening_resolutions',
  {
    orgId: uuid('org_id').notNull().references(() => organisations.id),
    id: uuid('id').notNull().defaultRandom(),
    screeningId: uuid('screening_id').notNull(),
    list: text('list').notNull(),
    entryRef: text('entry_ref').notNull(),
    outcome: text('outcome', { enum: ['true_match', 'false_positive', 'needs_info'] }).notNull(),
    note: text('note').notNull(),
    status: text('status', { enum: ['pending_approval', 'final', 'rejected'] }).notNull(),
    resolvedBy: text('resolved_by').notNull(),
    decidedBy: text('decided_by'),
    createdAt: ts('created_at').notNull().default(sql`now()`),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    index('screening_resolutions_screening_idx').on(t.orgId, t.screeningId, t.createdAt),
    uniqueIndex('screening_resolutions_one_pending')
      .on(t.orgId, t.screeningId, t.list, t.entryRef)
      .where(sql`status = 'pending_approval'`),
    // The approvals screen: clearances waiting for a second person, oldest first.
    index('screening_resolutions_pending_idx').on(t.orgId, t.createdAt, t.id).where(sql`status = 'pending_approval'`),
  ],
);
