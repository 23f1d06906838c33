import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { entities } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';

export interface CaseEntity {
  id: string;
  /** What it is to the case: the subject, an alert's subject, or a counterparty of an event. */
  roles: string[];
  kind: string | null;
  name: string | null;
  registered: boolean;
  /** False for an id the events named that the organisation has no entity for. */
  known: boolean;
}

/**
 * The entities a case involves, each once with its roles, in the order given (the subject first):
 * their kind and name when the organisation knows them. One query whatever the number of ids.
 */
export async function caseEntities(db: Queryable, actor: Actor, involved: { id: string | null | undefined; role: string }[]): Promise<CaseEntity[]> {
  authorize(actor, 'work');
  const byId = new Map<string, string[]>();
  for (const { id, role } of involved) {
    if (!id) continue;
    const roles = byId.get(id) ?? [];
    if (!roles.includes(role)) roles.push(role);
    byId.set(id, roles);
  }
  if (byId.size === 0) return [];
  const rows = await db
    .select({ id: entities.id, kind: entities.kind, registered: entities.registered, attributes: entities.attributes })
    .from(entities)
    .where(and(eq(entities.orgId, actor.orgId), inArray(entities.id, [...byId.keys()])));
  const found = new Map(rows.map((r) => [r.id, r]));
  return [...byId.entries()].map(([id, roles]) => {
    const row = found.get(id);
    const name = row?.attributes?.name;
    return {
      id,
      roles,
      kind: row?.kind ?? null,
      name: typeof name === 'string' && name !== '' ? name : null,
      registered: row?.registered ?? false,
      known: row !== undefined,
    };
  });
}
