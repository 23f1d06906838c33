import { createPrivateKey, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LicenceError, parsePublicKey, verifyLicence, type Licence } from '@/lib/setup/licence';
import { generateLicenceKeyPair, signLicence } from '@/lib/setup/licence-tools';

const keys = generateLicenceKeyPair();
const publicKey = parsePublicKey(keys.publicKey);

const licence: Licence = {
  customer: 'First Example Bank',
  tier: 'standard',
  transactions_per_month: 2_000_000,
  modules: ['monitoring', 'screening', 'reports'],
  valid_until: '2030-06-30',
  key_id: 'k-2025-01',
};

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** Runs fn and returns the LicenceError it throws (fails the test otherwise). */
function licenceError(fn: () => unknown): LicenceError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(LicenceError);
    return e as LicenceError;
  }
  throw new Error('expected a LicenceError');
}

describe('signLicence → verifyLicence', () => {
  it('round-trips a licence', () => {
    const file = signLicence(keys.privateKey, licence);
    expect(verifyLicence(file, publicKey, new Date('2025-01-01T00:00:00Z'))).toEqual(licence);
  });

  it('accepts a payload with extra fields (signed as-is) and returns only the documented ones', () => {
    const bytes = Buffer.from(JSON.stringify({ seats: 5, ...licence }), 'utf8');
    const signature = sign(null, bytes, createPrivateKey(keys.privateKey)).toString('base64');
    const got = verifyLicence({ payload: bytes.toString('base64'), signature }, publicKey, new Date('2025-01-01'));
    expect(got).toEqual(licence);
  });

  it('refuses to sign an invalid licence', () => {
    expect(() => signLicence(keys.privateKey, { ...licence, valid_until: '30/06/2030' })).toThrow(/valid_until/);
    expect(() => signLicence(keys.privateKey, { ...licence, transactions_per_month: 1.5 })).toThrow(
      /transactions_per_month/,
    );
  });
});

describe('signature', () => {
  it('rejects a tampered payload', () => {
    const file = signLicence(keys.privateKey, licence);
    const tampered = b64(JSON.stringify({ ...licence, transactions_per_month: 99_000_000 }));
    const err = licenceError(() => verifyLicence({ payload: tampered, signature: file.signature }, publicKey));
    expect(err.reason).toBe('signature_mismatch');
    expect(err.message).toBe("the licence signature does not match this installation's licence key");
  });

  it('rejects a licence signed with another key', () => {
    const other = generateLicenceKeyPair();
    const file = signLicence(other.privateKey, licence);
    const err = licenceError(() => verifyLicence(file, publicKey));
    expect(err.reason).toBe('signature_mismatch');
  });

  it('rejects a signature of the wrong length as a mismatch', () => {
    const file = signLicence(keys.privateKey, licence);
    const err = licenceError(() => verifyLicence({ payload: file.payload, signature: 'AAAA' }, publicKey));
    expect(err.reason).toBe('signature_mismatch');
  });
});

describe('expiry', () => {
  const file = signLicence(keys.privateKey, { ...licence, valid_until: '2025-03-10' });

  it('is valid on its last day, through the end of that day UTC', () => {
    expect(verifyLicence(file, publicKey, new Date('2025-03-10T00:00:00Z')).valid_until).toBe('2025-03-10');
    expect(verifyLicence(file, publicKey, new Date('2025-03-10T23:59:59.999Z')).valid_until).toBe('2025-03-10');
  });

  it('has expired the day after', () => {
    const err = licenceError(() => verifyLicence(file, publicKey, new Date('2025-03-11T00:00:00Z')));
    expect(err.reason).toBe('expired');
    expect(err.message).toBe('the licence expired on 2025-03-10');
  });

  it('relative to now: valid_until today passes, yesterday fails', () => {
    // The same `now` is passed in, so the test cannot straddle midnight.
    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
    expect(verifyLicence(signLicence(keys.privateKey, { ...licence, valid_until: today }), publicKey, now).valid_until).toBe(
      today,
    );
    const err = licenceError(() =>
      verifyLicence(signLicence(keys.privateKey, { ...licence, valid_until: yesterday }), publicKey, now),
    );
    expect(err.reason).toBe('expired');
    expect(err.message).toBe(`the licence expired on ${yesterday}`);
  });

  it('checks the signature before expiry', () => {
    const other = generateLicenceKeyPair();
    const old = signLicence(other.privateKey, { ...licence, valid_until: '2000-01-01' });
    expect(licenceError(() => verifyLicence(old, publicKey)).reason).toBe('signature_mismatch');
  });
});

describe('not a licence file', () => {
  const valid = signLicence(keys.privateKey, licence);

  function expectNotALicence(input: { payload: unknown; signature: unknown }, detail?: RegExp) {
    const err = licenceError(() => verifyLicence(input, publicKey));
    expect(err.reason).toBe('not_a_licence');
    expect(err.message).toMatch(/^this is not a licence file/);
    if (detail) expect(err.message).toMatch(detail);
  }

  it('rejects payload or signature that are not base64 strings', () => {
    expectNotALicence({ payload: 'not base64!!', signature: valid.signature }, /payload is not base64/);
    expectNotALicence({ payload: valid.payload, signature: 'also*not*base64' }, /signature is not base64/);
    expectNotALicence({ payload: 42, signature: valid.signature });
    expectNotALicence({ payload: valid.payload, signature: undefined });
    expectNotALicence({ payload: '', signature: valid.signature });
    expectNotALicence({ payload: null, signature: null });
  });

  it('rejects base64 of something that is not JSON', () => {
    expectNotALicence({ payload: b64('hello, bank'), signature: valid.signature }, /not valid JSON/);
    expectNotALicence(
      { payload: Buffer.from([0xff, 0xfe, 0x00, 0x81]).toString('base64'), signature: valid.signature },
      /not text/,
    );
  });

  it('rejects JSON that is not a licence object', () => {
    expectNotALicence({ payload: b64('[1,2,3]'), signature: valid.signature });
    expectNotALicence({ payload: b64('"a string"'), signature: valid.signature });
  });

  it('rejects JSON with missing or mistyped fields, naming the field', () => {
    const missing: Partial<Licence> = { ...licence };
    delete missing.key_id;
    expectNotALicence({ payload: b64(JSON.stringify(missing)), signature: valid.signature }, /key_id/);
    for (const [field, value] of [
      ['customer', 7],
      ['transactions_per_month', '1000'],
      ['transactions_per_month', 10.5],
      ['modules', 'screening'],
      ['modules', [1, 2]],
      ['valid_until', '2030-02-30'],
      ['valid_until', '2030-06-30T00:00:00Z'],
    ] as const) {
      const payload = b64(JSON.stringify({ ...licence, [field]: value }));
      expectNotALicence({ payload, signature: valid.signature }, new RegExp(field));
    }
  });

  it('reports not-a-licence before a signature problem', () => {
    // The signature here is garbage too, but the payload problem is reported first.
    expectNotALicence({ payload: b64('{}'), signature: 'AAAA' });
  });
});

describe('parsePublicKey', () => {
  const der = createPublicKey(keys.publicKey).export({ type: 'spki', format: 'der' });
  const raw = der.subarray(der.length - 32);
  const file = signLicence(keys.privateKey, licence);

  it.each([
    ['PEM SPKI', keys.publicKey],
    ['PEM with literal \\n escapes', keys.publicKey.trim().replace(/\n/g, '\\n')],
    ['base64 of the DER SPKI', der.toString('base64')],
    ['base64 of the raw 32-byte key', raw.toString('base64')],
  ])('accepts %s', (_name, text) => {
    const key = parsePublicKey(text);
    expect(key.asymmetricKeyType).toBe('ed25519');
    expect(verifyLicence(file, key, new Date('2025-01-01T00:00:00Z'))).toEqual(licence);
  });

  it('rejects unusable values with an error naming the setting', () => {
    for (const text of ['', 'not a key', 'AAAA', '-----BEGIN PUBLIC KEY-----\nnope\n-----END PUBLIC KEY-----']) {
      expect(() => parsePublicKey(text)).toThrow(/SERVICE_LICENCE_PUBLIC_KEY/);
    }
  });

  it('rejects a private key and keys of another type', () => {
    expect(() => parsePublicKey(keys.privateKey)).toThrow(/SERVICE_LICENCE_PUBLIC_KEY.*private key/);
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' });
    expect(() => parsePublicKey(ec.toString())).toThrow(/SERVICE_LICENCE_PUBLIC_KEY.*not Ed25519/);
  });
});
