import { createHash, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Queryable } from '@/db/client';
import { decisions, events } from '@/db/schema';
import { raiseAlertForDecision } from '@/lib/alerts/raise-for-decision';
import type { Actor } from '@/lib/auth/actor';
import { settings } from '@/lib/config';
import type { DecisionRow } from '@/lib/decisions/serialize';
import { activeRuleSet } from '@/lib/rules/active-rule-set';
import { decide, evaluateRules, type FiredRule, type ScoringInput } from '@/lib/scoring/engine';
import { computeCounters } from './counters';
import type { EventInput } from './event-input';

export type IngestMode = 'sync' | 'async';

export type IngestResult =
  | { mode: 'sync'; decision: DecisionRow; replay: boolean }
  | { mode: 'async'; eventId: string; receivedAt: Date; replay: boolean };

/** Thrown inside the transaction when the idempotency key turned out to be taken: roll back, answer the original. */
class ReplayDetected extends Error {}

/** A 64-bit advisory lock key per (organisation, entity). */
function entityLockKey(orgId: string, entityId: string): bigint {
  return createHash('sha256').update(`${orgId}\u0000${entityId}`).digest().readBigInt64BE(0);
}

async function lockEntities(tx: Queryable, orgId: string, ids: string[]): Promise<void> {
  // Always in ascending key order, so two events naming the same two entities cannot deadlock.
  const keys = [...new Set(ids.map((id) => entityLockKey(orgId, id)))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (keys.length === 0) return;
  const calls = sql.join(
    keys.map((k) => sql`pg_advisory_xact_lock(${k.toString()}::bigint)`),
    sql`, `,
  );
  await tx.execute(sql`SELECT ${calls}`);
}

/** The subject of the alert: the side whose fired rules weigh more (source on a tie). */
function alertSubject(fired: FiredRule[], event: EventInput): string | null {
  let source = 0;
  let destination = 0;
  for (const f of fired) {
    if (f.subject === 'destination') destination += f.weight;
    else source += f.weight;
  }
  if (destination > source && event.destinationId !== null) return event.destinationId;
  return event.sourceId;
}

async function findOriginal(db: Queryable, orgId: string, idempotencyKey: string): Promise<IngestResult | null> {
  const [row] = await db
    .select({ id: events.id, mode: events.mode, receivedAt: events.receivedAt, decision: decisions })
    .from(events)
    .leftJoin(decisions, and(eq(decisions.orgId, events.orgId), eq(decisions.eventId, events.id)))
    .where(and(eq(events.orgId, orgId), eq(events.idempotencyKey, idempotencyKey)));
  if (!row) return null;
  if (row.mode === 'sync' && row.decision) return { mode: 'sync', decision: row.decision, replay: true };
  return { mode: 'async', eventId: row.id, receivedAt: row.receivedAt, replay: true };
}

/**
 * Stores an event and, in sync mode, scores it, in one transaction: the entities it names are locked,
 * their counters computed over the events that arrived before it, the event stored with those
 * counters, placeholders and links recorded, the decision stored and a review or block put on an
 * alert. The same idempotency key in the organisation returns the original answer; the unique index
 * on (org_id, idempotency_key) decides races.
 */
export async function ingestEvent(db: Database, actor: Actor, event: EventInput, mode: IngestMode): Promise<IngestResult> {
  const original = await findOriginal(db, actor.orgId, event.idempotencyKey);
  if (original) return original;
  // Loaded before the transaction, so no entity lock is held while rules compile.
  const ruleSet = mode === 'sync' ? await activeRuleSet(db, actor.orgId) : undefined;

  try {
    return await db.transaction(async (tx) => {
      const named = [event.sourceId, event.destinationId].filter((x): x is string => x !== null);
      await lockEntities(tx, actor.orgId, named);
      const counters = await computeCounters(tx, actor.orgId, event);

      const eventId = randomUUID();
      const entityIds = [...new Set([...named, ...(event.deviceId !== null ? [event.deviceId] : [])])].sort();
      const links: [string, string, string][] = [];
      if (event.sourceId !== null && event.destinationId !== null && event.amount !== null) {
        links.push([event.sourceId, 'paid', event.destinationId], [event.destinationId, 'paid_by', event.sourceId]);
      }
      if (event.sourceId !== null && event.deviceId !== null) {
        links.push([event.sourceId, 'uses_device', event.deviceId], [event.deviceId, 'device_user', event.sourceId]);
      }
      const uniqueLinks = [...new Map(links.map((l) => [l.join('\u0000'), l])).values()].sort((a, b) =>
        a.join('\u0000') < b.join('\u0000') ? -1 : 1,
      );

      const stored = await tx.execute<{ id: string; received_at: Date }>(sql`
        WITH ev AS (
          INSERT INTO events (org_id, id, idempotency_key, type, occurred_at, amount, currency, rail, source_id,
                              destination_id, device_id, payload, mode, features, dest_features, submitted_by)
          VALUES (${actor.orgId}, ${eventId}, ${event.idempotencyKey}, ${event.type}, ${event.occurredAt},
                  ${event.amount}, ${event.currency}, ${event.rail}, ${event.sourceId}, ${event.destinationId},
                  ${event.deviceId}, ${JSON.stringify(event.payload)}::jsonb, ${mode},
                  ${JSON.stringify(counters.source)}::jsonb, ${JSON.stringify(counters.destination)}::jsonb, ${actor.actorId})
          ON CONFLICT (org_id, idempotency_key) DO NOTHING
          RETURNING id, received_at),
        placeholders AS (
          INSERT INTO entities (org_id, id, last_seen_at)
          SELECT ${actor.orgId}, e.id, ${event.occurredAt}::timestamptz
          FROM ev, unnest(${textArray(entityIds)}) AS e(id)
          ON CONFLICT (org_id, id) DO UPDATE SET last_seen_at = greatest(entities.last_seen_at, excluded.last_seen_at)),
        edges AS (
          INSERT INTO entity_links (org_id, entity_id, relation, other_id, first_seen, last_seen)
          SELECT ${actor.orgId}, l.entity_id, l.relation, l.other_id, ${event.occurredAt}::timestamptz, ${event.occurredAt}::timestamptz
          FROM ev, unnest(${textArray(uniqueLinks.map((l) => l[0]))}, ${textArray(uniqueLinks.map((l) => l[1]))},
                          ${textArray(uniqueLinks.map((l) => l[2]))}) AS l(entity_id, relation, other_id)
          ON CONFLICT (org_id, entity_id, relation, other_id) DO UPDATE
            SET first_seen = least(entity_links.first_seen, excluded.first_seen),
                last_seen = greatest(entity_links.last_seen, excluded.last_seen))
        SELECT id, received_at FROM ev`);
      const row = stored.rows[0];
      if (!row) throw new ReplayDetected();
      const receivedAt = row.received_at instanceof Date ? row.received_at : new Date(row.received_at);

      if (mode === 'async' || !ruleSet) return { mode: 'async' as const, eventId, receivedAt, replay: false };

      const input: ScoringInput = {
        type: event.type,
        amount: event.amount ?? 0,
        currency: event.currency ?? '',
        rail: event.rail ?? '',
        source_id: event.sourceId ?? '',
        destination_id: event.destinationId ?? '',
        features: counters.source,
        dest_features: counters.destination,
      };
      const engineStarted = performance.now();
      const evaluation = evaluateRules(ruleSet.rules, input);
      const outcome = decide(evaluation.fired, { block: settings().blockScore, review: settings().reviewScore });
      const decidedInUs = Math.max(0, Math.round((performance.now() - engineStarted) * 1000));

      const decisionId = randomUUID();
      let alertId: string | null = null;
      if (outcome.decision !== 'allow') {
        alertId = await raiseAlertForDecision(tx, actor, {
          decisionId,
          eventId,
          decision: outcome.decision,
          riskScore: outcome.risk_score,
          occurredAt: event.occurredAt,
          entityId: alertSubject(evaluation.fired, event),
        });
      }
      const [decision] = await tx
        .insert(decisions)
        .values({
          orgId: actor.orgId,
          id: decisionId,
          eventId,
          decision: outcome.decision,
          riskScore: outcome.risk_score,
          reasons: evaluation.fired.map((f) => ({ rule: f.rule, version: f.version, detail: f.detail, weight: f.weight })),
          decidedInUs,
          ruleErrors: evaluation.errors.map((e) => ({ rule: e.rule, version: e.version, message: e.message })),
          alertId,
        })
        .returning();
      return { mode: 'sync' as const, decision: decision as DecisionRow, replay: false };
    });
  } catch (err) {
    if (err instanceof ReplayDetected) {
      const replay = await findOriginal(db, actor.orgId, event.idempotencyKey);
      if (replay) return replay;
    }
    throw err;
  }
}

/** A text[] parameter (empty arrays included), bound as one value. */
function textArray(values: string[]) {
  return sql`${`{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`}::text[]`;
}
