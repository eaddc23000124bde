import type { CalendarConnection } from '@atrium/contract';
import { call, type TestApp } from './app.js';

/** What `calendarCalls` reads when a call is made (the suite sets it in its beforeAll). */
export interface CalendarCallState {
  t: TestApp;
  adminToken: string;
  connectionId: number;
  /** The room whose link `link` finds. */
  roomId: number;
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
    /** Waits until the booking changes reached the calendar queue and what waits is written out. */
    settle: async () => {
      const { app } = state().t;
      await app.bookingInvitations.drain();
      await app.calendarSync.drain();
    },
  };
}
