/**
 * People's sessions. A sign-in makes a row; the session cookie carries its id. A session is usable while
 * its row is not ended, it is younger than SESSION_MAX_MS and it was used within SESSION_IDLE_MS, and
 * its person is active. Ending rows is how sign-out, deactivation and password changes take effect on
 * every instance at once.
 */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { people, personSessions } from '@/db/schema';
import type { PersonRow } from '@/lib/people/serialize';

/** A session ends 8 hours after sign-in, whatever the activity (a working day). */
export const SESSION_MAX_MS = 8 * 3_600_000;
/** ... and after 30 minutes without a request. */
export const SESSION_IDLE_MS = 30 * 60_000;
/** `last_seen_at` is written at most once a minute per session, not on every request. */
const SEEN_EVERY_MS = 60_000;

export type SessionEndReason = 'signed_out' | 'deactivated' | 'password_changed' | 'locked';

export async function openSession(tx: Queryable, person: { orgId: string; id: string }): Promise<string> {
  const [row] = await tx.insert(personSessions).values({ orgId: person.orgId, personId: person.id }).returning({ id: personSessions.id });
  if (!row) throw new Error('session insert returned no row');
  return row.id;
}

/** Ends the person's open sessions, all of them or all but `keep`. */
export async function endSessionsOf(
  tx: Queryable,
  person: { orgId: string; id: string },
  reason: SessionEndReason,
  keep?: string,
): Promise<void> {
  await tx
    .update(personSessions)
    .set({ endedAt: sql`now()`, endReason: reason })
    .where(
      and(
        eq(personSessions.orgId, person.orgId),
        eq(personSessions.personId, person.id),
        isNull(personSessions.endedAt),
        keep ? ne(personSessions.id, keep) : undefined,
      ),
    );
}

/** Ends one session; false when it was not open. */
export async function endSession(tx: Queryable, sessionId: string, reason: SessionEndReason): Promise<{ orgId: string; personId: string } | null> {
  const [row] = await tx
    .update(personSessions)
    .set({ endedAt: sql`now()`, endReason: reason })
    .where(and(eq(personSessions.id, sessionId), isNull(personSessions.endedAt)))
    .returning({ orgId: personSessions.orgId, personId: personSessions.personId });
  return row ?? null;
}

export interface LiveSession {
  sessionId: string;
  person: PersonRow;
}

/**
 * The session and its person when the session may still be used, else null. Touches `last_seen_at`
 * (at most once a minute) so that the idle limit counts from the last request.
 */
export async function resolveSession(db: Queryable, sessionId: string, personId: string, now = new Date()): Promise<LiveSession | null> {
  const [row] = await db
    .select({ session: personSessions, person: people })
    .from(personSessions)
    .innerJoin(people, and(eq(people.orgId, personSessions.orgId), eq(people.id, personSessions.personId)))
    .where(and(eq(personSessions.id, sessionId), eq(personSessions.personId, personId)));
  if (!row) return null;
  const { session, person } = row;
  if (session.endedAt || !person.active) return null;
  if (now.getTime() - session.createdAt.getTime() >= SESSION_MAX_MS) return null;
  if (now.getTime() - session.lastSeenAt.getTime() >= SESSION_IDLE_MS) return null;
  if (now.getTime() - session.lastSeenAt.getTime() >= SEEN_EVERY_MS) {
    await db
      .update(personSessions)
      .set({ lastSeenAt: now })
      .where(and(eq(personSessions.orgId, session.orgId), eq(personSessions.id, session.id), isNull(personSessions.endedAt)));
  }
  return { sessionId: session.id, person };
}
