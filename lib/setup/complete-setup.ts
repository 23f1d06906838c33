import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { installation } from '@/db/schema';
import { systemActor } from '@/lib/auth/actor';
import { hashPassword } from '@/lib/auth/passwords';
import { recordAudit } from '@/lib/audit/record';
import { ConflictError } from '@/lib/errors';
import { insertPerson } from '@/lib/people/insert-person';
import { LICENCE_NOT_CHECKED_MESSAGE, licencePublicKey, lockInstallation, refuseWhenComplete, storedLicence } from './installation';
import { LicenceError, verifyLicence, type Licence } from './licence';
import { parseInput } from '@/lib/validation';
import { setupInput, setupSchema, type SetupFieldNames } from './schemas';
import { saveOrganisationDetails } from './save-organisation-details';

export interface SetupResult {
  adminEmail: string;
  adminId: string;
  orgId: string;
}

export interface SetupOptions {
  requestId?: string;
  /** How refusals name the fields: the API's names by default, the wizard's words in the console. */
  fieldNames?: SetupFieldNames;
}

/**
 * POST /v1/setup and the wizard (`request` as sent: it is parsed here with lib/setup/schemas.ts): saves the organisation's details (institution, licence reference, regulator: they head
 * regulatory filings) and creates its admin, whose password must be replaced at first sign-in, all in one
 * transaction under the installation lock, then closes setup. A concurrent second setup waits for the lock
 * and then finds setup complete (409).
 */
export async function completeSetup(db: Database, request: unknown, options: SetupOptions = {}): Promise<SetupResult> {
  const { requestId, fieldNames } = options;
  const input = parseInput(fieldNames ? setupSchema(fieldNames) : setupInput, request);
  const key = licencePublicKey();
  await refuseWhenComplete(db);
  const passwordHash = await hashPassword(input.admin_password);
  return db.transaction(async (tx) => {
    const row = await lockInstallation(tx);
    await refuseWhenComplete(tx, row);

    let licence: Licence | null = null;
    if (key) {
      if (!row.licencePayload || !row.licenceSignature || !storedLicence(row)) throw new ConflictError(LICENCE_NOT_CHECKED_MESSAGE);
      try {
        // Checked again: the key may have changed since, or the licence expired meanwhile.
        licence = verifyLicence({ payload: row.licencePayload, signature: row.licenceSignature }, key);
      } catch (err) {
        if (err instanceof LicenceError) throw new ConflictError(`the checked licence no longer passes (${err.message}); check a licence again`);
        throw err;
      }
    }

    const org = await saveOrganisationDetails(tx, input, 'setup', requestId);
    const actor = { ...systemActor(org.id, 'setup'), requestId };
    const admin = await insertPerson(
      tx,
      actor,
      { orgId: org.id, email: input.admin_email, name: input.admin_name, role: 'admin', passwordHash, mustChangePassword: true },
      'admin_email',
    );
    await tx
      .update(installation)
      .set({ completedAt: new Date(), completedBy: 'setup', orgId: org.id })
      .where(eq(installation.id, 1));
    await recordAudit(tx, actor, {
      action: 'setup.completed',
      targetType: 'organisation',
      targetId: org.id,
      changes: {
        institution: input.institution,
        licence: input.licence,
        regulator: input.regulator,
        admin: admin.id,
        licence_file: licence ? { customer: licence.customer, tier: licence.tier, valid_until: licence.valid_until, key_id: licence.key_id } : null,
      },
    });
    return { adminEmail: admin.email, adminId: admin.id, orgId: org.id };
  });
}
