import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { installation } from '@/db/schema';
import { InvalidInputError, ConflictError } from '@/lib/errors';
import { lockInstallation, licencePublicKey, refuseWhenComplete, SETUP_CLOSED_MESSAGE } from './installation';
import { LicenceError, verifyLicence, type Licence, type LicenceErrorReason } from './licence';

export const NO_LICENCE_NEEDED_MESSAGE = 'this install needs no licence (SERVICE_LICENCE_PUBLIC_KEY is not set)';

/** A licence that did not pass: 400 with the reason in plain words; `reason` for callers that branch on it. */
export class LicenceRejectedError extends InvalidInputError {
  constructor(readonly reason: LicenceErrorReason, message: string) {
    super(message);
  }
}

/**
 * POST /v1/setup/licence: checks a licence file offline against the configured public key and keeps it
 * while setup is open (a later check replaces it). Refused after setup completed, or when no key is set.
 */
export async function checkLicence(db: Database, input: { payload: unknown; signature: unknown }, now = new Date()): Promise<Licence> {
  const key = licencePublicKey();
  await refuseWhenComplete(db);
  if (!key) throw new ConflictError(NO_LICENCE_NEEDED_MESSAGE);
  let licence: Licence;
  try {
    licence = verifyLicence(input, key, now);
  } catch (err) {
    if (err instanceof LicenceError) throw new LicenceRejectedError(err.reason, err.message);
    throw err;
  }
  await db.transaction(async (tx) => {
    const row = await lockInstallation(tx);
    await refuseWhenComplete(tx, row);
    const [saved] = await tx
      .update(installation)
      .set({
        licence,
        licencePayload: String(input.payload).replace(/\s+/g, ''),
        licenceSignature: String(input.signature).replace(/\s+/g, ''),
        licenceCheckedAt: sql`now()`,
      })
      .where(and(eq(installation.id, 1), isNull(installation.completedAt)))
      .returning({ id: installation.id });
    if (!saved) throw new ConflictError(SETUP_CLOSED_MESSAGE);
  });
  return licence;
}
