import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { systemActor } from '@/lib/auth/actor';
import { getServiceStatus } from '@/lib/health/service-status';
import { createKey } from '@/lib/keys/create-key';
import { revokeKey } from '@/lib/keys/revoke-key';
import { deactivatePerson } from '@/lib/people/deactivate-person';
import { newOrg } from '../support/api';
import { newPerson } from '../support/people';

describe("console overview's service status", () => {
  it("counts only the viewer's organisation, never other tenants or the whole install", async () => {
    const a = await newOrg('status-a');
    const b = await newOrg('status-b');
    await createKey(getDb(), systemActor(a.orgId), { name: 'second' });
    const revoked = await createKey(getDb(), systemActor(a.orgId), { name: 'third' });
    await revokeKey(getDb(), systemActor(a.orgId), revoked.key.id);
    await newPerson(a.orgId, 'admin');
    const leaving = await newPerson(a.orgId, 'analyst');
    await deactivatePerson(getDb(), systemActor(a.orgId), leaving.person.id);
    // Another tenant with more of everything.
    for (const name of ['b2', 'b3', 'b4']) await createKey(getDb(), systemActor(b.orgId), { name });
    for (let i = 0; i < 3; i++) await newPerson(b.orgId, 'analyst');

    const forA = await getServiceStatus(getDb(), a.orgId);
    expect(forA).toMatchObject({ database: 'ok', activeKeys: 2, activePeople: 1 });
    expect(forA).not.toHaveProperty('organisations');
    expect(await getServiceStatus(getDb(), b.orgId)).toMatchObject({ activeKeys: 4, activePeople: 3 });
  });
});
