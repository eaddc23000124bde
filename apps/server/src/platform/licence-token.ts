import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { LicencePayload } from '@atrium/contract';

/**
 * Licence tokens (docs/decisions/0021-platform.md, "Licences"): `base64url(payload JSON) "." base64url(signature)`,
 * the signature being Ed25519 over the payload part's ASCII bytes, made with the private key whose id the payload
 * names (`keyId`). Public keys travel as the base64url of their 32 raw bytes; private keys as PKCS#8 PEM.
 */

/** Why a token was refused. */
export type LicenceTokenProblem =
  | { kind: 'malformed' }
  | { kind: 'unknownKey'; keyId: string }
  | { kind: 'badSignature' };

export type LicenceVerification = { ok: true; payload: LicencePayload } | { ok: false; problem: LicenceTokenProblem };

/** Trusted public keys by key id. */
export type LicenceKeyring = ReadonlyMap<string, KeyObject>;

const RAW_KEY = /^[A-Za-z0-9_-]{43}$/;

/** A public key from the base64url of its 32 raw bytes; throws on anything else. */
export function publicKeyFromRaw(raw: string): KeyObject {
  if (!RAW_KEY.test(raw)) throw new Error('expected the base64url of a 32-byte Ed25519 public key (43 characters)');
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw }, format: 'jwk' });
}

/** The base64url of a public key's 32 raw bytes. */
export function rawOfPublicKey(key: KeyObject): string {
  const { x } = key.export({ format: 'jwk' });
  if (!x) throw new Error('not an Ed25519 key');
  return x;
}

/** A new key pair: the public key as raw base64url, the private key as PKCS#8 PEM. */
export function generateLicenceKeyPair(): { publicKey: string; privateKeyPem: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return { publicKey: rawOfPublicKey(publicKey), privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString() };
}

/** A private key from PKCS#8 PEM; throws when it is not an Ed25519 key. */
export function privateKeyFromPem(pem: string): KeyObject {
  const key = createPrivateKey(pem);
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`expected an Ed25519 private key, got ${key.asymmetricKeyType ?? 'an unknown type'}`);
  return key;
}

/** Signs a payload with the private key of `payload.keyId`. */
export function signLicence(payload: LicencePayload, privateKey: KeyObject): string {
  const body = Buffer.from(JSON.stringify(LicencePayload.parse(payload))).toString('base64url');
  return `${body}.${sign(null, Buffer.from(body), privateKey).toString('base64url')}`;
}

const TOKEN = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{86})$/;

/** The payload of a token, unverified (to name its key in a message); null when it is not a token. */
export function readLicencePayload(token: string): LicencePayload | null {
  const match = TOKEN.exec(token.trim());
  if (!match) return null;
  try {
    const parsed = LicencePayload.safeParse(JSON.parse(Buffer.from(match[1]!, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Verifies a token against the trusted keys: its payload when the named key signed exactly these bytes. */
export function verifyLicence(token: string, keyring: LicenceKeyring): LicenceVerification {
  const payload = readLicencePayload(token);
  if (!payload) return { ok: false, problem: { kind: 'malformed' } };
  const key = keyring.get(payload.keyId);
  if (!key) return { ok: false, problem: { kind: 'unknownKey', keyId: payload.keyId } };
  const [body, signature] = token.trim().split('.') as [string, string];
  const isSigned = verify(null, Buffer.from(body), key, Buffer.from(signature, 'base64url'));
  return isSigned ? { ok: true, payload } : { ok: false, problem: { kind: 'badSignature' } };
}

/** A keyring from `keyId → raw public key` entries; throws naming the entry that is not a key. */
export function keyringOf(entries: Iterable<readonly [string, string]>): LicenceKeyring {
  const keyring = new Map<string, KeyObject>();
  for (const [keyId, raw] of entries) {
    try {
      keyring.set(keyId, publicKeyFromRaw(raw));
    } catch (error) {
      throw new Error(`licence key "${keyId}": ${(error as Error).message}`, { cause: error });
    }
  }
  return keyring;
}
