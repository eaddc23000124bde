import QRCode from 'qrcode';
import { SIGN_IN_LINK_MINUTES, SIGN_IN_LINKS_LIVE_MAX, type QrCodePath } from '@atrium/contract';
import type { AuthContext } from '../../platform/access.js';
import { MINUTE_MS, type Clock } from '../../platform/clock.js';
import { refused, tooManyRequests } from '../../platform/errors.js';
import { hashSessionToken, newSessionToken } from '../../platform/session-token.js';
import type { OperationLog } from '../operation-log/operation-log.service.js';
import type { SessionService, SignedIn } from '../session/session.service.js';
import type { SignInLinkRepository } from './sign-in-link.repository.js';

export interface SignInLinkServiceDeps {
  links: SignInLinkRepository;
  sessions: SessionService;
  operationLog: OperationLog;
  clock: Clock;
  /** The console's address; the links start with it. */
  publicUrl: string;
}

/** The code as a phone camera reads it from a screen: margin for the quiet zone, medium error correction. */
const codeOf = async (url: string, expiresAt: number | null): Promise<QrCodePath> => ({
  url,
  expiresAt,
  image: await QRCode.toDataURL(url, { width: 220, margin: 2, errorCorrectionLevel: 'M' }),
});

export type SignInLinkService = ReturnType<typeof createSignInLinkService>;

/**
 * One-time sign-in links (decision 0021, "Sign-in by link and QR"): a signed-in person asks for a
 * short-lived `/single/{token}` link (the QR drawer shows it), and a phone that opens it gets a
 * session of its own for the same person. The secret is kept only as its hash and is gone once used.
 */
export function createSignInLinkService({ links, sessions, operationLog, clock, publicUrl }: SignInLinkServiceDeps) {
  return {
    /** A new link for the caller, valid SIGN_IN_LINK_MINUTES; at most SIGN_IN_LINKS_LIVE_MAX live at once. */
    async issue(auth: Pick<AuthContext, 'companyId' | 'userId'>): Promise<QrCodePath> {
      const now = clock.now();
      await links.deleteExpired(now);
      if ((await links.countLive(auth.companyId, auth.userId, now)) >= SIGN_IN_LINKS_LIVE_MAX) {
        throw tooManyRequests('signInLinksTooMany', SIGN_IN_LINK_MINUTES * 60);
      }
      const token = newSessionToken();
      const expiresAt = now + SIGN_IN_LINK_MINUTES * MINUTE_MS;
      await links.insert({ companyId: auth.companyId, userId: auth.userId, tokenHash: hashSessionToken(token), createdAt: now, expiresAt });
      return codeOf(`${publicUrl}/single/${token}`, expiresAt);
    },

    /** The console's plain address: a code that opens the sign-in page and signs nobody in. */
    ordinaryPath(): Promise<QrCodePath> {
      return codeOf(`${publicUrl}/login`, null);
    },

    /**
     * Signs in by a link: it is taken (deleted) first, so it works once whatever happens next; a
     * used, expired or unknown link, or one of a switched-off user, answers one neutral refusal.
     */
    async signIn(token: string, { ip, userAgent }: { ip: string; userAgent: string | undefined }): Promise<SignedIn> {
      const now = clock.now();
      const link = await links.take(hashSessionToken(token));
      if (!link || link.expiresAt <= now || !link.isUserActive) throw refused('signInLinkInvalid');
      const signedIn = await sessions.signInVerified({ companyId: link.companyId, userId: link.userId, ip, userAgent });
      await operationLog.record(
        { companyId: link.companyId, userId: link.userId, ip },
        { action: 'user.linkSignIn', targetType: 'user', targetId: link.userId, targetName: signedIn.profile.userName, detail: {} },
        'success',
      );
      return signedIn;
    },
  };
}
