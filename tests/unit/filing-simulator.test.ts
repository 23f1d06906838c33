// The filing-system simulator (lib/filing/simulator) over HTTP, started in-process on free ports.
// No database: it lives in the unit project so that running it alone does not start PostgreSQL.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilingSchemaError, loadFilingSchema } from '@/lib/filing/simulator/schema';
import { MAX_ATTACHMENT_BYTES, startFilingSimulator, type FilingSimulator } from '@/lib/filing/simulator/server';
import { parseDelay, simulatorSettings, SimulatorSettingsError } from '@/lib/filing/simulator/settings';

const here = path.dirname(fileURLToPath(import.meta.url));
const projectRoot = path.resolve(here, '../..');
const SCHEMA = path.resolve(projectRoot, '../shared/data/filing/goaml-5.0.1.xsd');
const FIXTURE = path.join(here, 'fixtures/goaml-minimal-str.xml');
const VALID = readFileSync(FIXTURE, 'utf8');
// The same report without its mandatory rentity_branch, and with an amount that is not a number.
const INVALID = VALID.replace(/\s*<rentity_branch>[^<]*<\/rentity_branch>/, '').replace('<amount_local>4900.00<', '<amount_local>lots<');

const ACK_DELAY = 1_000;
const SLOW_DELAY = 300;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function xmllintCli(file: string, xml?: string): { status: number | null; output: string } {
  const result = spawnSync('xmllint', ['--noout', '--schema', SCHEMA, xml === undefined ? file : '-'], { input: xml, encoding: 'utf8' });
  if (result.error) {
    throw new Error(
      `xmllint could not be run (${(result.error as NodeJS.ErrnoException).code}): install Debian's libxml2-utils (apt-get install libxml2-utils); ` +
        'it is the independent check of the goAML fixture',
    );
  }
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

function form(parts: { report?: string | Blob; attachments?: { field?: string; name: string; blob: Blob }[] }): FormData {
  const body = new FormData();
  if (parts.report !== undefined) body.append('report', parts.report);
  for (const a of parts.attachments ?? []) body.append(a.field ?? 'attachment', a.blob, a.name);
  return body;
}

interface Refusal {
  status: string;
  errors: { line: number | null; message: string }[];
}

describe('filing-system simulator', { timeout: 30_000 }, () => {
  let sim: FilingSimulator;
  const lines: string[] = [];

  const post = (body: FormData) => fetch(`${sim.url}/reports`, { method: 'POST', body });
  const control = async (body: object) => {
    const res = await fetch(`${sim.controlUrl}/control`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(res.status).toBe(200);
    return (await res.json()) as { mode: string };
  };

  beforeAll(async () => {
    sim = await startFilingSimulator({
      schemaPath: SCHEMA,
      port: 0,
      controlPort: 0,
      ackDelayMs: ACK_DELAY,
      slowDelayMs: SLOW_DELAY,
      log: (line) => lines.push(line),
    });
  });
  afterAll(async () => {
    await sim?.close();
  });

  it('the minimal STR fixture validates with Debian xmllint too, and the invalid variant does not', () => {
    const valid = xmllintCli(FIXTURE);
    expect(valid.output).toContain('validates');
    expect(valid.status).toBe(0);
    const invalid = xmllintCli(FIXTURE, INVALID);
    expect(invalid.status).not.toBe(0);
    expect(invalid.output).toContain("Element 'submission_code': This element is not expected. Expected is ( rentity_branch )");
  });

  it('accepts a valid STR with attachments, then acknowledges it after the delay', async () => {
    const pdf = new Blob([Buffer.from('%PDF-1.7\nstatement\n')], { type: 'application/pdf' });
    // A file part keeps the bytes as they are; a plain field would have its line ends turned into CRLF by FormData.
    const report = new Blob([VALID], { type: 'application/xml' });
    const res = await post(form({ report, attachments: [{ name: 'statement.pdf', blob: pdf }] }));
    expect(res.status).toBe(201);
    const accepted = (await res.json()) as { reference: string; status: string };
    expect(accepted.status).toBe('accepted');
    expect(accepted.reference).toMatch(/^SIM-/);
    const acceptedAt = Date.now();

    const first = await fetch(`${sim.url}/reports/${accepted.reference}`);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ reference: accepted.reference, status: 'accepted', fiu_ref: null, acknowledged_at: null });

    type Status = { reference: string; status: string; fiu_ref: string; acknowledged_at: string };
    let acknowledged: Status;
    for (;;) {
      acknowledged = (await (await fetch(`${sim.url}/reports/${accepted.reference}`)).json()) as Status;
      if (acknowledged.status !== 'accepted' || Date.now() - acceptedAt > ACK_DELAY + 5_000) break;
      await sleep(100);
    }
    expect(acknowledged.status).toBe('acknowledged');
    expect(acknowledged.fiu_ref).toMatch(/^FIU-\d{4}-[0-9A-F]{8}$/);
    const serverAcceptedAt = Date.parse(sim.report(accepted.reference)!.accepted_at!);
    expect(Date.parse(acknowledged.acknowledged_at) - serverAcceptedAt).toBeGreaterThanOrEqual(ACK_DELAY - 1);

    const kept = sim.report(accepted.reference)!;
    expect(kept.xml).toBe(VALID);
    expect(kept.attachments).toEqual([
      {
        field: 'attachment',
        filename: 'statement.pdf',
        content_type: 'application/pdf',
        bytes: 19,
        sha256: createHash('sha256').update('%PDF-1.7\nstatement\n').digest('hex'),
      },
    ]);

    const listing = (await (await fetch(`${sim.url}/reports`)).json()) as { reports: { reference: string; xml?: string; attachments: unknown[] }[] };
    const listed = listing.reports.find((r) => r.reference === accepted.reference)!;
    expect(listed.attachments).toHaveLength(1);
    expect(listed).not.toHaveProperty('xml');
    expect(lines.some((l) => l.includes(`accepted report ${accepted.reference}`))).toBe(true);
    expect(lines.some((l) => l.includes(`acknowledged ${accepted.reference} as ${acknowledged.fiu_ref}`))).toBe(true);
  });

  it('takes the report as a plain field as well as a file part', async () => {
    const res = await post(form({ report: VALID }));
    expect(res.status).toBe(201);
    const { reference, status } = (await res.json()) as { reference: string; status: string };
    expect(status).toBe('accepted');
    expect(sim.report(reference)!.xml).toBe(VALID.replace(/\n/g, '\r\n'));
  });

  it('refuses a document that does not validate, each error with its line', async () => {
    const res = await post(form({ report: INVALID }));
    expect(res.status).toBe(422);
    const body = (await res.json()) as Refusal;
    expect(body.status).toBe('refused');
    expect(body.errors.length).toBeGreaterThan(0);
    const lineOfBranch = VALID.split('\n').findIndex((l) => l.includes('<submission_code>')) + 1;
    expect(body.errors[0]).toEqual({
      line: lineOfBranch - 1, // rentity_branch's line is gone, so submission_code moved up one
      message: "Schemas validity error : Element 'submission_code': This element is not expected. Expected is ( rentity_branch ).",
    });
    expect(lines.some((l) => l.startsWith('refused an invalid report'))).toBe(true);
  });

  it('refuses a report that is not XML, with the parser error and line', async () => {
    const res = await post(form({ report: 'this is not XML' }));
    expect(res.status).toBe(422);
    const body = (await res.json()) as Refusal;
    expect(body.status).toBe('refused');
    expect(body.errors[0]).toEqual({ line: 1, message: "parser error : Start tag expected, '<' not found" });
  });

  it('refuses a submission without a report, and a body that is not multipart', async () => {
    const missing = await post(form({ attachments: [{ name: 'a.pdf', blob: new Blob(['%PDF-1.7']) }] }));
    expect(missing.status).toBe(422);
    expect(await missing.json()).toEqual({
      status: 'refused',
      errors: [{ line: null, message: 'the multipart field `report` (the goAML XML) is missing' }],
    });

    const json = await fetch(`${sim.url}/reports`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"report": "x"}' });
    expect(json.status).toBe(422);
    const body = (await json.json()) as Refusal;
    expect(body.status).toBe('refused');
    expect(body.errors[0]!.message).toMatch(/^the body must be multipart\/form-data/);
  });

  it('refuses an attachment over 20 MB and keeps nothing of it', async () => {
    const big = new Blob([Buffer.alloc(MAX_ATTACHMENT_BYTES + 1, 0x41)], { type: 'application/pdf' });
    const res = await post(form({ report: VALID, attachments: [{ name: 'huge.pdf', blob: big }] }));
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      status: 'refused',
      errors: [{ line: null, message: 'attachment "huge.pdf" is over the 20 MB limit' }],
    });
    const last = sim.reports()[0]!;
    expect(last.status).toBe('refused');
    expect(last.reference).toBeNull();
    expect(last.attachments).toEqual([]);

    const atLimit = new Blob([Buffer.alloc(MAX_ATTACHMENT_BYTES, 0x41)], { type: 'application/pdf' });
    const ok = await post(form({ report: VALID, attachments: [{ name: 'limit.pdf', blob: atLimit }] }));
    expect(ok.status).toBe(201);
    const { reference } = (await ok.json()) as { reference: string };
    expect(sim.report(reference)!.attachments[0]!.bytes).toBe(MAX_ATTACHMENT_BYTES);
  });

  it('answers 404 for an unknown reference', async () => {
    const res = await fetch(`${sim.url}/reports/SIM-00000000-0000-0000-0000-000000000000`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: string }).error).toContain('no report with reference');
  });

  it('down: the filing port refuses connections while the control port answers; up again keeps the reports', async () => {
    const before = sim.reports().length;
    expect((await control({ mode: 'down' })).mode).toBe('down');
    const error = await post(form({ report: VALID })).then(
      () => null,
      (e: Error & { cause?: { code?: string } }) => e,
    );
    expect(error).not.toBeNull();
    expect(error!.cause?.code).toBe('ECONNREFUSED');
    const state = (await (await fetch(`${sim.controlUrl}/control`)).json()) as { mode: string; reports: number };
    expect(state).toMatchObject({ mode: 'down', reports: before });

    expect((await control({ mode: 'up' })).mode).toBe('up');
    const res = await post(form({ report: VALID }));
    expect(res.status).toBe(201);
    expect(sim.reports()).toHaveLength(before + 1);
    expect(lines.some((l) => l.includes('closed: connections are refused'))).toBe(true);
  });

  it('refuse: a valid report is refused with the reason; an invalid one still gets its schema errors', async () => {
    await control({ mode: 'refuse', refuse_reason: 'Reporting entity 1001 is suspended.' });
    const res = await post(form({ report: VALID }));
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ status: 'refused', errors: [{ line: null, message: 'Reporting entity 1001 is suspended.' }] });
    const invalid = await post(form({ report: INVALID }));
    expect(invalid.status).toBe(422);
    expect(((await invalid.json()) as Refusal).errors[0]!.line).toBeGreaterThan(0);

    await control({ mode: 'up' });
    expect((await post(form({ report: VALID }))).status).toBe(201);
  });

  it('slow: every answer takes at least the delay, then up answers at once', async () => {
    await control({ mode: 'slow' });
    let started = Date.now();
    const res = await post(form({ report: VALID }));
    expect(res.status).toBe(201);
    expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_DELAY - 5);
    const { reference } = (await res.json()) as { reference: string };

    started = Date.now();
    const status = await fetch(`${sim.url}/reports/${reference}`);
    expect(status.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_DELAY - 5);

    await control({ mode: 'up', slow_delay_ms: 5_000 });
    started = Date.now();
    expect((await fetch(`${sim.url}/reports/${reference}`)).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('the control endpoint refuses an unknown mode', async () => {
    const res = await fetch(`${sim.controlUrl}/control`, { method: 'POST', body: '{"mode":"sideways"}' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { issues: { path: string }[] }).issues[0]!.path).toBe('mode');
    expect(sim.state().mode).toBe('up');
  });
});

describe('filing-simulator settings and schema', { timeout: 30_000 }, () => {
  it('names a missing schema file and one that is not an XSD', async () => {
    await expect(loadFilingSchema('/nonexistent/goaml.xsd')).rejects.toThrow(new FilingSchemaError('cannot read the filing schema /nonexistent/goaml.xsd: no such file'));
    await expect(loadFilingSchema(FIXTURE)).rejects.toThrow(/is not an XML Schema \(XSD\) document/);
    const broken = path.join(mkdtempSync(path.join(tmpdir(), 'filing-schema-')), 'broken.xsd');
    writeFileSync(broken, '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="report" type="nope"/></xs:schema>');
    await expect(loadFilingSchema(broken)).rejects.toThrow(/broken\.xsd does not compile: .*'nope' does not resolve/);
    await expect(startFilingSimulator({ schemaPath: '/nonexistent/goaml.xsd', port: 0, controlPort: 0 })).rejects.toBeInstanceOf(FilingSchemaError);
  });

  it('reads flags before the environment, and defaults to the shared schema beside the project', () => {
    const defaults = simulatorSettings([], {}, projectRoot);
    expect(defaults).toMatchObject({ port: 4100, controlPort: 4101, host: '127.0.0.1', mode: 'up', ackDelayMs: 5_000, slowDelayMs: 10_000, schemaPath: SCHEMA });
    const set = simulatorSettings(['--port', '5000', '--ack-delay=250ms', '--mode', 'slow'], { FILING_SIMULATOR_PORT: '6000', FILING_SIMULATOR_SLOW_DELAY: '2s' }, projectRoot);
    expect(set).toMatchObject({ port: 5000, ackDelayMs: 250, slowDelayMs: 2_000, mode: 'slow' });
    expect(simulatorSettings([], { SERVICE_FILING_SCHEMA: '/etc/goaml.xsd' }, projectRoot).schemaPath).toBe('/etc/goaml.xsd');
    expect(() => simulatorSettings(['--mode', 'sideways'], {}, projectRoot)).toThrow(SimulatorSettingsError);
    expect(() => simulatorSettings(['--ack-delay', 'soon'], {}, projectRoot)).toThrow('--ack-delay must be a time such as 500ms, 5s or 2m, not "soon"');
    expect(() => simulatorSettings(['--colour'], {}, projectRoot)).toThrow(/unknown option --colour/);
    expect([parseDelay('0'), parseDelay('750ms'), parseDelay('3s'), parseDelay('2m'), parseDelay('-1s')]).toEqual([0, 750, 3_000, 120_000, null]);
  });
});
