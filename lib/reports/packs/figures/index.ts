import { sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import type { PackSectionKey } from '../schemas';
import { caseFigures } from './cases';
import { dataQualityFigures, governanceFigures } from './governance';
import { monitoringFigures } from './monitoring';
import { reportingFigures } from './reporting';
import { ruleChangeFigures, rulesInForceFigures } from './rule-changes';
import { screeningFigures } from './screening';
import { rowsOf, type FigurePeriod, type FigureTable, type SectionFigures } from './snapshot';

export type PackFigures = Record<PackSectionKey, SectionFigures>;

const countOf = (table: unknown, column: string, where?: (r: Record<string, unknown>) => boolean): number =>
  Array.isArray(table) ? (table as FigureTable).filter((r) => !where || where(r)).reduce((n, r) => n + Number(r[column] ?? 0), 0) : 0;

/**
 * Every section's figures for the period, read one section after another on `db`, which is meant to be the one
 * read-only snapshot of `inSnapshot` (a pack's figures and its PDF agree with each other and with one moment of the
 * database). The summary repeats the headline figures of the other sections; training and independent testing
 * have no figures of the service, only their text and document; documents lists the pack's uploads.
 */
export async function packFigures(db: Queryable, period: FigurePeriod, packId: string): Promise<PackFigures> {
  const governance = await governanceFigures(db, period);
  const riskAssessment = await rulesInForceFigures(db, period);
  const screening = await screeningFigures(db, period);
  const monitoring = await monitoringFigures(db, period);
  const cases = await caseFigures(db, period);
  const reporting = await reportingFigures(db, period);
  const ruleChanges = await ruleChangeFigures(db, period);
  const dataQuality = await dataQualityFigures(db, period);
  const documents = await rowsOf(
    db,
    sql`SELECT section_key AS section, name, type, size, sha256 FROM evidence_pack_documents
      WHERE org_id = ${period.orgId} AND pack_id = ${packId} ORDER BY section_key`,
  );
  const summary: SectionFigures = {
    alerts_raised: monitoring.raised ?? 0,
    alerts_closed: monitoring.closed ?? 0,
    sla_met_pct: monitoring.sla_met_pct ?? null,
    screenings: screening.screenings ?? 0,
    cases_opened: cases.opened ?? 0,
    strs_started: countOf(reporting.str_by_status, 'count'),
    strs_filed: reporting.strs_filed ?? 0,
    ctr_batches: countOf(reporting.ctr_by_status, 'batches'),
    rule_versions_activated: ruleChanges.versions_activated ?? 0,
    audit_entries: governance.audit_entries ?? 0,
  };
  return {
    summary,
    governance,
    risk_assessment: riskAssessment,
    screening,
    monitoring,
    cases,
    reporting,
    rule_changes: ruleChanges,
    data_quality: dataQuality,
    training: {},
    independent_testing: {},
    documents: { documents: documents.length, index: documents },
  };
}
