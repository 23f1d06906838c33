import type { Database } from '@/db/client';
import type { Actor } from '@/lib/auth/actor';
import { activeRuleSet } from '@/lib/rules/active-rule-set';
import type { EventInput } from './event-input';
import type { IngestMode, IngestResult } from './ingest-batch';
import { ingestQueueOf } from './ingest-queue';

export type { IngestMode, IngestResult } from './ingest-batch';

export interface IngestInput {
  event: EventInput;
  mode: IngestMode;
}

/**
 * Stores an event and, in sync mode, scores it: its counters over the events that arrived before it,
 * the organisation's active rules, the decision, and for a review or block decision the entity's
 * alert. The event shares its transaction with the events that arrived while the previous one was
 * committing (lib/events/ingest-queue.ts, lib/events/ingest-batch.ts) and is answered once that
 * transaction has committed. The same idempotency key in the organisation returns the original
 * answer: the unique index on (org_id, idempotency_key) decides, also between concurrent requests and
 * instances.
 */
export async function ingestEvent(db: Database, actor: Actor, input: IngestInput): Promise<IngestResult> {
  // Loaded before the event queues, so no entity lock is held while rules compile.
  const rules = input.mode === 'sync' ? (await activeRuleSet(db, actor.orgId)).rules : undefined;
  return ingestQueueOf(db.$client, db).submit({ actor, event: input.event, mode: input.mode, rules });
}
