import type { CurrentUserInfo, Reservation } from '@atrium/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider, type Session } from '../../../shared/session/session-context';
import { makeUser } from '../../../test/factories';
import { renderWithProviders, stubApi } from '../../../test/render';
import { CheckInPage } from './check-in-page';

// Thursday 26 November 2026, 09:00–10:00 UTC.
const START = Date.UTC(2026, 10, 26, 9, 0);

const MEETING: Reservation = {
  id: 5, roomId: 7, roomName: 'Kew', timeZone: null, title: 'Roadmap review', hostUserId: 3, hostName: 'Grace', startAt: START, endAt: START + 3_600_000,
  status: 'confirmed', privacy: 'public', channel: 'console', remarks: null, participants: [], visible: true, canEdit: false, createdAt: 0, updatedAt: 0, seriesId: null,
  occurrenceDate: null, isException: false, noticeMinutes: null, reminderMinutes: null, checkedInAt: START, checkInChannel: 'qr', checkIn: null, bookedByName: null, endedEarlyAt: null, bookedEndAt: null,
  noShowAt: null, approvalDeadlineAt: null, decidedAt: null, decidedByName: null, decisionReason: null,
};

function session(user: CurrentUserInfo): Session {
  return { user, menu: [], menuNodes: [], menuItems: [], menuPaths: [] };
}

function checkIn(meeting: Reservation, user: CurrentUserInfo) {
  stubApi({ 'POST /meeting/reservation/check-in-room': { result: meeting } });
  renderWithProviders(
    <SessionProvider value={session(user)}>
      <CheckInPage />
    </SessionProvider>,
    { path: '/check-in?room=7' },
  );
}

afterEach(() => vi.restoreAllMocks());

describe('/check-in: the times of the meeting checked in to', () => {
  it("shows a room without a time zone in the viewer's zone from the profile", async () => {
    checkIn(MEETING, makeUser({ timeZone: 'Asia/Shanghai' }));
    expect(await screen.findByText('Roadmap review · Kew · 17:00–18:00')).toBeInTheDocument();
  });

  it("shows a room with a time zone in the room's zone, whatever the viewer's", async () => {
    checkIn({ ...MEETING, timeZone: 'America/New_York' }, makeUser({ timeZone: 'Asia/Shanghai' }));
    expect(await screen.findByText('Roadmap review · Kew · 04:00–05:00')).toBeInTheDocument();
  });
});
