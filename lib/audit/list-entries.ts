import { and, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { afterCursorDesc, newestFirst } from '@/db/keyset';
import { auditLog } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { dateKey, decodeCursor, toPage, type Cursor } from '@/lib/paging';

export interface AuditFilter {
  action?: string;
  actor?: string;
  target_id?: string;
  since?: Date;
  until?: Date;
  limit: number;
  cursor?: string;
}

export type AuditEntryRow = typeof auditLog.$inferSelect;

/**
 * One page of the organisation's entries matching the filter, newest first, after `after`: `limit` rows
 * read. The list and the CSV export both read through here. The caller has authorized the actor.
 */
export function readAuditEntries(db: Queryable, orgId: string, filter: Omit<AuditFilter, 'limit' | 'cursor'>, after: Cursor | undefined, limit: number) {
  const conditions: (SQL | undefined)[] = [
    eq(auditLog.orgId, orgId),
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.actor ? eq(auditLog.actor, filter.actor) : undefined,
    filter.target_id ? eq(auditLog.targetId, filter.target_id) : undefined,
    filter.since ? gte(auditLog.at, filter.since) : undefined,
    filter.until ? lte(auditLog.at, filter.until) : undefined,
    afterCursorDesc(auditLog.at, auditLog.id, after),
  ];
  return db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(newestFirst(auditLog.at), newestFirst(auditLog.id))
    .limit(limit);
}

/** The position after an entry, in the list's order. */
export const auditCursorOf = (r: AuditEntryRow): Cursor => ({ key: dateKey(r.at), id: r.id });

/** The organisation's audit entries, newest first: for reviewers, admins, keys and the command line. */
export async function listAuditEntries(db: Queryable, actor: Actor, filter: AuditFilter) {
  authorize(actor, 'read_audit');
  const rows = await readAuditEntries(db, actor.orgId, filter, decodeCursor(filter.cursor), filter.limit + 1);
  return toPage(rows, filter.limit, auditCursorOf);
}

export function serializeAuditEntry(r: AuditEntryRow) {
  return {
    id: r.id,
    at: r.at.toISOString(),
    actor: r.actor,
    actor_kind: r.actorKind,
    action: r.action,
    target_type: r.targetType,
    target_id: r.targetId,
    changes: r.changes,
    ...(r.requestId ? { request_id: r.requestId } : {}),
  };
}
