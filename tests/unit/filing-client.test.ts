// The filing-system client (lib/filing/client.ts) against the simulator started in-process on free ports, and
// against a small HTTP server that gives the answers the simulator never gives (5xx, redirects, non-JSON).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseSettings, SettingsError } from '@/lib/config';
import { pollReport, sha256Hex, submitReport, type PollOutcome } from '@/lib/filing/client';
import { startFilingSimulator, type FilingSimulator } from '@/lib/filing/simulator/server';

const here = path.dirname(fileURLToPath(import.meta.url));
const SCHEMA = path.resolve(here, '../../../shared/data/filing/goaml-5.0.1.xsd');
// Non-ASCII text, so that a change of encoding would show in the hash.
const VALID = readFileSync(path.join(here, 'fixtures/goaml-minimal-str.xml'), 'utf8').replace('<first_name>Maria<', '<first_name>Mária Žofie<');
// Without its mandatory rentity_branch: schema-invalid.
const INVALID = VALID.replace(/\s*<rentity_branch>[^<]*<\/rentity_branch>/, '');

const ACK_DELAY = 400;
const SLOW_DELAY = 1_500;
const TIMEOUT = { timeoutMs: 5_000 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('filing client against the simulator', { timeout: 30_000 }, () => {
  let sim: FilingSimulator;

  beforeAll(async () => {
    sim = await startFilingSimulator({ schemaPath: SCHEMA, port: 0, controlPort: 0, ackDelayMs: ACK_DELAY, slowDelayMs: SLOW_DELAY });
  });
  afterAll(async () => {
    await sim?.close();
  });

  it('files a valid report: accepted with a reference; the simulator received exactly the hashed bytes and each attachment', async () => {
    expect(VALID).toContain('Mária Žofie');
    const pdf = Buffer.from('%PDF-1.7\nbank statement\n%%EOF\n');
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    const result = await submitReport(
      sim.url,
      VALID,
      [
        { name: 'statement.pdf', type: 'application/pdf', bytes: pdf },
        { name: 'id card.png', type: 'image/png', bytes: png },
      ],
      TIMEOUT,
    );
    if (result.outcome !== 'accepted') throw new Error(`expected accepted, got ${JSON.stringify(result)}`);
    expect(result.reference).toMatch(/^SIM-/);
    expect(result.raw.status).toBe(201);
    expect(result.raw.content_type).toMatch(/^application\/json/);
    expect(JSON.parse(result.raw.body)).toEqual({ reference: result.reference, status: 'accepted' });
    expect(result.raw.truncated).toBe(false);

    expect(result.xml_sha256).toBe(sha256Hex(VALID));
    expect(result.xml_sha256).toBe(sha256Hex(Buffer.from(VALID, 'utf8')));
    const kept = sim.report(result.reference)!;
    expect(kept.xml_sha256).toBe(result.xml_sha256);
    expect(kept.xml).toBe(VALID);
    expect(kept.xml_bytes).toBe(Buffer.byteLength(VALID, 'utf8'));
    expect(kept.attachments).toEqual([
      { field: 'attachment', filename: 'statement.pdf', content_type: 'application/pdf', bytes: pdf.length, sha256: sha256Hex(pdf) },
      { field: 'attachment', filename: 'id card.png', content_type: 'image/png', bytes: 16, sha256: sha256Hex(png) },
    ]);
  });

  it('works with a base URL that ends in a slash', async () => {
    const result = await submitReport(`${sim.url}/`, VALID, [], TIMEOUT);
    expect(result.outcome).toBe('accepted');
  });

  it('an invalid document is refused with the schema errors and their lines', async () => {
    const result = await submitReport(sim.url, INVALID, [], TIMEOUT);
    if (result.outcome !== 'refused') throw new Error(`expected refused, got ${JSON.stringify(result)}`);
    expect(result.raw.status).toBe(422);
    expect(result.errors.length).toBeGreaterThan(0);
    const line = INVALID.split('\n').findIndex((l) => l.includes('<submission_code>')) + 1;
    expect(result.errors[0]).toEqual({
      line,
      message: "Schemas validity error : Element 'submission_code': This element is not expected. Expected is ( rentity_branch ).",
    });
    expect(result.xml_sha256).toBe(sha256Hex(INVALID));
    expect(sim.reports()[0]!.xml_sha256).toBe(result.xml_sha256);
  });

  it('refuse mode: a valid document is refused with the filing system reason', async () => {
    await sim.configure({ mode: 'refuse', refuseReason: 'Reporting entity 1001 is suspended.' });
    try {
      const result = await submitReport(sim.url, VALID, [], TIMEOUT);
      expect(result).toMatchObject({ outcome: 'refused', errors: [{ line: null, message: 'Reporting entity 1001 is suspended.' }] });
      expect(result.raw?.status).toBe(422);
      expect(JSON.parse(result.raw!.body)).toEqual({ status: 'refused', errors: [{ line: null, message: 'Reporting entity 1001 is suspended.' }] });
    } finally {
      await sim.configure({ mode: 'up' });
    }
  });

  it('down mode: the connection is refused, the outcome is unreachable with no answer to keep', async () => {
    await sim.configure({ mode: 'down' });
    try {
      const before = sim.reports().length;
      const result = await submitReport(sim.url, VALID, [], TIMEOUT);
      if (result.outcome !== 'unreachable') throw new Error(`expected unreachable, got ${JSON.stringify(result)}`);
      expect(result.error).toBe(`connection refused by ${sim.url}/reports (ECONNREFUSED)`);
      expect(result.raw).toBeUndefined();
      expect(result.xml_sha256).toBe(sha256Hex(VALID));
      expect(sim.reports()).toHaveLength(before);

      const poll = await pollReport(sim.url, 'SIM-anything', TIMEOUT);
      expect(poll).toEqual({ outcome: 'unreachable', error: `connection refused by ${sim.url}/reports/SIM-anything (ECONNREFUSED)` });
    } finally {
      await sim.configure({ mode: 'up' });
    }
    expect((await submitReport(sim.url, VALID, [], TIMEOUT)).outcome).toBe('accepted');
  });

  it('slow mode with a timeout shorter than the delay: unreachable by timeout, well before the answer', async () => {
    await sim.configure({ mode: 'slow' });
    try {
      const before = sim.reports().length;
      const started = Date.now();
      const result = await submitReport(sim.url, VALID, [], { timeoutMs: 200 });
      const took = Date.now() - started;
      expect(result).toMatchObject({ outcome: 'unreachable', error: `no answer from ${sim.url}/reports within 200 ms` });
      expect(took).toBeGreaterThanOrEqual(190);
      expect(took).toBeLessThan(SLOW_DELAY);
      // The filing system still took the report after the client gave up: a timeout does not mean the report was not
      // filed, which is why every outcome carries the SHA-256 of the bytes sent.
      await vi.waitFor(() => expect(sim.reports()).toHaveLength(before + 1), { timeout: 5_000 });
      expect(sim.reports()[0]).toMatchObject({ status: 'accepted', xml_sha256: result.xml_sha256 });

      const poll = await pollReport(sim.url, 'SIM-anything', { timeoutMs: 200 });
      expect(poll).toMatchObject({ outcome: 'unreachable', error: `no answer from ${sim.url}/reports/SIM-anything within 200 ms` });

      // A timeout long enough gets the answer.
      expect((await submitReport(sim.url, VALID, [], { timeoutMs: SLOW_DELAY + 3_000 })).outcome).toBe('accepted');
    } finally {
      await sim.configure({ mode: 'up' });
    }
  });

  it('polls an accepted report until it is acknowledged with the fiu_ref the simulator gave', async () => {
    const filed = await submitReport(sim.url, VALID, [], TIMEOUT);
    if (filed.outcome !== 'accepted') throw new Error(`expected accepted, got ${JSON.stringify(filed)}`);
    const first = await pollReport(sim.url, filed.reference);
    expect(first).toMatchObject({ outcome: 'found', reference: filed.reference, status: 'accepted', fiu_ref: null, acknowledged_at: null });
    expect(first.raw?.status).toBe(200);

    let poll: PollOutcome = first;
    const deadline = Date.now() + ACK_DELAY + 10_000;
    while (poll.outcome === 'found' && poll.status === 'accepted' && Date.now() < deadline) {
      await sleep(100);
      poll = await pollReport(sim.url, filed.reference, TIMEOUT);
    }
    if (poll.outcome !== 'found') throw new Error(`expected found, got ${JSON.stringify(poll)}`);
    const kept = sim.report(filed.reference)!;
    expect(poll.status).toBe('acknowledged');
    expect(poll.fiu_ref).toMatch(/^FIU-\d{4}-[0-9A-F]{8}$/);
    expect(poll.fiu_ref).toBe(kept.fiu_ref);
    expect(poll.acknowledged_at).toBe(kept.acknowledged_at);
    expect(JSON.parse(poll.raw.body)).toMatchObject({ reference: filed.reference, status: 'acknowledged' });
  });

  it('an unknown reference is unknown, with the 404 kept', async () => {
    const poll = await pollReport(sim.url, 'SIM-00000000-0000-0000-0000-000000000000', TIMEOUT);
    if (poll.outcome !== 'unknown') throw new Error(`expected unknown, got ${JSON.stringify(poll)}`);
    expect(poll.raw.status).toBe(404);
    expect(poll.raw.body).toContain('no report with reference SIM-00000000-0000-0000-0000-000000000000');
  });
});

describe('filing client with answers outside the protocol', { timeout: 30_000 }, () => {
  let server: http.Server;
  let base: string;
  /** What the next request is answered with. */
  let reply: { status: number; type?: string; body: string; headers?: Record<string, string> };
  const seen: { method?: string; url?: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push({ method: req.method, url: req.url });
      req.resume();
      req.on('end', () => {
        res.writeHead(reply.status, { ...(reply.type ? { 'content-type': reply.type } : {}), ...reply.headers });
        res.end(reply.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/goaml/api`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('keeps the path of the base URL and encodes the reference', async () => {
    reply = { status: 404, type: 'application/json', body: '{"error":"no such report"}' };
    await submitReport(base, VALID, [], TIMEOUT);
    const poll = await pollReport(base, 'REF/1 2', TIMEOUT);
    expect(poll.outcome).toBe('unknown');
    expect(seen.slice(-2)).toEqual([
      { method: 'POST', url: '/goaml/api/reports' },
      { method: 'GET', url: '/goaml/api/reports/REF%2F1%202' },
    ]);
  });

  it('5xx is unreachable, with the answer kept', async () => {
    reply = { status: 503, type: 'text/plain', body: 'maintenance until 02:00' };
    const result = await submitReport(base, VALID, [], TIMEOUT);
    expect(result).toMatchObject({
      outcome: 'unreachable',
      error: 'the filing system failed with HTTP 503: maintenance until 02:00',
      raw: { status: 503, content_type: 'text/plain', body: 'maintenance until 02:00', truncated: false },
    });
    const poll = await pollReport(base, 'REF-1', TIMEOUT);
    expect(poll).toMatchObject({ outcome: 'unreachable', raw: { status: 503 } });
  });

  it('answers that do not follow the protocol are unreachable, never accepted or refused', async () => {
    const cases = [
      { status: 200, type: 'text/html', body: '<html>Sign in to the portal</html>' },
      { status: 201, type: 'application/json', body: '{"status":"accepted"}' },
      { status: 422, type: 'text/plain', body: 'unprocessable' },
      { status: 422, type: 'application/json', body: '{"status":"refused","errors":[]}' },
      { status: 400, type: 'application/json', body: '{"error":"bad request"}' },
      { status: 302, body: '', headers: { location: '/login' } },
    ];
    for (const c of cases) {
      reply = c;
      const result = await submitReport(base, VALID, [], TIMEOUT);
      expect(result.outcome, `${c.status} ${c.body}`).toBe('unreachable');
      expect(result.raw).toMatchObject({ status: c.status, body: c.body });
      if (result.outcome === 'unreachable') expect(result.error).toMatch(new RegExp(`^unexpected answer to POST ${base}/reports: HTTP ${c.status} with `));
    }
    expect(seen.filter((s) => s.url === '/login')).toEqual([]);
  });

  it('a poll answer for another reference, or acknowledged without an fiu_ref, is unreachable', async () => {
    reply = { status: 200, type: 'application/json', body: '{"reference":"REF-2","status":"accepted","fiu_ref":null,"acknowledged_at":null}' };
    expect(await pollReport(base, 'REF-1', TIMEOUT)).toMatchObject({ outcome: 'unreachable', raw: { status: 200 } });
    reply = { status: 200, type: 'application/json', body: '{"reference":"REF-1","status":"acknowledged","fiu_ref":null,"acknowledged_at":null}' };
    expect(await pollReport(base, 'REF-1', TIMEOUT)).toMatchObject({ outcome: 'unreachable', raw: { status: 200 } });
    reply = { status: 200, type: 'application/json', body: '{"reference":"REF-1","status":"acknowledged","fiu_ref":"FIU-1","acknowledged_at":"2026-11-25T10:00:00+01:00"}' };
    expect(await pollReport(base, 'REF-1', TIMEOUT)).toMatchObject({
      outcome: 'found',
      status: 'acknowledged',
      fiu_ref: 'FIU-1',
      acknowledged_at: '2026-11-25T09:00:00.000Z',
    });
  });

  it('keeps at most 256 KiB of a huge answer', async () => {
    reply = { status: 500, type: 'text/plain', body: 'x'.repeat(1024 * 1024) };
    const result = await submitReport(base, VALID, [], TIMEOUT);
    expect(result.outcome).toBe('unreachable');
    expect(result.raw?.truncated).toBe(true);
    expect(result.raw?.body.length).toBe(256 * 1024);
  });
});

describe('filing settings', () => {
  it('SERVICE_FILING_URL is optional: unset means filing is not configured', () => {
    expect(parseSettings({}).filingUrl).toBeUndefined();
    expect(parseSettings({ SERVICE_FILING_URL: '' }).filingUrl).toBeUndefined();
    expect(parseSettings({ SERVICE_FILING_URL: 'http://127.0.0.1:4100' }).filingUrl).toBe('http://127.0.0.1:4100');
    expect(parseSettings({ SERVICE_FILING_URL: 'https://fiu.example.org/goaml/' }).filingUrl).toBe('https://fiu.example.org/goaml/');
  });

  it('SERVICE_FILING_URL must be an http or https URL', () => {
    for (const bad of ['fiu.example.org', 'ftp://fiu.example.org', 'http://', 'not a url']) {
      expect(() => parseSettings({ SERVICE_FILING_URL: bad }), bad).toThrow(SettingsError);
      expect(() => parseSettings({ SERVICE_FILING_URL: bad }), bad).toThrow(/SERVICE_FILING_URL: must be an http or https URL/);
    }
  });

  it('SERVICE_FILING_TIMEOUT_MS defaults to 10 s and must be 100 to 600000', () => {
    expect(parseSettings({}).filingTimeoutMs).toBe(10_000);
    expect(parseSettings({ SERVICE_FILING_TIMEOUT_MS: '2500' }).filingTimeoutMs).toBe(2_500);
    for (const bad of ['0', '99', '600001', '1.5', 'soon']) {
      expect(() => parseSettings({ SERVICE_FILING_TIMEOUT_MS: bad }), bad).toThrow(/SERVICE_FILING_TIMEOUT_MS/);
    }
  });
});
