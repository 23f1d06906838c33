import type pg from 'pg';

/**
 * Statements sent back to back on one connection. A connection in pipeline mode (db/client.ts
 * `ingestPoolFor`) puts each on the wire without waiting for the one before to answer, so statements
 * that do not need each other's answers cost one round trip together; PostgreSQL still runs them one
 * after the other, in the order sent, each seeing what the earlier ones did. On any other connection
 * each is sent once the one before has answered: the same statements in the same order, one round trip
 * each.
 */

const pipelined = (client: pg.ClientBase): boolean => (client as unknown as pg.Client).pipeline === true;

/**
 * Sends the statements in order and waits for every answer. Each answer is settled on its own: in a
 * transaction a failed statement aborts it, and the statements after it fail too ("current transaction
 * is aborted"), so the caller picks the failure that is the cause. On a connection that is not
 * pipelined, the statements after a failure are not sent and answer with the same failure.
 */
export async function sendInOrder(client: pg.ClientBase, statements: readonly (string | pg.QueryConfig)[]): Promise<PromiseSettledResult<pg.QueryResult>[]> {
  if (pipelined(client)) return Promise.allSettled(statements.map((s) => client.query(s)));
  const settled: PromiseSettledResult<pg.QueryResult>[] = [];
  let failure: PromiseRejectedResult | null = null;
  for (const statement of statements) {
    if (failure) {
      settled.push(failure);
      continue;
    }
    try {
      settled.push({ status: 'fulfilled', value: await client.query(statement) });
    } catch (err) {
      failure = { status: 'rejected', reason: err };
      settled.push(failure);
    }
  }
  return settled;
}

/**
 * Sends `first`, then runs `then`, whose first statement goes right behind `first` on a pipelined
 * connection (one round trip for both); elsewhere `then` starts once `first` has answered. When both
 * fail, `first`'s error is the cause and is the one thrown.
 */
export async function sendBehind<T>(client: pg.ClientBase, first: string | pg.QueryConfig, then: () => Promise<T>): Promise<T> {
  if (!pipelined(client)) {
    await client.query(first);
    return then();
  }
  const firstFailure = client.query(first).then(
    () => null,
    (err: unknown) => err,
  );
  let result: T;
  try {
    result = await then();
  } catch (err) {
    throw (await firstFailure) ?? err;
  }
  const err = await firstFailure;
  if (err) throw err;
  return result;
}
