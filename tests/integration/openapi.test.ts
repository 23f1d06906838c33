import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import * as openapiRoute from '@/app/v1/openapi.json/route';
import { operationsOf, routeTemplate } from '@/lib/http/route';
import { buildOpenApiDocument, HTTP_METHODS, pathOfRouteFile, serialiseDocument, type RouteModule } from '@/lib/openapi/generate';
import { loadRouteModules, routeFiles } from '@/lib/openapi/routes';
import { SAMPLE_LIST } from '@/lib/screening/sample-list';
import { call } from '../support/api';
import { committedDocument, schemaChecker, type OpenApiDocument } from '../support/openapi';
import { PROJECT_ROOT } from '../support/processes';

// Method exports that are fallbacks for unknown paths, and so stay out of the document.
const UNDOCUMENTED = new Set(['app/v1/[...path]/route.ts GET', 'app/v1/[...path]/route.ts POST', 'app/v1/[...path]/route.ts PATCH', 'app/v1/[...path]/route.ts PUT', 'app/v1/[...path]/route.ts DELETE']);

let modules: RouteModule[];
let committed: OpenApiDocument;

beforeAll(async () => {
  modules = await loadRouteModules(PROJECT_ROOT);
  committed = committedDocument();
});

/** Every (method, path) a route file serves, read from the files themselves rather than from the generator. */
function servedOperations(): { file: string; method: string; path: string; hidden: boolean }[] {
  const out: { file: string; method: string; path: string; hidden: boolean }[] = [];
  for (const mod of modules) {
    for (const method of HTTP_METHODS) {
      if (mod.exports[method] === undefined) continue;
      const specs = operationsOf(mod.exports[method]);
      expect(specs, `${mod.file} exports ${method} without route()`).toBeDefined();
      for (const spec of specs ?? []) out.push({ file: mod.file, method, path: spec.path ?? pathOfRouteFile(mod.file), hidden: spec.hidden === true });
    }
  }
  return out;
}

describe('the OpenAPI document', () => {
  it('is current: regenerating it from the route files gives the committed lib/openapi/document.json (else run npm run openapi)', () => {
    const regenerated = buildOpenApiDocument(modules);
    expect(committed, 'lib/openapi/document.json is out of date: run npm run openapi').toEqual(regenerated);
    expect(serialiseDocument(regenerated)).toBe(serialiseDocument(committed));
  });

  it('lists every route file and every method it exports', () => {
    const files = routeFiles(PROJECT_ROOT);
    expect(files.length).toBeGreaterThanOrEqual(25);
    expect(modules.map((m) => m.file)).toEqual(files);
    const served = servedOperations();
    for (const file of files) expect(served.some((o) => o.file === file), `${file} exports no HTTP method`).toBe(true);
    for (const op of served) {
      const key = `${op.file} ${op.method}`;
      if (op.hidden) {
        expect(UNDOCUMENTED.has(key), `${key} is hidden from the document; only fallbacks for unknown paths may be`).toBe(true);
        continue;
      }
      expect(committed.paths[op.path]?.[op.method.toLowerCase()], `${op.method} ${op.path} (${op.file}) is missing from the document`).toBeTruthy();
    }
    // And nothing in the document that no file serves.
    for (const [path, item] of Object.entries(committed.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(item)) {
        expect(served.some((o) => o.path === path && o.method.toLowerCase() === method && !o.hidden), `${method} ${path}`).toBe(true);
      }
    }
  });

  it('covers the interface: a summary, a success response with its schema, and the error shape for every operation', () => {
    const required = [
      'post /v1/events', 'get /v1/events', 'get /v1/events/{id}', 'get /v1/decisions/{id}', 'get /v1/alerts', 'get /v1/alerts/counts',
      'get /v1/alerts/{id}', 'patch /v1/alerts/{id}', 'get /v1/alerts/{id}/notes', 'post /v1/alerts/{id}/notes', 'post /v1/alerts/{id}/closure',
      'post /v1/alerts/{id}/closure/approve', 'post /v1/alerts/{id}/closure/reject', 'get /v1/alerts/{id}/flow', 'post /v1/screenings',
      'get /v1/screenings', 'get /v1/screenings/{id}', 'get /v1/screening/lists', 'post /v1/screenings/{id}/resolutions',
      'post /v1/screenings/{id}/resolutions/{resolution_id}/approve', 'post /v1/screenings/{id}/resolutions/{resolution_id}/reject',
      'get /v1/rules', 'post /v1/rules', 'post /v1/rules/{id}/activate', 'post /v1/rules/{id}/backtest', 'post /v1/entities', 'get /v1/entities',
      'get /v1/entities/{id}', 'get /v1/entities/{id}/events', 'get /v1/entities/{id}/links', 'get /v1/setup', 'post /v1/setup/licence',
      'post /v1/setup', 'post /v1/keys', 'delete /v1/keys/{id}',
    ];
    for (const r of required) {
      const [method, path] = r.split(' ') as [string, string];
      expect(committed.paths[path]?.[method], `${r} is in the interface but not in the document`).toBeTruthy();
    }
    for (const [path, item] of Object.entries(committed.paths as Record<string, Record<string, OpenApiDocument>>)) {
      for (const [method, op] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(op.summary, `${where} has no summary`).toBeTruthy();
        const success = Object.entries(op.responses as Record<string, OpenApiDocument>).filter(([s]) => s.startsWith('2'));
        expect(success.length, `${where} documents no success response`).toBeGreaterThan(0);
        // JSON mostly; a document or a stored file (application/xml, application/pdf …) has its own type, still with a schema.
        for (const [status, response] of success) {
          const media = Object.values((response.content ?? {}) as Record<string, OpenApiDocument>);
          expect(media.length > 0 && media.every((m) => m.schema), `${where} ${status} has no schema`).toBe(true);
        }
        expect(op.responses['500']).toEqual({ $ref: '#/components/responses/ServerError' });
        for (const [status, response] of Object.entries(op.responses as Record<string, OpenApiDocument>)) {
          if (status.startsWith('2') || response.$ref) continue;
          if (response.content['application/json']) expect(response.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
        }
        // Path parameters are declared; UUID ones say so.
        for (const name of [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1])) {
          expect(op.parameters.some((p: OpenApiDocument) => p.in === 'path' && p.name === name && p.required), `${where} {${name}}`).toBe(true);
        }
      }
    }
  });

  it('says how each operation authenticates: API key, session cookie, or nothing for setup and this document', () => {
    const schemes = committed.components.securitySchemes;
    expect(schemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.session).toMatchObject({ type: 'apiKey', in: 'cookie' });
    for (const [path, item] of Object.entries(committed.paths as Record<string, Record<string, OpenApiDocument>>)) {
      for (const [method, op] of Object.entries(item)) {
        const open = path.startsWith('/v1/setup') || path === '/v1/openapi.json';
        const person = path.startsWith('/v1/reports');
        expect(op.security, `${method} ${path}`).toEqual(open ? [] : person ? [{ session: [] }] : [{ apiKey: [] }]);
        if (!open) expect(op.responses['401'], `${method} ${path} 401`).toBeTruthy();
        if (!open) expect(op.responses['429'], `${method} ${path} 429`).toBeTruthy();
      }
    }
  });

  it('notes the plain-text answers: 400 for a body that is not JSON or a path id that is not a UUID', () => {
    const post = committed.paths['/v1/alerts/{id}/notes'].post;
    expect(Object.keys(post.responses['400'].content).sort()).toEqual(['application/json', 'text/plain']);
    expect(Object.values(post.responses['400'].content['text/plain'].examples).map((e) => (e as { value: string }).value)).toEqual([
      'request body is not valid JSON',
      'request body is nested too deeply',
      'id in the path is not a UUID',
    ]);
    expect(committed.components.responses.ServerError.content['text/plain']).toBeTruthy();
    expect(committed.paths['/v1/alerts/{id}'].get.responses['404'].content['application/json'].examples['alert-not-found'].value).toEqual({ error: 'alert not found' });
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(committed);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('holds examples that match their own schemas', () => {
    const check = schemaChecker(committed);
    let checked = 0;
    for (const [name, schema] of Object.entries(committed.components.schemas as Record<string, OpenApiDocument>)) {
      for (const example of schema.examples ?? []) {
        const validate = check({ $ref: `#/components/schemas/${name}` });
        expect(validate(example), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
        checked++;
      }
    }
    for (const [path, item] of Object.entries(committed.paths as Record<string, Record<string, OpenApiDocument>>)) {
      for (const [method, op] of Object.entries(item)) {
        const media = op.requestBody?.content?.['application/json'];
        if (media?.example === undefined) continue;
        const validate = check(media.schema);
        expect(validate(media.example), `${method} ${path} request example: ${JSON.stringify(validate.errors)}`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('gives a resolution example that names an entry of the sample list', () => {
    const example = committed.paths['/v1/screenings/{id}/resolutions'].post.requestBody.content['application/json'].example;
    expect(example.list).toBe(SAMPLE_LIST.code);
    expect(SAMPLE_LIST.entries.map((e) => e.ref)).toContain(example.entry_ref);
  });

  it('uses the same path templates as the request metrics and logs', () => {
    for (const path of Object.keys(committed.paths)) {
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
      const params = Object.fromEntries(names.map((n, i) => [n, `00000000-0000-4000-8000-00000000000${i}`]));
      const concrete = path.replace(/\{([^}]+)\}/g, (_, n: string) => params[n] as string);
      expect(routeTemplate(concrete, params)).toBe(path);
    }
    // A catch-all's segments become one parameter; a value that is not in the path never leaks into a label.
    expect(routeTemplate('/v1/no/such/thing', { path: ['no', 'such', 'thing'] })).toBe('/v1/{path}');
    expect(routeTemplate('/v1/alerts/abc', { id: 'xyz' })).toBe('(unmatched)');
    expect(routeTemplate('/v1/entities/a%2Fb/links', { id: ['a/b', 'links'] })).toBe('/v1/entities/{id}');
  });

  it('is served at GET /v1/openapi.json without credentials', async () => {
    const r = await call(openapiRoute.GET, { path: '/v1/openapi.json' });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.json).toEqual(committed);
  });
});
