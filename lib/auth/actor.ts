/** Whom a key acts for: a person, or (a key made by the command line without an owner) the key itself. */
export interface KeyOwner {
  kind: 'person' | 'key';
  id: string;
}

/** Who is acting, for which organisation; every domain function takes one. */
export interface Actor {
  orgId: string;
  /** A key ID, a person's id, or a system name such as `service-admin`. */
  actorId: string;
  actorKind: 'key' | 'person' | 'system';
  /** A key's owner (DESIGN, "Who is another person for four-eyes"); people and system actors own themselves. */
  owner?: KeyOwner;
  requestId?: string;
}

export const systemActor = (orgId: string, actorId = 'service-admin'): Actor => ({ orgId, actorId, actorKind: 'system' });
