import type { Database } from '@/db/client';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { recordAudit } from '@/lib/audit/record';
import { InvalidInputError } from '@/lib/errors';
import { checkListFile, ListFileError } from './list-file';
import { loadScreeningList } from './load-list';
import type { ListDescriptor } from './serialize';

/** The largest list file the console takes; the OFAC SDN list is about 2 MB. */
export const LIST_UPLOAD_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Loads a list file an admin sent from the console: the same whole-file check (the first problem named, nothing
 * loaded) and the same one-transaction load as `service-admin screening load`. Lists are shared by the install;
 * the load is written to the admin's organisation's audit log (`screening.list_loaded`) in the load's transaction.
 */
export async function loadListFromUpload(db: Database, actor: Actor, bytes: Uint8Array, fileName: string | null): Promise<ListDescriptor> {
  authorize(actor, 'administer');
  if (bytes.byteLength === 0) throw new InvalidInputError('the list file is empty', 'file');
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch (err) {
    const why = err instanceof SyntaxError ? err.message : 'it is not UTF-8 text';
    throw new InvalidInputError(`the list file is not valid JSON: ${why}`, 'file');
  }
  let file;
  try {
    file = checkListFile(value);
  } catch (err) {
    if (err instanceof ListFileError) throw new InvalidInputError(err.message, 'file');
    throw err;
  }
  const loaded = await loadScreeningList(db, file, {
    inTransaction: (tx, descriptor) =>
      recordAudit(tx, actor, {
        action: 'screening.list_loaded',
        targetType: 'screening_list',
        targetId: descriptor.code,
        changes: { name: descriptor.name, version: descriptor.version, entries: descriptor.entries, ...(fileName ? { file: fileName } : {}) },
      }),
  });
  if (!loaded) throw new Error('the list was not loaded');
  return loaded.descriptor;
}
