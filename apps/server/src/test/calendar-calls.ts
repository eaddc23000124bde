import { expect } from 'vitest';
import type { CalendarAuthAddress, CalendarConnection } from '@atrium/contract';
import { CONSENT_BROWSER_COOKIE, OAUTH_CALLBACK_PATH } from '../modules/calendar-sync/calendar-oauth.js';
import { call, type TestApp } from './app.js';

/** What `calendarCalls` reads when a call is made (the suite sets it in its beforeAll). */
export interface CalendarCallState {
  t: TestApp;
  adminToken: string;
  connectionId: number;
  /** The room whose link `link` finds. */
  roomId: number;
  /** The app's PUBLIC_URL, where the provider sends the browser back. */
  publicUrl: string;
}

/** Where the provider's consent page sends the browser back, and the consent cookie the browser holds. */
export interface ApprovedConsent {
  callbackPath: string;
  cookie: string;
}

/**
 * The calls an OAuth calendar suite makes as the company's administrator, through the app. Every answer is kept
 * in `answers`, so the suite can check that none carries the client secret or a token.
 */
export function calendarCalls(state: () => CalendarCallState) {
  const answers: string[] = [];
  const api = async <T>(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>, lang = 'en-US') => {
    const { t, adminToken } = state();
    const answer = await call<T>(t.app, { method, url: `/api${url}`, headers: { token: adminToken, lang }, ...(payload ? { payload } : {}) });
    answers.push(JSON.stringify(answer.body));
    return answer;
  };
  return {
    answers,
    api,
    /** "Sync now" of the connection. */
    sync: () => api<CalendarConnection>('POST', '/third-party/sync', { id: state().connectionId }),
    /** The room's link in a connection as answered. */
    link: (connection: CalendarConnection) => connection.links.find((one) => one.roomId === state().roomId)!,
    /**
     * The browser's way to the provider's consent page (the fakes approve at once, or refuse when told) and back:
     * the consent address, the cookie it set, the provider's redirect to our callback.
     */
    approve: async (): Promise<ApprovedConsent> => {
      const { connectionId, publicUrl } = state();
      const address = await api<CalendarAuthAddress>('GET', `/third-party/auth-address?id=${connectionId}`);
      expect(address.status, address.body.message).toBe(200);
      const cookie = address.response.cookies.find((one) => one.name === CONSENT_BROWSER_COOKIE);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/third-party/oauth' });
      const page = await fetch(address.body.result.url, { redirect: 'manual' });
      expect(page.status).toBe(302);
      const back = new URL(page.headers.get('location')!);
      expect(back.origin + back.pathname).toBe(`${publicUrl}${OAUTH_CALLBACK_PATH}`);
      return { callbackPath: `${back.pathname}${back.search}`, cookie: cookie!.value };
    },
    /**
     * Our callback opened with the consent cookie (`inAnotherBrowser`: without it, as when the consent page's address
     * was passed to someone else); answers where the browser is sent.
     */
    callback: async ({ callbackPath, cookie }: ApprovedConsent, { inAnotherBrowser = false } = {}): Promise<string> => {
      const answer = await state().t.app.inject({ method: 'GET', url: callbackPath, ...(inAnotherBrowser ? {} : { cookies: { [CONSENT_BROWSER_COOKIE]: cookie } }) });
      expect(answer.statusCode).toBe(302);
      answers.push(answer.body);
      return answer.headers.location as string;
    },
    /** Waits until the booking changes reached the calendar queue and what waits is written out. */
    settle: async () => {
      const { app } = state().t;
      await app.bookingInvitations.drain();
      await app.calendarSync.drain();
    },
  };
}
