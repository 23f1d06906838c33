import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { databaseUrl } from '@/db/client';
import { sendBehind, sendEachInOrder } from '@/db/pipeline';

const status = (settled: PromiseSettledResult<pg.QueryResult>[]) =>
  settled.map((s) => (s.status === 'fulfilled' ? s.value.rows[0]?.v ?? s.value.command : (s.reason as { code?: string }).code));

describe.each([
  ['a pipelined connection', true],
  ['a connection that is not pipelined', false],
])('statements sent back to back on %s', (_name, pipeline) => {
  let client: pg.Client;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: databaseUrl(), pipeline });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
  });

  it('runs in the order sent, each seeing what the earlier ones did', async () => {
    const settled = await Promise.all(sendEachInOrder(client, [
      'BEGIN',
      'CREATE TEMP TABLE pipeline_order (v int) ON COMMIT DROP',
      { text: 'INSERT INTO pipeline_order VALUES ($1)', values: [7] },
      'SELECT sum(v)::int AS v FROM pipeline_order',
      'COMMIT',
    ]));
    expect(status(settled)).toEqual(['BEGIN', 'CREATE', 'INSERT', 7, 'COMMIT']);
  });

  it('answers each statement after a failure in a transaction with the failure, and the transaction commits nothing', async () => {
    await client.query('CREATE TEMP TABLE IF NOT EXISTS pipeline_failure (v int PRIMARY KEY)');
    const settled = await Promise.all(sendEachInOrder(client, [
      'BEGIN',
      'INSERT INTO pipeline_failure VALUES (1)',
      'INSERT INTO pipeline_failure VALUES (1)',
      'INSERT INTO pipeline_failure VALUES (2)',
    ]));
    // 23505: the duplicate, the cause; after it the transaction is aborted (25P02), or on a connection
    // that is not pipelined the statement is not sent and answers with the cause.
    expect(status(settled)).toEqual(['BEGIN', 'INSERT', '23505', pipeline ? '25P02' : '23505']);
    await client.query('ROLLBACK');
    expect((await client.query('SELECT count(*)::int AS n FROM pipeline_failure')).rows[0]).toEqual({ n: 0 });
  });

  it('answers a COMMIT sent behind a failure with a rollback on a pipelined connection, and does not send it elsewhere', async () => {
    await client.query('CREATE TEMP TABLE IF NOT EXISTS pipeline_commit (v int PRIMARY KEY)');
    const settled = await Promise.all(
      sendEachInOrder(client, ['BEGIN', 'INSERT INTO pipeline_commit VALUES (1)', 'INSERT INTO pipeline_commit VALUES (1)', 'COMMIT']),
    );
    expect(status(settled)).toEqual(['BEGIN', 'INSERT', '23505', pipeline ? 'ROLLBACK' : '23505']);
    if (!pipeline) await client.query('ROLLBACK');
    expect((await client.query('SELECT count(*)::int AS n FROM pipeline_commit')).rows[0]).toEqual({ n: 0 });
  });

  it('throws the failure of the statement sent first when the ones behind it fail because of it', async () => {
    const behind = sendBehind(client, "BEGIN; SELECT 'x'::int", () => client.query('SELECT 1'));
    await expect(behind).rejects.toMatchObject({ code: '22P02' });
    await client.query('ROLLBACK');
    // What `then` answers is returned once both have answered.
    await expect(sendBehind(client, 'SELECT 1', async () => (await client.query('SELECT 2 AS v')).rows[0])).resolves.toEqual({ v: 2 });
  });
});
