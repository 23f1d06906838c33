import { sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { checkReadiness, type Readiness } from './readiness';

export interface ServiceStatus extends Readiness {
  organisations: number;
  activeKeys: number;
  version: string;
}

/** What the console's overview shows about the installation. */
export async function getServiceStatus(db: Queryable): Promise<ServiceStatus> {
  const readiness = await checkReadiness(db);
  let organisations = 0;
  let activeKeys = 0;
  if (readiness.database === 'ok') {
    const r = await db.execute<{ orgs: number; keys: number }>(sql`
      SELECT (SELECT count(*)::int FROM organisations) AS orgs,
             (SELECT count(*)::int FROM api_keys WHERE revoked_at IS NULL) AS keys`);
    organisations = Number(r.rows[0]?.orgs ?? 0);
    activeKeys = Number(r.rows[0]?.keys ?? 0);
  }
  return { ...readiness, organisations, activeKeys, version: process.env.npm_package_version ?? '0.1.0' };
}
