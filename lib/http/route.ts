import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { getDb, type Database } from '@/db/client';
import type { Actor } from '@/lib/auth/actor';
import { authenticateKey } from '@/lib/keys/authenticate-key';
import { checkDeclaredLength, JSON_BODY_LIMIT, readBodyBytes } from './body';
import { PlainBadRequestError } from './errors';
import { log } from './log';
import { enforceRateLimit } from './rate-limit';
import { errorResponse } from './respond';
import { parseOrThrow } from './validation';

type AuthMode = 'key' | 'none';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface RouteContext<Q, B, A extends AuthMode> {
  request: Request;
  requestId: string;
  actor: A extends 'key' ? Actor : undefined;
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
  /** Body limit in bytes; 1 MiB unless an upload route says otherwise. */
  bodyLimit?: number;
  handler: (
    ctx: RouteContext<QS extends z.ZodType ? z.output<QS> : undefined, BS extends z.ZodType ? z.output<BS> : undefined, A>,
  ) => Promise<Response>;
}

type NextContext = { params: Promise<Record<string, string | string[] | undefined>> };

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
      checkDeclaredLength(request, limit);
      const db = getDb();
      if (spec.auth === 'key') {
        const identity = await authenticateKey(db, request.headers.get('authorization'));
        actor = { orgId: identity.orgId, actorId: identity.keyId, actorKind: 'key', requestId };
        enforceRateLimit(identity.keyId);
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
