import { sql, type SQL } from 'drizzle-orm';
import { cases } from '@/db/schema';

/** The ids of a case's alerts in the order they joined it, as a column of a query on `cases`. */
export const caseAlertIdsSql: SQL<string[]> = sql<string[]>`(
  SELECT coalesce(array_agg(ca.alert_id ORDER BY ca.position), '{}'::uuid[])
  FROM case_alerts ca WHERE ca.org_id = ${cases.orgId} AND ca.case_id = ${cases.id})`;
