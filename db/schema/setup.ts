import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from './platform';

/**
 * The install's first-run state: exactly one row (id 1). Setup locks it, so two concurrent setups
 * (or a setup and a start-up bootstrap) cannot both create a first admin; the second sees it completed.
 */
export const installation = pgTable(
  'installation',
  {
    id: smallint('id').primaryKey().default(1),
    /** The checked licence (the interface's fields), kept once it passes. */
    licence: jsonb('licence'),
    licencePayload: text('licence_payload'),
    licenceSignature: text('licence_signature'),
    licenceCheckedAt: ts('licence_checked_at'),
    completedAt: ts('completed_at'),
    /** `setup` (the wizard or POST /v1/setup) or `bootstrap` (start-up settings). */
    completedBy: text('completed_by'),
    orgId: uuid('org_id'),
  },
  (t) => [check('installation_single_row', sql`${t.id} = 1`)],
);

/** Secrets the service generates for itself (the people's session secret), kept so every instance shares them. */
export const serviceSecrets = pgTable('service_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: ts('created_at').notNull().default(sql`now()`),
});
