import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { getDb, type Database } from '@/db/client';
import type { Actor } from '@/lib/auth/actor';
import { authenticatePerson } from '@/lib/auth/authenticate-person';
import type { PersonActor } from '@/lib/auth/person-actor';
import { authenticateKey } from '@/lib/keys/authenticate-key';
import { checkDeclaredLength, JSON_BODY_LIMIT, readBodyBytes } from './body';
import { ForbiddenError, PlainBadRequestError, UnauthorizedError } from './errors';
import { log } from './log';
import { enforceRateLimit } from './rate-limit';
import { errorResponse } from './respond';
import { parseOrThrow } from './validation';

type AuthMode = 'key' | 'person' | 'none';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const NOT_SIGNED_IN_MESSAGE = 'sign in first: this endpoint needs a signed-in person';
export const CROSS_ORIGIN_MESSAGE = "the request's origin is not this service";
export const PASSWORD_CHANGE_FIRST_MESSAGE = 'change your password before doing anything else';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface RouteContext<Q, B, A extends AuthMode> {
  request: Request;
  requestId: string;
  actor: A extends 'key' ? Actor : A extends 'person' ? PersonActor : undefined;
  db: Database;
  /** Path parameters, decoded; those named in `uuidParams` are checked to be UUIDs. */
  params: Record<string, string>;
  query: Q;
  body: B;
}

export interface RouteSpec<QS extends z.ZodType | undefined, BS extends z.ZodType | undefined, A extends AuthMode> {
  auth: A;
  /** Path parameters that must be UUIDs (anything else answers 400 in plain text). */
  uuidParams?: string[];
  query?: QS;
  body?: BS;
  /** Runs first, before anything is read: per-address attempt limits of unauthenticated routes. */
  throttle?: (request: Request) => void;
  /** Body limit in bytes; 1 MiB unless an upload route says otherwise. */
  bodyLimit?: number;
  handler: (
    ctx: RouteContext<QS extends z.ZodType ? z.output<QS> : undefined, BS extends z.ZodType ? z.output<BS> : undefined, A>,
  ) => Promise<Response>;
}

type NextContext = { params: Promise<Record<string, string | string[] | undefined>> };

/**
 * True unless a browser says the request comes from another origin. Requests without `Origin` (server
 * to server, curl) pass: the header is what browsers send on every cross-site state-changing request.
 */
function sameOrigin(request: Request): boolean {
  const origin = request.headers.get('origin');
  if (origin === null) return true;
  const url = new URL(request.url);
  const proto = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() || url.protocol.replace(/:$/, '');
  const host = request.headers.get('x-forwarded-host')?.split(',')[0]?.trim() || request.headers.get('host') || url.host;
  return origin.toLowerCase() === `${proto}://${host}`.toLowerCase();
}

function requestIdOf(request: Request): string {
  const sent = request.headers.get('x-request-id');
  return sent && /^[\w.:-]{1,128}$/.test(sent) ? sent : randomUUID();
}

async function readParams(ctx: NextContext | undefined, uuidParams: string[]): Promise<Record<string, string>> {
  const raw = (await ctx?.params) ?? {};
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    params[name] = Array.isArray(value) ? value.join('/') : value;
  }
  for (const name of uuidParams) {
    if (!UUID.test(params[name] ?? '')) throw new PlainBadRequestError(`${name} in the path is not a UUID`);
  }
  return params;
}

async function readJson(request: Request, limit: number): Promise<unknown> {
  const bytes = await readBodyBytes(request, limit);
  const text = new TextDecoder().decode(bytes);
  // No body reads as an empty object, so a missing field gets its own message.
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new PlainBadRequestError('request body is not valid JSON');
  }
}

/**
 * The one wrapper every `/v1` route goes through: request id, body limit, authentication and
 * organisation scope, rate limit, parsing of path, query and body, error mapping and a log line.
 */
export function route<QS extends z.ZodType | undefined = undefined, BS extends z.ZodType | undefined = undefined, A extends AuthMode = 'key'>(
  spec: RouteSpec<QS, BS, A>,
) {
  return async (request: Request, nextContext?: NextContext): Promise<Response> => {
    const started = performance.now();
    const requestId = requestIdOf(request);
    let actor: Actor | undefined;
    let response: Response;
    try {
      const limit = spec.bodyLimit ?? JSON_BODY_LIMIT;
      spec.throttle?.(request);
      checkDeclaredLength(request, limit);
      const db = getDb();
      if (spec.auth === 'key') {
        const identity = await authenticateKey(db, request.headers.get('authorization'));
        actor = { orgId: identity.orgId, actorId: identity.keyId, actorKind: 'key', requestId };
        enforceRateLimit(identity.keyId);
      } else if (spec.auth === 'person') {
        // Report routes: the Auth.js session cookie, never an API key.
        if (STATE_CHANGING.has(request.method) && !sameOrigin(request)) throw new ForbiddenError(CROSS_ORIGIN_MESSAGE);
        const person = await authenticatePerson(db, request.headers, requestId);
        if (!person) throw new UnauthorizedError(NOT_SIGNED_IN_MESSAGE);
        actor = person.actor;
        if (person.mustChangePassword) throw new ForbiddenError(PASSWORD_CHANGE_FIRST_MESSAGE);
        enforceRateLimit(person.id);
      }
      const params = await readParams(nextContext, spec.uuidParams ?? []);
      const url = new URL(request.url);
      const query = spec.query ? parseOrThrow(spec.query, Object.fromEntries(url.searchParams)) : undefined;
      const body = spec.body ? parseOrThrow(spec.body, await readJson(request, limit)) : undefined;
      response = await spec.handler({
        request,
        requestId,
        actor: actor as RouteContext<unknown, unknown, A>['actor'],
        db,
        params,
        query: query as never,
        body: body as never,
      });
      response.headers.set('x-request-id', requestId);
    } catch (err) {
      response = errorResponse(err, requestId);
    }
    log('info', 'request', {
      method: request.method,
      path: new URL(request.url).pathname,
      status: response.status,
      duration_ms: Math.round((performance.now() - started) * 100) / 100,
      request_id: requestId,
      actor: actor?.actorId,
      org_id: actor?.orgId,
    });
    return response;
  };
}
