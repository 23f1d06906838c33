import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { preparedQuery } from '@/db/prepared';
import { decisionOnAlertSql } from '@/lib/alerts/raise-for-decision';
import { createTestDatabase } from '../support/database';

interface PlanNode {
  'Node Type': string;
  'Subplan Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

const find = (node: PlanNode, wanted: (n: PlanNode) => boolean): PlanNode | undefined =>
  wanted(node) ? node : (node.Plans ?? []).map((p) => find(p, wanted)).find((n) => n !== undefined);

describe('the open alert a decision joins', () => {
  // The database's statistics may say the alerts table is empty when it is not (taken before the first
  // alert, with autovacuum off or not yet run): the lookup must still read the entity's alerts alone.
  it('is found by its entity, whatever the statistics say about the organisation’s open alerts', async () => {
    const scratch = await createTestDatabase();
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string }>("INSERT INTO organisations (name) VALUES ('lookup plan') RETURNING id");
      const orgId = (rows[0] as { id: string }).id;
      await client.query('ANALYZE alerts');
      await client.query(
        `INSERT INTO alerts (org_id, number, entity_id, status, priority, occurrences, risk_score, due_at, last_event_at)
         SELECT $1, g, 'ent-' || g, 'open', 'high', 1, 90, now(), now() FROM generate_series(1, 3000) g`,
        [orgId],
      );
      const statement = preparedQuery(
        decisionOnAlertSql(
          { orgId, actorId: 'key-1', actorKind: 'key' },
          {
            decisionId: randomUUID(),
            eventId: randomUUID(),
            decision: 'block',
            riskScore: 95,
            occurredAt: new Date('2026-07-01T10:00:00Z'),
            entityId: 'ent-17',
            reasons: [],
            ruleErrors: [],
            decidedInUs: 12,
          },
        ),
      );
      // Prepared under its name as ingest prepares it (the decision's event does not exist, so it fails).
      await client.query('BEGIN');
      await client.query(statement).catch(() => undefined);
      await client.query('ROLLBACK');
      // Ingest's transactions use each statement's generic plan.
      await client.query('SET plan_cache_mode = force_generic_plan');
      const literal = (v: unknown) => (v === null || v === undefined ? 'NULL' : client.escapeLiteral(v instanceof Date ? v.toISOString() : String(v)));
      const explained = await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
        `EXPLAIN (FORMAT JSON) EXECUTE ${statement.name}(${(statement.values ?? []).map(literal).join(', ')})`,
      );
      const plan = (explained.rows[0]?.['QUERY PLAN'][0] as { Plan: PlanNode }).Plan;
      const cte = find(plan, (n) => n['Subplan Name'] === 'CTE current_alert');
      const scan = cte && find(cte, (n) => n['Index Cond'] !== undefined || n['Node Type'] === 'Seq Scan');
      expect(scan?.['Node Type']).toMatch(/Index/);
      expect(scan?.['Index Cond']).toMatch(/entity_id/);
    } finally {
      await client.end();
      await scratch.drop();
    }
  });
});
