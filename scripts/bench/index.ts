// `npm run bench -- <name> [options]`: runs scripts/bench/<name>.ts with the remaining options.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const available = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && !['index.ts'].includes(f) && !f.startsWith('_'))
  .map((f) => f.replace(/\.ts$/, ''));
const [name, ...rest] = process.argv.slice(2);
if (!name || !existsSync(path.join(here, `${name}.ts`))) {
  process.stderr.write(`usage: npm run bench -- <name> [options]\nbenchmarks: ${available.join(', ')}\n`);
  process.exit(2);
}
const result = spawnSync(process.execPath, [path.join(here, '../../node_modules/tsx/dist/cli.mjs'), path.join(here, `${name}.ts`), ...rest], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
