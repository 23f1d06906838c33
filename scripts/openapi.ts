import { PROJECT_ROOT } from './project';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildOpenApiDocument, serialiseDocument } from '../lib/openapi/generate';
import { loadRouteModules } from '../lib/openapi/routes';

// npm run openapi: writes lib/openapi/document.json (committed; GET /v1/openapi.json serves it) from the
// route files under app/v1. `npm run openapi -- -check` only says whether the committed file is current.

const target = path.join(PROJECT_ROOT, 'lib/openapi/document.json');
const check = process.argv.slice(2).some((a) => a.replace(/^-+/, '') === 'check');

const modules = await loadRouteModules(PROJECT_ROOT);
const document = buildOpenApiDocument(modules);
const text = serialiseDocument(document);
const current = existsSync(target) ? readFileSync(target, 'utf8') : '';
const operations = Object.values(document.paths as Record<string, object>).reduce((n, item) => n + Object.keys(item).length, 0);

if (check) {
  if (current !== text) {
    process.stderr.write('lib/openapi/document.json is out of date: run npm run openapi\n');
    process.exit(1);
  }
  process.stderr.write(`lib/openapi/document.json is current (${operations} operations)\n`);
} else {
  if (current !== text) writeFileSync(target, text);
  process.stderr.write(`${current === text ? 'unchanged' : 'wrote'} lib/openapi/document.json: ${operations} operations from ${modules.length} route files\n`);
}
process.exit(0);
