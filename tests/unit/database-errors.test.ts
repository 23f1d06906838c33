import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { databaseFailureOf, isDatabaseUnavailable, markFailedStatement, operationOf, statementNameOf } from '@/db/errors';

/** An error as pg reports PostgreSQL's answer: a SQLSTATE and a severity. */
const pgError = (code: string, message = 'the server said no') => Object.assign(new Error(message), { code, severity: 'ERROR' });
const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, errno: -111, syscall: 'connect' });

describe('isDatabaseUnavailable', () => {
  it.each(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'])('is true for the socket error %s', (code) => {
    expect(isDatabaseUnavailable(socketError(code))).toBe(true);
  });

  it.each([
    'Connection terminated unexpectedly',
    'Connection terminated',
    'Connection terminated due to connection timeout',
    'timeout exceeded when trying to connect',
    'Client has encountered a connection error and is not queryable',
  ])('is true for pg saying "%s"', (message) => {
    expect(isDatabaseUnavailable(new Error(message))).toBe(true);
  });

  it.each(['08000', '08003', '08006', '57P01', '57P02', '57P03'])('is true for SQLSTATE %s', (code) => {
    expect(isDatabaseUnavailable(pgError(code))).toBe(true);
  });

  it.each(['23505', '23514', '40001', '40P01', '57014', '22P02', '42703'])('is false for SQLSTATE %s: the database answered', (code) => {
    expect(isDatabaseUnavailable(pgError(code))).toBe(false);
  });

  it('is false for errors that have nothing to do with the database', () => {
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Connection terminated by the user, they said'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });

  it("looks through Drizzle's wrapper, Auth.js's cause.err and an AggregateError", () => {
    const drizzle = new DrizzleQueryError('select 1', [], pgError('57P01', 'terminating connection due to administrator command'));
    expect(isDatabaseUnavailable(drizzle)).toBe(true);
    const auth = Object.assign(new Error('Read more at https://errors.authjs.dev'), { cause: { err: drizzle, provider: 'credentials' } });
    expect(isDatabaseUnavailable(auth)).toBe(true);
    const aggregate = new AggregateError([socketError('ECONNREFUSED'), socketError('ECONNREFUSED')], 'connect failed');
    expect(isDatabaseUnavailable(aggregate)).toBe(true);
    expect(isDatabaseUnavailable(new DrizzleQueryError('insert into "people"', [], pgError('23505')))).toBe(false);
  });

  it('stops on a cycle', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});

describe('databaseFailureOf', () => {
  it("names Drizzle's failed statement by a hash of its text and what it does, with the SQLSTATE, and none of its values", () => {
    const text = 'insert into "people" ("email", "password_hash") values ($1, $2)';
    const err = new DrizzleQueryError(text, ['ada@bank.example', '$argon2id$v=19$m=19456,t=2,p=1$salt$hash'], pgError('23514', 'new row violates check'));
    const failure = databaseFailureOf(err);
    expect(failure).toEqual({ unavailable: false, statement: { statement: statementNameOf(text), operation: 'insert people' }, code: '23514' });
    expect(JSON.stringify(failure)).not.toMatch(/ada@|argon2|violates/);
  });

  it('prefers the name a statement was marked with (a prepared statement)', () => {
    const err = pgError('57P01');
    markFailedStatement(err, { name: 'event-write', text: 'WITH written AS (INSERT INTO events ...) SELECT 1' });
    markFailedStatement(err, { name: 'a-later-mark', text: 'select 1' });
    expect(databaseFailureOf(new Error('the event was not stored', { cause: err }))).toEqual({
      unavailable: true,
      statement: { statement: 'event-write', operation: 'with' },
      code: '57P01',
    });
  });

  it('gives the socket code when no connection could be made', () => {
    expect(databaseFailureOf(socketError('ECONNREFUSED'))).toEqual({ unavailable: true, code: 'ECONNREFUSED' });
  });

  it('is undefined for errors that have nothing to do with the database', () => {
    expect(databaseFailureOf(new Error('boom'))).toBeUndefined();
    expect(databaseFailureOf(Object.assign(new Error('no such file'), { code: 'ENOENT' }))).toBeUndefined();
  });
});

describe('operationOf', () => {
  it.each([
    ['insert into "people" ("a") values ($1)', 'insert people'],
    ['update "api_keys" set "revoked_at" = now() where "id" = $1', 'update api_keys'],
    ['delete from "sessions" where "id" = $1', 'delete sessions'],
    ['select "id", "valid_from" from "alerts" where "org_id" = $1', 'select alerts'],
    ['SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations', 'select drizzle.__drizzle_migrations'],
    ["select 'ada from secret' from t", 'select t'],
    ["BEGIN; SELECT pg_advisory_xact_lock(1); SELECT * FROM events WHERE entity_id = 'acct-1'", 'begin'],
    ['WITH joined AS (UPDATE alerts SET x = 1) INSERT INTO decisions SELECT 1', 'with'],
  ])('%s -> %s', (text, operation) => {
    expect(operationOf(text)).toBe(operation);
  });
});
