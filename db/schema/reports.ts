import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { StrAttachment, StrSubject, StrTransaction } from '@/lib/reports/str/types';
import { cases } from './cases';
import { organisations, ts } from './platform';

export const STR_STATUSES = ['draft', 'awaiting_approval', 'filed', 'acknowledged', 'rejected'] as const;
export type StrStatus = (typeof STR_STATUSES)[number];

/**
 * A suspicious transaction report, shown as STR-<number>, started from a case. One STR per case: the
 * unique index on (org_id, case_id) makes a second start for the same case find the first.
 */
export const strReports = pgTable(
  'str_reports',
  {
    orgId: uuid('org_id').notNull().references(() => organisations.id),
    id: uuid('id').notNull().defaultRandom(),
    number: integer('number').notNull(),
    caseId: uuid('case_id').notNull(),
    status: text('status', { enum: STR_STATUSES }).notNull().default('draft'),
    subject: jsonb('subject').$type<StrSubject>().notNull(),
    transactions: jsonb('transactions').$type<StrTransaction[]>().notNull(),
    reason: text('reason'),
    action: text('action'),
    indicators: jsonb('indicators').$type<string[]>().notNull().default([]),
    attachments: jsonb('attachments').$type<StrAttachment[]>().notNull().default([]),
    /** The person who started the STR. */
    draftedBy: text('drafted_by').notNull(),
    sentForReviewBy: text('sent_for_review_by'),
    filedBy: text('filed_by'),
    filing: jsonb('filing').$type<Record<string, unknown>>(),
    lastRejection: jsonb('last_rejection').$type<Record<string, unknown>>(),
    createdAt: ts('created_at').notNull().default(sql`now()`),
    updatedAt: ts('updated_at').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    uniqueIndex('str_reports_number_key').on(t.orgId, t.number),
    uniqueIndex('str_reports_one_per_case').on(t.orgId, t.caseId),
    index('str_reports_org_updated_idx').on(t.orgId, t.updatedAt.desc(), t.id.desc()),
    foreignKey({ name: 'str_reports_case_fk', columns: [t.orgId, t.caseId], foreignColumns: [cases.orgId, cases.id] }),
  ],
);
