#!/usr/bin/env node
// Run after `npm install` changes package-lock.json.
//
// When the registry in use does not serve the prebuilt binaries of other platforms (for example
// @next/swc-darwin-arm64), npm leaves those optional dependencies out of the lockfile, and `npm ci`
// then refuses the lockfile as out of sync. This records each such optional dependency with its
// exact version; npm ci skips or tolerates them as the optional packages they are.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;
let added = 0;
for (const [path, meta] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(meta.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ''}node_modules/${name}`;
    const top = `node_modules/${name}`;
    if (packages[nested] || packages[top] || !/^\d+\.\d+\.\d+/.test(spec)) continue;
    packages[top] = { version: spec, optional: true };
    added++;
  }
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`recorded ${added} optional platform package(s)`);
