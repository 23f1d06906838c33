import { describe, expect, it } from 'vitest';
import * as keys from '@/app/v1/keys/route';
import * as audit from '@/app/v1/audit/route';
import { reloadSettings } from '@/lib/config';
import { resetRateLimits } from '@/lib/http/rate-limit';
import { call, newOrg } from '../support/api';

describe('authentication', () => {
  it('answers 401 for a missing, malformed, unknown or wrongly-schemed key', async () => {
    for (const authorization of [undefined, 'Bearer', 'Bearer nonsense', `Bearer sk_${'a'.repeat(40)}`, 'Basic dXNlcjpwYXNz']) {
      const r = await call(keys.GET, { headers: authorization ? { authorization } : {} });
      expect(r.status).toBe(401);
      expect(r.json).toEqual({ error: 'missing or invalid API key' });
      expect(r.headers.get('x-request-id')).toBeTruthy();
    }
  });
});

describe('request bodies', () => {
  it('answers invalid JSON with 400 in plain text', async () => {
    const org = await newOrg();
    const r = await call(keys.POST, { method: 'POST', key: org.key, rawBody: '{"name": ', headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(400);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(r.text).toBe('request body is not valid JSON');
  });

  it('answers 413 for a declared length over 1 MiB before reading it', async () => {
    const org = await newOrg();
    const body = JSON.stringify({ name: 'x'.repeat(1024 * 1024) });
    const r = await call(keys.POST, { method: 'POST', key: org.key, rawBody: body, headers: { 'content-length': String(body.length) } });
    expect(r.status).toBe(413);
    expect(r.json.error).toMatch(/larger than/);
  });

  it('answers 413 for a chunked body with no Content-Length that passes 1 MiB', async () => {
    const org = await newOrg();
    let sent = 0;
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        // Far more than the limit is offered; the reader must stop early.
        if (sent >= 64) return controller.close();
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const r = await call(keys.POST, { method: 'POST', key: org.key, rawBody: stream });
    expect(r.status).toBe(413);
    expect(sent).toBeLessThan(64);
  });

  it('accepts a body just under the limit', async () => {
    const org = await newOrg();
    const body = JSON.stringify({ name: 'ok', padding: 'x'.repeat(1024 * 1024 - 40) });
    expect(body.length).toBeLessThanOrEqual(1024 * 1024);
    const r = await call(keys.POST, { method: 'POST', key: org.key, rawBody: body });
    expect(r.status).toBe(201);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After once a key passes SERVICE_RATE_LIMIT requests in a minute', async () => {
    const org = await newOrg();
    process.env.SERVICE_RATE_LIMIT = '5';
    reloadSettings();
    resetRateLimits();
    try {
      for (let i = 0; i < 5; i++) expect((await call(keys.GET, { key: org.key })).status).toBe(200);
      const limited = await call(keys.GET, { key: org.key });
      expect(limited.status).toBe(429);
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // Another key of the same organisation has its own allowance.
      const other = await newOrg();
      expect((await call(keys.GET, { key: other.key })).status).toBe(200);
    } finally {
      delete process.env.SERVICE_RATE_LIMIT;
      reloadSettings();
      resetRateLimits();
    }
  });
});

describe('paging', () => {
  it('pages keys with a stable cursor while new keys are created between pages', async () => {
    const org = await newOrg();
    for (let i = 0; i < 6; i++) await call(keys.POST, { method: 'POST', key: org.key, body: { name: `k${i}` } });
    const first = await call(keys.GET, { path: '/v1/keys?limit=3', key: org.key });
    expect(first.json.keys.map((k: { name: string }) => k.name)).toEqual(['k5', 'k4', 'k3']);
    expect(first.json.next_cursor).toBeTruthy();
    // New rows arrive at the head; the cursor keeps its place.
    await call(keys.POST, { method: 'POST', key: org.key, body: { name: 'late' } });
    const second = await call(keys.GET, { path: `/v1/keys?limit=3&cursor=${first.json.next_cursor}`, key: org.key });
    expect(second.json.keys.map((k: { name: string }) => k.name)).toEqual(['k2', 'k1', 'k0']);
    const third = await call(keys.GET, { path: `/v1/keys?limit=3&cursor=${second.json.next_cursor}`, key: org.key });
    expect(third.json.keys.map((k: { name: string }) => k.name)).toEqual(['first']);
    expect(third.json).not.toHaveProperty('next_cursor');
  });

  it('omits next_cursor when a page ends exactly at the last row', async () => {
    const org = await newOrg();
    await call(keys.POST, { method: 'POST', key: org.key, body: { name: 'k' } });
    const page = await call(keys.GET, { path: '/v1/keys?limit=2', key: org.key });
    expect(page.json.keys).toHaveLength(2);
    expect(page.json).not.toHaveProperty('next_cursor');
  });

  it('refuses a limit outside 1 to 200 and a forged cursor', async () => {
    const org = await newOrg();
    for (const limit of ['0', '201', 'ten', '1.5']) {
      const r = await call(keys.GET, { path: `/v1/keys?limit=${limit}`, key: org.key });
      expect(r.status).toBe(400);
      expect(r.json).toEqual({ error: 'limit must be between 1 and 200' });
    }
    const forged = await call(audit.GET, { path: '/v1/audit?cursor=bm90LWEtY3Vyc29y', key: org.key });
    expect(forged.status).toBe(400);
  });
});
