import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CONSOLE = fileURLToPath(new URL('../../app/(console)', import.meta.url));

function pages(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return pages(full);
    return entry.name === 'page.tsx' ? [full] : [];
  });
}

describe('console pages', () => {
  // The layout's check does not run on client-side navigation, so each page must ask for the person itself.
  it('each require a signed-in person themselves', () => {
    const found = pages(CONSOLE);
    expect(found.map((p) => path.relative(CONSOLE, p))).toContain('page.tsx');
    for (const page of found) {
      expect(readFileSync(page, 'utf8'), path.relative(CONSOLE, page)).toMatch(/await requirePerson\(/);
    }
  });
});
