import { describe, expect, it } from 'vitest';
import { beforeMigration } from '../support/migrations';

describe('migration 0019_counter_bucket_latest', () => {
  it('gives the existing counter rows the latest time of their events and of their payments, as rebuilding them does', async () => {
    await beforeMigration('0019_counter_bucket_latest', async (client, migrate) => {
      const org = (await client.query<{ id: string }>("INSERT INTO organisations (name) VALUES ('Old Bank') RETURNING id")).rows[0]!.id;
      // ann pays bob twice in one hour and logs in after; bob pays ann in the next hour; cat only logs in.
      const events: [string, string, number | null, string | null, string | null][] = [
        ['e1', '2026-05-01T10:05:00.000Z', 100, 'ann', 'bob'],
        ['e2', '2026-05-01T10:40:00.000Z', 200, 'ann', 'bob'],
        ['e3', '2026-05-01T10:50:00.000Z', null, 'ann', null],
        ['e4', '2026-05-01T11:10:00.000Z', 50, 'bob', 'ann'],
        ['e5', '2026-05-01T11:20:00.000Z', null, 'cat', null],
      ];
      for (const [key, at, amount, source, destination] of events) {
        await client.query(
          `INSERT INTO events (org_id, idempotency_key, type, occurred_at, amount, currency, source_id, destination_id, payload, mode)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, '{}', 'async')`,
          [org, key, amount === null ? 'login' : 'transfer', at, amount, amount === null ? null : 'EUR', source, destination],
        );
      }
      await client.query('SELECT rebuild_counter_state($1)', [org]);

      await migrate();

      const buckets = async () =>
        (
          await client.query<{ entity_id: string; hour: Date; sent: number; in_count: number; last_at: Date; last_paid_at: Date | null }>(
            'SELECT entity_id, hour, sent, in_count, last_at, last_paid_at FROM counter_buckets WHERE org_id = $1 ORDER BY entity_id, hour',
            [org],
          )
        ).rows.map((r) => ({ ...r, hour: r.hour.toISOString(), last_at: r.last_at.toISOString(), last_paid_at: r.last_paid_at?.toISOString() ?? null }));
      const migrated = await buckets();
      expect(migrated).toEqual([
        { entity_id: 'ann', hour: '2026-05-01T10:00:00.000Z', sent: 3, in_count: 0, last_at: '2026-05-01T10:50:00.000Z', last_paid_at: '2026-05-01T10:40:00.000Z' },
        { entity_id: 'ann', hour: '2026-05-01T11:00:00.000Z', sent: 0, in_count: 1, last_at: '2026-05-01T11:10:00.000Z', last_paid_at: '2026-05-01T11:10:00.000Z' },
        { entity_id: 'bob', hour: '2026-05-01T10:00:00.000Z', sent: 0, in_count: 2, last_at: '2026-05-01T10:40:00.000Z', last_paid_at: '2026-05-01T10:40:00.000Z' },
        { entity_id: 'bob', hour: '2026-05-01T11:00:00.000Z', sent: 1, in_count: 0, last_at: '2026-05-01T11:10:00.000Z', last_paid_at: '2026-05-01T11:10:00.000Z' },
        { entity_id: 'cat', hour: '2026-05-01T11:00:00.000Z', sent: 1, in_count: 0, last_at: '2026-05-01T11:20:00.000Z', last_paid_at: null },
      ]);
      // The rebuild, redefined by the migration, gives the same rows.
      await client.query('SELECT rebuild_counter_state($1)', [org]);
      expect(await buckets()).toEqual(migrated);
      // Every row has its latest time from now on.
      await expect(
        client.query("INSERT INTO counter_buckets (org_id, entity_id, hour) VALUES ($1, 'dan', '2026-05-01T12:00:00Z')", [org]),
      ).rejects.toThrow(/last_at/);
    });
  });
});
