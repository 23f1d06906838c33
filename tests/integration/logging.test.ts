import { sql } from 'drizzle-orm';
import { redirect } from 'next/navigation';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as keyById from '@/app/v1/keys/[id]/route';
import * as keys from '@/app/v1/keys/route';
import * as events from '@/app/v1/events/route';
import * as setup from '@/app/v1/setup/route';
import { getDb } from '@/db/client';
import { onRequestError } from '@/instrumentation';
import { reloadSettings } from '@/lib/config';
import type { FormState } from '@/lib/forms/form-state';
import { log } from '@/lib/log';
import { route } from '@/lib/http/route';
import { formAction, serverAction } from '@/lib/http/server-action';
import { activeRuleSet } from '@/lib/rules/active-rule-set';
import { call, newOrg, type TestOrg } from '../support/api';
import { freshInstall } from '../support/fresh-install';
import { newPerson, signInOverHttp } from '../support/people';
import { activateTestRules } from '../support/rules';

// Logs are JSON lines on stdout (pino). This file captures them while it runs flows that handle secrets
// (an API key created and used, an admin password, a body that is not JSON) and greps the capture.

const ADMIN_PASSWORD = 'correct horse battery staple 2026';
let restore: () => Promise<void>;
let captured: string[] = [];
let spy: ReturnType<typeof vi.spyOn> | undefined;

beforeAll(async () => {
  restore = await freshInstall({ SERVICE_LOG_LEVEL: 'debug' });
});

afterAll(async () => {
  await restore?.();
});

beforeEach(() => {
  captured = [];
  const write = process.stdout.write.bind(process.stdout);
  spy = vi.spyOn(process.stdout, 'write').mockImplementation(((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    // Only the service's JSON lines are kept; vitest's own output passes through.
    if (text.startsWith('{')) {
      captured.push(text);
      return true;
    }
    return write(chunk as string, ...(rest as []));
  }) as typeof process.stdout.write);
});

afterEach(() => {
  spy?.mockRestore();
});

const lines = () =>
  captured
    .join('')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('logs', () => {
  let org: TestOrg;

  it('never hold an API key secret, a password, an Authorization header or a body, through a flow that creates and uses keys', async () => {
    const done = await call(setup.POST, {
      method: 'POST',
      path: '/v1/setup',
      body: {
        institution: 'Logging Bank',
        licence: 'LIC-1',
        regulator: 'FIU',
        admin_name: 'Ada',
        admin_email: 'ada@logging.example',
        admin_password: ADMIN_PASSWORD,
      },
    });
    expect(done.status).toBe(201);

    org = await newOrg('logging');
    const made = await call(keys.POST, { method: 'POST', path: '/v1/keys', key: org.key, body: { name: 'made-in-a-logged-run' } });
    expect(made.status).toBe(201);
    const secret = made.json.key as string;
    expect(secret).toMatch(/^sk_/);
    expect((await call(keys.GET, { path: '/v1/keys', key: secret })).status).toBe(200);
    const revoked = await call(keyById.DELETE, { method: 'DELETE', path: `/v1/keys/${org.keyId}`, key: secret, params: { id: org.keyId } });
    expect(revoked.status).toBe(200);
    expect((await call(keys.GET, { path: '/v1/keys', key: org.key })).status).toBe(401);
    const notJson = await call(events.POST, {
      method: 'POST',
      path: '/v1/events?mode=sync',
      key: secret,
      rawBody: `{"type": "transfer", "card": "4111111111111111", "password": "${ADMIN_PASSWORD}"`,
    });
    expect(notJson.status).toBe(400);
    const sent = await call(events.POST, {
      method: 'POST',
      path: '/v1/events?mode=async',
      key: secret,
      headers: { cookie: 'authjs.session-token=very-secret-cookie' },
      body: { type: 'login', idempotency_key: 'log-1', occurred_at: '2026-03-01T10:00:00Z', source: { entity_id: 'acct-secret-name' }, note: 'body text' },
    });
    expect(sent.status).toBe(202);

    const text = captured.join('');
    expect(text.length).toBeGreaterThan(0);
    for (const forbidden of [secret, secret.slice(3), org.key, org.key.slice(3), ADMIN_PASSWORD, 'Bearer', 'very-secret-cookie', '4111111111111111', 'body text']) {
      expect(text, `the log holds ${forbidden}`).not.toContain(forbidden);
    }

    const requests = lines().filter((l) => l.msg === 'request');
    expect(requests.map((l) => `${l.method} ${l.route} ${l.status}`)).toEqual([
      'POST /v1/setup 201',
      'POST /v1/keys 201',
      'GET /v1/keys 200',
      'DELETE /v1/keys/{id} 200',
      'GET /v1/keys 401',
      'POST /v1/events 400',
      'POST /v1/events 202',
    ]);
    const created = requests[1] as Record<string, unknown>;
    expect(created).toEqual({
      level: 'info',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      msg: 'request',
      request_id: made.headers.get('x-request-id'),
      route: '/v1/keys',
      method: 'POST',
      status: 201,
      duration_ms: expect.any(Number),
      actor: org.keyId,
      org_id: org.orgId,
    });
    // Unauthenticated requests name no actor; the key that revoked is the new one.
    expect(requests[4]).not.toHaveProperty('actor');
    expect(requests[3]).toMatchObject({ actor: made.json.id, org_id: org.orgId });
  });

  it('log unexpected failures at error level with the request id, and scrub key-shaped text from messages', async () => {
    const failing = route({
      auth: 'none',
      handler: async () => {
        throw new Error('upstream refused sk_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789 with Bearer abc.def');
      },
    });
    const r = await call(failing, { path: '/v1/fails' });
    expect(r.status).toBe(500);
    expect(r.text).toBe(`internal server error (request ${r.headers.get('x-request-id')})`);
    const all = lines();
    const failure = all.find((l) => l.msg === 'unexpected failure');
    expect(failure).toMatchObject({ level: 'error', request_id: r.headers.get('x-request-id') });
    expect(String(failure?.error)).toBe('Error: upstream refused sk_[redacted] with Bearer [redacted]');
    expect(all.find((l) => l.msg === 'request')).toMatchObject({ level: 'error', status: 500, route: '/v1/fails' });
    expect(captured.join('')).not.toContain('AbCdEfGh');
  });

  it('go to the same logger from the rule cache: a stored rule that no longer compiles is an error line on stdout', async () => {
    const stderr = vi.spyOn(process.stderr, 'write');
    try {
      const owner = await newOrg('logging-rules');
      await activateTestRules(owner.orgId, [
        { key: 'fine', expr: 'amount >= 1.0' },
        { key: 'broken', expr: 'amount >= (' },
      ]);
      const set = await activeRuleSet(getDb(), owner.orgId);
      expect(set.rules.map((r) => r.key)).toEqual(['fine']);
      expect(lines().filter((l) => l.msg === 'active rule no longer compiles')).toEqual([
        {
          level: 'error',
          time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
          msg: 'active rule no longer compiles',
          org_id: owner.orgId,
          rule: 'broken',
          version: 1,
          error: expect.any(String),
        },
      ]);
      expect(stderr.mock.calls.map((c) => String(c[0])).join('')).not.toContain('active rule no longer compiles');
    } finally {
      stderr.mockRestore();
    }
  });

  it('redact secret-named fields wherever a caller puts them', () => {
    log('info', 'careless', { password: 'p4ss', authorization: 'Bearer x', headers: { cookie: 'c=1', authorization: 'Basic y' }, token: 't', secret: 's' });
    expect(lines()[0]).toEqual({
      level: 'info',
      time: expect.any(String),
      msg: 'careless',
      password: '[redacted]',
      authorization: '[redacted]',
      headers: { cookie: '[redacted]', authorization: '[redacted]' },
      token: '[redacted]',
      secret: '[redacted]',
    });
  });

  it('follow SERVICE_LOG_LEVEL', () => {
    process.env.SERVICE_LOG_LEVEL = 'warn';
    reloadSettings();
    try {
      log('info', 'not shown');
      log('warn', 'shown');
      expect(lines().map((l) => l.msg)).toEqual(['shown']);
    } finally {
      process.env.SERVICE_LOG_LEVEL = 'debug';
      reloadSettings();
    }
  });

  it('hold no bind values, password or key hashes, or emails when a statement fails, and name the statement and its error code', async () => {
    // An install of its own, where setup is still open; a trigger makes the inserts of people and keys fail.
    const restoreInstall = await freshInstall();
    const adminEmail = 'grace.failing@logging.example';
    const unknownEmail = 'nobody.failing@logging.example';
    let personEmail = '';
    try {
      const db = getDb();
      await db.execute(
        sql.raw(`CREATE FUNCTION refuse_row() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused' USING ERRCODE = 'check_violation'; END $$`),
      );
      await db.execute(sql.raw('CREATE TRIGGER refuse BEFORE INSERT ON people FOR EACH ROW EXECUTE FUNCTION refuse_row()'));
      const refusedSetup = await call(setup.POST, {
        method: 'POST',
        path: '/v1/setup',
        body: { institution: 'Failing Bank', licence: 'LIC-2', regulator: 'FIU', admin_name: 'Grace', admin_email: adminEmail, admin_password: ADMIN_PASSWORD },
      });
      expect(refusedSetup.status).toBe(500);
      await db.execute(sql.raw('DROP TRIGGER refuse ON people'));

      // Failed sign-ins: a wrong password, an unknown email, and one whose lookup statement fails.
      const owner = await newOrg('logging-failing');
      const person = await newPerson(owner.orgId, 'analyst', 'the right password here');
      personEmail = person.email;
      expect(await signInOverHttp(person.email, 'a wrong password here')).toMatchObject({ ok: false, code: 'credentials' });
      expect(await signInOverHttp(unknownEmail, 'a wrong password here')).toMatchObject({ ok: false, code: 'credentials' });
      await db.execute(sql.raw('ALTER TABLE people RENAME COLUMN email TO email_elsewhere'));
      try {
        expect((await signInOverHttp(person.email, 'the right password here')).ok).toBe(false);
      } finally {
        await db.execute(sql.raw('ALTER TABLE people RENAME COLUMN email_elsewhere TO email'));
      }

      await db.execute(sql.raw('CREATE TRIGGER refuse BEFORE INSERT ON api_keys FOR EACH ROW EXECUTE FUNCTION refuse_row()'));
      const refusedKey = await call(keys.POST, { method: 'POST', path: '/v1/keys', key: owner.key, body: { name: 'never stored' } });
      expect(refusedKey.status).toBe(500);

      const text = captured.join('');
      for (const forbidden of [adminEmail, personEmail, unknownEmail, ADMIN_PASSWORD, '$argon2', 'params:', 'Failed query']) {
        expect(text, `the log holds ${forbidden}`).not.toContain(forbidden);
      }
      // A key's SHA-256 is 64 hex digits; nothing in the log looks like one.
      expect(text).not.toMatch(/[0-9a-f]{64}/);

      const failures = lines().filter((l) => l.msg === 'unexpected failure');
      expect(failures).toEqual([
        expect.objectContaining({ level: 'error', request_id: refusedSetup.headers.get('x-request-id'), statement: expect.stringMatching(/^aml_[0-9a-f]{20}$/), operation: 'insert people', code: '23514' }),
        expect.objectContaining({ level: 'error', request_id: refusedKey.headers.get('x-request-id'), statement: expect.stringMatching(/^aml_[0-9a-f]{20}$/), operation: 'insert api_keys', code: '23514' }),
      ]);
      expect(lines().filter((l) => l.msg === 'auth failure')).toEqual([
        expect.objectContaining({ level: 'error', statement: expect.stringMatching(/^aml_[0-9a-f]{20}$/), operation: 'select people', code: '42703' }),
      ]);
    } finally {
      await restoreInstall();
    }
  });

  it('take errors thrown in server actions through the same logger: one line, the statement by name, no bind values', async () => {
    const email = 'leaky@action.example';
    const failing = formAction('test.failing-form', async (_prev: FormState, _form: FormData): Promise<FormState> => {
      await getDb().execute(sql`SELECT ${email}::int`);
      return { ok: true };
    });
    const state = await failing({}, new FormData());
    expect(state).toEqual({ message: expect.stringMatching(/^something went wrong on our side; try again \(reference [0-9a-f-]{36}\)$/) });

    const thrown = serverAction('test.failing-action', async () => {
      await getDb().execute(sql`SELECT ${email}::int`);
    });
    const err = await thrown().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    expect(String((err as Error).message)).toMatch(/^something went wrong on our side; try again \(reference [0-9a-f-]{36}\)$/);
    expect((err as Error).cause).toBeUndefined();

    // Navigation is not a failure: it passes through, unlogged.
    const redirecting = formAction('test.redirect', async (_prev: FormState, _form: FormData): Promise<FormState> => redirect('/elsewhere'));
    await expect(redirecting({}, new FormData())).rejects.toMatchObject({ digest: expect.stringMatching(/^NEXT_REDIRECT/) });

    const text = captured.join('');
    expect(text).not.toContain(email);
    expect(captured.every((chunk) => chunk.trimEnd().split('\n').length === 1)).toBe(true);
    expect(lines().filter((l) => l.msg === 'server action failed')).toEqual([
      expect.objectContaining({ level: 'error', action: 'test.failing-form', statement: expect.stringMatching(/^aml_[0-9a-f]{20}$/), operation: 'select', code: '22P02', reference: expect.any(String) }),
      expect.objectContaining({ level: 'error', action: 'test.failing-action', statement: expect.stringMatching(/^aml_[0-9a-f]{20}$/), operation: 'select', code: '22P02', reference: expect.any(String) }),
    ]);
    expect(state.message).toContain(String(lines()[0]?.reference));
  });

  it("take errors Next.js reports from pages and actions (instrumentation's onRequestError) through the same logger, without the query string", async () => {
    const email = 'leaky@render.example';
    const err = await getDb()
      .execute(sql`SELECT ${email}::int`)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    await onRequestError(
      err,
      { path: '/alerts?token=abc123', method: 'POST', headers: { cookie: 'authjs.session-token=secret-cookie' } },
      { routerKind: 'App Router', routePath: '/alerts', routeType: 'action', renderSource: 'react-server-components', revalidateReason: undefined },
    );
    const text = captured.join('');
    for (const forbidden of [email, 'abc123', 'secret-cookie']) expect(text).not.toContain(forbidden);
    expect(lines()).toEqual([
      expect.objectContaining({
        level: 'error',
        msg: 'request failed',
        path: '/alerts',
        method: 'POST',
        route: '/alerts',
        route_type: 'action',
        statement: expect.stringMatching(/^aml_[0-9a-f]{20}$/),
        operation: 'select',
        code: '22P02',
      }),
    ]);
  });
});
