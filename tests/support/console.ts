import { randomUUID } from 'node:crypto';
import type { SignedInPerson } from '@/lib/auth/authenticate-person';
import { expect } from 'vitest';
import { newOrg, type TestOrg } from './api';
import { payment, postEventOk } from './events';
import { newPerson } from './people';
import { activateTestRules } from './rules';

/**
 * A person as requirePerson() hands them to a console page or server action. Tests of server actions
 * mock `@/lib/auth/current-person` (it reads the request's cookies through next/headers, which exist
 * only inside a Next.js request) to answer this person.
 */
export async function consolePerson(orgId: string, role: 'analyst' | 'reviewer' | 'admin'): Promise<SignedInPerson> {
  const { person, email } = await newPerson(orgId, role, `pw-${randomUUID()}`);
  return {
    actor: { orgId, actorId: person.id, actorKind: 'person', role },
    sessionId: randomUUID(),
    id: person.id,
    orgId,
    name: person.name,
    email,
    role,
    mustChangePassword: false,
  };
}

/** The path a server action redirected to (Next.js signals a redirect by throwing an error whose digest names it). */
export function redirectedTo(err: unknown): string | null {
  const digest = (err as { digest?: unknown } | null)?.digest;
  if (typeof digest !== 'string' || !digest.startsWith('NEXT_REDIRECT')) return null;
  return digest.split(';')[2] ?? null;
}

/** A form as the browser posts it to a server action. */
export function form(values: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
}

/** An organisation whose one active rule (amount of 100 or more) raises an alert on every payment used here. */
export async function orgWithAlertRule(label: string): Promise<TestOrg> {
  const org = await newOrg(label);
  await activateTestRules(org.orgId, [{ key: 'big', expr: 'amount >= 100.0', weight: 50 }]);
  return org;
}

/** A fresh open alert of the organisation (a payment from a new source). */
export async function raiseAlert(org: TestOrg): Promise<string> {
  const r = await postEventOk(org, payment(`src-${randomUUID()}`, 'payee', 500, new Date(Date.now() - 60_000).toISOString()));
  expect(r.json.alert_id).toEqual(expect.any(String));
  return r.json.alert_id as string;
}
