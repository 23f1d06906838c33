import { describe, expect, it } from 'vitest';
import {
  ONE_TIME_PASSWORD_ALPHABET,
  generateOneTimePassword,
  hashPassword,
  verifyPassword,
} from '@/lib/auth/passwords';

describe('hashPassword / verifyPassword', () => {
  it('hashes with Argon2id at the chosen parameters and verifies the right password', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'correct horse battery staple')).toBe(true);
  });

  it('rejects a wrong password', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(await verifyPassword(hash, 'Correct horse battery staple')).toBe(false);
    expect(await verifyPassword(hash, '')).toBe(false);
  });

  it('salts each hash', async () => {
    const [a, b] = await Promise.all([hashPassword('same password'), hashPassword('same password')]);
    expect(a).not.toBe(b);
  });

  it('answers false, never throws, for a malformed hash', async () => {
    const good = await hashPassword('pw-123456789012');
    for (const bad of [
      '',
      'not a hash',
      '$argon2id$',
      '$argon2id$v=19$m=19456,t=2,p=1$garbage',
      good.slice(0, -10),
      '$2b$12$abcdefghijklmnopqrstuuJ6Zq0Q7yM6G0xwM8E8nE6QO0Vq9f2a',
    ]) {
      await expect(verifyPassword(bad, 'pw-123456789012')).resolves.toBe(false);
    }
    await expect(verifyPassword(undefined as unknown as string, 'x')).resolves.toBe(false);
  });
});

describe('generateOneTimePassword', () => {
  it('is at least 16 characters from the unambiguous alphabet', () => {
    const pw = generateOneTimePassword();
    expect(pw.length).toBeGreaterThanOrEqual(16);
    for (const ch of pw) expect(ONE_TIME_PASSWORD_ALPHABET).toContain(ch);
    expect(ONE_TIME_PASSWORD_ALPHABET).not.toMatch(/[01OoIil]/);
  });

  it('is unique across many draws and uses the whole alphabet', () => {
    const seen = new Set<string>();
    const chars = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const pw = generateOneTimePassword();
      seen.add(pw);
      for (const ch of pw) chars.add(ch);
    }
    expect(seen.size).toBe(1000);
    expect(chars.size).toBe(ONE_TIME_PASSWORD_ALPHABET.length);
  });

  it('hashes and verifies like any password', async () => {
    const pw = generateOneTimePassword();
    expect(await verifyPassword(await hashPassword(pw), pw)).toBe(true);
  });
});
