import type { Queryable } from '@/db/client';
import { settings } from '@/lib/config';
import type { Licence } from './licence';
import { readInstallation, setupComplete, storedLicence } from './installation';

export interface SetupState {
  complete: boolean;
  licence_required: boolean;
  /** The already-checked licence while setup is open; null otherwise. */
  licence: Licence | null;
}

/** GET /v1/setup, and the wizard's first question. */
export async function getSetupState(db: Queryable): Promise<SetupState> {
  const row = await readInstallation(db);
  const complete = await setupComplete(db, row);
  return {
    complete,
    licence_required: settings().licencePublicKey !== undefined,
    licence: complete ? null : storedLicence(row),
  };
}
