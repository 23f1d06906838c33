import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root (where package.json is), wherever a script is run from. */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.env.AML_PROJECT_ROOT ??= PROJECT_ROOT;
