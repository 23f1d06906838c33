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
 * The one audit writer. Call it with the transaction of the change, so that both commit or neither does.
 * Several entries of one change are written in one statement.
 */
export async function recordAudit(tx: Queryable, actor: Actor, change: AuditChange | readonly AuditChange[]): Promise<void> {
  const entries = Array.isArray(change) ? (change as readonly AuditChange[]) : [change as AuditChange];
  if (entries.length === 0) return;
  await tx.insert(auditLog).values(
    entries.map((c) => ({
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
