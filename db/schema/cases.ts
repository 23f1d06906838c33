import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { alerts } from './alerts';
import { organisations, ts } from './platform';

export const CASE_STATUSES = ['open', 'closed'] as const;

/**
 * An investigation gathering alerts, shown as CASE-<number>. Its subject is the entity of the first
 * alert it was opened with. An STR is started from a case.
 */
export const cases = pgTable(
  'cases',
  {
    orgId: uuid('org_id').notNull().references(() => organisations.id),
    id: uuid('id').notNull().defaultRandom(),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    status: text('status', { enum: CASE_STATUSES }).notNull().default('open'),
    /** The source entity of the first alert; null when that alert named none. */
    subjectEntityId: text('subject_entity_id'),
    assignedTo: text('assigned_to'),
    createdBy: text('created_by').notNull(),
    createdAt: ts('created_at').notNull().default(sql`now()`),
    updatedAt: ts('updated_at').notNull().default(sql`now()`),
    closedAt: ts('closed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    uniqueIndex('cases_number_key').on(t.orgId, t.number),
    // The case list: most recently changed first, with or without a status filter.
    index('cases_org_updated_idx').on(t.orgId, t.updatedAt.desc(), t.id.desc()),
    index('cases_org_status_updated_idx').on(t.orgId, t.status, t.updatedAt.desc(), t.id.desc()),
  ],
);

/**
 * The alerts of a case, in the order they joined it. The primary key on (org_id, alert_id) is what
 * keeps an alert in at most one case, also when two requests race for it.
 */
export const caseAlerts = pgTable(
  'case_alerts',
  {
    orgId: uuid('org_id').notNull(),
    alertId: uuid('alert_id').notNull(),
    caseId: uuid('case_id').notNull(),
    /** Order within the case: 1 for the first alert. */
    position: integer('position').notNull(),
    addedBy: text('added_by').notNull(),
    addedAt: ts('added_at').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ name: 'case_alerts_one_case_per_alert', columns: [t.orgId, t.alertId] }),
    uniqueIndex('case_alerts_case_position_key').on(t.orgId, t.caseId, t.position),
    foreignKey({ name: 'case_alerts_case_fk', columns: [t.orgId, t.caseId], foreignColumns: [cases.orgId, cases.id] }),
    foreignKey({ name: 'case_alerts_alert_fk', columns: [t.orgId, t.alertId], foreignColumns: [alerts.orgId, alerts.id] }),
  ],
);
