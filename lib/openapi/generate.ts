import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import packageJson from '@/package.json';
import {
  CROSS_ORIGIN_MESSAGE,
  NOT_SIGNED_IN_MESSAGE,
  operationsOf,
  PASSWORD_CHANGE_FIRST_MESSAGE,
  type AnyRouteSpec,
  type ResponseDoc,
} from '@/lib/http/route';
import { nulMessage, TOO_DEEP_MESSAGE } from '@/lib/http/strange-input';
import { ErrorBody } from './schemas/common';
import { ADDRESS_LIMIT_MESSAGE, KEY_LIMIT_MESSAGE, ORGANISATION_LIMIT_MESSAGE } from '@/lib/http/rate-limit';
import { DATABASE_UNAVAILABLE_MESSAGE } from '@/lib/http/respond';

// Builds the OpenAPI 3.1 document from the route files' specs (lib/http/route.ts): auth mode, path
// parameters, query and body schemas (the zod schemas the wrapper validates with, as JSON Schema through
// zod 4's z.toJSONSchema) and the documentation fields (summary, responses, errors, examples). Pure: the
// caller (scripts/openapi.ts, the document test) imports the route modules and hands them over.

type Json = Record<string, unknown>;

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface RouteModule {
  /** Path from the project root, such as `app/v1/alerts/[id]/notes/route.ts`. */
  file: string;
  exports: Record<string, unknown>;
}

/** The URL path a route file serves: `app/v1/alerts/[id]/route.ts` is `/v1/alerts/{id}`; `[...id]` and `[[...id]]` are `{id}`. */
export function pathOfRouteFile(file: string): string {
  const segments = file
    .replace(/\\/g, '/')
    .replace(/^app\//, '')
    .replace(/\/?route\.(ts|tsx|js|mjs)$/, '')
    .split('/')
    .filter((s) => s !== '' && !/^\(.*\)$/.test(s));
  return `/${segments.map((s) => s.replace(/^\[{1,2}(?:\.\.\.)?([^\]]+)\]{1,2}$/, '{$1}')).join('/')}`;
}

// /v1/screenings and /v1/screening/lists form one group.
const SCREENING_TAG = { name: 'Screening', description: 'Names screened against the loaded sanctions, PEP and adverse-media lists' };

const TAGS: Record<string, { name: string; description: string }> = {
  events: { name: 'Events', description: 'Payment and activity events: scored at once in sync mode, stored only in async mode' },
  decisions: { name: 'Decisions', description: 'The outcome of scoring an event' },
  alerts: { name: 'Alerts', description: 'Review and block decisions and potential screening matches, worked by analysts and closed by two keys' },
  rules: { name: 'Rules', description: 'Versioned CEL rules: drafts, backtests and four-eyes activation' },
  screenings: SCREENING_TAG,
  screening: SCREENING_TAG,
  entities: { name: 'Entities', description: 'Customers, accounts, wallets, devices, agents and counterparties, and the links derived from events' },
  audit: { name: 'Audit log', description: 'Every change made through a key or by a person' },
  keys: { name: 'API keys', description: 'Keys for programmatic callers' },
  cases: { name: 'Cases', description: 'Investigations gathering alerts' },
  reports: { name: 'Reports', description: 'Regulatory reports, for signed-in people' },
  setup: { name: 'Setup', description: 'First-run setup: open until someone can sign in' },
  'openapi.json': { name: 'Reference', description: 'This document' },
};

function tagOf(path: string): string {
  const first = path.split('/')[2] ?? '';
  return TAGS[first]?.name ?? first.charAt(0).toUpperCase() + first.slice(1);
}

function operationIdOf(method: string, path: string): string {
  const pascal = (s: string) =>
    s
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join('');
  const parts = path
    .split('/')
    .slice(2)
    .map((s) => (s.startsWith('{') ? `By${pascal(s.slice(1, -1))}` : pascal(s)));
  return `${method.toLowerCase()}${parts.join('')}`;
}

const SUCCESS_DESCRIPTIONS: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No content' };
const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'The request does not match the schema',
  401: 'Missing, invalid or revoked credentials',
  403: 'Not allowed: four-eyes (approving one’s own work) or the caller’s role',
  404: 'No such record in the organisation',
  409: 'The record is not in a state that allows the operation',
  413: 'Request body over the limit',
  422: 'The checks do not pass',
  429: 'Too many requests; wait the seconds in Retry-After',
  503: 'Not available right now; wait the seconds in Retry-After and retry (with the same idempotency key for events)',
};

/** Patterns zod writes beside a format, and the safe-integer bounds of every integer: noise for readers. */
function tidy(ctx: { jsonSchema: Json }): void {
  const j = ctx.jsonSchema;
  if (typeof j.format === 'string' && typeof j.pattern === 'string') delete j.pattern;
  if (j.type === 'integer') {
    if (j.maximum === Number.MAX_SAFE_INTEGER) delete j.maximum;
    if (j.minimum === Number.MIN_SAFE_INTEGER) delete j.minimum;
  }
}

function mapRefs(value: unknown, rename: (id: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => mapRefs(v, rename));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/') ? `#/components/schemas/${rename(v.slice('#/$defs/'.length))}` : mapRefs(v, rename),
      ]),
    );
  }
  return value;
}

/**
 * Converts zod schemas to JSON Schema and gathers the named ones (`.meta({ id })`) as components.
 * Requests are converted as input (what a caller may send: defaults optional, extra keys allowed),
 * responses as output (closed objects). A named schema whose input form differs from its output form
 * gets a second component, `<id>Input`; two different schemas under one name fail the generation.
 */
class Schemas {
  readonly components: Record<string, Json> = {};
  /** Names used by responses; a request schema of another name keeps its name whatever its form. */
  readonly outputIds = new Set<string>();

  constructor(outputIds: Iterable<string> = []) {
    for (const id of outputIds) this.outputIds.add(id);
  }

  convert(schema: z.ZodType, io: 'input' | 'output'): Json {
    const { $schema: _dialect, $defs, ...root } = raw(schema, io);
    const defs = ($defs ?? {}) as Record<string, Json>;
    if (io === 'output') for (const id of Object.keys(defs)) this.outputIds.add(id);
    const rename =
      io === 'input' ? inputNames(defs, (raw(schema, 'output').$defs ?? {}) as Record<string, Json>, this.outputIds) : (id: string) => id;
    for (const [id, def] of Object.entries(defs)) {
      const name = rename(id);
      const converted = mapRefs(def, rename) as Json;
      const existing = this.components[name];
      if (existing !== undefined && !isDeepStrictEqual(existing, converted)) {
        throw new Error(`two different schemas are both named ${name} in the document`);
      }
      this.components[name] = converted;
    }
    return mapRefs(root, rename) as Json;
  }
}

function raw(schema: z.ZodType, io: 'input' | 'output'): Json {
  return z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any', override: tidy as never }) as Json;
}

function refsOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) refsOf(v, into);
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')) into.add(v.slice('#/$defs/'.length));
      else refsOf(v, into);
    }
  }
  return into;
}

/**
 * A named schema keeps its name as input when no response uses it, or when its input form equals its
 * output form (and so do those it refers to); otherwise its input form is `<id>Input`.
 */
function inputNames(inputDefs: Record<string, Json>, outputDefs: Record<string, Json>, outputIds: Set<string>): (id: string) => string {
  const same = new Set(Object.keys(inputDefs).filter((id) => !outputIds.has(id) || isDeepStrictEqual(inputDefs[id], outputDefs[id])));
  for (let changed = true; changed; ) {
    changed = false;
    for (const id of [...same]) {
      if (outputIds.has(id) && [...refsOf(inputDefs[id])].some((r) => !same.has(r))) {
        same.delete(id);
        changed = true;
      }
    }
  }
  return (id) => (same.has(id) ? id : `${id}Input`);
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'example';

function examplesOf(messages: readonly string[], wrap: (m: string) => unknown): Json {
  const out: Json = {};
  for (const m of messages) {
    let name = slug(m);
    for (let n = 2; name in out; n++) name = `${slug(m)}-${n}`;
    out[name] = { value: wrap(m) };
  }
  return out;
}

interface ErrorDoc {
  json: string[];
  text: string[];
  headers?: Json;
}

const REQUEST_ID_HEADER = { 'X-Request-Id': { $ref: '#/components/headers/RequestId' } };

function errorResponses(spec: AnyRouteSpec, method: HttpMethod, pathParams: string[]): Record<string, Json> {
  const errors = new Map<number, ErrorDoc>();
  const at = (status: number) => {
    let e = errors.get(status);
    if (!e) errors.set(status, (e = { json: [], text: [] }));
    return e;
  };
  const hasBody = spec.body !== undefined || spec.requestSchema !== undefined;
  if (spec.query || hasBody) at(400);
  if (hasBody) {
    at(400).text.push('request body is not valid JSON', TOO_DEEP_MESSAGE);
    at(413).json.push('request body is larger than 1048576 bytes');
  }
  for (const name of spec.uuidParams ?? []) if (pathParams.includes(name)) at(400).text.push(`${name} in the path is not a UUID`);
  if (spec.auth === 'key') at(401).json.push('missing or invalid API key');
  if (spec.auth === 'person') {
    at(401).json.push(NOT_SIGNED_IN_MESSAGE);
    if (method !== 'GET') at(403).json.push(CROSS_ORIGIN_MESSAGE);
    at(403).json.push(PASSWORD_CHANGE_FIRST_MESSAGE);
  }
  for (const [status, messages] of Object.entries(spec.errors ?? {})) at(Number(status)).json.push(...(messages ?? []));
  if (spec.auth !== 'none' || spec.throttle) at(429);
  // Every documented route reads or writes the database, so each can meet it away.
  at(503).json.push(DATABASE_UNAVAILABLE_MESSAGE);

  const out: Record<string, Json> = {};
  for (const status of [...errors.keys()].sort((a, b) => a - b)) {
    const e = errors.get(status) as ErrorDoc;
    if (status === 429) {
      out['429'] = { $ref: '#/components/responses/TooManyRequests' };
      continue;
    }
    const content: Json = {};
    const jsonMessages = e.json.length === 0 && status === 400 ? ['<field>: <what is wrong with it>'] : [...e.json];
    if (status === 400) jsonMessages.push(nulMessage('<field>'));
    if (jsonMessages.length > 0) {
      content['application/json'] = { schema: { $ref: '#/components/schemas/Error' }, examples: examplesOf(jsonMessages, (m) => ({ error: m })) };
    }
    if (e.text.length > 0) content['text/plain'] = { schema: { type: 'string' }, examples: examplesOf(e.text, (m) => m) };
    const plain = e.text.length > 0 ? ' (a body that is not JSON and a path id that is not a UUID answer in plain text)' : '';
    const headers = status === 503 ? { ...REQUEST_ID_HEADER, 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } : REQUEST_ID_HEADER;
    out[String(status)] = { description: `${ERROR_DESCRIPTIONS[status] ?? 'Error'}${plain}`, headers, content };
  }
  out['500'] = { $ref: '#/components/responses/ServerError' };
  return out;
}

function normalise(doc: ResponseDoc): Exclude<ResponseDoc, z.ZodType> {
  return doc instanceof z.ZodType ? { schema: doc } : doc;
}

const contentTypesOf = (r: Exclude<ResponseDoc, z.ZodType>): readonly string[] =>
  r.contentType === undefined ? ['application/json'] : typeof r.contentType === 'string' ? [r.contentType] : r.contentType;

function operation(spec: AnyRouteSpec, method: HttpMethod, path: string, schemas: Schemas): Json {
  const pathParams = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
  const parameters: Json[] = pathParams.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: (spec.uuidParams ?? []).includes(name) ? { type: 'string', format: 'uuid' } : { type: 'string' },
    ...((spec.uuidParams ?? []).includes(name) ? {} : { description: 'Caller-supplied id, URL-encoded (a `/` in it is sent as %2F)' }),
  }));
  if (spec.query) {
    const query = schemas.convert(spec.query, 'input');
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, raw] of Object.entries((query.properties ?? {}) as Record<string, Json>)) {
      const { description, ...schema } = raw;
      parameters.push({ name, in: 'query', required: required.has(name), ...(description ? { description } : {}), schema });
    }
  }

  const result: Json = {
    tags: spec.tags ?? [tagOf(path)],
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    operationId: spec.operationId ?? operationIdOf(method, path),
    security: spec.auth === 'key' ? [{ apiKey: [] }] : spec.auth === 'person' ? [{ session: [] }] : [],
    ...(parameters.length > 0 ? { parameters } : {}),
  };

  const bodySchema = spec.requestSchema ?? spec.body;
  if (bodySchema) {
    result.requestBody = {
      // A missing body reads as {}: the body is optional when {} is a valid one.
      required: !bodySchema.safeParse({}).success,
      content: {
        'application/json': {
          schema: schemas.convert(bodySchema, 'input'),
          ...(spec.requestExample !== undefined ? { example: spec.requestExample } : {}),
        },
      },
    };
  }

  if (spec.requestMultipart) {
    const { field, description } = spec.requestMultipart;
    result.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: [field],
            properties: { [field]: { type: 'string', format: 'binary', ...(description ? { description } : {}) } },
          },
        },
      },
    };
  }

  const responses: Json = {};
  for (const [status, doc] of Object.entries(spec.responses ?? {})) {
    if (!doc) continue;
    const r = normalise(doc);
    responses[status] = {
      description: r.description ?? SUCCESS_DESCRIPTIONS[Number(status)] ?? 'Success',
      headers: REQUEST_ID_HEADER,
      ...(r.schema
        ? {
            content: Object.fromEntries(
              contentTypesOf(r).map((type) => [
                type,
                { schema: schemas.convert(r.schema as z.ZodType, 'output'), ...(r.example !== undefined ? { example: r.example } : {}) },
              ]),
            ),
          }
        : {}),
    };
  }
  if (Object.keys(responses).length === 0) responses['200'] = { description: 'OK' };
  Object.assign(responses, errorResponses(spec, method, pathParams));
  result.responses = responses;
  return result;
}

const DESCRIPTION = `The JSON API of the anti-money-laundering monitoring and screening service.

**Authentication.** Every \`/v1\` endpoint except setup needs \`Authorization: Bearer <API key>\`; report endpoints need a signed-in person's session cookie instead. A key belongs to one organisation: another organisation's records answer 404, like unknown ids.

**Errors.** JSON \`{"error": "..."}\` with the status code; branch on the code, not the message. A body that is not valid JSON and a path id that is not a UUID answer 400 in **plain text**, as do unexpected failures (500): check \`Content-Type\` before parsing. Every response carries \`X-Request-Id\`.

**Idempotency.** \`POST /v1/events\` takes the caller's \`idempotency_key\`: sending it again returns the original answer with the original status, never a second event, so a timeout or a 5xx can always be retried with the same key.

**Paging.** \`limit\` 1 to 200 (default 50); \`next_cursor\` is present when more rows exist: send it back as \`cursor\`.

**Limits.** Request bodies up to 1 MiB (413 beyond). Requests a minute are limited per API key (\`SERVICE_RATE_LIMIT\`, default 600), per organisation over all its keys (\`SERVICE_ORG_RATE_LIMIT\`, default 6000), and per client address for requests with a missing or unknown key (60): 429 with \`Retry-After\` in seconds.

**The database away.** While PostgreSQL cannot be reached (a restart, a failover) every operation answers 503 \`{"error":"the database is unavailable; retry shortly"}\` with \`Retry-After: 1\`; nothing was stored, so retry (events with the same idempotency key).`;

/** Every documented operation of the route modules, paths sorted and methods in a fixed order. */
function buildPaths(modules: RouteModule[], schemas: Schemas): { paths: Json; usedTags: Set<string> } {
  // The error shape is a component even before an operation refers to it.
  schemas.convert(ErrorBody, 'output');
  const paths: Record<string, Record<string, Json>> = {};
  const operationIds = new Map<string, string>();
  const usedTags = new Set<string>();

  for (const mod of [...modules].sort((a, b) => a.file.localeCompare(b.file))) {
    const filePath = pathOfRouteFile(mod.file);
    for (const method of HTTP_METHODS) {
      const exported = mod.exports[method];
      if (exported === undefined) continue;
      const specs = operationsOf(exported);
      if (!specs) throw new Error(`${mod.file} exports ${method} without route(): it cannot be documented`);
      for (const spec of specs) {
        if (spec.hidden) continue;
        const path = spec.path ?? filePath;
        const own = Object.fromEntries(Object.entries(spec).filter(([, v]) => v !== undefined)) as AnyRouteSpec;
        const op = operation(own, method, path, schemas);
        const id = op.operationId as string;
        const clash = operationIds.get(id);
        if (clash) throw new Error(`operationId ${id} of ${method} ${path} is also used by ${clash}`);
        operationIds.set(id, `${method} ${path}`);
        for (const t of op.tags as string[]) usedTags.add(t);
        (paths[path] ??= {})[method.toLowerCase()] = op;
      }
    }
  }

  const sortedPaths = Object.fromEntries(
    Object.keys(paths)
      .sort()
      .map((p) => {
        const item = paths[p] as Record<string, Json>;
        return [p, Object.fromEntries(HTTP_METHODS.map((m) => m.toLowerCase()).filter((m) => item[m]).map((m) => [m, item[m]]))];
      }),
  );
  return { paths: sortedPaths, usedTags };
}

/** The whole document, deterministic for the same route files (paths sorted, methods in a fixed order). */
export function buildOpenApiDocument(modules: RouteModule[]): Json {
  // A first pass learns which names responses use, so request schemas are named the same whatever the order.
  const outputIds = new Schemas();
  buildPaths(modules, outputIds);
  const schemas = new Schemas(outputIds.outputIds);
  const { paths: sortedPaths, usedTags } = buildPaths(modules, schemas);
  const tagOrder = [...new Map(Object.values(TAGS).map((t) => [t.name, t])).values()];
  const tags = [
    ...tagOrder.filter((t) => usedTags.has(t.name)),
    ...[...usedTags].filter((t) => !tagOrder.some((o) => o.name === t)).sort().map((name) => ({ name })),
  ];

  return {
    openapi: '3.1.0',
    info: {
      title: 'AML monitoring and screening service',
      version: packageJson.version,
      description: DESCRIPTION,
    },
    servers: [{ url: '/', description: 'The service this document was fetched from' }],
    security: [{ apiKey: [] }],
    tags,
    paths: sortedPaths,
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'sk_…',
          description: 'An API key: `sk_` and at least 32 base62 characters, made in the console (Settings, API keys), with `service-admin keys create` or `POST /v1/keys`',
        },
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'authjs.session-token',
          description: 'A signed-in person’s session (sign in at /sign-in; `__Secure-authjs.session-token` over HTTPS)',
        },
      },
      headers: {
        RequestId: { description: "The request's id (the caller's X-Request-Id when it sent a sane one); logs carry it", schema: { type: 'string' } },
        RetryAfter: { description: 'Whole seconds to wait before retrying', schema: { type: 'integer', minimum: 1 } },
      },
      responses: {
        TooManyRequests: {
          description: ERROR_DESCRIPTIONS[429],
          headers: { ...REQUEST_ID_HEADER, 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/Error' },
              examples: {
                'api-key': { value: { error: KEY_LIMIT_MESSAGE } },
                organisation: { value: { error: ORGANISATION_LIMIT_MESSAGE } },
                'no-valid-key': { value: { error: ADDRESS_LIMIT_MESSAGE } },
                'setup-attempts': { value: { error: 'too many setup attempts from this address; retry later' } },
              },
            },
          },
        },
        ServerError: {
          description: 'Unexpected server failure, in plain text with the request id and nothing internal. Retrying with the same idempotency key creates no duplicates',
          headers: REQUEST_ID_HEADER,
          content: { 'text/plain': { schema: { type: 'string' }, example: 'internal server error (request 6f1c2b9e-…)' } },
        },
      },
      schemas: Object.fromEntries(Object.keys(schemas.components).sort().map((k) => [k, schemas.components[k]])),
    },
  };
}

/** The document as committed: two-space JSON and a final newline. */
export function serialiseDocument(document: Json): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
