import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../tests/support/processes';

/** Browser tests build into their own directory, never into the `.next` that `npm start` and others use. */
// AML_E2E_DIST_DIR lets two browser-test runs on one checkout build apart.
export const E2E_DIST_DIR = process.env.AML_E2E_DIST_DIR || '.next-e2e';

function newestSourceTime(): number {
  let newest = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  for (const dir of ['app', 'components', 'lib', 'db']) {
    const full = path.join(PROJECT_ROOT, dir);
    if (existsSync(full)) walk(full);
  }
  for (const file of ['next.config.ts', 'proxy.ts', 'instrumentation.ts', 'package.json', 'postcss.config.mjs', 'tsconfig.json']) {
    const full = path.join(PROJECT_ROOT, file);
    if (existsSync(full)) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * Builds the application into `.next-e2e` when that build is missing or older than the sources (the same
 * rule as the start script, which then finds it fresh). `next build` rewrites next-env.d.ts to point at
 * the build it makes; the file is put back afterwards so the shared tree keeps pointing at `.next`.
 */
export function buildForBrowserTests(log: (line: string) => void): void {
  const buildId = path.join(PROJECT_ROOT, E2E_DIST_DIR, 'BUILD_ID');
  if (existsSync(buildId) && statSync(buildId).mtimeMs >= newestSourceTime()) return;
  log(`building the application into ${E2E_DIST_DIR} for the browser tests`);
  const nextEnv = path.join(PROJECT_ROOT, 'next-env.d.ts');
  const kept = existsSync(nextEnv) ? readFileSync(nextEnv, 'utf8') : undefined;
  try {
    const result = spawnSync(process.execPath, [path.join(PROJECT_ROOT, 'node_modules/next/dist/bin/next'), 'build'], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, AML_NEXT_DIST_DIR: E2E_DIST_DIR, NEXT_TELEMETRY_DISABLED: '1' },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (result.status !== 0) throw new Error(`next build failed:\n${result.stdout}\n${result.stderr}`);
  } finally {
    if (kept !== undefined && readFileSync(nextEnv, 'utf8') !== kept) writeFileSync(nextEnv, kept);
  }
}
