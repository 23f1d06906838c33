import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations, ts } from './platform';

export const ROLES = ['analyst', 'reviewer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * People who sign in to the console (and to the report endpoints). Emails are unique across the
 * install, case-insensitively, because the sign-in form asks for an email and nothing else.
 */
export const people = pgTable(
  'people',
  {
    orgId: uuid('org_id').notNull().references(() => organisations.id),
    id: uuid('id').notNull().defaultRandom(),
    /** Kept as entered (trimmed); compared through lower(). */
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    /** Argon2id PHC string. */
    passwordHash: text('password_hash').notNull(),
    /** True for a one-time password (or setup's admin password): the person must replace it at next sign-in. */
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    /** Consecutive failed sign-ins since the last success or the last lock. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: ts('locked_until'),
    active: boolean('active').notNull().default(true),
    createdAt: ts('created_at').notNull().default(sql`now()`),
    createdBy: text('created_by').notNull(),
    updatedAt: ts('updated_at').notNull().default(sql`now()`),
    passwordChangedAt: ts('password_changed_at'),
    lastSignInAt: ts('last_sign_in_at'),
    deactivatedAt: ts('deactivated_at'),
    deactivatedBy: text('deactivated_by'),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    uniqueIndex('people_id_key').on(t.id),
    uniqueIndex('people_email_key').on(sql`lower(${t.email})`),
    index('people_org_created_idx').on(t.orgId, t.createdAt, t.id),
    check('people_role_check', sql`${t.role} IN ('analyst', 'reviewer', 'admin')`),
  ],
);

/**
 * One row per sign-in. The session cookie (an Auth.js JWT) names its row, and every request checks the
 * row: sign-out, deactivation and a password change end rows, so a copied cookie stops working at once.
 */
export const personSessions = pgTable(
  'person_sessions',
  {
    orgId: uuid('org_id').notNull().references(() => organisations.id),
    id: uuid('id').notNull().defaultRandom(),
    personId: uuid('person_id').notNull(),
    createdAt: ts('created_at').notNull().default(sql`now()`),
    lastSeenAt: ts('last_seen_at').notNull().default(sql`now()`),
    endedAt: ts('ended_at'),
    /** signed_out, deactivated, password_changed */
    endReason: text('end_reason'),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    uniqueIndex('person_sessions_id_key').on(t.id),
    index('person_sessions_org_person_idx').on(t.orgId, t.personId).where(sql`ended_at IS NULL`),
  ],
);
