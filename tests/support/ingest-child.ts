/**
 * A second service instance for ingest tests: a process of its own with its own pool and ingest queue,
 * on the test database (SERVICE_DATABASE_URL). Reads one JSON line from stdin,
 * `{orgId, keyId, mode, events: [event bodies]}`, sends every event at once through `ingestEvent`,
 * and prints one JSON line per answer (`{key, ok, replay, eventId}` or `{key, ok: false, error}`).
 * Prints `ready` first, so the test knows the process is up.
 */
import '../../scripts/project';
import readline from 'node:readline';
import { closeDb, getDb } from '../../db/client';
import { parseEventInput } from '../../lib/events/event-input';
import { ingestEvent } from '../../lib/events/ingest-event';

async function main(): Promise<void> {
  // Connect before saying ready, so what the test times is the ingest.
  await getDb().$client.query('SELECT 1');
  process.stdout.write('ready\n');
  const lines = readline.createInterface({ input: process.stdin });
  for await (const line of lines) {
    const job = JSON.parse(line) as { orgId: string; keyId: string; mode: 'sync' | 'async'; events: Record<string, unknown>[] };
    const actor = { orgId: job.orgId, actorId: job.keyId, actorKind: 'key' as const };
    await Promise.all(
      job.events.map(async (body) => {
        const key = String(body.idempotency_key);
        try {
          const r = await ingestEvent(getDb(), actor, { event: parseEventInput(body), mode: job.mode });
          const eventId = r.mode === 'sync' ? r.decision.eventId : r.eventId;
          process.stdout.write(`${JSON.stringify({ key, ok: true, replay: r.replay, eventId })}\n`);
        } catch (err) {
          process.stdout.write(`${JSON.stringify({ key, ok: false, error: err instanceof Error ? err.message : String(err) })}\n`);
        }
      }),
    );
    process.stdout.write('done\n');
  }
  await closeDb();
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
