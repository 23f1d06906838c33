import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { auditLog } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';

export interface AuditChange {
  action: string;
  targetType: string;
  targetId: string;
  changes?: Record<string, unknown>;
}

/**
 * The audit writer for changes made through the query builder. Call it with the transaction of the
 * change, so that both commit or neither does. Several entries of one change are written in one
 * statement. A change written as a single SQL statement adds its entries with `auditRowSql` below.
 */
export async function recordAudit(tx: Queryable, actor: Actor, change: AuditChange | readonly AuditChange[]): Promise<void> {
  const entries = Array.isArray(change) ? (change as readonly AuditChange[]) : [change as AuditChange];
  if (entries.length === 0) return;
  await tx.insert(auditLog).values(
    entries.map((c, i) => ({
      // Entries of one change keep their order when read by time: each is a millisecond after the last
      // (`at` is kept to the millisecond, so a smaller step would be rounded away).
      ...(i > 0 ? { at: sql`clock_timestamp() + ${i} * interval '1 millisecond'` } : {}),
      orgId: actor.orgId,
      actor: actor.actorId,
      actorKind: actor.actorKind,
      action: c.action,
      targetType: c.targetType,
      targetId: c.targetId,
      changes: c.changes ?? {},
      requestId: actor.requestId ?? null,
    })),
  );
}

/** The columns an audit row of `auditRowSql` fills, for `INSERT INTO audit_log ${AUDIT_ROW_COLUMNS} ...`. */
export const AUDIT_ROW_COLUMNS = sql`(org_id, actor, actor_kind, action, target_type, target_id, changes, request_id)`;

/** An audit entry written inside a larger statement: its target may be a value the statement makes. */
export interface AuditRowSpec extends Omit<AuditChange, 'targetId'> {
  targetId: string | SQL;
}

/**
 * One audit entry as a `SELECT` row, for a change written as a single statement (its rows and its
 * audit entries commit together without a transaction block). `computed` is merged into `changes`:
 * values only the statement knows, such as a number it takes. `from` names the CTE that the target
 * or those values come from.
 */
export function auditRowSql(actor: Actor, change: AuditRowSpec, computed?: { changes?: SQL; from: SQL }): SQL {
  const changes = sql`${JSON.stringify(change.changes ?? {})}::jsonb`;
  const targetId = typeof change.targetId === 'string' ? sql`${change.targetId}::text` : sql`(${change.targetId})::text`;
  return sql`SELECT ${actor.orgId}::uuid, ${actor.actorId}::text, ${actor.actorKind}::text, ${change.action}::text,
    ${change.targetType}::text, ${targetId}, ${computed?.changes ? sql`${changes} || ${computed.changes}` : changes},
    ${actor.requestId ?? null}::text${computed ? sql` FROM ${computed.from}` : sql``}`;
}
