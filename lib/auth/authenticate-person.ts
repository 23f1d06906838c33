import { getToken } from 'next-auth/jwt';
import type { Queryable } from '@/db/client';
import type { Role } from '@/db/schema/people';
import { authSecret } from './auth-secret';
import type { PersonActor } from './person-actor';
import { resolveSession } from './sessions';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SECURE_COOKIE = /(?:^|;\s*)__Secure-authjs\.session-token(?:\.\d+)?=/;

export interface SignedInPerson {
  actor: PersonActor;
  sessionId: string;
  id: string;
  orgId: string;
  name: string;
  email: string;
  role: Role;
  mustChangePassword: boolean;
}

/** What the session cookie says: the session row and the person, or null for no cookie or a cookie that does not decrypt. */
export async function readSessionClaims(headers: Headers): Promise<{ sessionId: string; personId: string } | null> {
  const cookie = headers.get('cookie');
  if (!cookie || !cookie.includes('authjs.session-token')) return null;
  // Only the cookie: getToken would otherwise also try an Authorization header, which carries API keys here.
  const token = await getToken({
    req: { headers: new Headers({ cookie }) },
    secret: await authSecret(),
    secureCookie: SECURE_COOKIE.test(cookie),
  });
  const sessionId = token?.sid;
  const personId = token?.sub;
  if (typeof sessionId !== 'string' || typeof personId !== 'string' || !UUID.test(sessionId) || !UUID.test(personId)) return null;
  return { sessionId, personId };
}

/**
 * The person signed in on this request, or null. The cookie only names a session; the database decides
 * whether it is still live and what the person's role is now (so role changes and deactivation apply at once).
 */
export async function authenticatePerson(db: Queryable, headers: Headers, requestId?: string): Promise<SignedInPerson | null> {
  const claims = await readSessionClaims(headers);
  if (!claims) return null;
  const live = await resolveSession(db, claims.sessionId, claims.personId);
  if (!live) return null;
  const p = live.person;
  return {
    actor: { orgId: p.orgId, actorId: p.id, actorKind: 'person', role: p.role, requestId },
    sessionId: live.sessionId,
    id: p.id,
    orgId: p.orgId,
    name: p.name,
    email: p.email,
    role: p.role,
    mustChangePassword: p.mustChangePassword,
  };
}
