import type pg from 'pg';
import { ingestPoolFor, type Queryable } from '@/db/client';
import { settings } from '@/lib/config';
import { recordIngestQueued } from '@/lib/metrics';
import { processState } from '@/lib/process-state';
import { commitBatch, lockedEntitiesOf, type IngestItem, type IngestResult } from './ingest-batch';

/** At most this many events share one transaction. */
export const MAX_BATCH_EVENTS = 64;
/**
 * A batch of async events alone starts beside batches being stored only once it holds this many.
 * A batch's fixed cost (its round trips, each statement's start, the commit: about 2 ms on the 2-core
 * development machine, against about 0.5 ms per event) is then under a third of its time; a smaller
 * one waits for a free writer or for a sync event's batch. On the events benchmark (16 clients) async
 * events went from about 1,090/s without such batches to 1,310-1,350/s with 8, against 1,140 with 4,
 * 6 or 10.
 */
export const ASYNC_BATCH_BESIDE_OTHERS = 8;

interface Waiting {
  item: IngestItem;
  /** The entities it locks, as `org \0 entity`. */
  entities: string[];
  /** performance.now() when it was queued. */
  queuedAt: number;
  resolve: (result: IngestResult) => void;
  reject: (err: unknown) => void;
}

/**
 * The in-process ingest queue of one database pool (group commit). Up to SERVICE_INGEST_WRITERS
 * batches are stored at once, each in one transaction of at most MAX_BATCH_EVENTS events, and each
 * event is answered once its batch has committed. A free writer takes the waiting events, in arrival
 * order, that name no entity of a batch still being stored nor of an earlier event left waiting: the
 * events of one entity are stored in the order they arrived, one batch at a time, and what arrives
 * for a busy entity meanwhile goes together into its next batch; events of other entities do not wait
 * for it. When a writer is free, a sync event starts a batch at once; so does an async event when
 * nothing is being stored. While batches are being stored, async events wait until they are
 * ASYNC_BATCH_BESIDE_OTHERS, for the next free writer, or for the next sync event's batch to ride
 * along: nobody waits for their decision, and under load they gather into larger batches, whose cost
 * per event is lower (each statement's start, each round trip and the commit are paid once per
 * batch), while the database's cores share the work of batches stored side by side.
 */
class IngestQueue {
  private waiting: Waiting[] = [];
  /** Entities of the batches being stored, with how many batches hold each. */
  private readonly busy = new Map<string, number>();
  private writing = 0;

  /** Where batches are stored: the pool's pipelined ingest connections (db/client.ts). */
  private readonly pool: pg.Pool;

  constructor(
    pool: pg.Pool,
    private readonly db: Queryable,
  ) {
    this.pool = ingestPoolFor(pool);
  }

  submit(item: IngestItem): Promise<IngestResult> {
    return new Promise<IngestResult>((resolve, reject) => {
      const entities = lockedEntitiesOf(item.event).map((id) => `${item.actor.orgId}\u0000${id}`);
      this.waiting.push({ item, entities, queuedAt: performance.now(), resolve, reject });
      this.startBatches();
    });
  }

  private startBatches(): void {
    while (this.waiting.length > 0 && this.writing < settings().ingestWriters) {
      const batch = this.takeBatch(this.writing === 0 ? 1 : ASYNC_BATCH_BESIDE_OTHERS);
      if (batch.length === 0) return;
      this.writing += 1;
      const starting = performance.now();
      for (const w of batch) recordIngestQueued(starting - w.queuedAt);
      for (const w of batch) for (const e of w.entities) this.busy.set(e, (this.busy.get(e) ?? 0) + 1);
      void this.write(batch).finally(() => {
        this.writing -= 1;
        for (const w of batch) {
          for (const e of w.entities) {
            const n = (this.busy.get(e) ?? 1) - 1;
            if (n === 0) this.busy.delete(e);
            else this.busy.set(e, n);
          }
        }
        this.startBatches();
      });
    }
  }

  /**
   * The next batch: waiting events, in order, clear of busy entities and of earlier events left
   * waiting. None when it would hold async events only and fewer than `asyncOnlyFrom`.
   */
  private takeBatch(asyncOnlyFrom: number): Waiting[] {
    const batch: Waiting[] = [];
    const left: Waiting[] = [];
    const blocked = new Set<string>();
    for (const w of this.waiting) {
      const free = batch.length < MAX_BATCH_EVENTS && w.entities.every((e) => !this.busy.has(e) && !blocked.has(e));
      if (free) {
        batch.push(w);
      } else {
        left.push(w);
        for (const e of w.entities) blocked.add(e);
      }
    }
    if (batch.length < asyncOnlyFrom && batch.every((w) => w.item.mode === 'async')) return [];
    this.waiting = left;
    return batch;
  }

  private async write(batch: Waiting[]): Promise<void> {
    try {
      const answers = await commitBatch(this.pool, this.db, batch.map((w) => w.item));
      batch.forEach((w, k) => {
        const answer = answers[k];
        if (answer instanceof Error || answer === undefined) w.reject(answer ?? new Error('an event of the batch was not answered'));
        else w.resolve(answer);
      });
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  }
}

const queues = () => processState('ingest-queues', () => new WeakMap<pg.Pool, IngestQueue>());

/** The ingest queue of a pool, made on first use. */
export function ingestQueueOf(pool: pg.Pool, db: Queryable): IngestQueue {
  let queue = queues().get(pool);
  if (!queue) queues().set(pool, (queue = new IngestQueue(pool, db)));
  return queue;
}
