import type { Database } from '@/db/client';
import { recordAudit } from '@/lib/audit/record';
import { endSession } from './sessions';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ends one session for good (the cookie stops working even if a copy of it exists) and writes `person.signed_out`. */
export async function signOutSession(db: Database, sessionId: string, requestId?: string): Promise<boolean> {
  if (!UUID.test(sessionId)) return false;
  return db.transaction(async (tx) => {
    const ended = await endSession(tx, sessionId, 'signed_out');
    if (!ended) return false;
    await recordAudit(
      tx,
      { orgId: ended.orgId, actorId: ended.personId, actorKind: 'person', requestId },
      { action: 'person.signed_out', targetType: 'person_session', targetId: sessionId },
    );
    return true;
  });
}
