import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RouteModule } from './generate';

/** The route files under `app/v1` (paths from the project root, `/`-separated, sorted). */
export function routeFiles(root: string, under = 'app/v1'): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (/^route\.(ts|tsx|js|mjs)$/.test(entry.name)) found.push(rel);
    }
  };
  walk(under);
  return found.sort();
}

/** Imports every route file under `app/v1`, as the document generator needs them. */
export async function loadRouteModules(root: string, under = 'app/v1'): Promise<RouteModule[]> {
  const modules: RouteModule[] = [];
  for (const file of routeFiles(root, under)) {
    const exports = (await import(pathToFileURL(path.join(root, file)).href)) as Record<string, unknown>;
    modules.push({ file, exports });
  }
  return modules;
}
