import { sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { afterCursorAsc } from '@/db/keyset';
import { alerts, screeningResolutions } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { ownerIdOf } from '@/lib/auth/owners';
import { dateKey, decodeCursor, toPage } from '@/lib/paging';

/** An alert whose closure was requested and waits for a second person. */
export interface PendingClosure {
  kind: 'alert_closure';
  /** The alert's id. */
  id: string;
  /** When closure was requested. */
  at: Date;
  requestedBy: string;
  /** The requester's owner (a key's owner, else the requester): what four-eyes compares. */
  requesterOwnerId: string;
  number: number;
  priority: 'medium' | 'high';
  disposition: string | null;
  /** The requester's latest note on the alert (the console asks for one with the request), if any. */
  note: string | null;
  riskScore: number;
  dueAt: Date;
  /** The entity the alert is about (or a screening alert's reference or name) and its name, if known. */
  subjectId: string | null;
  subjectName: string | null;
  screeningId: string | null;
}

/** A match cleared as a false positive, waiting for a second person. */
export interface PendingClearance {
  kind: 'screening_clearance';
  /** The resolution's id. */
  id: string;
  at: Date;
  requestedBy: string;
  requesterOwnerId: string;
  screeningId: string;
  reference: string | null;
  subjectName: string;
  list: string;
  entryRef: string;
  entryName: string | null;
  score: number | null;
  note: string;
}

export type PendingItem = PendingClosure | PendingClearance;

interface PendingRow extends Record<string, unknown> {
  kind: 'alert_closure' | 'screening_clearance';
  id: string;
  at: Date | string;
  requested_by: string;
  requester_owner: string;
  number: number | null;
  priority: 'medium' | 'high' | null;
  disposition: string | null;
  risk_score: number | null;
  due_at: Date | string | null;
  subject_id: string | null;
  subject_name: string | null;
  screening_id: string | null;
  reference: string | null;
  list: string | null;
  entry_ref: string | null;
  entry_name: string | null;
  score: number | null;
  note: string | null;
}

/** The owner of a recorded actor, in SQL: the owner of the key with that id, else the id itself (lib/auth/owners.ts). */
const ownerOf = (orgId: string, recorded: ReturnType<typeof sql>) =>
  sql`coalesce((SELECT k.owner_id::text FROM api_keys k WHERE k.org_id = ${orgId} AND k.id::text = ${recorded}), ${recorded})`;

const asDate = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));

function toItem(r: PendingRow): PendingItem {
  if (r.kind === 'alert_closure') {
    return {
      kind: 'alert_closure',
      id: r.id,
      at: asDate(r.at),
      requestedBy: r.requested_by,
      requesterOwnerId: r.requester_owner,
      number: r.number ?? 0,
      priority: r.priority ?? 'medium',
      disposition: r.disposition,
      note: r.note,
      riskScore: r.risk_score ?? 0,
      dueAt: asDate(r.due_at ?? r.at),
      subjectId: r.subject_id,
      subjectName: r.subject_name,
      screeningId: r.screening_id,
    };
  }
  return {
    kind: 'screening_clearance',
    id: r.id,
    at: asDate(r.at),
    requestedBy: r.requested_by,
    requesterOwnerId: r.requester_owner,
    screeningId: r.screening_id ?? '',
    reference: r.reference,
    subjectName: r.subject_name ?? '',
    list: r.list ?? '',
    entryRef: r.entry_ref ?? '',
    entryName: r.entry_name,
    score: r.score,
    note: r.note ?? '',
  };
}

/**
 * Everything of the actor's organisation waiting for a second person: alert closures (by the time
 * closure was requested) and screening clearances (by the time the match was cleared), oldest first,
 * ties by id, one keyset page at a time. One statement: each branch reads its partial index
 * (`alerts_pending_closure_idx`, `screening_resolutions_pending_idx`) in order up to the page size, and
 * the two are merged.
 */
export async function listPendingApprovals(db: Queryable, actor: Actor, input: { limit: number; cursor?: string }): Promise<{ items: PendingItem[]; nextCursor?: string }> {
  const cursor = decodeCursor(input.cursor);
  const take = input.limit + 1;
  const alertAfter = cursor ? sql`AND ${afterCursorAsc(alerts.updatedAt, alerts.id, cursor)} AND alerts.updated_at >= ${new Date(cursor.key)}` : sql``;
  const clearanceAfter = cursor
    ? sql`AND ${afterCursorAsc(screeningResolutions.createdAt, screeningResolutions.id, cursor)} AND screening_resolutions.created_at >= ${new Date(cursor.key)}`
    : sql``;
  const { rows } = await db.execute<PendingRow>(sql`
    SELECT * FROM (
      (SELECT 'alert_closure' AS kind, alerts.id, alerts.updated_at AS at,
              alerts.closure_requested_by AS requested_by,
              ${ownerOf(actor.orgId, sql`alerts.closure_requested_by`)} AS requester_owner,
              alerts.number, alerts.priority, alerts.disposition, alerts.risk_score, alerts.due_at,
              coalesce(alerts.entity_id, s.reference, s.subject->>'name') AS subject_id,
              coalesce((SELECT e.attributes->>'name' FROM entities e WHERE e.org_id = alerts.org_id AND e.id = alerts.entity_id),
                       s.subject->>'name') AS subject_name,
              alerts.screening_id, NULL::text AS reference, NULL::text AS list, NULL::text AS entry_ref,
              NULL::text AS entry_name, NULL::int AS score,
              (SELECT n.body FROM alert_notes n
                WHERE n.org_id = alerts.org_id AND n.alert_id = alerts.id AND n.author = alerts.closure_requested_by
                ORDER BY n.created_at DESC LIMIT 1) AS note
         FROM alerts
         LEFT JOIN screenings s ON s.org_id = alerts.org_id AND s.id = alerts.screening_id
        WHERE alerts.org_id = ${actor.orgId} AND alerts.status = 'pending_closure' ${alertAfter}
        ORDER BY alerts.updated_at, alerts.id
        LIMIT ${take})
      UNION ALL
      (SELECT 'screening_clearance' AS kind, screening_resolutions.id, screening_resolutions.created_at AS at,
              screening_resolutions.resolved_by AS requested_by,
              ${ownerOf(actor.orgId, sql`screening_resolutions.resolved_by`)} AS requester_owner,
              NULL::int AS number, NULL::text AS priority, NULL::text AS disposition, NULL::int AS risk_score,
              NULL::timestamptz AS due_at, NULL::text AS subject_id, s.subject->>'name' AS subject_name,
              screening_resolutions.screening_id, s.reference, screening_resolutions.list, screening_resolutions.entry_ref,
              m.value->>'entry_name' AS entry_name, (m.value->>'score')::int AS score, screening_resolutions.note
         FROM screening_resolutions
         JOIN screenings s ON s.org_id = screening_resolutions.org_id AND s.id = screening_resolutions.screening_id
         LEFT JOIN LATERAL (
           SELECT value FROM jsonb_array_elements(s.matches || s.near)
            WHERE value->>'list' = screening_resolutions.list AND value->>'entry_ref' = screening_resolutions.entry_ref
            LIMIT 1) m ON true
        WHERE screening_resolutions.org_id = ${actor.orgId} AND screening_resolutions.status = 'pending_approval' ${clearanceAfter}
        ORDER BY screening_resolutions.created_at, screening_resolutions.id
        LIMIT ${take})
    ) pending
    ORDER BY at, id
    LIMIT ${take}`);
  const page = toPage(rows.map(toItem), input.limit, (item) => ({ key: dateKey(item.at), id: item.id }));
  return page;
}

export interface PendingCounts {
  alertClosures: number;
  screeningClearances: number;
  /** STRs sent for review, waiting for a reviewer or admin to file them. */
  strs: number;
  /** Rule drafts, each waiting for someone other than its author to activate it. */
  ruleActivations: number;
  /** CTR batches with rows, drafts waiting for a reviewer or admin who neither built nor edited them to submit them. */
  ctrs: number;
  total: number;
}

/**
 * How many alert closures, screening clearances, STRs awaiting approval, rule drafts awaiting activation and CTR
 * batches awaiting submission wait for a second person in the actor's organisation: one statement, five counts over
 * the partial indexes, the organisation's STRs, its rule versions and its CTR batches by status (the
 * navigation shows it on every page).
 */
export async function countPendingApprovals(db: Queryable, actor: Actor): Promise<PendingCounts> {
  const { rows } = await db.execute<{ alerts: number; clearances: number; strs: number; rules: number; ctrs: number }>(sql`
    SELECT (SELECT count(*) FROM alerts WHERE org_id = ${actor.orgId} AND status = 'pending_closure')::int AS alerts,
           (SELECT count(*) FROM screening_resolutions WHERE org_id = ${actor.orgId} AND status = 'pending_approval')::int AS clearances,
           (SELECT count(*) FROM str_reports WHERE org_id = ${actor.orgId} AND status = 'awaiting_approval')::int AS strs,
           (SELECT count(*) FROM rule_versions WHERE org_id = ${actor.orgId} AND status = 'draft')::int AS rules,
           (SELECT count(*) FROM ctr_batches WHERE org_id = ${actor.orgId} AND status = 'draft' AND rows_total > 0)::int AS ctrs`);
  const alertClosures = rows[0]?.alerts ?? 0;
  const screeningClearances = rows[0]?.clearances ?? 0;
  const strs = rows[0]?.strs ?? 0;
  const ruleActivations = rows[0]?.rules ?? 0;
  const ctrs = rows[0]?.ctrs ?? 0;
  return { alertClosures, screeningClearances, strs, ruleActivations, ctrs, total: alertClosures + screeningClearances + strs + ruleActivations + ctrs };
}

/**
 * How many of the waiting items another owner than the actor asked for (the ones four-eyes lets the
 * actor decide), by kind; for STRs, the ones another person drafted (four-eyes on reports compares
 * person ids); for CTR batches, the ones the actor neither built nor edited. Whether the actor's role may approve at
 * all is the caller's question (lib/auth/policy.ts).
 */
export async function countPendingForOthers(db: Queryable, actor: Actor): Promise<PendingCounts> {
  const me = ownerIdOf(actor);
  const { rows } = await db.execute<{ alerts: number; clearances: number; strs: number; rules: number; ctrs: number }>(sql`
    SELECT (SELECT count(*) FROM alerts
             WHERE org_id = ${actor.orgId} AND status = 'pending_closure'
               AND ${ownerOf(actor.orgId, sql`alerts.closure_requested_by`)} <> ${me})::int AS alerts,
           (SELECT count(*) FROM screening_resolutions
             WHERE org_id = ${actor.orgId} AND status = 'pending_approval'
               AND ${ownerOf(actor.orgId, sql`screening_resolutions.resolved_by`)} <> ${me})::int AS clearances,
           (SELECT count(*) FROM str_reports
             WHERE org_id = ${actor.orgId} AND status = 'awaiting_approval' AND drafted_by <> ${me})::int AS strs,
           (SELECT count(*) FROM rule_versions
             WHERE org_id = ${actor.orgId} AND status = 'draft'
               AND ${ownerOf(actor.orgId, sql`rule_versions.created_by`)} <> ${me})::int AS rules,
           (SELECT count(*) FROM ctr_batches
             WHERE org_id = ${actor.orgId} AND status = 'draft' AND rows_total > 0
               AND built_by <> ${me} AND NOT (edited_by ? ${me}))::int AS ctrs`);
  const alertClosures = rows[0]?.alerts ?? 0;
  const screeningClearances = rows[0]?.clearances ?? 0;
  const strs = rows[0]?.strs ?? 0;
  const ruleActivations = rows[0]?.rules ?? 0;
  const ctrs = rows[0]?.ctrs ?? 0;
  return { alertClosures, screeningClearances, strs, ruleActivations, ctrs, total: alertClosures + screeningClearances + strs + ruleActivations + ctrs };
}
