import { randomUUID } from 'node:crypto';
import { getDb } from '@/db/client';
import * as authRoute from '@/app/api/auth/[...nextauth]/route';
import { systemActor } from '@/lib/auth/actor';
import { CLIENT_ADDRESS_HEADER } from '@/lib/http/client-address';
import { authenticatePerson, type SignedInPerson } from '@/lib/auth/authenticate-person';
import { createPerson } from '@/lib/people/create-person';
import type { PersonRow } from '@/lib/people/serialize';

export const ORIGIN = 'http://localhost:3000';

export interface AuthAnswer {
  status: number;
  location: string | null;
  /** name=value pairs the response set (an empty value means the cookie was cleared). */
  cookies: Record<string, string>;
  json: unknown;
}

/** Calls Auth.js's route handlers in-process, as a browser would call /api/auth/*. */
export async function authCall(
  method: 'GET' | 'POST',
  path: string,
  options: { cookie?: string; form?: Record<string, string>; headers?: Record<string, string>; origin?: string } = {},
): Promise<AuthAnswer> {
  const headers: Record<string, string> = { host: 'localhost:3000', ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  let body: string | undefined;
  if (options.form) {
    body = new URLSearchParams(options.form).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  const { NextRequest } = await import('next/server');
  const request = new NextRequest(`${options.origin ?? ORIGIN}${path}`, { method, headers, body });
  const handler = method === 'GET' ? authRoute.GET : authRoute.POST;
  const response = await handler(request);
  const cookies: Record<string, string> = {};
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = (pair ?? '').indexOf('=');
    if (eq > 0) cookies[(pair as string).slice(0, eq)] = (pair as string).slice(eq + 1);
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, location: response.headers.get('location'), cookies, json };
}

export const cookieHeader = (cookies: Record<string, string>): string =>
  Object.entries(cookies)
    .filter(([, v]) => v !== '')
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

export interface SignInAnswer {
  ok: boolean;
  /** The `code` Auth.js put on the sign-in page's URL when refused (credentials, locked, deactivated). */
  code: string | null;
  /** Cookie header carrying the session (and the CSRF cookie) after a success. */
  cookie: string;
}

/** A client address of the documentation range, different on each call: one browser each. */
export const someClientAddress = (): string => `192.0.2.${Math.floor(Math.random() * 254) + 1}`;

/**
 * The credentials flow as DESIGN.md gives it: CSRF token, then POST callback/credentials, from `address`
 * (as the service's HTTP server stamps it; by default a random one, so tests do not share the per-address
 * sign-in allowance).
 */
export async function signInOverHttp(email: string, password: string, address = someClientAddress()): Promise<SignInAnswer> {
  const csrf = await authCall('GET', '/api/auth/csrf');
  const csrfToken = (csrf.json as { csrfToken: string }).csrfToken;
  const answer = await authCall('POST', '/api/auth/callback/credentials', {
    headers: { [CLIENT_ADDRESS_HEADER]: address },
    cookie: cookieHeader(csrf.cookies),
    form: { email, password, csrfToken, callbackUrl: `${ORIGIN}/` },
  });
  const session = answer.cookies['authjs.session-token'];
  const location = answer.location ? new URL(answer.location) : null;
  return {
    ok: Boolean(session),
    code: location?.searchParams.get('code') ?? null,
    cookie: cookieHeader({ ...csrf.cookies, ...answer.cookies }),
  };
}

/** The person a cookie header stands for right now (null when the session is not live). */
export const personOf = (cookie: string): Promise<SignedInPerson | null> => authenticatePerson(getDb(), new Headers({ cookie }));

export interface TestPerson {
  person: PersonRow;
  email: string;
  password: string;
}

/** A person made by the command line's function; with `password` it is final, else a one-time one. */
export async function newPerson(orgId: string, role: 'analyst' | 'reviewer' | 'admin', password?: string): Promise<TestPerson> {
  const email = `${role}-${randomUUID().slice(0, 8)}@example.test`;
  const { person, password: given } = await createPerson(getDb(), systemActor(orgId), { email, name: `Test ${role}`, role, password });
  return { person, email, password: given };
}

/** A signed-in person with a final password, ready to act. */
export async function signedIn(orgId: string, role: 'analyst' | 'reviewer' | 'admin'): Promise<TestPerson & { cookie: string; who: SignedInPerson }> {
  const p = await newPerson(orgId, role, `pw-${randomUUID()}`);
  const answer = await signInOverHttp(p.email, p.password);
  if (!answer.ok) throw new Error(`sign-in failed: ${answer.code}`);
  const who = await personOf(answer.cookie);
  if (!who) throw new Error('the new session is not live');
  return { ...p, cookie: answer.cookie, who };
}
