import type { people } from '@/db/schema';

export type PersonRow = typeof people.$inferSelect;

/** A person as shown to admins and printed by the CLI: never the password hash. */
export function serializePerson(p: PersonRow) {
  return {
    id: p.id,
    org_id: p.orgId,
    email: p.email,
    name: p.name,
    role: p.role,
    active: p.active,
    must_change_password: p.mustChangePassword,
    locked_until: p.lockedUntil ? p.lockedUntil.toISOString() : null,
    created_at: p.createdAt.toISOString(),
    created_by: p.createdBy,
    last_sign_in_at: p.lastSignInAt ? p.lastSignInAt.toISOString() : null,
    deactivated_at: p.deactivatedAt ? p.deactivatedAt.toISOString() : null,
  };
}

export type PersonView = ReturnType<typeof serializePerson>;

/** A person's state in words, for the people screen. */
export function personStatus(p: PersonView, now = Date.now()): string {
  if (!p.active) return 'deactivated';
  if (p.locked_until && Date.parse(p.locked_until) > now) return `locked until ${p.locked_until.slice(0, 16).replace('T', ' ')} UTC`;
  if (p.must_change_password) return 'active · must choose a password';
  return 'active';
}
