import { sql } from 'drizzle-orm';
import { bigserial, index, integer, json, jsonb, numeric, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations, ts } from './platform';

/**
 * Stored events, exactly as sent (`payload`), with the counters the event saw when it arrived
 * (`features` for the source, `dest_features` for the destination) so a backtest replays them.
 * `seq` is the arrival order. Counter and timeline indexes are in migration 0003 (with INCLUDE columns).
 */
export const events = pgTable(
  'events',
  {
    orgId: uuid('org_id').notNull().references(() => organisations.id),
    id: uuid('id').notNull().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    type: text('type').notNull(),
    occurredAt: ts('occurred_at').notNull(),
    receivedAt: ts('received_at').notNull().default(sql`now()`),
    amount: numeric('amount'),
    currency: text('currency'),
    rail: text('rail'),
    sourceId: text('source_id'),
    destinationId: text('destination_id'),
    deviceId: text('device_id'),
    // json, not jsonb: PostgreSQL keeps json text verbatim (key order, spacing, number spelling).
    payload: json('payload').notNull(),
    /** `sync` (scored) or `async` (stored only): a replay answers in the same mode. */
    mode: text('mode', { enum: ['sync', 'async'] }).notNull(),
    features: jsonb('features').$type<Record<string, number>>(),
    destFeatures: jsonb('dest_features').$type<Record<string, number>>(),
    /** The key (or system) that submitted the event. */
    submittedBy: text('submitted_by'),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    uniqueIndex('events_idempotency_key').on(t.orgId, t.idempotencyKey),
    index('events_org_occurred_idx').on(t.orgId, t.occurredAt.desc(), t.id.desc()),
  ],
);

export interface DecisionReason {
  rule: string;
  version: number;
  detail: string;
  weight?: number;
}

/** The outcome of scoring one event. */
export const decisions = pgTable(
  'decisions',
  {
    orgId: uuid('org_id').notNull().references(() => organisations.id),
    id: uuid('id').notNull().defaultRandom(),
    eventId: uuid('event_id').notNull(),
    decision: text('decision', { enum: ['allow', 'review', 'block'] }).notNull(),
    riskScore: integer('risk_score').notNull(),
    reasons: jsonb('reasons').$type<DecisionReason[]>().notNull(),
    /** Engine time in microseconds; shown as whole milliseconds. */
    decidedInUs: integer('decided_in_us'),
    /** Rules that failed at run time: recorded, and they did not fail the decision. */
    ruleErrors: jsonb('rule_errors').$type<{ rule: string; version: number; message: string }[]>().notNull().default([]),
    alertId: uuid('alert_id'),
    createdAt: ts('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    uniqueIndex('decisions_event_key').on(t.orgId, t.eventId),
    index('decisions_alert_idx').on(t.orgId, t.alertId),
  ],
);
