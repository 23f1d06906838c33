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

/** The socket under a pg client (undefined for a client that has none, such as a test double). */
const socketOf = (client: pg.ClientBase): { cork?: () => void; uncork?: () => void } | undefined =>
  (client as unknown as { connection?: { stream?: { cork?: () => void; uncork?: () => void } } }).connection?.stream;

/**
 * Runs `send`, which puts statements on a pipelined connection, with the socket corked: the statements
 * leave in one write instead of one each. Every write to a local socket is a system call that also wakes
 * the server's process, and on a machine whose cores are shared that costs more than the statement's own
 * work on the service's side.
 */
function corked<T>(client: pg.ClientBase, send: () => T): T {
  const socket = socketOf(client);
  socket?.cork?.();
  try {
    return send();
  } finally {
    socket?.uncork?.();
  }
}

const settle = (p: Promise<pg.QueryResult>): Promise<PromiseSettledResult<pg.QueryResult>> =>
  p.then(
    (value) => ({ status: 'fulfilled', value }),
    (reason: unknown) => ({ status: 'rejected', reason }),
  );

/**
 * Sends the statements in order; one settled answer each, as each arrives. Each answer is settled on its
 * own: in a transaction a failed statement aborts it, and the statements after it fail too ("current
 * transaction is aborted"), so the caller picks the failure that is the cause. On a connection that is
 * not pipelined, a statement is sent once the one before has answered, and after a failure the rest are
 * not sent and answer with that failure.
 */
export function sendEachInOrder(client: pg.ClientBase, statements: readonly (string | pg.QueryConfig)[]): Promise<PromiseSettledResult<pg.QueryResult>>[] {
  if (pipelined(client)) return corked(client, () => statements.map((s) => settle(client.query(s))));
  let previous: Promise<PromiseSettledResult<pg.QueryResult> | null> = Promise.resolve(null);
  return statements.map((statement) => {
    const answer = previous.then((before) => (before?.status === 'rejected' ? before : settle(client.query(statement))));
    previous = answer;
    return answer;
  });
}

/**
 * Sends `first`, then runs `then`, whose first statement goes right behind `first` on a pipelined
 * connection (one round trip and one write for both, when `then` sends it before its first await);
 * elsewhere `then` starts once `first` has answered. When both fail, `first`'s error is the cause and is
 * the one thrown.
 */
export async function sendBehind<T>(client: pg.ClientBase, first: string | pg.QueryConfig, then: () => Promise<T>): Promise<T> {
  if (!pipelined(client)) {
    await client.query(first);
    return then();
  }
  const [firstFailure, pending] = corked(client, () => {
    const failure = client.query(first).then(
      () => null,
      (err: unknown) => err,
    );
    return [failure, then()] as const;
  });
  let result: T;
  try {
    result = await pending;
  } catch (err) {
    throw (await firstFailure) ?? err;
  }
  const err = await firstFailure;
  if (err) throw err;
  return result;
}
