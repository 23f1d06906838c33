import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { installation, organisations, people } from '@/db/schema';
import { systemActor } from '@/lib/auth/actor';
import { hashPassword } from '@/lib/auth/passwords';
import { recordAudit } from '@/lib/audit/record';
import { InvalidInputError } from '@/lib/errors';
import { parseInput } from '@/lib/validation';
import { bootstrapAdminSettings } from './schemas';
import { insertPerson } from '@/lib/people/insert-person';
import { lockInstallation, someoneCanSignIn } from './installation';

export type BootstrapOutcome =
  | { status: 'not_configured' }
  | { status: 'already_complete' }
  | { status: 'created'; email: string; personId: string; orgId: string; orgName: string };

/**
 * SERVICE_BOOTSTRAP_ADMIN_EMAIL with SERVICE_BOOTSTRAP_ADMIN_PASSWORD: at start-up, creates the first
 * admin instead of the setup wizard (no licence step), and closes setup. Runs at every start and does
 * nothing once someone can sign in, so restarts with the settings still present change nothing. The admin
 * goes into the install's oldest organisation, or a new one named after the email's domain; the admin must
 * replace the configured password at first sign-in. A bad value stops the start with a message naming it.
 */
export async function bootstrapAdmin(
  db: Database,
  settings: { bootstrapAdminEmail?: string; bootstrapAdminPassword?: string },
): Promise<BootstrapOutcome> {
  const { bootstrapAdminEmail: rawEmail, bootstrapAdminPassword: rawPassword } = settings;
  if (!rawEmail && !rawPassword) return { status: 'not_configured' };
  if (!rawEmail || !rawPassword) {
    throw new InvalidInputError('SERVICE_BOOTSTRAP_ADMIN_EMAIL and SERVICE_BOOTSTRAP_ADMIN_PASSWORD must be set together');
  }
  let valid: { SERVICE_BOOTSTRAP_ADMIN_EMAIL: string; SERVICE_BOOTSTRAP_ADMIN_PASSWORD: string };
  try {
    valid = parseInput(bootstrapAdminSettings, { SERVICE_BOOTSTRAP_ADMIN_EMAIL: rawEmail, SERVICE_BOOTSTRAP_ADMIN_PASSWORD: rawPassword });
  } catch (err) {
    throw new InvalidInputError(`invalid setting: ${(err as Error).message}`);
  }
  const { SERVICE_BOOTSTRAP_ADMIN_EMAIL: email, SERVICE_BOOTSTRAP_ADMIN_PASSWORD: password } = valid;
  if (await someoneCanSignIn(db)) return { status: 'already_complete' };
  const passwordHash = await hashPassword(password);

  return db.transaction(async (tx): Promise<BootstrapOutcome> => {
    const row = await lockInstallation(tx);
    if (await someoneCanSignIn(tx, row)) return { status: 'already_complete' };
    // A deactivated account with this email cannot be revived by a setting: refuse loudly.
    const [clash] = await tx.select({ id: people.id }).from(people).where(sql`lower(${people.email}) = lower(${email})`);
    if (clash) throw new InvalidInputError(`SERVICE_BOOTSTRAP_ADMIN_EMAIL ${email} belongs to a deactivated account`);

    const [oldest] = await tx.select().from(organisations).orderBy(asc(organisations.createdAt), asc(organisations.id)).limit(1);
    let org = oldest;
    if (!org) {
      [org] = await tx.insert(organisations).values({ name: email.slice(email.lastIndexOf('@') + 1) }).returning();
      if (!org) throw new Error('organisation insert returned no row');
      await recordAudit(tx, systemActor(org.id, 'bootstrap'), {
        action: 'organisation.created',
        targetType: 'organisation',
        targetId: org.id,
        changes: { name: org.name },
      });
    }
    const actor = systemActor(org.id, 'bootstrap');
    const admin = await insertPerson(tx, actor, {
      orgId: org.id,
      email,
      name: 'Administrator',
      role: 'admin',
      passwordHash,
      mustChangePassword: true,
    });
    await tx
      .update(installation)
      .set({ completedAt: new Date(), completedBy: 'bootstrap', orgId: org.id })
      .where(eq(installation.id, 1));
    await recordAudit(tx, actor, { action: 'setup.completed', targetType: 'organisation', targetId: org.id, changes: { by: 'bootstrap', admin: admin.id } });
    return { status: 'created', email: admin.email, personId: admin.id, orgId: org.id, orgName: org.name };
  });
}
