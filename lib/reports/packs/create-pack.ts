import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '@/db/client';
import { evidencePacks } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { recordAudit } from '@/lib/audit/record';
import { nextReferenceNumberSql } from '@/lib/orgs/next-reference-number';
import { parseInput } from '@/lib/validation';
import { packCreateInput, quarterOf } from './schemas';
import type { PackRow } from './serialize';

/**
 * POST /v1/reports/packs: a draft pack (PACK-<number> from the organisation's counter) for `from` to `to`, both
 * days included, or the current UTC quarter when neither is sent, with an optional purpose. Audit: `pack.created`.
 */
export async function createPack(db: Database, actor: Actor, input: z.input<typeof packCreateInput>, now: Date = new Date()): Promise<PackRow> {
  authorize(actor, 'work');
  const body = parseInput(packCreateInput, input ?? {});
  const period = body.from && body.to ? { from: body.from, to: body.to } : quarterOf(now);
  const purpose = body.purpose ? body.purpose : null;
  return db.transaction(async (tx) => {
    const numbered = await tx.execute<{ value: number }>(nextReferenceNumberSql(actor.orgId, 'pack'));
    const number = Number(numbered.rows[0]?.value);
    const [row] = await tx
      .insert(evidencePacks)
      .values({ orgId: actor.orgId, number, from: period.from, to: period.to, purpose, createdBy: actor.actorId, updatedAt: sql`now()` })
      .returning();
    if (!row) throw new Error('evidence pack not stored');
    await recordAudit(tx, actor, { action: 'pack.created', targetType: 'pack', targetId: row.id, changes: { number, from: period.from, to: period.to, purpose } });
    const { pdf: _pdf, ...pack } = row;
    return pack;
  });
}
