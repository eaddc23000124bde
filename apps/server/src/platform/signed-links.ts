import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/**
 * Signed links (decision 0018, "The visitor's pass"): a token that names a company's record and a
 * moment it expires, with an HMAC-SHA256 over both under the company's key for that purpose. A
 * token proves the server issued it for that record, so it can be rebuilt from the record whenever
 * a mail is written (nothing secret is stored with the work that sends it) and read back without a
 * lookup table. A changed character, another purpose or another company's key fails the check.
 *
 * Form: `<company id>.<subject>.<expiry>.<mac>` (ids and expiry in base 36, the MAC's first 18
 * bytes in base64url): short enough for a QR code a phone reads at arm's length.
 */
export type SignedLinkPurpose = 'visitPass' | 'visitRegister' | 'calendarConsent';

export interface SignedSubject {
  companyId: number;
  /** What the link is for, e.g. a visit's id. */
  subject: string;
  expiresAt: number;
}

/** What a token says once its signature holds: its subject, and whether it is past its expiry. */
export type VerifiedLink = SignedSubject & { isExpired: boolean };

const MAC_BYTES = 18;
const KEY_BYTES = 32;
const SUBJECT = /^[a-z0-9]{1,32}$/;

export type SignedLinks = ReturnType<typeof createSignedLinks>;

export function createSignedLinks(db: Kysely<DB>) {
  // Keys never change while the server runs: read (or made) once per company and purpose.
  const keys = new Map<string, Promise<Buffer>>();

  async function loadKey(companyId: number, purpose: SignedLinkPurpose, now: number): Promise<Buffer> {
    // Two processes making the first key at once: one insert wins, both read the winner.
    await db
      .insertInto('signing_keys')
      .values({ company_id: companyId, purpose, secret: randomBytes(KEY_BYTES).toString('base64url'), created_at: now })
      .onConflict((conflict) => conflict.columns(['company_id', 'purpose']).doNothing())
      .execute();
    const row = await db.selectFrom('signing_keys').select('secret').where('company_id', '=', companyId).where('purpose', '=', purpose).executeTakeFirstOrThrow();
    return Buffer.from(row.secret, 'base64url');
  }

  function keyOf(companyId: number, purpose: SignedLinkPurpose, now: number): Promise<Buffer> {
    const name = `${companyId}:${purpose}`;
    let key = keys.get(name);
    if (!key) {
      key = loadKey(companyId, purpose, now);
      // A failed read is not remembered: the next call tries again.
      key.catch(() => keys.delete(name));
      keys.set(name, key);
    }
    return key;
  }

  const macOf = (key: Buffer, purpose: SignedLinkPurpose, { companyId, subject, expiresAt }: SignedSubject) =>
    createHmac('sha256', key).update(`${purpose}\n${companyId}\n${subject}\n${expiresAt}`).digest().subarray(0, MAC_BYTES);

  return {
    /** A token for `subject` of the company, valid until `expiresAt`. */
    async sign(purpose: SignedLinkPurpose, link: SignedSubject, now: number): Promise<string> {
      if (!SUBJECT.test(link.subject)) throw new Error('A signed subject is a short lower-case id');
      const mac = macOf(await keyOf(link.companyId, purpose, now), purpose, link);
      return [link.companyId.toString(36), link.subject, link.expiresAt.toString(36), mac.toString('base64url')].join('.');
    },

    /**
     * What a token was issued for, or null when it is not one of ours (malformed, altered, signed
     * for another purpose or under another key). An expired token is still answered, marked, so a
     * page can say "expired" instead of "not valid".
     */
    async verify(purpose: SignedLinkPurpose, token: string, now: number): Promise<VerifiedLink | null> {
      const parts = token.split('.');
      if (parts.length !== 4) return null;
      const [company, subject, expiry, mac] = parts as [string, string, string, string];
      if (!/^[a-z0-9]{1,11}$/.test(company) || !SUBJECT.test(subject) || !/^[a-z0-9]{1,11}$/.test(expiry) || !/^[A-Za-z0-9_-]{24}$/.test(mac)) return null;
      const companyId = parseInt(company, 36);
      const expiresAt = parseInt(expiry, 36);
      if (!Number.isSafeInteger(companyId) || companyId <= 0 || !Number.isSafeInteger(expiresAt)) return null;
      // Only companies that have a key were ever issued a token: an unknown one makes none.
      const row = await db.selectFrom('signing_keys').select('secret').where('company_id', '=', companyId).where('purpose', '=', purpose).executeTakeFirst();
      if (!row) return null;
      const expected = macOf(Buffer.from(row.secret, 'base64url'), purpose, { companyId, subject, expiresAt });
      const given = Buffer.from(mac, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return { companyId, subject, expiresAt, isExpired: expiresAt <= now };
    },
  };
}
