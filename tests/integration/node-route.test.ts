import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as events from '@/app/v1/events/route';
import { serveWithRoute } from '@/lib/http/node-route';
import { call, newOrg, type TestOrg } from '../support/api';

// Event ingest is served from Node's server by its route handler (scripts/start.ts): these requests go
// over a real socket through the adapter and must answer exactly as the handler does in-process.
let server: http.Server;
let base: string;
let org: TestOrg;

beforeAll(async () => {
  server = http.createServer((req, res) => void serveWithRoute(events.POST, req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  org = await newOrg('node-route');
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const payment = (key: string) => ({
  type: 'transfer',
  idempotency_key: key,
  occurred_at: new Date().toISOString(),
  amount: { value: 125.5, currency: 'EUR' },
  source: { entity_id: `src-${key}` },
  destination: { entity_id: 'dst-node-route' },
});

const send = (path: string, init: RequestInit & { duplex?: 'half' } = {}, key: string | null = org.key) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    ...init,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
  });

describe('event ingest served from Node without the router', () => {
  it('answers a sync event with the decision, and its replay with the same answer, as the handler does in-process', async () => {
    const key = `node-route-${randomUUID()}`;
    const first = await send('/v1/events?mode=sync', { body: JSON.stringify(payment(key)) });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    expect(first.headers.get('x-request-id')).toBeTruthy();
    const decision = await first.json();
    expect(decision).toMatchObject({ decision: 'allow', event_id: expect.any(String) });

    const replayed = await send('/v1/events?mode=sync', { body: JSON.stringify(payment(key)) });
    expect(replayed.status).toBe(200);
    expect(await replayed.json()).toEqual(decision);
    // The same request routed in-process answers the same.
    const inProcess = await call(events.POST, { method: 'POST', path: '/v1/events?mode=sync', key: org.key, body: payment(key) });
    expect(inProcess.status).toBe(200);
    expect(inProcess.json).toEqual(decision);
  });

  it('answers an async event with 202, and keeps the caller’s plain request id', async () => {
    const r = await send('/v1/events', { body: JSON.stringify(payment(`node-route-${randomUUID()}`)), headers: { 'x-request-id': 'req-node-route-1' } });
    expect(r.status).toBe(202);
    expect(r.headers.get('x-request-id')).toBe('req-node-route-1');
    const body = await r.json();
    expect(Object.keys(body).sort()).toEqual(['id', 'received_at']);
  });

  it('reads a body sent in several chunks without a length, up to the limit', async () => {
    const key = `node-route-${randomUUID()}`;
    // Padded near the limit and cut into pieces, so the adapter must put several chunks together.
    const text = JSON.stringify({ ...payment(key), note: 'z'.repeat(1024 * 1024 - 400) });
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(1024 * 1024);
    const bytes = new TextEncoder().encode(text);
    const pieces = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 50_000) controller.enqueue(bytes.slice(at, at + 50_000));
        controller.close();
      },
    });
    const r = await send('/v1/events?mode=async', { body: pieces, duplex: 'half' });
    expect(r.status).toBe(202);
    const { id } = (await r.json()) as { id: string };
    const stored = await call(events.GET, { method: 'GET', path: '/v1/events?limit=100', key: org.key });
    expect((stored.json as { events: { id: string; idempotency_key: string }[] }).events.find((e) => e.id === id)?.idempotency_key).toBe(key);
  });

  it('lets go of a request whose client leaves before its body ends', async () => {
    let settled: () => void = () => undefined;
    const served = new Promise<void>((resolve) => (settled = resolve));
    const own = http.createServer((req, res) => void serveWithRoute(events.POST, req, res).then(settled));
    await new Promise<void>((resolve) => own.listen(0, '127.0.0.1', resolve));
    try {
      const socket = net.connect((own.address() as AddressInfo).port, '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', resolve));
      // Declares 1,000 bytes, sends 20 and leaves.
      socket.write(`POST /v1/events HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${org.key}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"type": "transfer",`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      socket.destroy();
      await served;
    } finally {
      await new Promise((resolve) => own.close(resolve));
    }
  });

  it('answers whatever the Host header says', async () => {
    const body = JSON.stringify(payment(`node-route-${randomUUID()}`));
    const status = await new Promise<number>((resolve, reject) => {
      const r = http.request(
        `${base}/v1/events`,
        { method: 'POST', headers: { host: 'not a host/..', authorization: `Bearer ${org.key}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      r.on('error', reject);
      r.end(body);
    });
    expect(status).toBe(202);
  });

  it('refuses what the handler refuses: no key, bad JSON, a bad mode, a declared or a streamed body over the limit', async () => {
    const unauthenticated = await send('/v1/events', { body: JSON.stringify(payment('x')) }, null);
    expect(unauthenticated.status).toBe(401);

    const badJson = await send('/v1/events', { body: '{"type": ' });
    expect(badJson.status).toBe(400);
    expect(await badJson.text()).toContain('request body is not valid JSON');

    const badMode = await send('/v1/events?mode=later', { body: JSON.stringify(payment(`node-route-${randomUUID()}`)) });
    expect(badMode.status).toBe(400);
    expect(await badMode.json()).toEqual({ error: 'mode must be sync or async' });

    const declared = await send('/v1/events', { body: JSON.stringify({ ...payment('big'), pad: 'y'.repeat(1024 * 1024 + 10) }) });
    expect(declared.status).toBe(413);

    // No Content-Length: the handler stops reading at the limit.
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode('y'.repeat(64 * 1024)));
        controller.close();
      },
    });
    const streamed = await send('/v1/events', { body: chunks, duplex: 'half' });
    expect(streamed.status).toBe(413);
  });
});
