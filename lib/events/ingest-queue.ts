import type pg from 'pg';
import type { Queryable } from '@/db/client';
import { processState } from '@/lib/process-state';
import { commitBatch, type IngestItem, type IngestResult } from './ingest-batch';

/** At most this many events share one transaction. */
export const MAX_BATCH_EVENTS = 64;

interface Waiting {
  item: IngestItem;
  resolve: (result: IngestResult) => void;
  reject: (err: unknown) => void;
}

/**
 * The in-process ingest queue of one database pool (group commit). An event waits only while a batch
 * is committing: the writer takes what arrived meanwhile (at most MAX_BATCH_EVENTS) as the next batch,
 * in arrival order, and answers each event when its batch has committed. When idle, an event starts a
 * batch of its own at once.
 */
class IngestQueue {
  private readonly waiting: Waiting[] = [];
  private writing = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly db: Queryable,
  ) {}

  submit(item: IngestItem): Promise<IngestResult> {
    return new Promise<IngestResult>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (!this.writing) void this.write();
    });
  }

  private async write(): Promise<void> {
    this.writing = true;
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, MAX_BATCH_EVENTS);
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
    } finally {
      this.writing = false;
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
