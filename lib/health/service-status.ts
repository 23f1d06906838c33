import { sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { checkReadiness, type Readiness } from './readiness';

export interface ServiceStatus extends Readiness {
  /** Of the signed-in person's organisation only: the overview never shows other tenants' figures. */
  activeKeys: number;
  activePeople: number;
  version: string;
}

/** What the console's overview shows: the service's health, and figures of the viewer's organisation. */
export async function getServiceStatus(db: Queryable, orgId: string): Promise<ServiceStatus> {
  const readiness = await checkReadiness(db);
  let activeKeys = 0;
  let activePeople = 0;
  if (readiness.database === 'ok') {
    const r = await db.execute<{ keys: number; people: number }>(sql`
      SELECT (SELECT count(*)::int FROM api_keys WHERE org_id = ${orgId} AND revoked_at IS NULL) AS keys,
             (SELECT count(*)::int FROM people WHERE org_id = ${orgId} AND active) AS people`);
    activeKeys = Number(r.rows[0]?.keys ?? 0);
    activePeople = Number(r.rows[0]?.people ?? 0);
  }
  return { ...readiness, activeKeys, activePeople, version: process.env.npm_package_version ?? '0.1.0' };
}
