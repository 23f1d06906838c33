import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import type { z } from 'zod';
import { entities } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { recordAudit } from '@/lib/audit/record';
import { parseInput } from '@/lib/validation';
import { entityInput } from './schemas';
import type { EntityRow } from './serialize';

/** The six kinds an entity can be registered as. */
export { ENTITY_KINDS } from '@/db/schema';

export { ATTRIBUTES_MESSAGE, ID_MESSAGE, KIND_MESSAGE } from './schemas';

/** The id, the kind and (optional) attributes to merge over the stored ones. */
export type RegisterEntityInput = z.input<typeof entityInput>;

/** Old and new value of each changed field, for the audit entry. */
function changesOf(before: EntityRow | undefined, after: EntityRow): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  if (before?.kind !== after.kind) changes.kind = { from: before?.kind ?? null, to: after.kind };
  const attributeChanges: Record<string, { from: unknown; to: unknown }> = {};
  const old = before?.attributes ?? {};
  for (const [key, value] of Object.entries(after.attributes)) {
    // Both sides come from jsonb, whose objects PostgreSQL stores with normalised key order.
    if (JSON.stringify(old[key]) !== JSON.stringify(value)) attributeChanges[key] = { from: old[key] ?? null, to: value };
  }
  if (Object.keys(attributeChanges).length > 0) changes.attributes = attributeChanges;
  return changes;
}

/**
 * Registers an entity or updates it: the sent kind replaces the stored one, the sent attributes are
 * merged over the stored ones (shallow: a sent key replaces that key's whole value), and a placeholder
 * an event created becomes registered. One conditional upsert does the write, so nothing changes,
 * `updated_at` included, when the call would change nothing. The audit entry (`entity.registered` for
 * a new entity or a placeholder's registration, else `entity.updated`) names the changed fields.
 */
export async function registerEntity(db: Database, actor: Actor, request: RegisterEntityInput): Promise<EntityRow> {
  authorize(actor, 'work');
  const input = parseInput(entityInput, request);
  const attributes = input.attributes ?? {};
  return db.transaction(async (tx) => {
    // Locks the existing row (if any) so the audit's old values are the ones this upsert replaced.
    const [before] = await tx
      .select()
      .from(entities)
      .where(and(eq(entities.orgId, actor.orgId), eq(entities.id, input.id)))
      .for('update');
    const [after] = await tx
      .insert(entities)
      .values({ orgId: actor.orgId, id: input.id, kind: input.kind, attributes, registered: true })
      .onConflictDoUpdate({
        target: [entities.orgId, entities.id],
        set: {
          kind: sql`excluded.kind`,
          attributes: sql`${entities.attributes} || excluded.attributes`,
          registered: true,
          updatedAt: sql`now()`,
        },
        setWhere: sql`${entities.kind} IS DISTINCT FROM excluded.kind OR NOT ${entities.registered}
          OR ${entities.attributes} || excluded.attributes IS DISTINCT FROM ${entities.attributes}`,
      })
      .returning();
    if (!after) {
      if (before) return before; // nothing to change
      // Inserted by a concurrent call after our read, with the same content: read it back.
      const [current] = await tx
        .select()
        .from(entities)
        .where(and(eq(entities.orgId, actor.orgId), eq(entities.id, input.id)));
      if (!current) throw new Error('entity upsert returned no row');
      return current;
    }
    await recordAudit(tx, actor, {
      action: before?.registered ? 'entity.updated' : 'entity.registered',
      targetType: 'entity',
      targetId: after.id,
      changes: changesOf(before, after),
    });
    return after;
  });
}
