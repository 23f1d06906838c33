#!/usr/bin/env node
// The service-admin command: loads the TypeScript CLI through tsx, with the project's tsconfig paths.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const here = path.dirname(fileURLToPath(import.meta.url));
register({ tsconfig: path.join(here, '..', 'tsconfig.json') });
await import(pathToFileURL(path.join(here, 'cli', 'main.ts')).href);
