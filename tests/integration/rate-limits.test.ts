import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import * as keys from '@/app/v1/keys/route';
import { reloadSettings } from '@/lib/config';
import { CLIENT_ADDRESS_HEADER } from '@/lib/http/client-address';
import { resetRateLimits, UNAUTHENTICATED_PER_MINUTE } from '@/lib/http/rate-limit';
import { call, newOrg, type CallResult, type TestOrg } from '../support/api';

function limits(env: Record<string, string>) {
  Object.assign(process.env, env);
  reloadSettings();
  resetRateLimits();
}

afterEach(() => {
  delete process.env.SERVICE_RATE_LIMIT;
  delete process.env.SERVICE_ORG_RATE_LIMIT;
  reloadSettings();
  resetRateLimits();
});

const list = (key: string | undefined, address = '198.51.100.1') =>
  call(keys.GET, { path: '/v1/keys', ...(key ? { key } : {}), headers: { [CLIENT_ADDRESS_HEADER]: address } });

async function mint(by: TestOrg, name: string): Promise<string> {
  const r = await call(keys.POST, { method: 'POST', path: '/v1/keys', key: by.key, body: { name } });
  expect(r.status, r.text).toBe(201);
  return r.json.key as string;
}

/** A well-formed key that no organisation has. */
const unknownKey = () => `sk_${randomBytes(30).toString('base64url').replace(/[-_]/g, 'x').slice(0, 40)}`;

function expectLimited(r: CallResult, message: string) {
  expect(r.status, r.text).toBe(429);
  expect(r.json).toEqual({ error: message });
  const retryAfter = Number(r.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe('per-organisation limit', () => {
  it('counts every key of the organisation together, so minted keys get no fresh budget', async () => {
    const org = await newOrg('org-limit');
    const minted = [await mint(org, 'm1'), await mint(org, 'm2'), await mint(org, 'm3')];
    limits({ SERVICE_RATE_LIMIT: '100', SERVICE_ORG_RATE_LIMIT: '10' });
    const all = [org.key, ...minted];
    for (let i = 0; i < 10; i++) expect((await list(all[i % all.length])).status).toBe(200);
    // Each key has made at most three requests, far under its own 100; the organisation has made ten.
    for (const key of all) expectLimited(await list(key), 'too many requests for this organisation; retry later');
    // Another organisation is not held up.
    const other = await newOrg('org-limit-other');
    expect((await list(other.key)).status).toBe(200);
  });

  it('SERVICE_ORG_RATE_LIMIT=0 turns the organisation limit off and leaves the key limit', async () => {
    const org = await newOrg('org-limit-off');
    const second = await mint(org, 'second');
    limits({ SERVICE_RATE_LIMIT: '5', SERVICE_ORG_RATE_LIMIT: '0' });
    for (let i = 0; i < 5; i++) expect((await list(org.key)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await list(second)).status).toBe(200);
    expectLimited(await list(org.key), 'too many requests for this API key; retry later');
  });
});

describe('per-address limit for requests without a valid key', () => {
  it(`answers 429 after ${UNAUTHENTICATED_PER_MINUTE} missing or unknown keys a minute from one address; other addresses and valid keys go on`, async () => {
    const org = await newOrg('address-limit');
    limits({});
    const address = '203.0.113.7';
    for (let i = 0; i < UNAUTHENTICATED_PER_MINUTE; i++) {
      const r = await list(i % 3 === 0 ? undefined : i % 3 === 1 ? unknownKey() : 'Bearer nonsense', address);
      expect(r.status, `request ${i}`).toBe(401);
    }
    const message = 'too many requests without a valid API key from this address; retry later';
    expectLimited(await list(unknownKey(), address), message);
    expectLimited(await list(undefined, address), message);
    // Another address still hears 401, and a valid key from another address works.
    expect((await list(unknownKey(), '203.0.113.8')).status).toBe(401);
    expect((await list(org.key, '203.0.113.8')).status).toBe(200);
    // A key already known to this instance is served even from the blocked address (no lookup needed).
    expect((await list(org.key, address)).status).toBe(200);
  });

  it('SERVICE_RATE_LIMIT=0 turns it off', async () => {
    limits({ SERVICE_RATE_LIMIT: '0' });
    for (let i = 0; i < UNAUTHENTICATED_PER_MINUTE + 5; i++) expect((await list(unknownKey(), '203.0.113.9')).status).toBe(401);
  });
});
