import { index, integer, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { organisations, ts } from './platform';

/**
 * Incrementally kept counter state, so a busy entity's 24-hour counters are read from at most 25
 * hourly rows and one partial hour of events instead of every event in its window. Written in the
 * event's own statement (under the entities' advisory locks); `rebuild_counter_state(org)`
 * (migration 0007) recomputes it from the events. The event-by-event query stays the reference and
 * is used whenever this state cannot answer exactly (late events, a changed near-threshold band).
 */
export const counterBuckets = pgTable(
  'counter_buckets',
  {
    orgId: uuid('org_id').notNull().references(() => organisations.id),
    entityId: text('entity_id').notNull(),
    /** Start of the UTC hour. */
    hour: ts('hour').notNull(),
    sent: integer('sent').notNull().default(0),
    sentNear: integer('sent_near').notNull().default(0),
    outCount: integer('out_count').notNull().default(0),
    outValue: numeric('out_value').notNull().default('0'),
    inCount: integer('in_count').notNull().default(0),
    inValue: numeric('in_value').notNull().default('0'),
    /** The near-threshold band `sent_near` was counted with; null once mixed by a settings change. */
    nearLow: numeric('near_low'),
    nearHigh: numeric('near_high'),
    /**
     * The latest `occurred_at` of the events counted here (sent by the entity, or paid to it), and of
     * the payments among them: so an event's read knows without looking at the events whether any of
     * its entity's stored events occurred after it, and the entity's latest payment.
     */
    lastAt: ts('last_at').notNull(),
    lastPaidAt: ts('last_paid_at'),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.entityId, t.hour] })],
);

/** The latest payment between an entity and each counterparty, per direction (`out`: paid; `in`: paid by). */
export const counterparties = pgTable(
  'counterparties',
  {
    orgId: uuid('org_id').notNull().references(() => organisations.id),
    entityId: text('entity_id').notNull(),
    direction: text('direction', { enum: ['out', 'in'] }).notNull(),
    counterpartyId: text('counterparty_id').notNull(),
    lastAt: ts('last_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.entityId, t.direction, t.counterpartyId] }),
    index('counterparties_last_idx').on(t.orgId, t.entityId, t.direction, t.lastAt),
  ],
);

/** How many counterparties have their latest payment in each UTC hour: distinct counts over a window. */
export const counterpartyHours = pgTable(
  'counterparty_hours',
  {
    orgId: uuid('org_id').notNull().references(() => organisations.id),
    entityId: text('entity_id').notNull(),
    direction: text('direction', { enum: ['out', 'in'] }).notNull(),
    hour: ts('hour').notNull(),
    parties: integer('parties').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.entityId, t.direction, t.hour] })],
);
