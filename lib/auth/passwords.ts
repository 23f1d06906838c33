/** Password hashing for people who sign in to the console (Argon2id via @node-rs/argon2). */
import { randomInt } from 'node:crypto';
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

/**
 * Argon2id at OWASP's minimum recommendation (19 MiB, 2 passes, 1 lane). Why these values:
 * on a 2-core server a hash takes a few tens of milliseconds, fast enough for an interactive
 * sign-in yet memory-hard enough to make offline guessing on GPUs expensive; one lane keeps a
 * burst of sign-ins from starving the other core that serves API traffic, and 19 MiB per attempt
 * keeps memory bounded even with several concurrent sign-ins. The parameters are stored in each
 * hash (PHC string), so raising them later still verifies old hashes.
 */
const ARGON2_OPTIONS: Options = {
  // The package declares Algorithm as an ambient const enum, which isolatedModules cannot
  // reference by name; 2 is Algorithm.Argon2id.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/** Hashes a password; the result is a self-describing `$argon2id$…` string with its own random salt. */
export function hashPassword(plain: string): Promise<string> {
  return hash(plain, ARGON2_OPTIONS);
}

/**
 * True when `plain` matches `hash`. Never throws: a malformed or foreign hash (e.g. a corrupted
 * row) answers false, so sign-in reports "wrong email or password" rather than a server error.
 */
export async function verifyPassword(hashed: string, plain: string): Promise<boolean> {
  if (typeof hashed !== 'string' || typeof plain !== 'string' || !hashed.startsWith('$argon2')) return false;
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  }
}

/**
 * Letters and digits without look-alikes (0/O/o, 1/I/l/i), since one-time passwords are read
 * off a screen and typed by hand.
 */
export const ONE_TIME_PASSWORD_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz';
const ONE_TIME_PASSWORD_LENGTH = 16; // 53^16 ≈ 2^91 possibilities: far beyond online guessing.

/** A crypto-random one-time password (must be replaced at first sign-in). */
export function generateOneTimePassword(): string {
  let out = '';
  for (let i = 0; i < ONE_TIME_PASSWORD_LENGTH; i++) {
    // randomInt is uniform (no modulo bias), unlike randomBytes(n)[i] % alphabet.length.
    out += ONE_TIME_PASSWORD_ALPHABET[randomInt(ONE_TIME_PASSWORD_ALPHABET.length)];
  }
  return out;
}
