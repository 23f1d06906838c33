import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getDb, type Queryable } from '@/db/client';
import { serviceSecrets } from '@/db/schema';
import { settings } from '@/lib/config';

const NAME = 'auth_secret';

/**
 * The secret people's session cookies are encrypted with: `SERVICE_AUTH_SECRET` when set, else one the
 * service generates at first start and keeps in the database, so every instance of an install shares it
 * and sessions survive restarts. Insert-if-absent makes concurrent first starts agree on one value.
 */
export async function ensureAuthSecret(db: Queryable): Promise<string> {
  await db
    .insert(serviceSecrets)
    .values({ name: NAME, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: serviceSecrets.value }).from(serviceSecrets).where(eq(serviceSecrets.name, NAME));
  if (!row) throw new Error('the session secret could not be stored');
  return row.value;
}

let stored: Promise<string> | undefined;

/** The secret in use by this process (read from the database once). */
export function authSecret(): Promise<string> {
  const configured = settings().authSecret;
  if (configured) return Promise.resolve(configured);
  stored ??= ensureAuthSecret(getDb()).catch((err: unknown) => {
    stored = undefined;
    throw err;
  });
  return stored;
}
