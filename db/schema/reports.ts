import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, date, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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

/** The columns of a stored file (PDF, PNG or JPEG judged by its content): its name, type, size, SHA-256, bytes, who stored it and when. */
const storedFileColumns = () => ({
    name: text('name').notNull(),
    type: text('type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    bytes: bytea('bytes').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: ts('created_at').notNull().default(sql`now()`),
});

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
    ...storedFileColumns(),
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

export const CTR_STATUSES = ['draft', 'filed', 'acknowledged', 'rejected'] as const;
export type CtrStatus = (typeof CTR_STATUSES)[number];
export const CTR_DIRECTIONS = ['in', 'out'] as const;
export type CtrDirection = (typeof CTR_DIRECTIONS)[number];

/**
 * A currency transaction report batch, shown as CTR-<number>: the cash events of one UTC day of the entities whose
 * cash in or cash out that day reached SERVICE_CTR_THRESHOLD. One batch per organisation and day: the unique index
 * on (org_id, date) makes a second build of the same day (the nightly build, a request, another instance) find the
 * first. `rows_total` is fixed at the build (rows are never added or removed); the other figures are counted from
 * the rows on read. `edited_by` lists every person who changed a row, for four-eyes at submission.
 */
export const ctrBatches = pgTable(
  'ctr_batches',
  {
    orgId: uuid('org_id').notNull().references(() => organisations.id),
    id: uuid('id').notNull().defaultRandom(),
    number: integer('number').notNull(),
    /** The UTC day the batch reports. */
    date: date('date', { mode: 'string' }).notNull(),
    status: text('status', { enum: CTR_STATUSES }).notNull().default('draft'),
    /** The threshold the batch was built with, whole units of any one currency. */
    threshold: numeric('threshold').notNull(),
    rowsTotal: integer('rows_total').notNull().default(0),
    /** A person's id, or `system` for the nightly build. */
    builtBy: text('built_by').notNull(),
    editedBy: jsonb('edited_by').$type<string[]>().notNull().default([]),
    submittedBy: text('submitted_by'),
    filing: jsonb('filing').$type<Record<string, unknown>>(),
    lastRejection: jsonb('last_rejection').$type<Record<string, unknown>>(),
    createdAt: ts('created_at').notNull().default(sql`now()`),
    updatedAt: ts('updated_at').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    uniqueIndex('ctr_batches_number_key').on(t.orgId, t.number),
    uniqueIndex('ctr_batches_one_per_day').on(t.orgId, t.date),
    index('ctr_batches_org_updated_idx').on(t.orgId, t.updatedAt.desc(), t.id.desc()),
  ],
);

/**
 * One cash event of an entity on a CTR batch. `customer_id` is copied from the entity's `customer_id` attribute at
 * the build and set (with the attribute) by PATCH; a row without one needs attention and is not filed. Rows are read
 * in (occurred_at, id) order; the partial index serves the attention filter.
 */
export const ctrRows = pgTable(
  'ctr_rows',
  {
    orgId: uuid('org_id').notNull(),
    batchId: uuid('batch_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    eventId: uuid('event_id').notNull(),
    occurredAt: ts('occurred_at').notNull(),
    entityId: text('entity_id').notNull(),
    direction: text('direction', { enum: CTR_DIRECTIONS }).notNull(),
    amount: numeric('amount').notNull(),
    currency: text('currency').notNull(),
    customerId: text('customer_id'),
    included: boolean('included').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.batchId, t.id] }),
    foreignKey({ name: 'ctr_rows_batch_fk', columns: [t.orgId, t.batchId], foreignColumns: [ctrBatches.orgId, ctrBatches.id] }),
    index('ctr_rows_batch_order_idx').on(t.orgId, t.batchId, t.occurredAt, t.id),
    index('ctr_rows_attention_idx').on(t.orgId, t.batchId, t.occurredAt, t.id).where(sql`customer_id IS NULL`),
  ],
);

export const PACK_STATUSES = ['draft', 'generated'] as const;
export type PackStatus = (typeof PACK_STATUSES)[number];

/**
 * An evidence pack, shown as PACK-<number>: a period and purpose whose sections' figures are computed live, with the
 * sections' texts and documents kept beside it. `generate` stores the rendered PDF here with its SHA-256 (also
 * written to the audit log); editing a section or its document afterwards moves the pack back to draft and clears
 * the PDF, so a generated pack always matches what its sections said when it was rendered.
 */
export const evidencePacks = pgTable(
  'evidence_packs',
  {
    orgId: uuid('org_id').notNull().references(() => organisations.id),
    id: uuid('id').notNull().defaultRandom(),
    number: integer('number').notNull(),
    from: date('from', { mode: 'string' }).notNull(),
    to: date('to', { mode: 'string' }).notNull(),
    purpose: text('purpose'),
    status: text('status', { enum: PACK_STATUSES }).notNull().default('draft'),
    createdBy: text('created_by').notNull(),
    pdf: bytea('pdf'),
    sha256: text('sha256'),
    bytes: integer('bytes'),
    generatedAt: ts('generated_at'),
    generatedBy: text('generated_by'),
    createdAt: ts('created_at').notNull().default(sql`now()`),
    updatedAt: ts('updated_at').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    uniqueIndex('evidence_packs_number_key').on(t.orgId, t.number),
    index('evidence_packs_org_updated_idx').on(t.orgId, t.updatedAt.desc(), t.id.desc()),
  ],
);

/** A section's text, one row per pack and section key once someone wrote it. */
export const evidencePackSections = pgTable(
  'evidence_pack_sections',
  {
    orgId: uuid('org_id').notNull(),
    packId: uuid('pack_id').notNull(),
    key: text('key').notNull(),
    text: text('text').notNull(),
    updatedBy: text('updated_by').notNull(),
    updatedAt: ts('updated_at').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.packId, t.key] }),
    foreignKey({ name: 'evidence_pack_sections_pack_fk', columns: [t.orgId, t.packId], foreignColumns: [evidencePacks.orgId, evidencePacks.id] }),
  ],
);

/** The document a section needs (PDF, PNG or JPEG by content), one per pack and section; a new upload replaces it. */
export const evidencePackDocuments = pgTable(
  'evidence_pack_documents',
  {
    orgId: uuid('org_id').notNull(),
    packId: uuid('pack_id').notNull(),
    sectionKey: text('section_key').notNull(),
    ...storedFileColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.packId, t.sectionKey] }),
    foreignKey({ name: 'evidence_pack_documents_pack_fk', columns: [t.orgId, t.packId], foreignColumns: [evidencePacks.orgId, evidencePacks.id] }),
  ],
);
