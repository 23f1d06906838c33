import type { Queryable } from '@/db/client';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { buildStrXml } from './build-xml';
import { draftOf, readStr, strHeader } from './get-str';
import type { StrRow } from './serialize';
import type { StrFilingHeader } from './types';

/**
 * The header an STR's document is written under. `submission_date` is the STR's `updated_at`, not the clock: the
 * document then depends only on the stored report (and the organisation's filing details and settings), so the
 * same draft gives the same bytes on every read, and the filing, built from the row as the reviewer approves it
 * (before its own status change touches `updated_at`), sends exactly the bytes `GET .../xml` showed. Every change
 * to the report moves `updated_at`, so the date is that of the version filed.
 */
export function strDocumentHeader(db: Queryable, row: StrRow): Promise<StrFilingHeader> {
  return strHeader(db, row, row.updatedAt);
}

/** The goAML document of an STR row, as filing sends it (UTF-8 text). */
export async function strDocument(db: Queryable, row: StrRow): Promise<string> {
  return buildStrXml(draftOf(row), await strDocumentHeader(db, row));
}

/**
 * GET /v1/reports/str/{id}/xml: the filing document that would be sent now, whatever the STR's state and checks
 * (a draft with errors still shows what it would send). Anyone signed in can read; another organisation's STR is 404.
 */
export async function strXml(db: Queryable, actor: Actor, id: string): Promise<string> {
  authorize(actor, 'work');
  return strDocument(db, await readStr(db, actor, id));
}
