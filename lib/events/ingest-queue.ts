import type pg from 'pg';
import type { Queryable } from '@/db/client';
import { settings } from '@/lib/config';
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
 * The in-process ingest queue of one database pool (group commit). Events wait only while every
 * writer (SERVICE_INGEST_WRITERS) is storing a batch: a free writer takes what arrived meanwhile (at
 * most MAX_BATCH_EVENTS), in arrival order, as one transaction, and answers each event once it has
 * committed. When a writer is free, an event starts a batch at once. A batch asks for its entities'
 * locks only once the batch formed before it holds its own, so the events of one entity are stored
 * in the order they arrived, while the batches' statements and commits overlap.
 */
class IngestQueue {
  private readonly waiting: Waiting[] = [];
  private writing = 0;
  /** Settled once the latest batch holds its locks (or gave up). */
  private lastLocked: Promise<void> = Promise.resolve();

  constructor(
    private readonly pool: pg.Pool,
    private readonly db: Queryable,
  ) {}

  submit(item: IngestItem): Promise<IngestResult> {
    return new Promise<IngestResult>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.startBatches();
    });
  }

  private startBatches(): void {
    while (this.waiting.length > 0 && this.writing < settings().ingestWriters) {
      const batch = this.waiting.splice(0, MAX_BATCH_EVENTS);
      const after = this.lastLocked;
      let locked!: () => void;
      this.lastLocked = new Promise<void>((resolve) => (locked = resolve));
      this.writing += 1;
      void this.write(batch, { after, locked }).finally(() => {
        this.writing -= 1;
        this.startBatches();
      });
    }
  }

  private async write(batch: Waiting[], turn: { after: Promise<void>; locked: () => void }): Promise<void> {
    try {
      const answers = await commitBatch(this.pool, this.db, batch.map((w) => w.item), turn);
      batch.forEach((w, k) => {
        const answer = answers[k];
        if (answer instanceof Error || answer === undefined) w.reject(answer ?? new Error('an event of the batch was not answered'));
        else w.resolve(answer);
      });
    } catch (err) {
      for (const w of batch) w.reject(err);
    } finally {
      turn.locked();
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
