/**
 * Offline licence checks for first-run setup (POST /v1/setup/licence).
 *
 * A licence file is `{ payload, signature }`, both base64. The decoded payload is JSON describing
 * the licence; the signature is Ed25519 over the decoded payload bytes (not over a re-serialisation,
 * so key order and whitespace chosen by the signer never matter). Everything here is pure: no
 * network, no database, so a bank can install the service on an air-gapped network.
 */
import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { z } from 'zod';

export type LicenceErrorReason = 'not_a_licence' | 'signature_mismatch' | 'expired';

/** A licence that failed a check. `message` is shown to the person running setup, so it is plain words. */
export class LicenceError extends Error {
  readonly reason: LicenceErrorReason;

  constructor(reason: LicenceErrorReason, message: string) {
    super(message);
    this.name = 'LicenceError';
    this.reason = reason;
  }
}

export interface Licence {
  customer: string;
  tier: string;
  transactions_per_month: number;
  modules: string[];
  valid_until: string;
  key_id: string;
}

/** `YYYY-MM-DD` that names a real calendar day (rejects 2025-02-30, which Date would roll over). */
const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'must be a real calendar date');

/**
 * The payload's shape. Unknown extra fields are ignored (and dropped) so that a newer licence
 * generator can add fields without breaking older installations; the signature still covers them.
 */
export const licenceSchema = z.object({
  customer: z.string().min(1),
  tier: z.string().min(1),
  transactions_per_month: z.number().int().nonnegative(),
  modules: z.array(z.string()),
  valid_until: calendarDate,
  key_id: z.string().min(1),
});

const NOT_A_LICENCE = 'this is not a licence file';
const DAY_MS = 86_400_000;

// Standard base64 with padding. Whitespace (line wrapping from e-mail or editors) is removed first.
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Decodes strict base64; null when the value is not a non-empty base64 string. */
function decodeBase64(value: unknown): Buffer | null {
  if (typeof value !== 'string') return null;
  const compact = value.replace(/\s+/g, '');
  // Buffer.from(…, 'base64') silently skips invalid characters, so validate before decoding.
  if (compact === '' || !BASE64.test(compact)) return null;
  return Buffer.from(compact, 'base64');
}

function notALicence(detail: string): LicenceError {
  return new LicenceError('not_a_licence', `${NOT_A_LICENCE}: ${detail}`);
}

/** DER prefix of an Ed25519 SubjectPublicKeyInfo (RFC 8410); the 32 raw key bytes follow it. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/**
 * Reads the licence public key from the setting `SERVICE_LICENCE_PUBLIC_KEY`. Accepted forms:
 *  1. a PEM SPKI public key (`-----BEGIN PUBLIC KEY-----…`); literal `\n` sequences are turned into
 *     newlines because a PEM squeezed into one environment variable line often arrives that way;
 *  2. the base64 of the DER SPKI encoding (the PEM body without its armour lines);
 *  3. the base64 of the raw 32-byte Ed25519 public key.
 * Throws a plain Error naming the setting when the value is unusable, so start-up fails loudly
 * rather than every licence later being reported as a signature mismatch.
 */
export function parsePublicKey(text: string): KeyObject {
  const fail = (why: string): Error =>
    new Error(`SERVICE_LICENCE_PUBLIC_KEY is not a usable Ed25519 public key: ${why}`);

  const trimmed = text.trim().replace(/\\n/g, '\n');
  if (trimmed === '') throw fail('it is empty');

  let key: KeyObject;
  if (trimmed.includes('-----BEGIN')) {
    // createPublicKey would happily derive a public key from a private one; refuse, because the
    // vendor's signing key must never sit on a customer's server.
    if (/PRIVATE KEY/.test(trimmed)) throw fail('it is a private key; configure the public key');
    try {
      key = createPublicKey({ key: trimmed, format: 'pem' });
    } catch {
      throw fail('the PEM could not be read');
    }
  } else {
    const bytes = decodeBase64(trimmed);
    if (!bytes) throw fail('expected PEM, or base64 of the DER or of the raw 32-byte key');
    const der = bytes.length === 32 ? Buffer.concat([ED25519_SPKI_PREFIX, bytes]) : bytes;
    try {
      key = createPublicKey({ key: der, format: 'der', type: 'spki' });
    } catch {
      throw fail('the base64 value is neither a DER public key nor a raw 32-byte key');
    }
  }
  if (key.asymmetricKeyType !== 'ed25519') {
    throw fail(`it is a ${key.asymmetricKeyType ?? 'unknown'} key, not Ed25519`);
  }
  return key;
}

/**
 * Checks a licence file offline and returns its contents. Checks run in this order so that the
 * message names the most basic problem: is it a licence file at all, then is it signed by our
 * key, then is it still valid. `now` defaults to the current time; a licence is valid through
 * the end of its `valid_until` day in UTC.
 */
export function verifyLicence(
  input: { payload: unknown; signature: unknown },
  publicKey: KeyObject,
  now: Date = new Date(),
): Licence {
  const payloadBytes = decodeBase64(input.payload);
  if (!payloadBytes) throw notALicence('payload is not base64');
  const signatureBytes = decodeBase64(input.signature);
  if (!signatureBytes) throw notALicence('signature is not base64');

  let text: string;
  try {
    // fatal: a payload that is not UTF-8 is not ours, rather than JSON with replacement characters.
    text = new TextDecoder('utf-8', { fatal: true }).decode(payloadBytes);
  } catch {
    throw notALicence('payload is not text');
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw notALicence('payload is not valid JSON');
  }
  const parsed = licenceSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue && issue.path.length > 0 ? issue.path.join('.') : undefined;
    throw notALicence(field ? `field ${field} is missing or invalid` : 'payload is not a licence object');
  }

  let signed = false;
  try {
    // Ed25519 takes no digest algorithm, hence null. A wrong-length signature simply fails.
    signed = verify(null, payloadBytes, publicKey, signatureBytes);
  } catch {
    signed = false;
  }
  if (!signed) {
    throw new LicenceError(
      'signature_mismatch',
      "the licence signature does not match this installation's licence key",
    );
  }

  const licence = parsed.data;
  const endOfValidDay = Date.parse(`${licence.valid_until}T00:00:00Z`) + DAY_MS;
  if (now.getTime() >= endOfValidDay) {
    throw new LicenceError('expired', `the licence expired on ${licence.valid_until}`);
  }

  // Return a fresh object of exactly the documented fields (zod already dropped unknown keys).
  return {
    customer: licence.customer,
    tier: licence.tier,
    transactions_per_month: licence.transactions_per_month,
    modules: [...licence.modules],
    valid_until: licence.valid_until,
    key_id: licence.key_id,
  };
}
