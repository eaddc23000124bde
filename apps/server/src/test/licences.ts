import { LICENSED_MODULES, type LicencePayload } from '@atrium/contract';
import { DAY_MS } from '../platform/clock.js';
import { privateKeyFromPem, signLicence } from '../platform/licence-token.js';

/**
 * A key pair for tests only: testConfig trusts its public half (LICENCE_PUBLIC_KEYS), and the factories sign each
 * test company a licence for every module with it, so suites outside licences work as a licensed company does.
 * No installation trusts it.
 */
export const TEST_LICENCE_KEY = {
  keyId: 'atrium-test',
  publicKey: 'RB6SvfBh2CErKTLX7vqUtUTrogSOi4Liywuduq9trcY',
  privateKeyPem: '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIJPdUKsyEil0uO+iJpmApzRMM5OoZCGas73Sxy7pTsPh\n-----END PRIVATE KEY-----\n',
} as const;

let serial = 0;

/** A token signed by the test key; defaults: every module, 50 seats, valid a year from `now`. */
export function testLicenceToken(companyCode: string, now: number, overrides: Partial<LicencePayload> = {}): string {
  serial += 1;
  return signLicence(
    {
      v: 1,
      number: `TEST-${serial}`,
      serial: `test-${serial}-${now}`,
      licensee: `Licensee of ${companyCode}`,
      companyCode,
      validUntil: now + 365 * DAY_MS,
      issuedAt: now,
      modules: [...LICENSED_MODULES],
      seats: 50,
      keyId: TEST_LICENCE_KEY.keyId,
      ...overrides,
    },
    privateKeyFromPem(TEST_LICENCE_KEY.privateKeyPem),
  );
}
