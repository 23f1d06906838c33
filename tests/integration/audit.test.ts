import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as audit from '@/app/v1/audit/route';
import * as keys from '@/app/v1/keys/route';
import { getDb } from '@/db/client';
import { call, newOrg } from '../support/api';

describe('audit log', () => {
  it('refuses to update, delete or truncate entries, in the database itself', async () => {
    const org = await newOrg();
    const db = getDb();
    await expect(db.execute(sql`UPDATE audit_log SET action = 'forged' WHERE org_id = ${org.orgId}`)).rejects.toThrow();
    await expect(db.execute(sql`DELETE FROM audit_log WHERE org_id = ${org.orgId}`)).rejects.toThrow();
    await expect(db.execute(sql`TRUNCATE audit_log`)).rejects.toThrow();
    const r = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log WHERE org_id = ${org.orgId}`);
    expect(Number(r.rows[0]?.n)).toBeGreaterThanOrEqual(2);
  });

  it('filters by action and actor, pages, and shows only the caller organisation', async () => {
    const a = await newOrg('a');
    const b = await newOrg('b');
    for (let i = 0; i < 3; i++) await call(keys.POST, { method: 'POST', key: a.key, body: { name: `a${i}` } });
    await call(keys.POST, { method: 'POST', key: b.key, body: { name: 'b0' } });

    const byAction = await call(audit.GET, { path: `/v1/audit?action=key.created&actor=${a.keyId}&limit=2`, key: a.key });
    expect(byAction.status).toBe(200);
    expect(byAction.json.entries).toHaveLength(2);
    expect(byAction.json.entries.map((e: { changes: { name: string } }) => e.changes.name)).toEqual(['a2', 'a1']);
    const rest = await call(audit.GET, { path: `/v1/audit?action=key.created&actor=${a.keyId}&limit=2&cursor=${byAction.json.next_cursor}`, key: a.key });
    expect(rest.json.entries.map((e: { changes: { name: string } }) => e.changes.name)).toEqual(['a0']);

    const all = await call(audit.GET, { path: '/v1/audit?limit=200', key: a.key });
    const actors = new Set(all.json.entries.map((e: { actor: string }) => e.actor));
    expect(actors.has(b.keyId)).toBe(false);
  });

  it('filters by time window and refuses a malformed since', async () => {
    const org = await newOrg();
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const none = await call(audit.GET, { path: `/v1/audit?since=${encodeURIComponent(future)}`, key: org.key });
    expect(none.json.entries).toEqual([]);
    const bad = await call(audit.GET, { path: '/v1/audit?since=yesterday', key: org.key });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe('since must be an RFC 3339 date-time');
  });
});
