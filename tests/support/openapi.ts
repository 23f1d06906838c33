import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import type { CallResult } from './api';
import { PROJECT_ROOT } from './processes';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the document is read as plain JSON
export type OpenApiDocument = any;

export const DOCUMENT_FILE = path.join(PROJECT_ROOT, 'lib/openapi/document.json');

/** The committed document, as GET /v1/openapi.json serves it. */
export function committedDocument(): OpenApiDocument {
  return JSON.parse(readFileSync(DOCUMENT_FILE, 'utf8'));
}

/** JSON Schema 2020-12 (OpenAPI 3.1's dialect) with formats; OpenAPI's own keywords (`example`) are let through. */
export function schemaChecker(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const cache = new Map<string, ValidateFunction>();
  let n = 0;
  /** A validator for a schema of the document; its `#/components/...` references resolve in the document. */
  return (schema: object): ValidateFunction => {
    const key = JSON.stringify(schema);
    let validate = cache.get(key);
    if (!validate) {
      n += 1;
      validate = ajv.compile({ $id: `https://aml.invalid/document/${n}`, ...schema, components: document.components });
      cache.set(key, validate);
    }
    return validate;
  };
}

function resolve(document: OpenApiDocument, value: { $ref?: string }): OpenApiDocument {
  if (!value?.$ref) return value;
  return value.$ref
    .slice(2)
    .split('/')
    .reduce((node: OpenApiDocument, part: string) => node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], document);
}

/**
 * Checks a real response against the document: the operation lists its status, with a content type the
 * response has, and the body matches that schema. Returns the number of checks made (for the test's count).
 */
export function responseChecker(document: OpenApiDocument) {
  const checker = schemaChecker(document);
  const seen = new Set<string>();
  const check = (method: string, template: string, result: CallResult): void => {
    const op = document.paths?.[template]?.[method.toLowerCase()];
    expect(op, `${method} ${template} is not in the document`).toBeTruthy();
    const response = resolve(document, op.responses[String(result.status)]);
    expect(response, `${method} ${template} does not list status ${result.status} (body: ${result.text.slice(0, 200)})`).toBeTruthy();
    const type = (result.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
    const media = response.content?.[type];
    expect(media, `${method} ${template} ${result.status} does not list ${type}`).toBeTruthy();
    if (type === 'application/json' && media.schema) {
      const validate = checker(media.schema);
      const ok = validate(result.json);
      expect(ok, `${method} ${template} ${result.status}: ${JSON.stringify(validate.errors, null, 1)}\n${result.text.slice(0, 2000)}`).toBe(true);
    }
    seen.add(`${method} ${template} ${result.status}`);
  };
  return Object.assign(check, { seen });
}
