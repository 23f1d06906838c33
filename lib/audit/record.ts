import type { Queryable } from '@/db/client';
import { auditLog } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';

export interface AuditChange {
  action: string;
  targetType: string;
  targetId: string;
  changes?: Record<string, unknown>;
}

/** The one audit writer. Call it with the transaction of the change, so that both commit or neither does. */
export async function recordAudit(tx: Queryable, actor: Actor, change: AuditChange): Promise<void> {
  await tx.insert(auditLog).values({
    orgId: actor.orgId,
    actor: actor.actorId,
    actorKind: actor.actorKind,
    action: change.action,
    targetType: change.targetType,
    targetId: change.targetId,
    changes: change.changes ?? {},
    requestId: actor.requestId ?? null,
  });
}
