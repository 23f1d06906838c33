import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as keyById from '@/app/v1/keys/[id]/route';
import * as keys from '@/app/v1/keys/route';
import * as events from '@/app/v1/events/route';
import * as setup from '@/app/v1/setup/route';
import { getDb } from '@/db/client';
import { reloadSettings } from '@/lib/config';
import { log } from '@/lib/http/log';
import { route } from '@/lib/http/route';
import { activeRuleSet } from '@/lib/rules/active-rule-set';
import { call, newOrg, type TestOrg } from '../support/api';
import { freshInstall } from '../support/fresh-install';
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
});
