import type { entities } from '@/db/schema';

export type EntityRow = typeof entities.$inferSelect;

/** The Entity of the interface: `kind` is absent for a placeholder an event created. */
export function serializeEntity(e: EntityRow) {
  return {
    id: e.id,
    ...(e.kind !== null ? { kind: e.kind } : {}),
    attributes: e.attributes,
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
}

/**
 * The Entity as listed (and as read one by one): with `registered`, `open_alerts` (its alerts that are
 * open or in review) and `last_seen` (latest `occurred_at` of an event in or out; absent when no event
 * named it).
 */
export function serializeListedEntity(e: EntityRow, openAlerts: number) {
  return {
    ...serializeEntity(e),
    registered: e.registered,
    open_alerts: openAlerts,
    ...(e.lastSeenAt !== null ? { last_seen: e.lastSeenAt.toISOString() } : {}),
  };
}

export interface EntityLink {
  entityId: string;
  kind: string | null;
  name: string | null;
  relation: 'paid' | 'paid_by' | 'uses_device' | 'device_user' | 'shares_device';
  via: string | null;
  firstSeen: Date;
  lastSeen: Date;
  openAlert: { id: string; number: number; priority: string } | null;
}

export function serializeLink(l: EntityLink) {
  return {
    entity_id: l.entityId,
    ...(l.kind !== null ? { kind: l.kind } : {}),
    ...(l.name !== null ? { name: l.name } : {}),
    relation: l.relation,
    ...(l.via !== null ? { via: l.via } : {}),
    first_seen: l.firstSeen.toISOString(),
    last_seen: l.lastSeen.toISOString(),
    ...(l.openAlert ? { open_alert: l.openAlert } : {}),
  };
}
