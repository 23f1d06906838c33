import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations, ts } from './platform';

/** Every version of every rule. At most one version of a key is active, enforced by a partial unique index. */
export const ruleVersions = pgTable(
  'rule_versions',
  {
    orgId: uuid('org_id').notNull().references(() => organisations.id),
    id: uuid('id').notNull().defaultRandom(),
    key: text('key').notNull(),
    version: integer('version').notNull(),
    expr: text('expr').notNull(),
    weight: integer('weight').notNull(),
    detail: text('detail').notNull(),
    subject: text('subject', { enum: ['source', 'destination'] }).notNull().default('source'),
    status: text('status', { enum: ['draft', 'active', 'retired'] }).notNull().default('draft'),
    createdBy: text('created_by').notNull(),
    approvedBy: text('approved_by'),
    createdAt: ts('created_at').notNull().default(sql`now()`),
    activatedAt: ts('activated_at'),
    retiredAt: ts('retired_at'),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    uniqueIndex('rule_versions_key_version').on(t.orgId, t.key, t.version),
    uniqueIndex('rule_versions_one_active').on(t.orgId, t.key).where(sql`status = 'active'`),
    index('rule_versions_org_status_idx').on(t.orgId, t.status),
  ],
);

/**
 * A number that rises whenever an organisation's active rules change. Each instance compares it with
 * the version of its compiled cache (at most every few seconds), so activations reach every instance
 * within the interface's 30 seconds.
 */
export const ruleSetVersions = pgTable('rule_set_versions', {
  orgId: uuid('org_id')
    .primaryKey()
    .references(() => organisations.id),
  version: bigint('version', { mode: 'number' }).notNull(),
  changedAt: ts('changed_at').notNull().default(sql`now()`),
});

/** Each backtest run, kept as evidence of how a rule version was tested before activation. */
export const ruleBacktests = pgTable(
  'rule_backtests',
  {
    orgId: uuid('org_id').notNull().references(() => organisations.id),
    id: uuid('id').notNull().defaultRandom(),
    ruleId: uuid('rule_id').notNull(),
    ranBy: text('ran_by').notNull(),
    result: jsonb('result').notNull(),
    createdAt: ts('created_at').notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.id] }), index('rule_backtests_rule_idx').on(t.orgId, t.ruleId, t.createdAt)],
);
