import type { KeyObject } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { installation, organisations, people } from '@/db/schema';
import { settings } from '@/lib/config';
import { ConflictError } from '@/lib/errors';
import { parsePublicKey, type Licence } from './licence';

export const SETUP_CLOSED_MESSAGE = 'setup is complete: someone can already sign in';
export const SETUP_CLOSED_BY_ORGANISATION_MESSAGE =
  'setup is closed: this install already has an organisation; an operator adds its first admin with service-admin people create';
export const LICENCE_NOT_CHECKED_MESSAGE = 'a licence is required: check the licence first';

export type InstallationRow = typeof installation.$inferSelect;

/** Reads the install's single row (null before anything was saved). */
export async function readInstallation(db: Queryable): Promise<InstallationRow | null> {
  const [row] = await db.select().from(installation).where(eq(installation.id, 1));
  return row ?? null;
}

/**
 * Creates the row when missing and locks it for the rest of the transaction. Every first-admin path
 * (setup, start-up bootstrap) goes through this lock, so only one of them can complete the install.
 */
export async function lockInstallation(tx: Queryable): Promise<InstallationRow> {
  await tx.insert(installation).values({ id: 1 }).onConflictDoNothing();
  const [row] = await tx.select().from(installation).where(eq(installation.id, 1)).for('update');
  if (!row) throw new Error('installation row missing');
  return row;
}

/** True once someone can sign in: setup (or bootstrap) completed, or an active person exists (made with the CLI). */
export async function someoneCanSignIn(db: Queryable, row?: InstallationRow | null): Promise<boolean> {
  const state = row === undefined ? await readInstallation(db) : row;
  if (state?.completedAt) return true;
  const [found] = await db.select({ one: sql<number>`1` }).from(people).where(eq(people.active, true)).limit(1);
  return found !== undefined;
}

async function anyOrganisation(db: Queryable): Promise<boolean> {
  const [found] = await db.select({ one: sql<number>`1` }).from(organisations).limit(1);
  return found !== undefined;
}

/**
 * Why unauthenticated setup is closed, or null while it is open. It is open only on an install with no
 * organisation and no person: once an operator made an organisation (`service-admin orgs create`),
 * setup would otherwise hand it, its keys and its filing details to whoever calls it first.
 */
export async function setupClosedReason(db: Queryable, row?: InstallationRow | null): Promise<string | null> {
  if (await someoneCanSignIn(db, row)) return SETUP_CLOSED_MESSAGE;
  if (await anyOrganisation(db)) return SETUP_CLOSED_BY_ORGANISATION_MESSAGE;
  return null;
}

/** True once setup is closed for either reason (GET /v1/setup's `complete`). */
export async function setupComplete(db: Queryable, row?: InstallationRow | null): Promise<boolean> {
  return (await setupClosedReason(db, row)) !== null;
}

export async function refuseWhenComplete(db: Queryable, row?: InstallationRow | null): Promise<void> {
  const reason = await setupClosedReason(db, row);
  if (reason !== null) throw new ConflictError(reason);
}

let parsedKey: { text: string; key: KeyObject } | undefined;

/** The configured licence public key, or null when the install needs no licence. */
export function licencePublicKey(): KeyObject | null {
  const text = settings().licencePublicKey;
  if (!text) return null;
  if (parsedKey?.text !== text) parsedKey = { text, key: parsePublicKey(text) };
  return parsedKey.key;
}

export const storedLicence = (row: InstallationRow | null): Licence | null => (row?.licence as Licence | null | undefined) ?? null;
