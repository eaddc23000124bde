/**
 * The public keys shipped with this build, by key id (docs/decisions/0021-platform.md, "Licences"). Several, so
 * the issuer can rotate: a new key is added here a release before licences signed by it appear, and an old one
 * stays until the last licence it signed has expired. Their private halves are not in the repository. An
 * installation adds keys of its own with LICENCE_PUBLIC_KEYS (config.ts), made with `npm run licence -- keygen`.
 */
export const SHIPPED_LICENCE_KEYS: ReadonlyArray<readonly [keyId: string, publicKey: string]> = [
  ['atrium-2026a', 'XiiVBynyV0OMIT7wxX7W4sm54PE_KCExoaLf4zrhc-A'],
  ['atrium-2027a', 'TitIWp5kyfg9bN6Y2oMIvItIGcn8hwhJtnPayGoslx0'],
];
