/**
 * Evidence pack benchmark: `npm run bench -- pack [--events N] [--alerts A] [--strs S] [--rules R] [--pdf FILE]`.
 *
 * On a fresh database (as the other benchmarks find one; dropped at the end) it stores, with set-based SQL and not
 * through the API, a year (2025) of an organisation's records: N events (default 1,000,000), A alerts (default
 * 20,000) with their decisions over 20 rules, nine in ten closed with a disposition, a case for every tenth alert,
 * S STRs (default 200) on those cases of which three in four filed, a CTR batch a day, R rule versions (default 50)
 * activated through the year with their backtests, 5,000 screenings and 100,000 audit entries. Then it times the
 * pack's figures for the year (getPack: one read-only snapshot) and the PDF (renderPackPdf from that reading, then
 * generatePack end to end), and reports the process's memory. With --pdf the generated PDF is written to FILE.
 * Progress goes to stderr; one JSON line to stdout:
 * `{"bench":"pack","events":..,"alerts":..,"strs":..,"rule_versions":..,"figures_s":..,"pdf_s":..,"generate_s":..,
 *   "pdf_bytes":..,"pages":..,"rss_mb":..,"heap_mb":..,"goal_figures_s":5,"goal_pdf_s":15,"ok":..}`.
 */
import '../project';
import { writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { closeDb, getDb } from '../../db/client';
import { systemActor } from '../../lib/auth/actor';
import { reloadSettings } from '../../lib/config';
import { createOrganisation } from '../../lib/orgs/create-organisation';
import { createPack } from '../../lib/reports/packs/create-pack';
import { generatePack } from '../../lib/reports/packs/generate-pack';
import { getPack } from '../../lib/reports/packs/get-pack';
import { renderPackPdf } from '../../lib/reports/packs/render-pdf';
import { updatePackSection } from '../../lib/reports/packs/update-section';
import { createTestDatabase } from '../../tests/support/database';

const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? Number(args[i + 1]) : fallback;
};
const pdfOut = args.includes('--pdf') ? args[args.indexOf('--pdf') + 1] : undefined;
const EVENTS = opt('events', 1_000_000);
const ALERTS = opt('alerts', 20_000);
const STRS = opt('strs', 200);
const RULES = opt('rules', 50);
const SCREENINGS = 5_000;
const AUDIT = 100_000;
const GOAL_FIGURES_S = 5;
const GOAL_PDF_S = 15;
const YEAR = '2025-01-01T00:00:00Z';
const progress = (line: string) => process.stderr.write(`[bench pack] ${line}\n`);
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

if (!(ALERTS >= STRS * 10 && RULES >= 1 && EVENTS >= ALERTS)) {
  process.stderr.write('need events >= alerts >= 10 x strs and rules >= 1\n');
  process.exit(2);
}

async function main(): Promise<void> {
  const database = await createTestDatabase(progress);
  try {
    process.env.SERVICE_DATABASE_URL = database.url;
    process.env.SERVICE_LOG_LEVEL ??= 'silent';
    reloadSettings();
    const db = getDb();
    const org = await createOrganisation(db, { name: 'Bench Bank plc' });
    const o = org.id;
    // Position i of n spread over the year 2025.
    const at = (i: string, n: number) => sql.raw(`('${YEAR}'::timestamptz + (${i}::double precision / ${n + 1}) * interval '365 days')`);

    let started = performance.now();
    progress(`storing ${EVENTS} events, ${ALERTS} alerts, ${STRS} STRs, ${RULES} rule versions`);
    await db.execute(sql`
      INSERT INTO events (org_id, idempotency_key, type, occurred_at, amount, currency, rail, source_id, destination_id, payload, mode, submitted_by)
      SELECT ${o}::uuid, 'bench-' || i, CASE WHEN i % 20 = 0 THEN 'cash_deposit' ELSE 'transfer' END, ${at('i', EVENTS)},
        CASE WHEN i % 50 = 0 THEN NULL ELSE (i % 9000) + 1 END, 'EUR', 'bank_transfer', 'acct-' || (i % 200000), 'acct-' || ((i * 7) % 200000), '{}'::json, 'async', 'bench'
      FROM generate_series(1, ${EVENTS}::int) AS i`);
    await db.execute(sql`
      INSERT INTO decisions (org_id, id, event_id, decision, risk_score, reasons, rule_errors, created_at)
      SELECT ${o}::uuid, md5('d' || i)::uuid, gen_random_uuid(), 'review', 60,
        jsonb_build_array(jsonb_build_object('rule', 'rule-' || (i % 20), 'version', 1, 'detail', 'fired')),
        CASE WHEN i % 500 = 0 THEN '[{"rule":"rule-1","version":1,"message":"missing field"}]'::jsonb ELSE '[]'::jsonb END, ${at('i', ALERTS)}
      FROM generate_series(1, ${ALERTS}::int) AS i`);
    // Alert i: high every third; closed nine in ten after (i % 96) hours; due in a day (high) or a week.
    await db.execute(sql`
      INSERT INTO alerts (org_id, id, number, entity_id, status, priority, decision_id, risk_score, last_event_at, due_at, disposition, closed_by, closed_at, created_at)
      SELECT ${o}::uuid, md5('a' || i)::uuid, i, 'acct-' || i, CASE WHEN i % 10 = 0 THEN 'open' ELSE 'closed' END,
        CASE WHEN i % 3 = 0 THEN 'high' ELSE 'medium' END, md5('d' || i)::uuid, 60, c.t,
        c.t + CASE WHEN i % 3 = 0 THEN interval '1 day' ELSE interval '7 days' END,
        CASE WHEN i % 10 = 0 THEN NULL WHEN i % 4 = 0 THEN 'escalated' ELSE 'false_positive' END,
        CASE WHEN i % 10 = 0 THEN NULL ELSE 'reviewer' END,
        CASE WHEN i % 10 = 0 THEN NULL ELSE c.t + (i % 96) * interval '1 hour' END, c.t
      FROM generate_series(1, ${ALERTS}::int) AS i CROSS JOIN LATERAL (SELECT ${at('i', ALERTS)} AS t) c`);
    // A case for every tenth alert (i = 10 k), closed two weeks later for most.
    await db.execute(sql`
      INSERT INTO cases (org_id, id, number, title, status, created_by, created_at, closed_at)
      SELECT ${o}::uuid, md5('c' || k)::uuid, k, 'Case ' || k, CASE WHEN k % 5 = 0 THEN 'open' ELSE 'closed' END, 'bench',
        ${at('(10 * k)', ALERTS)} + interval '2 hours', CASE WHEN k % 5 = 0 THEN NULL ELSE ${at('(10 * k)', ALERTS)} + interval '14 days' END
      FROM generate_series(1, ${ALERTS / 10}::int) AS k`);
    await db.execute(sql`
      INSERT INTO case_alerts (org_id, alert_id, case_id, position, added_by)
      SELECT ${o}::uuid, md5('a' || (10 * k))::uuid, md5('c' || k)::uuid, 1, 'bench' FROM generate_series(1, ${ALERTS / 10}::int) AS k`);
    await db.execute(sql`
      INSERT INTO str_reports (org_id, id, number, case_id, status, subject, transactions, drafted_by, created_at)
      SELECT ${o}::uuid, md5('s' || k)::uuid, k, md5('c' || k)::uuid, CASE WHEN k % 4 = 0 THEN 'draft' WHEN k % 7 = 0 THEN 'rejected' ELSE 'filed' END,
        jsonb_build_object('name', 'Subject ' || k), '[]'::jsonb, 'bench', ${at('(10 * k)', ALERTS)} + interval '3 days'
      FROM generate_series(1, ${STRS}::int) AS k`);
    await db.execute(sql`
      INSERT INTO filings (org_id, report_kind, report_id, state, xml, xml_sha256, filed_by, created_at)
      SELECT ${o}::uuid, 'str', md5('s' || k)::uuid, 'accepted', '<report/>', 'x', 'bench', ${at('(10 * k)', ALERTS)} + interval '5 days'
      FROM generate_series(1, ${STRS}::int) AS k WHERE k % 4 <> 0`);
    await db.execute(sql`
      INSERT INTO ctr_batches (org_id, number, date, status, threshold, rows_total, built_by)
      SELECT ${o}::uuid, d + 1, (date '2025-01-01' + d), CASE WHEN d % 30 = 0 THEN 'draft' ELSE 'filed' END, 10000, d % 40, 'system'
      FROM generate_series(0, 364) AS d`);
    await db.execute(sql`
      INSERT INTO rule_versions (org_id, id, key, version, expr, weight, detail, status, created_by, approved_by, activated_at, retired_at)
      SELECT ${o}::uuid, md5('r' || v)::uuid, 'rule-' || (v % 20), v / 20 + 1, 'true', 50, 'bench rule',
        CASE WHEN v + 20 < ${RULES} THEN 'retired' ELSE 'active' END, 'author-' || (v % 3), 'approver-' || (v % 2), ${at('v', RULES)},
        CASE WHEN v + 20 < ${RULES} THEN ${at('(v + 20)', RULES)} END
      FROM generate_series(0, ${RULES - 1}::int) AS v`);
    await db.execute(sql`
      INSERT INTO rule_backtests (org_id, rule_id, ran_by, result, created_at)
      SELECT ${o}::uuid, md5('r' || v)::uuid, 'author-' || (v % 3), '{}'::jsonb, ${at('v', RULES)} - interval '1 day' FROM generate_series(0, ${RULES - 1}::int) AS v`);
    await db.execute(sql`
      INSERT INTO screenings (org_id, id, status, threshold, subject, matches, near, lists, review, created_by, created_at)
      SELECT ${o}::uuid, md5('x' || i)::uuid, CASE WHEN i % 10 = 0 THEN 'potential_match' ELSE 'clear' END, 85, '{"name":"n"}', '[]', '[]', '[]',
        CASE WHEN i % 10 = 0 THEN 'cleared' ELSE 'none' END, 'bench', ${at('i', SCREENINGS)}
      FROM generate_series(1, ${SCREENINGS}::int) AS i`);
    await db.execute(sql`
      INSERT INTO screening_resolutions (org_id, screening_id, list, entry_ref, outcome, note, status, resolved_by, decided_by, created_at, decided_at)
      SELECT ${o}::uuid, md5('x' || i)::uuid, 'un', 'r', 'false_positive', 'n', 'final', 'a', 'b', ${at('i', SCREENINGS)} + interval '1 hour',
        ${at('i', SCREENINGS)} + (i % 48) * interval '1 hour'
      FROM generate_series(10, ${SCREENINGS}::int, 10) AS i`);
    await db.execute(sql`
      INSERT INTO audit_log (org_id, at, actor, actor_kind, action, target_type, target_id, changes)
      SELECT ${o}::uuid, ${at('i', AUDIT)}, 'p-' || (i % 7), CASE WHEN i % 5 = 0 THEN 'system' ELSE 'person' END,
        CASE WHEN i % 1000 = 0 THEN 'str.rejected' ELSE (ARRAY['alert.assigned', 'alert.closed', 'alert.noted', 'case.created', 'screening.resolved'])[1 + i % 5] END,
        'alert', i::text, CASE WHEN i % 1000 = 0 THEN '{"reason":"schema error"}'::jsonb ELSE '{}'::jsonb END
      FROM generate_series(1, ${AUDIT}::int) AS i`);
    for (const table of ['events', 'decisions', 'alerts', 'cases', 'case_alerts', 'str_reports', 'filings', 'rule_versions', 'screenings', 'audit_log']) {
      await db.execute(sql.raw(`ANALYZE ${table}`));
    }
    progress(`stored in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const actor = systemActor(o, 'bench');
    const pack = await createPack(db, actor, { from: '2025-01-01', to: '2025-12-31', purpose: 'Annual inspection by the financial intelligence unit' });
    await updatePackSection(db, actor, pack.id, 'summary', {
      text: 'Monitoring, screening and reporting of 2025, with every figure computed from the service’s records in one consistent reading.',
    });

    started = performance.now();
    const view = await getPack(db, actor, pack.id);
    const figuresS = (performance.now() - started) / 1000;
    const raised = Number(view.figures.monitoring.raised);
    progress(`figures in ${figuresS.toFixed(3)} s: ${raised} alerts raised, ${String(view.figures.rule_changes.versions_activated)} rule versions activated`);

    started = performance.now();
    const pdf = await renderPackPdf(view, { institution: org.name, generatedAt: new Date(), generatedBy: 'bench' });
    const pdfS = (performance.now() - started) / 1000;
    progress(`PDF rendered in ${pdfS.toFixed(3)} s, ${pdf.byteLength} bytes`);

    started = performance.now();
    await generatePack(db, actor, pack.id);
    const generateS = (performance.now() - started) / 1000;
    const stored = await db.execute<{ pdf: Buffer; bytes: number }>(sql`SELECT pdf, bytes FROM evidence_packs WHERE org_id = ${o} AND id = ${pack.id}`);
    const bytes = stored.rows[0]?.pdf;
    if (pdfOut && bytes) writeFileSync(pdfOut, bytes);
    const pages = (bytes?.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    const memory = process.memoryUsage();
    const correct = raised === ALERTS && view.figures.rule_changes.versions_activated === RULES && Number(view.figures.reporting.strs_filed) === STRS - Math.floor(STRS / 4);
    progress(`generated (snapshot, render, store, audit) in ${generateS.toFixed(3)} s, ${pages} pages; rss ${mb(memory.rss)} MB${correct ? '' : ' (UNEXPECTED FIGURES)'}`);
    process.stdout.write(
      `${JSON.stringify({
        bench: 'pack',
        events: EVENTS,
        alerts: ALERTS,
        strs: STRS,
        rule_versions: RULES,
        figures_s: Math.round(figuresS * 1000) / 1000,
        pdf_s: Math.round(pdfS * 1000) / 1000,
        generate_s: Math.round(generateS * 1000) / 1000,
        pdf_bytes: bytes?.byteLength ?? 0,
        pages,
        rss_mb: mb(memory.rss),
        heap_mb: mb(memory.heapUsed),
        goal_figures_s: GOAL_FIGURES_S,
        goal_pdf_s: GOAL_PDF_S,
        correct,
        ok: correct && figuresS < GOAL_FIGURES_S && pdfS < GOAL_PDF_S,
      })}\n`,
    );
  } finally {
    await closeDb();
    await database.drop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`[bench pack] failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
