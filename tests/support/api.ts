import { randomUUID } from 'node:crypto';
import { getDb } from '@/db/client';
import { systemActor } from '@/lib/auth/actor';
import { createKey } from '@/lib/keys/create-key';
import { createOrganisation } from '@/lib/orgs/create-organisation';

type Handler = (request: Request, ctx?: { params: Promise<Record<string, string | string[] | undefined>> }) => Promise<Response>;

export interface TestOrg {
  orgId: string;
  name: string;
  key: string;
  keyId: string;
}

/** A fresh organisation with one API key, as `service-admin` would make it. */
export async function newOrg(label = 'org'): Promise<TestOrg> {
  const db = getDb();
  const name = `${label}-${randomUUID().slice(0, 8)}`;
  const org = await createOrganisation(db, { name });
  const { key, secret } = await createKey(db, systemActor(org.id), { name: 'first' });
  return { orgId: org.id, name, key: secret, keyId: key.id };
}

export interface CallOptions {
  method?: string;
  path?: string;
  key?: string;
  /** A value to send as JSON, or a raw string/stream body. */
  body?: unknown;
  rawBody?: BodyInit;
  params?: Record<string, string | string[]>;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary response shapes
  json: any;
}

/** Calls a route handler in-process, as Next.js would, and reads the whole response. */
export async function call(handler: Handler, options: CallOptions = {}): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  let body: BodyInit | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const init: RequestInit & { duplex?: 'half' } = { method: options.method ?? 'GET', headers, body };
  if (body instanceof ReadableStream) init.duplex = 'half';
  const request = new Request(`http://localhost${options.path ?? '/v1/test'}`, init);
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}
