/**
 * Vendor-side licence tools, used by `service-admin licence keygen` and `licence sign`.
 * They never run on a customer's server in normal operation: only the public key is installed there.
 */
import { createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import { licenceSchema, type Licence } from './licence';

/** A new Ed25519 key pair, both halves PEM (public SPKI, private PKCS#8). */
export function generateLicenceKeyPair(): { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519', {
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKey, privateKey };
}

/**
 * Signs a licence. The payload is the JSON of exactly the documented fields in a fixed order;
 * the signature covers those exact bytes, which is what verifyLicence checks. The licence is
 * validated first so the vendor cannot issue a file the service would then call "not a licence".
 */
export function signLicence(privateKeyPem: string, licence: Licence): { payload: string; signature: string } {
  const parsed = licenceSchema.safeParse(licence);
  if (!parsed.success) {
    const detail = parsed.error.issues
      .map((i) => `${i.path.length > 0 ? i.path.join('.') : 'licence'}: ${i.message}`)
      .join('; ');
    throw new Error(`the licence is not valid: ${detail}`);
  }

  let key;
  try {
    key = createPrivateKey({ key: privateKeyPem.replace(/\\n/g, '\n'), format: 'pem' });
  } catch {
    throw new Error('the private key could not be read; expected a PEM private key');
  }
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new Error(`the private key is a ${key.asymmetricKeyType ?? 'unknown'} key, not Ed25519`);
  }

  const l = parsed.data;
  const bytes = Buffer.from(
    JSON.stringify({
      customer: l.customer,
      tier: l.tier,
      transactions_per_month: l.transactions_per_month,
      modules: l.modules,
      valid_until: l.valid_until,
      key_id: l.key_id,
    }),
    'utf8',
  );
  // Ed25519 hashes internally; node:crypto takes null for the digest.
  const signature = sign(null, bytes, key);
  return { payload: bytes.toString('base64'), signature: signature.toString('base64') };
}
