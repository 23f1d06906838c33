import { createHash, randomInt } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const KEY_PATTERN = /^sk_[0-9A-Za-z]{32,}$/;

/** `sk_` and 40 random base62 characters (about 238 bits); shown once, never stored. */
export function generateKeySecret(): string {
  let out = 'sk_';
  for (let i = 0; i < 40; i++) out += BASE62[randomInt(62)];
  return out;
}

export const hashKeySecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** Enough of the secret to tell keys apart in a list, far too little to guess the rest. */
export const keyPrefix = (secret: string): string => secret.slice(0, 10);
