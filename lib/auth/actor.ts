/** Who is acting, for which organisation; every domain function takes one. */
export interface Actor {
  orgId: string;
  /** A key ID, a person's id, or a system name such as `service-admin`. */
  actorId: string;
  actorKind: 'key' | 'person' | 'system';
  requestId?: string;
}

export const systemActor = (orgId: string, actorId = 'service-admin'): Actor => ({ orgId, actorId, actorKind: 'system' });
