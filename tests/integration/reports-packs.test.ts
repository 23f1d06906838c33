// Evidence packs: creation (the default quarter, dates and purpose refused), live figures against a period seeded
// with numbers known in advance, section edits, documents by content and 413, generation four-eyes by role with the
// PDF read back by Debian's poppler-utils and its SHA-256 in the audit log, 404 across organisations, 401 with an
// API key, and the report list's packs and figures.
import { spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as reportList from '@/app/v1/reports/route';
import * as packs from '@/app/v1/reports/packs/route';
import { getDb } from '@/db/client';
import { auditLog, evidencePacks, people } from '@/db/schema';
import { NOT_SIGNED_IN_MESSAGE } from '@/lib/http/route';
import {
  BOTH_DATES_MESSAGE,
  DOCUMENT_TOO_LARGE_MESSAGE,
  DOCUMENT_TYPE_MESSAGE,
  FROM_MESSAGE,
  NOT_GENERATED_MESSAGE,
  ORDER_MESSAGE,
  PACK_NOT_FOUND,
  PACK_SECTION_KEYS,
  PURPOSE_MESSAGE,
  quarterOf,
  ROLE_CANNOT_GENERATE,
  SECTION_NOT_FOUND,
  TEXT_MESSAGE,
  TO_MESSAGE,
} from '@/lib/reports/packs/schemas';
import { call, newOrg, type TestOrg } from '../support/api';
import { createPackAs, downloadAs, editSectionAs, generateAs, readPackAs, uploadAs } from '../support/packs';
import { check, session, UNKNOWN_ID, type Session } from '../support/str';

const PDFINFO = '/usr/bin/pdfinfo';
const PDFTOTEXT = '/usr/bin/pdftotext';
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]), Buffer.alloc(40, 7)]);

interface Org {
  org: TestOrg;
  analyst: Session;
  reviewer: Session;
}

async function newPackOrg(label: string): Promise<Org> {
  const org = await newOrg(label);
  const [analyst, reviewer] = await Promise.all([session(org.orgId, 'analyst'), session(org.orgId, 'reviewer')]);
  return { org, analyst, reviewer };
}

interface SectionJson {
  key: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary figure shapes
  figures: Record<string, any>;
  document: { sha256: string } | null;
}

const section = (pack: { sections: SectionJson[] }, key: string): SectionJson => {
  const found = pack.sections.find((s) => s.key === key);
  if (!found) throw new Error(`no section ${key}`);
  return found;
};

/**
 * The third quarter of 2026 with known numbers, and records just outside it that must not count:
 * alerts (hours to close 10, 48, 24 and one raised in June closed after 312), one open and overdue, one raised in
 * October; a screening cleared after 6 hours; a case opened and closed; an STR filed 10 days after its case's first
 * alert; a CTR batch; a rule version activated with its backtest, and one activated in June; audit entries.
 */
async function seedQuarter(o: Org): Promise<void> {
  const db = getDb();
  const orgId = o.org.orgId;
  const [d1, d2, d3] = [randomUUID(), randomUUID(), randomUUID()];
  const [a1, a2, a3, a4, a5, a6] = [1, 2, 3, 4, 5, 6].map(() => randomUUID());
  const [ruleV1, ruleOld, caseId, strId, screeningId] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  await db.execute(sql`INSERT INTO decisions (org_id, id, event_id, decision, risk_score, reasons) VALUES
    (${orgId}, ${d1}, gen_random_uuid(), 'review', 70, '[{"rule":"large_cash","version":1,"detail":"cash"}]'),
    (${orgId}, ${d2}, gen_random_uuid(), 'review', 60, '[{"rule":"velocity","version":1,"detail":"fast"}]'),
    (${orgId}, ${d3}, gen_random_uuid(), 'review', 60, '[{"rule":"large_cash","version":1,"detail":"cash"},{"rule":"velocity","version":1,"detail":"fast"}]')`);
  await db.execute(sql`INSERT INTO alerts (org_id, id, number, entity_id, status, priority, decision_id, risk_score, last_event_at, due_at, disposition, closed_by, closed_at, created_at) VALUES
    (${orgId}, ${a1}, 1, 'e1', 'closed', 'high', ${d1}, 70, '2026-07-01T00:00Z', '2026-07-02T00:00Z', 'false_positive', 'x', '2026-07-01T10:00Z', '2026-07-01T00:00Z'),
    (${orgId}, ${a2}, 2, 'e2', 'closed', 'high', ${d1}, 70, '2026-07-10T00:00Z', '2026-07-11T00:00Z', 'escalated', 'x', '2026-07-12T00:00Z', '2026-07-10T00:00Z'),
    (${orgId}, ${a3}, 3, 'e3', 'closed', 'medium', ${d2}, 60, '2026-08-01T00:00Z', '2026-08-08T00:00Z', 'false_positive', 'x', '2026-08-02T00:00Z', '2026-08-01T00:00Z'),
    (${orgId}, ${a4}, 4, 'e4', 'open', 'medium', ${d2}, 60, '2026-09-01T00:00Z', '2026-09-08T00:00Z', NULL, NULL, NULL, '2026-09-01T00:00Z'),
    (${orgId}, ${a5}, 5, 'e5', 'closed', 'medium', ${d2}, 60, '2026-06-20T00:00Z', '2026-06-27T00:00Z', 'false_positive', 'x', '2026-07-03T00:00Z', '2026-06-20T00:00Z'),
    (${orgId}, ${a6}, 6, 'e6', 'open', 'high', ${d3}, 60, '2026-10-05T00:00Z', '2026-10-06T00:00Z', NULL, NULL, NULL, '2026-10-05T00:00Z')`);
  await db.execute(sql`INSERT INTO screenings (org_id, id, status, threshold, subject, matches, near, lists, review, created_by, created_at) VALUES
    (${orgId}, ${screeningId}, 'potential_match', 85, '{"name":"Someone"}', '[]', '[]', '[]', 'cleared', 'x', '2026-08-15T00:00Z'),
    (${orgId}, gen_random_uuid(), 'clear', 85, '{"name":"Before"}', '[]', '[]', '[]', 'none', 'x', '2026-06-15T00:00Z')`);
  await db.execute(sql`INSERT INTO screening_resolutions (org_id, screening_id, list, entry_ref, outcome, note, status, resolved_by, decided_by, created_at, decided_at) VALUES
    (${orgId}, ${screeningId}, 'un', 'r1', 'false_positive', 'other person', 'final', 'x', 'y', '2026-08-15T02:00Z', '2026-08-15T06:00Z')`);
  await db.execute(sql`INSERT INTO cases (org_id, id, number, title, status, created_by, created_at, closed_at) VALUES
    (${orgId}, ${caseId}, 1, 'Structuring', 'closed', 'x', '2026-07-10T01:00Z', '2026-08-01T00:00Z')`);
  await db.execute(sql`INSERT INTO case_alerts (org_id, alert_id, case_id, position, added_by) VALUES (${orgId}, ${a2}, ${caseId}, 1, 'x')`);
  await db.execute(sql`INSERT INTO str_reports (org_id, id, number, case_id, status, subject, transactions, drafted_by, created_at) VALUES
    (${orgId}, ${strId}, 1, ${caseId}, 'filed', '{"name":"Secret Subject Name"}', '[]', 'x', '2026-07-15T00:00Z')`);
  await db.execute(sql`INSERT INTO filings (org_id, report_kind, report_id, state, xml, xml_sha256, filed_by, created_at) VALUES
    (${orgId}, 'str', ${strId}, 'accepted', '<report/>', 'abc', 'y', '2026-07-20T00:00Z')`);
  await db.execute(sql`INSERT INTO ctr_batches (org_id, number, date, status, threshold, rows_total, built_by) VALUES
    (${orgId}, 1, '2026-08-10', 'draft', 10000, 3, 'system'), (${orgId}, 2, '2026-10-10', 'draft', 10000, 5, 'system')`);
  await db.execute(sql`INSERT INTO rule_versions (org_id, id, key, version, expr, weight, detail, status, created_by, approved_by, activated_at) VALUES
    (${orgId}, ${ruleV1}, 'large_cash', 2, 'true', 50, 'cash', 'active', ${o.analyst.id}, ${o.reviewer.id}, '2026-07-05T00:00Z'),
    (${orgId}, ${ruleOld}, 'velocity', 1, 'true', 50, 'fast', 'active', ${o.analyst.id}, ${o.reviewer.id}, '2026-06-01T00:00Z')`);
  await db.execute(sql`INSERT INTO rule_backtests (org_id, rule_id, ran_by, result, created_at) VALUES
    (${orgId}, ${ruleV1}, ${o.analyst.id}, '{}', '2026-07-04T00:00Z'), (${orgId}, ${ruleV1}, ${o.analyst.id}, '{}', '2026-07-06T00:00Z')`);
  await db.execute(sql`INSERT INTO audit_log (org_id, at, actor, actor_kind, action, target_type, target_id, changes) VALUES
    (${orgId}, '2026-07-21T00:00Z', 'system', 'system', 'str.rejected', 'str', ${strId}, '{"reason":"schema error"}'),
    (${orgId}, '2026-07-02T00:00Z', ${o.reviewer.id}, 'person', 'alert.closed', 'alert', ${a1}, '{}'),
    (${orgId}, '2026-08-02T00:00Z', ${o.reviewer.id}, 'person', 'alert.closed', 'alert', ${a3}, '{}')`);
}

describe('evidence packs', () => {
  let o: Org;
  let packId: string;

  beforeAll(async () => {
    o = await newPackOrg('packs');
    await seedQuarter(o);
  });

  it('creates a pack for the current quarter without a body, and for a period with a purpose', async () => {
    const quarter = await createPackAs(o.analyst, undefined);
    expect(quarter.status, quarter.text).toBe(201);
    expect(quarter.json).toMatchObject({ ...quarterOf(new Date()), purpose: null, status: 'draft', generated: null });
    expect(quarter.json.sections.map((s: { key: string }) => s.key)).toEqual([...PACK_SECTION_KEYS]);

    const r = await createPackAs(o.analyst, { from: '2026-07-01', to: '2026-09-30', purpose: 'Inspection by the FIU' });
    expect(r.status, r.text).toBe(201);
    expect(r.json).toMatchObject({ number: quarter.json.number + 1, from: '2026-07-01', to: '2026-09-30', purpose: 'Inspection by the FIU', status: 'draft' });
    packId = r.json.id;
    const [audit] = await getDb().select().from(auditLog).where(and(eq(auditLog.targetId, packId), eq(auditLog.action, 'pack.created')));
    expect(audit?.actor).toBe(o.analyst.id);
  });

  it('refuses bad dates, one date alone, a reversed period and a purpose over 200 characters with 400', async () => {
    for (const [body, message] of [
      [{ from: '2026-02-30', to: '2026-03-31' }, FROM_MESSAGE],
      [{ from: '2026-01-01', to: '31/03/2026' }, TO_MESSAGE],
      [{ from: '2026-01-01' }, BOTH_DATES_MESSAGE],
      [{ from: '2026-03-01', to: '2026-02-01' }, ORDER_MESSAGE],
      [{ from: '2026-01-01', to: '2026-03-31', purpose: 'x'.repeat(201) }, PURPOSE_MESSAGE],
    ] as const) {
      const r = await createPackAs(o.analyst, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json).toEqual({ error: message });
    }
    const ok = await createPackAs(o.analyst, { from: '2026-01-01', to: '2026-01-01', purpose: 'x'.repeat(200) });
    expect(ok.status).toBe(201);
  });

  it('reads the period’s figures exactly as seeded, with STRs as counts only', async () => {
    const r = await readPackAs(o.analyst, packId);
    expect(r.status, r.text).toBe(200);
    const monitoring = section(r.json, 'monitoring').figures;
    expect(monitoring).toMatchObject({ raised: 4, closed: 4, overdue: 1, sla_met_pct: 50, median_hours_to_close: 36, p90_hours_to_close: 232.8 });
    expect(monitoring.by_priority).toEqual([
      { priority: 'high', raised: 2, closed: 2, overdue: 0, sla_met_pct: 50 },
      { priority: 'medium', raised: 2, closed: 2, overdue: 1, sla_met_pct: 50 },
    ]);
    expect(monitoring.by_rule).toEqual([
      { rule: 'large_cash', raised: 2, closed: 2, overdue: 0, false_positives: 1, false_positive_pct: 50 },
      { rule: 'velocity', raised: 2, closed: 2, overdue: 1, false_positives: 2, false_positive_pct: 100 },
    ]);
    expect(section(r.json, 'screening').figures).toMatchObject({ screenings: 1, potential_matches: 1, cleared: 1, median_hours_to_clear: 6 });
    expect(section(r.json, 'cases').figures).toEqual({ opened: 1, closed: 1, open_at_end: 0 });
    const reporting = section(r.json, 'reporting').figures;
    expect(reporting).toMatchObject({ strs_filed: 1, median_days_detection_to_filing: 10, max_days_detection_to_filing: 10 });
    expect(reporting.str_by_status).toEqual([{ status: 'filed', count: 1 }]);
    expect(reporting.ctr_by_status).toEqual([{ status: 'draft', batches: 1, rows: 3 }]);
    expect(reporting.rejections).toEqual([{ kind: 'str', reason: 'schema error', count: 1 }]);
    expect(r.text).not.toContain('Secret Subject Name');

    const [author] = await getDb().select({ name: people.name }).from(people).where(eq(people.id, o.analyst.id));
    const [approver] = await getDb().select({ name: people.name }).from(people).where(eq(people.id, o.reviewer.id));
    const changes = section(r.json, 'rule_changes').figures;
    expect(changes.versions_activated).toBe(1);
    expect(changes.activated).toEqual([
      expect.objectContaining({ rule: 'large_cash', version: 2, author: author?.name, approver: approver?.name, backtest_at: '2026-07-04T00:00:00.000Z' }),
    ]);
    expect(section(r.json, 'governance').figures).toMatchObject({ audit_entries: 3, by_people: 2, by_system: 1 });
    expect(section(r.json, 'summary').figures).toMatchObject({ alerts_raised: 4, alerts_closed: 4, screenings: 1, cases_opened: 1, strs_started: 1, strs_filed: 1, ctr_batches: 1, rule_versions_activated: 1 });
    expect(section(r.json, 'risk_assessment').figures).toMatchObject({ rules_in_force: 2 });
  });

  it('edits a section’s text, refusing an unknown section and text over 20,000 characters', async () => {
    const r = await editSectionAs(o.analyst, packId, 'governance', { text: 'The board approved the policy on 12 March.' });
    expect(r.status, r.text).toBe(200);
    expect(section(r.json, 'governance')).toMatchObject({ title: 'Governance and oversight', text: 'The board approved the policy on 12 March.' });
    const unknown = await editSectionAs(o.analyst, packId, 'gossip', { text: 'x' });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toEqual({ error: SECTION_NOT_FOUND });
    const long = await editSectionAs(o.analyst, packId, 'summary', { text: 'x'.repeat(20_001) });
    expect(long.status).toBe(400);
    expect(long.json).toEqual({ error: TEXT_MESSAGE });
  });

  it('keeps a section’s document judged by its content, and answers 413 over 20 MB', async () => {
    const r = await uploadAs(o.analyst, packId, 'training', PNG, 'attendance.png', 'application/pdf');
    expect(r.status, r.text).toBe(200);
    expect(section(r.json, 'training')).toMatchObject({ document: { name: 'attendance.png', type: 'image/png', size: PNG.length, sha256: sha256(PNG) } });
    expect(section(r.json, 'documents').figures).toMatchObject({ documents: 1 });
    const text = await uploadAs(o.analyst, packId, 'training', Buffer.from('not a picture at all'), 'fake.pdf', 'application/pdf');
    expect(text.status).toBe(400);
    expect(text.json).toEqual({ error: DOCUMENT_TYPE_MESSAGE });
    const big = Buffer.alloc(20 * 1024 * 1024 + 1, 1);
    PNG.copy(big, 0);
    const tooLarge = await uploadAs(o.analyst, packId, 'training', big, 'big.png', 'image/png');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json).toEqual({ error: DOCUMENT_TOO_LARGE_MESSAGE });
    expect(section((await readPackAs(o.analyst, packId)).json, 'training').document?.sha256).toBe(sha256(PNG));
  });

  it('is generated by a reviewer, not an analyst; the PDF reads back and its SHA-256 is the audit entry’s', async () => {
    const before = await downloadAs(o.analyst, packId);
    expect(before.status).toBe(404);
    expect(before.json).toEqual({ error: NOT_GENERATED_MESSAGE });

    const refused = await generateAs(o.analyst, packId);
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ error: ROLE_CANNOT_GENERATE });

    const r = await generateAs(o.reviewer, packId);
    expect(r.status, r.text).toBe(200);
    expect(r.json.status).toBe('generated');
    const got = await downloadAs(o.analyst, packId);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const [audit] = await getDb().select().from(auditLog).where(and(eq(auditLog.targetId, packId), eq(auditLog.action, 'pack.generated')));
    expect(audit?.actor).toBe(o.reviewer.id);
    expect(audit?.changes).toMatchObject({ sha256: sha256(got.bytes), bytes: got.bytes.length });
    expect(r.json.generated).toMatchObject({ sha256: sha256(got.bytes), bytes: got.bytes.length, by: o.reviewer.id });
    expect(got.headers.get('x-content-sha256')).toBe(sha256(got.bytes));

    const dir = mkdtempSync(path.join(tmpdir(), 'pack-'));
    const file = path.join(dir, 'pack.pdf');
    writeFileSync(file, got.bytes);
    const info = spawnSync(PDFINFO, [file], { encoding: 'utf8' });
    expect(info.status, info.stderr).toBe(0);
    expect(Number(/Pages:\s+(\d+)/.exec(info.stdout)?.[1])).toBe(1 + PACK_SECTION_KEYS.length);
    const text = spawnSync(PDFTOTEXT, ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toContain(o.org.name);
    expect(text.stdout).toContain('Inspection by the FIU');
    expect(text.stdout).toMatch(/SLA met %\s+50/);
    expect(text.stdout).toMatch(/P90 hours to close\s+232\.8/);
    expect(text.stdout).toMatch(/large_cash\s+2\s+2\s+0\s+1\s+50/);
    expect(text.stdout).toContain(sha256(PNG));
    expect(text.stdout).not.toContain('Secret Subject Name');

    // An edit after generation moves it back to draft, without the PDF.
    const edited = await editSectionAs(o.analyst, packId, 'summary', { text: 'Updated.' });
    expect(edited.json).toMatchObject({ status: 'draft', generated: null });
    expect((await downloadAs(o.analyst, packId)).status).toBe(404);
  });

  it('answers 404 for another organisation’s pack and an unknown id', async () => {
    const other = await newPackOrg('packs-other');
    for (const id of [packId, UNKNOWN_ID]) {
      const read = await readPackAs(other.analyst, id);
      expect(read.status).toBe(404);
      expect(read.json).toEqual({ error: PACK_NOT_FOUND });
      expect((await editSectionAs(other.analyst, id, 'summary', { text: 'x' })).status).toBe(404);
      expect((await uploadAs(other.analyst, id, 'summary', PNG, 'a.png')).status).toBe(404);
      expect((await generateAs(other.reviewer, id)).status).toBe(404);
      expect((await downloadAs(other.reviewer, id)).status).toBe(404);
    }
    const [mine] = await getDb().select({ status: evidencePacks.status }).from(evidencePacks).where(eq(evidencePacks.id, packId));
    expect(mine?.status).toBe('draft');
  });

  it('answers 401 to an API key and to no credentials', async () => {
    for (const headers of [{}, { authorization: `Bearer ${o.org.key}` }] as Record<string, string>[]) {
      const r = await call(packs.POST, { method: 'POST', path: '/v1/reports/packs', body: {}, headers });
      expect(r.status, r.text).toBe(401);
      expect(r.json).toEqual({ error: NOT_SIGNED_IN_MESSAGE });
    }
  });

  it('lists packs in the report list with their figures', async () => {
    const fresh = await newPackOrg('packs-list');
    const a = await createPackAs(fresh.analyst, { from: '2026-01-01', to: '2026-03-31', purpose: 'Audit' });
    const b = await createPackAs(fresh.analyst, { from: '2026-04-01', to: '2026-06-30' });
    expect((await generateAs(fresh.reviewer, b.json.id)).status).toBe(200);
    const r = await call(reportList.GET, { path: '/v1/reports?kind=pack', headers: { cookie: fresh.analyst.cookie } });
    check('GET', '/v1/reports', r);
    expect(r.status, r.text).toBe(200);
    expect(r.json.reports).toEqual([
      expect.objectContaining({ id: b.json.id, kind: 'pack', number: b.json.number, status: 'generated', summary: 'Evidence pack 2026-04-01 to 2026-06-30' }),
      expect.objectContaining({ id: a.json.id, kind: 'pack', number: a.json.number, status: 'draft', summary: 'Evidence pack 2026-01-01 to 2026-03-31: Audit' }),
    ]);
    expect(r.json.figures.pack).toEqual({ draft: 1, generated: 1 });
  });
});
