import { requestIdFrom } from './request-id';
import type { z } from 'zod';
import { getDb, type Database } from '@/db/client';
import type { Actor } from '@/lib/auth/actor';
import { authenticatePerson } from '@/lib/auth/authenticate-person';
import type { PersonActor } from '@/lib/auth/person-actor';
import { authenticateKey } from '@/lib/keys/authenticate-key';
import { checkDeclaredLength, JSON_BODY_LIMIT, readBodyBytes } from './body';
import { InvalidInputError, ForbiddenError, UnauthorizedError } from '@/lib/errors';
import { PlainBadRequestError } from './errors';
import { recordRequest } from '@/lib/metrics';
import { log } from '@/lib/log';
import { clientAddress } from './client-address';
import { enforceRateLimit, unauthenticatedLimit } from './rate-limit';
import { errorResponse } from './respond';
import { fieldWithNul, formFieldWithNul, nestedDeeperThan, nulMessage, TOO_DEEP_MESSAGE } from './strange-input';
import { parseInput } from '@/lib/validation';

export type AuthMode = 'key' | 'person' | 'none';
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
  /** The request body's text exactly as received (UTF-8), when the route takes a body. */
  bodyText: string | undefined;
}

/**
 * A documented success response: its schema, or the schema with a description, an example and a content type
 * (several for a response whose type depends on what it returns, such as a stored file).
 */
export type ResponseDoc = z.ZodType | { schema?: z.ZodType; description?: string; example?: unknown; contentType?: string | readonly string[] };

/**
 * What the OpenAPI document (lib/openapi) says about a route besides what the wrapper already knows
 * (auth mode, path parameters, query and body schemas). All optional; the document test asks every
 * operation for a summary and a success response.
 */
export interface RouteDocs {
  /**
   * Route template such as `/v1/entities/{id}/links`: the label of the request metrics and the path in
   * the document. Without it, metrics derive it from the request path and Next's parameters and the
   * document from the route file's location.
   */
  path?: string;
  summary?: string;
  description?: string;
  /** Groups in the document; by default the first segment after /v1. */
  tags?: string[];
  operationId?: string;
  /** Success responses by status code. */
  responses?: Partial<Record<number, ResponseDoc>>;
  /** Interface error messages (`{"error": ...}`) by status; the wrapper's own errors (401, 413, 429, 500 …) are added. */
  errors?: Partial<Record<number, readonly string[]>>;
  /** The body as documented, when `body` is looser than what the handler validates itself. */
  requestSchema?: z.ZodType;
  /** An example request body. */
  requestExample?: unknown;
  /**
   * An upload: the body is multipart/form-data with the file in the part `field`, read by the handler itself
   * (lib/http/multipart-upload.ts) within `bodyLimit`; the route has no `body` schema.
   */
  requestMultipart?: { field: string; description?: string };
  /** Kept out of the document (fallback handlers for unknown paths). */
  hidden?: boolean;
}

export interface RouteSpec<QS extends z.ZodType | undefined, BS extends z.ZodType | undefined, A extends AuthMode> extends RouteDocs {
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

/** Every route spec, whatever its schemas: what the document generator and the metrics read. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- specs of any schemas and auth mode
export type AnyRouteSpec = RouteSpec<any, any, AuthMode>;

// Symbol.for: the same key in every copy of this module Next.js bundles.
const SPEC = Symbol.for('aml.route.spec');
const OPERATIONS = Symbol.for('aml.route.operations');

export type RouteHandler = ((request: Request, nextContext?: NextContext) => Promise<Response>) & { readonly [SPEC]: AnyRouteSpec };

/** The spec a `route()` handler was made from; undefined for anything else. */
export function routeSpecOf(value: unknown): AnyRouteSpec | undefined {
  return typeof value === 'function' ? (value as Partial<RouteHandler>)[SPEC] : undefined;
}

/**
 * For a method export that dispatches to several `route()` handlers (one file serving several paths):
 * records them, so the document lists each of them. Returns the export unchanged.
 */
export function documentOperations<F extends (...args: never[]) => unknown>(handler: F, operations: RouteHandler[]): F {
  Object.defineProperty(handler, OPERATIONS, { value: operations, enumerable: false });
  return handler;
}

/** The operations of a method export: its own spec, or those recorded with `documentOperations`. */
export function operationsOf(value: unknown): AnyRouteSpec[] | undefined {
  if (typeof value !== 'function') return undefined;
  const listed = (value as { [OPERATIONS]?: RouteHandler[] })[OPERATIONS];
  if (listed) return listed.map((h) => h[SPEC]);
  const own = routeSpecOf(value);
  return own ? [own] : undefined;
}

/**
 * The route template of a request: the path with each dynamic segment's value put back as `{name}`
 * (a catch-all's segments as one), so `/v1/alerts/5f0c…/notes` with params `{id}` is
 * `/v1/alerts/{id}/notes`. A value not found in the path gives `(unmatched)`, never the concrete path.
 */
export function routeTemplate(pathname: string, params: Record<string, string | string[] | undefined>): string {
  const raw = pathname.split('/');
  const decoded = raw.map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  });
  const out: (string | null)[] = [...raw];
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    const parts = Array.isArray(value) ? value : [value];
    if (parts.length === 0) continue;
    let at = -1;
    for (let i = 1; i + parts.length <= raw.length && at < 0; i++) {
      if (parts.every((p, k) => out[i + k] === raw[i + k] && decoded[i + k] === p && !out[i + k]?.startsWith('{'))) at = i;
    }
    if (at < 0) return '(unmatched)';
    out[at] = `{${name}}`;
    for (let k = 1; k < parts.length; k++) out[at + k] = null;
  }
  return out.filter((s) => s !== null).join('/');
}

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

async function readJson(request: Request, limit: number): Promise<{ value: unknown; text: string }> {
  const bytes = await readBodyBytes(request, limit);
  const text = new TextDecoder().decode(bytes);
  // No body reads as an empty object, so a missing field gets its own message.
  if (text.trim() === '') return { value: {}, text };
  if (nestedDeeperThan(text)) throw new PlainBadRequestError(TOO_DEEP_MESSAGE);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new PlainBadRequestError('request body is not valid JSON');
  }
  const withNul = fieldWithNul(value);
  if (withNul) throw new InvalidInputError(nulMessage(withNul));
  return { value, text };
}

/** Path and query values are text the database stores or compares: a NUL in one is the caller's error. */
function refuseNul(entries: Iterable<[string, unknown]>): void {
  const name = formFieldWithNul(entries);
  if (name) throw new InvalidInputError(nulMessage(name));
}

/**
 * The one wrapper every `/v1` route goes through: request id, body limit, authentication and
 * organisation scope, rate limit, parsing of path, query and body, error mapping and a log line.
 */
export function route<QS extends z.ZodType | undefined = undefined, BS extends z.ZodType | undefined = undefined, A extends AuthMode = 'key'>(
  spec: RouteSpec<QS, BS, A>,
): RouteHandler {
  const handler = async (request: Request, nextContext?: NextContext): Promise<Response> => {
    const started = performance.now();
    const requestId = requestIdFrom(request.headers.get('x-request-id'));
    let actor: Actor | undefined;
    let response: Response;
    try {
      const limit = spec.bodyLimit ?? JSON_BODY_LIMIT;
      spec.throttle?.(request);
      checkDeclaredLength(request, limit);
      const db = getDb();
      if (spec.auth === 'key') {
        const address = clientAddress(request.headers);
        const identity = await authenticateKey(db, request.headers.get('authorization'), {
          beforeLookup: () => unauthenticatedLimit.before(address),
          refused: () => unauthenticatedLimit.refused(address),
        });
        actor = { orgId: identity.orgId, actorId: identity.keyId, actorKind: 'key', owner: identity.owner, requestId };
        enforceRateLimit(identity.keyId, identity.orgId);
      } else if (spec.auth === 'person') {
        // Report routes: the Auth.js session cookie, never an API key.
        if (STATE_CHANGING.has(request.method) && !sameOrigin(request)) throw new ForbiddenError(CROSS_ORIGIN_MESSAGE);
        const person = await authenticatePerson(db, request.headers, requestId);
        if (!person) throw new UnauthorizedError(NOT_SIGNED_IN_MESSAGE);
        actor = person.actor;
        if (person.mustChangePassword) throw new ForbiddenError(PASSWORD_CHANGE_FIRST_MESSAGE);
        enforceRateLimit(person.id, person.actor.orgId);
      }
      const params = await readParams(nextContext, spec.uuidParams ?? []);
      refuseNul(Object.entries(params));
      const url = new URL(request.url);
      refuseNul(url.searchParams.entries());
      const query = spec.query ? parseInput(spec.query, Object.fromEntries(url.searchParams)) : undefined;
      const received = spec.body ? await readJson(request, limit) : undefined;
      const body = spec.body && received ? parseInput(spec.body, received.value) : undefined;
      response = await spec.handler({
        request,
        requestId,
        actor: actor as RouteContext<unknown, unknown, A>['actor'],
        db,
        params,
        query: query as never,
        body: body as never,
        bodyText: received?.text,
      });
      response.headers.set('x-request-id', requestId);
    } catch (err) {
      response = errorResponse(err, requestId);
    }
    const elapsedMs = performance.now() - started;
    const template = spec.path ?? (await templateOf(request, nextContext));
    recordRequest(request.method, template, response.status, elapsedMs / 1000);
    // Never the Authorization header, cookies, the body or the query string: they may hold secrets.
    log(response.status >= 500 ? 'error' : 'info', 'request', {
      request_id: requestId,
      route: template,
      method: request.method,
      status: response.status,
      duration_ms: Math.round(elapsedMs * 100) / 100,
      actor: actor?.actorId,
      org_id: actor?.orgId,
    });
    return response;
  };
  return Object.assign(handler, { [SPEC]: spec as AnyRouteSpec });
}

async function templateOf(request: Request, nextContext: NextContext | undefined): Promise<string> {
  try {
    return routeTemplate(new URL(request.url).pathname, (await nextContext?.params) ?? {});
  } catch {
    return '(unmatched)';
  }
}
