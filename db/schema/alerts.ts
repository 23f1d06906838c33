import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations, ts } from './platform';

export const ALERT_STATUSES = ['open', 'in_review', 'pending_closure', 'closed'] as const;
export const DISPOSITIONS = ['false_positive', 'escalated', 'reported'] as const;

/**
 * Alerts group the review and block decisions of one subject entity while it is open or in review.
 * A partial unique index keeps at most one such alert per entity, so concurrent decisions join one alert.
 * Screening alerts hold exactly one screening and are never grouped.
 */
export const alerts = pgTable(
  'alerts',
  {
    orgId: uuid('org_id').notNull().references(() => organisations.id),
    id: uuid('id').notNull().defaultRandom(),
    number: integer('number').notNull(),
    /** The entity the alert is about (source, or destination for destination rules); null when the event named none. */
    entityId: text('entity_id'),
    status: text('status', { enum: ALERT_STATUSES }).notNull().default('open'),
    priority: text('priority', { enum: ['medium', 'high'] }).notNull(),
    occurrences: integer('occurrences').notNull().default(1),
    decisionId: uuid('decision_id'),
    eventId: uuid('event_id'),
    /** Risk score of `decision_id` (or the best match of a screening alert). */
    riskScore: integer('risk_score').notNull(),
    lastEventAt: ts('last_event_at').notNull(),
    dueAt: ts('due_at').notNull(),
    assignedTo: text('assigned_to'),
    disposition: text('disposition', { enum: DISPOSITIONS }),
    closureRequestedBy: text('closure_requested_by'),
    closedBy: text('closed_by'),
    closedAt: ts('closed_at'),
    screeningId: uuid('screening_id'),
    createdAt: ts('created_at').notNull().default(sql`now()`),
    updatedAt: ts('updated_at').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    uniqueIndex('alerts_number_key').on(t.orgId, t.number),
    uniqueIndex('alerts_one_open_per_entity')
      .on(t.orgId, t.entityId)
      .where(sql`status IN ('open', 'in_review') AND screening_id IS NULL AND entity_id IS NOT NULL`),
    index('alerts_org_updated_idx').on(t.orgId, t.updatedAt.desc(), t.id.desc()),
    index('alerts_org_status_due_idx').on(t.orgId, t.status, t.dueAt, t.id),
    index('alerts_org_entity_idx').on(t.orgId, t.entityId),
    // The approvals screen: closures waiting for a second person, oldest request first (updated_at is
    // the request's time, since a pending_closure alert cannot be changed otherwise).
    index('alerts_pending_closure_idx').on(t.orgId, t.updatedAt, t.id).where(sql`status = 'pending_closure'`),
    // The median close time of the home screen: closed alerts of a recent period.
    index('alerts_closed_at_idx').on(t.orgId, t.closedAt).where(sql`status = 'closed'`),
    // A person's own open work by due time (home's figures, the queue's "mine").
    index('alerts_open_assignee_due_idx').on(t.orgId, t.assignedTo, t.dueAt, t.id).where(sql`status IN ('open', 'in_review')`),
  ],
);

export const alertNotes = pgTable(
  'alert_notes',
  {
    orgId: uuid('org_id').notNull().references(() => organisations.id),
    id: uuid('id').notNull().defaultRandom(),
    alertId: uuid('alert_id').notNull(),
    author: text('author').notNull(),
    body: text('body').notNull(),
    createdAt: ts('created_at').notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.id] }), index('alert_notes_alert_idx').on(t.orgId, t.alertId, t.createdAt)],
);
