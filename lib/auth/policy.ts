import type { Role } from '@/db/schema/people';
import { ForbiddenError } from '@/lib/errors';
import type { Actor } from './actor';
import { isPerson } from './person-actor';

/**
 * What an actor may do, decided in one place and called by every verb, so /v1, the console and the
 * command line get the same answer. People act by role (DESIGN, "The console: where each screen lives");
 * an API key acts for a system the organisation trusts with its whole API, the command line for the
 * operator of the server. Four-eyes (another owner) is checked by the verbs that approve.
 */
export type Permission =
  /** See and work alerts and screenings: assign, note, request closure, screen, resolve. */
  | 'work'
  /** Approve or reject someone else's closure, clearance or activation. */
  | 'approve'
  /** Read the audit log. */
  | 'read_audit'
  /** People and API keys. */
  | 'administer';

const ROLES_FOR: Record<Permission, readonly Role[]> = {
  work: ['analyst', 'reviewer', 'admin'],
  approve: ['reviewer', 'admin'],
  read_audit: ['reviewer', 'admin'],
  administer: ['admin'],
};

const REFUSALS: Record<Permission, string> = {
  work: 'your role cannot work alerts or screenings',
  approve: 'only a reviewer or an admin can approve or reject',
  read_audit: 'only a reviewer or an admin can read the audit log',
  administer: 'only an admin can do this',
};

export function isAllowed(actor: Actor, permission: Permission): boolean {
  if (actor.actorKind === 'system') return true;
  if (isPerson(actor)) return ROLES_FOR[permission].includes(actor.role);
  // Keys: everything but administration of people; /v1/keys is a key's own business (the interface's).
  return true;
}

/** Throws the refusal (403) when the actor may not; `message` overrides the default wording. */
export function authorize(actor: Actor, permission: Permission, message?: string): void {
  if (!isAllowed(actor, permission)) throw new ForbiddenError(message ?? REFUSALS[permission]);
}

/**
 * People are administered by admins and the command line, never through an API key (a key stands for
 * a system; /v1 has no people endpoints): `administer`, with keys refused as well, saying `what` was refused.
 */
export function authorizePeopleAdministration(actor: Actor, what: string): void {
  const message = `only an admin can ${what}`;
  if (actor.actorKind === 'key') throw new ForbiddenError(message);
  authorize(actor, 'administer', message);
}
