import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSettings, SettingsError } from '@/lib/config';

const read = (file: string) => readFileSync(fileURLToPath(new URL(`../../${file}`, import.meta.url)), 'utf8');
const names = (text: string) => [...new Set(text.match(/\bSERVICE_[A-Z0-9_]+\b/g) ?? [])].sort();

/** The first column of the README's settings table. */
function readmeSettings(): string[] {
  const readme = read('README.md');
  const start = readme.indexOf('\n## Settings\n');
  expect(start).toBeGreaterThan(-1);
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end === -1 ? undefined : end);
  const rows = section.split('\n').filter((line) => line.startsWith('| `'));
  return names(rows.map((row) => row.split('|')[1] ?? '').join('\n'));
}

describe('settings', () => {
  it('are the same in lib/config.ts and the README settings table', () => {
    const inConfig = names(read('lib/config.ts'));
    expect(inConfig).toContain('SERVICE_TRUSTED_PROXIES');
    expect(readmeSettings()).toEqual(inConfig);
  });

  it('refuse an invalid value with a message naming the setting', () => {
    expect(() => parseSettings({ SERVICE_RATE_LIMIT: 'abc' })).toThrow(SettingsError);
    expect(() => parseSettings({ SERVICE_RATE_LIMIT: 'abc' })).toThrow(/SERVICE_RATE_LIMIT/);
    expect(() => parseSettings({ SERVICE_TRUSTED_PROXIES: '-1' })).toThrow(/SERVICE_TRUSTED_PROXIES/);
    expect(() => parseSettings({ SERVICE_TRUSTED_PROXIES: '1.5' })).toThrow(/SERVICE_TRUSTED_PROXIES/);
  });

  it('read SERVICE_TRUSTED_PROXIES as a count of proxies, 0 unless set', () => {
    expect(parseSettings({}).trustedProxies).toBe(0);
    expect(parseSettings({ SERVICE_TRUSTED_PROXIES: '2' }).trustedProxies).toBe(2);
  });
});
