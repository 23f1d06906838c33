import type { Queryable } from '@/db/client';
import { organisations } from '@/db/schema';
import { systemActor } from '@/lib/auth/actor';
import { recordAudit } from '@/lib/audit/record';
import type { OrganisationRow } from '@/lib/orgs/create-organisation';

export interface OrganisationDetails {
  institution: string;
  licence: string | null;
  regulator: string | null;
}

/**
 * The organisation setup creates, with its filing details. Setup runs only on an install with no
 * organisation (lib/setup/installation.ts), and it never joins or renames one that exists: joining by
 * name would hand an operator's organisation to whoever called setup first.
 */
export async function saveOrganisationDetails(
  tx: Queryable,
  details: OrganisationDetails,
  actorId: string,
  requestId?: string,
): Promise<OrganisationRow> {
  const values = { institution: details.institution, licence: details.licence, regulator: details.regulator };
  const [created] = await tx
    .insert(organisations)
    .values({ name: details.institution, ...values })
    .returning();
  if (!created) throw new Error('organisation insert returned no row');
  await recordAudit(tx, { ...systemActor(created.id, actorId), requestId }, {
    action: 'organisation.created',
    targetType: 'organisation',
    targetId: created.id,
    changes: { name: created.name, ...values },
  });
  return created;
}
