import { randomUUID } from 'node:crypto';
import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as exportRoute from '@/app/(console)/audit/export/route';
import { getDb } from '@/db/client';
import { auditLog } from '@/db/schema';
import { AUDIT_CSV_COLUMNS } from '@/lib/audit/export-csv';
import { NOT_SIGNED_IN_MESSAGE } from '@/lib/http/route';
import { call, newOrg, type TestOrg } from '../support/api';
import { signedIn } from '../support/people';

type Person = Awaited<ReturnType<typeof signedIn>>;

const exportCsv = (who: { cookie: string } | null, query = '', headers: Record<string, string> = {}) =>
  call(exportRoute.GET, { path: `/audit/export${query ? `?${query}` : ''}`, headers: { ...(who ? { cookie: who.cookie } : {}), ...headers } });

/** The CSV's records (RFC 4180: quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || record.length > 0) records.push([...record, field]);
  return records;
}

describe('audit log CSV export', () => {
  let org: TestOrg;
  let other: TestOrg;
  let reviewer: Person;
  let analyst: Person;
  const target = randomUUID();
  // When k-2 closed an alert: the day filter below asks for its UTC day, which is not today's just after midnight.
  let closedByK2At: Date;

  beforeAll(async () => {
    org = await newOrg('audit-export');
    other = await newOrg('audit-export-other');
    reviewer = await signedIn(org.orgId, 'reviewer');
    analyst = await signedIn(org.orgId, 'analyst');
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    await getDb()
      .insert(auditLog)
      .values([
        { orgId: org.orgId, at: at(30), actor: 'k-1', actorKind: 'key', action: 'alert.closed', targetType: 'alert', targetId: target, changes: { status: { from: 'pending_closure', to: 'closed' } } },
        { orgId: org.orgId, at: at(20), actor: 'k-1', actorKind: 'key', action: 'alert.note_added', targetType: 'alert', targetId: target, changes: { text: '=HYPERLINK("http://x"), "quoted"\nsecond line' } },
        { orgId: org.orgId, at: (closedByK2At = at(10)), actor: 'k-2', actorKind: 'key', action: 'alert.closed', targetType: 'alert', targetId: randomUUID(), changes: {} },
        { orgId: other.orgId, at: at(5), actor: 'k-9', actorKind: 'key', action: 'alert.closed', targetType: 'alert', targetId: target, changes: {} },
      ]);
  });

  it('streams the filtered entries of the organisation as CSV, newest first, with text a spreadsheet cannot run', async () => {
    const r = await exportCsv(reviewer, `target=${target}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = parseCsv(r.text);
    expect(header).toEqual([...AUDIT_CSV_COLUMNS]);
    // The other organisation's entry on the same target is not there.
    expect(rows.map((x) => x[3])).toEqual(['alert.note_added', 'alert.closed']);
    expect(rows[0]?.[7]).toBe(JSON.stringify({ text: '=HYPERLINK("http://x"), "quoted"\nsecond line' }));
    expect(JSON.parse(rows[1]?.[7] as string)).toEqual({ status: { from: 'pending_closure', to: 'closed' } });
    // A field starting like a formula is prefixed so that it stays text.
    const formula = await exportCsv(reviewer, `actor=${encodeURIComponent('k-1')}&action=alert.note_added`);
    expect(parseCsv(formula.text).length).toBe(2);
  });

  it('filters by actor, action and UTC days, and refuses a filter it cannot read', async () => {
    const byActor = parseCsv((await exportCsv(reviewer, 'actor=k-2')).text);
    expect(byActor.slice(1).map((x) => x[1])).toEqual(['k-2']);
    const byAction = parseCsv((await exportCsv(reviewer, 'action=alert.closed')).text);
    expect(byAction.slice(1).map((x) => x[1])).toEqual(['k-2', 'k-1']);
    const day = closedByK2At.toISOString().slice(0, 10);
    const past = parseCsv((await exportCsv(reviewer, 'to=2000-01-01')).text);
    expect(past.length).toBe(1);
    const none = await exportCsv(reviewer, `from=${day}&to=${day}&action=alert.closed&actor=k-2`);
    expect(parseCsv(none.text).length).toBe(2);
    const bad = await exportCsv(reviewer, 'from=25-11-2026');
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ error: 'from must be a date from 1970 on, such as 2026-11-25' });
  });

  it('is for reviewers and admins signed in: an analyst 403, an API key or no session 401', async () => {
    expect((await exportCsv(analyst)).status).toBe(403);
    const withKey = await exportCsv(null, '', { authorization: `Bearer ${org.key}` });
    expect(withKey.status).toBe(401);
    expect(withKey.json).toEqual({ error: NOT_SIGNED_IN_MESSAGE });
  });

  it('exports 300,000 entries holding one batch at a time, not the file', async () => {
    const big = await newOrg('audit-export-big');
    const admin = await signedIn(big.orgId, 'admin');
    const entries = 300_000;
    await getDb().execute(sql`
      INSERT INTO audit_log (org_id, at, actor, actor_kind, action, target_type, target_id, changes)
      SELECT ${big.orgId}::uuid, now() - make_interval(secs => n), 'key-' || (n % 7), 'key', 'alert.note_added', 'alert', md5(n::text),
             jsonb_build_object('text', repeat('A note written while working the alert. ', 4), 'n', n)
      FROM generate_series(1, ${entries}) AS n`);
    // Making the organisation and signing the admin in wrote entries of their own.
    const { rows } = await getDb().execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log WHERE org_id = ${big.orgId}`);
    const total = Number(rows[0]?.n);
    expect(total).toBeGreaterThanOrEqual(entries);
    // What the export keeps alive, not the garbage it leaves for the collector: the heap is measured after a full
    // collection every few batches.
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    gc();
    const baseline = process.memoryUsage().heapUsed;
    const response = await exportRoute.GET(new Request('http://localhost/audit/export', { headers: { cookie: admin.cookie } }), { params: Promise.resolve({}) });
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let peak = 0;
    let bytes = 0;
    let lines = 0;
    let chunks = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      for (const b of value) if (b === 10) lines++;
      if (++chunks % 10 === 0) {
        gc();
        peak = Math.max(peak, process.memoryUsage().heapUsed - baseline);
      }
    }
    expect(lines).toBe(total + 1);
    // The whole file is about 80 MB; holding it (or its rows) would add far more than this to the heap.
    expect(bytes).toBeGreaterThan(60 * 1024 * 1024);
    expect(chunks).toBeGreaterThan(100);
    expect(peak).toBeLessThan(16 * 1024 * 1024);
    console.log(JSON.stringify({ audit_export_entries: entries, csv_mb: Math.round(bytes / 1024 / 1024), retained_heap_peak_mb: Math.round((peak / 1024 / 1024) * 10) / 10 }));
  }, 180_000);
});
