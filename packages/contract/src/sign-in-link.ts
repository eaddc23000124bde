import { z } from 'zod';

/**
 * Sign-in by link and QR (issue 23; spec 000 sections 2 and 7, 001 section 7; decision 0021): the
 * header's QR drawer shows a one-time `/single/{token}` link that signs the same person in on a phone.
 */

/** How long a one-time sign-in link holds. */
export const SIGN_IN_LINK_MINUTES = 3;
/** The drawer asks for a new code this long before the shown one expires. */
export const SIGN_IN_LINK_REFRESH_LEAD_SECONDS = 30;
/** Live links one person may hold at once (each drawer opening and refresh makes one). */
export const SIGN_IN_LINKS_LIVE_MAX = 10;
/** Width of the QR drawer (spec 000 section 9). */
export const QR_DRAWER_WIDTH = 260;

/** The secret of a link: 32 random bytes, base64url. */
export const SignInLinkToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Not a sign-in link');

/** `GET /v2/wx/getQrCodePath` and `/v2/wx/ordinaryQrCodePath`: the address the QR code holds. */
export const QrCodePath = z.object({
  /** The full address the phone opens. */
  url: z.string(),
  /** When the address stops working (a one-time link), or null when it does not expire. */
  expiresAt: z.number().int().nullable(),
  /** The QR code of `url` as a PNG data URL, drawn by the server. */
  image: z.string(),
});
export type QrCodePath = z.infer<typeof QrCodePath>;

/** `POST /sign-in-link/sign-in`: the secret of the `/single/{token}` page, sent in the body so it never sits in a logged URL. */
export const SingleSignInBody = z.object({ token: SignInLinkToken });
export type SingleSignInBody = z.infer<typeof SingleSignInBody>;
