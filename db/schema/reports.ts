import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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

/** Raw bytes (`bytea`); node-postgres sends a Buffer parameter as binary, without a hex copy. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * The files attached to an STR (PDF, PNG or JPEG judged by their content), kept in PostgreSQL with their SHA-256.
 * `key` names the attachment in its path (`/v1/reports/str/{id}/attachments/{key}`); sending the same key again
 * replaces the file. The STR's `attachments` column lists the same files' metadata in the order they were added.
 */
export const strAttachments = pgTable(
  'str_attachments',
  {
    orgId: uuid('org_id').notNull(),
    strId: uuid('str_id').notNull(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    bytes: bytea('bytes').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: ts('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.strId, t.key] }),
    foreignKey({ name: 'str_attachments_str_fk', columns: [t.orgId, t.strId], foreignColumns: [strReports.orgId, strReports.id] }),
  ],
);

export const FILING_STATES = ['queued', 'sent', 'accepted', 'refused', 'acknowledged'] as const;
export type FilingState = (typeof FILING_STATES)[number];
export const FILED_REPORT_KINDS = ['str', 'ctr'] as const;

/**
 * One filing of a report with the regulator's filing system, and the filing worker's queue: `next_attempt_at` is
 * when the worker next acts on it (send again while `queued`, poll for the acknowledgement while `accepted`), null
 * when nothing is left to do. `xml` holds the exact bytes approved and sent (their SHA-256 in `xml_sha256`), so a
 * retry sends what the reviewer filed. A report that was refused, reopened and filed again gets a new filing; the
 * report's `filing` column shows its latest one.
 */
export const filings = pgTable(
  'filings',
  {
    orgId: uuid('org_id').notNull().references(() => organisations.id),
    id: uuid('id').notNull().defaultRandom(),
    reportKind: text('report_kind', { enum: FILED_REPORT_KINDS }).notNull(),
    reportId: uuid('report_id').notNull(),
    state: text('state', { enum: FILING_STATES }).notNull().default('queued'),
    xml: text('xml').notNull(),
    xmlSha256: text('xml_sha256').notNull(),
    reference: text('reference'),
    fiuRef: text('fiu_ref'),
    attempts: integer('attempts').notNull().default(0),
    polls: integer('polls').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: ts('next_attempt_at'),
    filedBy: text('filed_by').notNull(),
    sentAt: ts('sent_at'),
    acknowledgedAt: ts('acknowledged_at'),
    createdAt: ts('created_at').notNull().default(sql`now()`),
    updatedAt: ts('updated_at').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    index('filings_report_idx').on(t.orgId, t.reportKind, t.reportId),
    // The worker's scan, across organisations: what is due first.
    index('filings_due_idx').on(t.nextAttemptAt).where(sql`next_attempt_at IS NOT NULL`),
  ],
);

/** Every exchange with the filing system for a filing, in order: the answer as it arrived, or why none did. */
export const filingResponses = pgTable(
  'filing_responses',
  {
    orgId: uuid('org_id').notNull(),
    filingId: uuid('filing_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    operation: text('operation', { enum: ['submit', 'poll'] }).notNull(),
    at: ts('at').notNull().default(sql`now()`),
    httpStatus: integer('http_status'),
    contentType: text('content_type'),
    body: text('body'),
    truncated: boolean('truncated').notNull().default(false),
    error: text('error'),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.filingId, t.id] }),
    foreignKey({ name: 'filing_responses_filing_fk', columns: [t.orgId, t.filingId], foreignColumns: [filings.orgId, filings.id] }),
  ],
);
