import { eq } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { organisations } from '@/db/schema';
import { NotFoundError } from '@/lib/errors';
import type { OrganisationRow } from './create-organisation';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Finds an organisation by its id or its name (the CLI's `-org` takes either). */
export async function findOrganisation(db: Queryable, idOrName: string): Promise<OrganisationRow> {
  const [org] = await db
    .select()
    .from(organisations)
    .where(UUID.test(idOrName) ? eq(organisations.id, idOrName) : eq(organisations.name, idOrName));
  if (!org) throw new NotFoundError(`organisation not found: ${idOrName}`);
  return org;
}
