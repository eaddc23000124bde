import type { Reservation, ScheduleRoom } from '@atrium/contract';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { openingMinutes, RoomsGrid } from './rooms-grid';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// 24 November 2026: London is on UTC, Shanghai eight hours ahead.
const LONDON_DAY = Date.UTC(2026, 10, 24);
const SHANGHAI_DAY = LONDON_DAY - 8 * HOUR;

function meeting(overrides: Partial<Reservation>): Reservation {
  return {
    id: 1, roomId: 7, roomName: 'Kew', timeZone: 'Europe/London', title: 'Design review', hostUserId: 2, hostName: 'Ada', startAt: LONDON_DAY + 9 * HOUR, endAt: LONDON_DAY + 10 * HOUR,
    status: 'confirmed', privacy: 'public', channel: 'console', remarks: null, participants: [], visible: true, canEdit: false, createdAt: 0, updatedAt: 0, seriesId: null,
    occurrenceDate: null, isException: false, noticeMinutes: null, reminderMinutes: null, checkedInAt: null, checkInChannel: null, checkIn: null, bookedByName: null, endedEarlyAt: null, bookedEndAt: null,
    noShowAt: null, approvalDeadlineAt: null, decidedAt: null, decidedByName: null, decisionReason: null, ...overrides,
  };
}

const KEW: ScheduleRoom = {
  id: 7, name: 'Kew', capacity: 6, equipment: [], locationPath: 'UK / London', timeZone: 'Europe/London', isAvailable: true, needsApproval: false,
  dayStartAt: LONDON_DAY, dayEndAt: LONDON_DAY + 24 * HOUR, disabled: [],
  reservations: [
    meeting({}),
    meeting({ id: 2, title: null, privacy: 'busy', visible: false, startAt: LONDON_DAY + 11 * HOUR, endAt: LONDON_DAY + 12 * HOUR }),
    meeting({ id: 3, title: 'Stand-up', startAt: LONDON_DAY + 13 * HOUR, endAt: LONDON_DAY + 13 * HOUR + 15 * MINUTE }),
  ],
};
const BUND: ScheduleRoom = {
  ...KEW, id: 8, name: 'Bund', locationPath: 'China / Shanghai', timeZone: 'Asia/Shanghai', dayStartAt: SHANGHAI_DAY, dayEndAt: SHANGHAI_DAY + 24 * HOUR, reservations: [],
};

const percent = (minutes: number) => `${(minutes / 1440) * 100}%`;

function grid(now: number, options: { date?: string; orientation?: 'horizontal' | 'vertical'; onPick?: () => void } = {}) {
  const onPick = options.onPick ?? vi.fn();
  renderWithProviders(
    <RoomsGrid rooms={[KEW, BUND]} date={options.date ?? '2026-11-24'} now={now} orientation={options.orientation ?? 'horizontal'} onPick={onPick} onOpen={() => undefined} />,
  );
  return onPick;
}

describe('rooms grid: now and the past', () => {
  it("draws the now line at the current minute of each room's own day and greys out the time before it", () => {
    // 10:15 in London is 18:15 in Shanghai.
    grid(LONDON_DAY + 10 * HOUR + 15 * MINUTE);
    expect(screen.getByTestId('reserve-now-7').style.left).toBe(percent(615));
    expect(screen.getByTestId('reserve-past-7').style.width).toBe(percent(615));
    expect(screen.getByTestId('reserve-now-8').style.left).toBe(percent(1095));
    expect(screen.getByTestId('reserve-past-8').style.width).toBe(percent(1095));
  });

  it('runs the line down the columns of the side-by-side view', () => {
    grid(LONDON_DAY + 10 * HOUR + 15 * MINUTE, { orientation: 'vertical' });
    expect(screen.getByTestId('reserve-now-7').style.top).toBe(percent(615));
    expect(screen.getByTestId('reserve-past-7').style.height).toBe(percent(615));
  });

  it('takes no booking in the past: a click there does nothing, the next free half hour books', () => {
    const onPick = grid(LONDON_DAY + 10 * HOUR + 15 * MINUTE);
    const past = screen.getByTestId('reserve-cell-7-20');
    expect(past).toHaveAttribute('aria-disabled', 'true');
    fireEvent.pointerDown(past, { button: 0 });
    fireEvent.pointerUp(past);
    expect(onPick).not.toHaveBeenCalled();
    const next = screen.getByTestId('reserve-cell-7-21');
    expect(next).not.toHaveAttribute('aria-disabled');
    fireEvent.pointerDown(next, { button: 0 });
    fireEvent.pointerUp(next);
    // 10:30, and only to 11:00: a busy meeting follows.
    expect(onPick).toHaveBeenCalledWith(KEW, 630, 660);
  });

  it('greys out a whole past day and none of a coming one, with no line on either', () => {
    grid(LONDON_DAY + 34 * HOUR, { date: '2026-11-24' });
    expect(screen.getByTestId('reserve-past-7').style.width).toBe('100%');
    expect(screen.queryByTestId('reserve-now-7')).toBeNull();
    expect(screen.getByTestId('reserve-cell-7-47')).toHaveAttribute('aria-disabled', 'true');
  });

  it('opens at now on the day that holds it, else where working hours start', () => {
    expect(openingMinutes(615, 8 * 60)).toBe(555);
    expect(openingMinutes(30, 8 * 60)).toBe(0);
    expect(openingMinutes(null, 8 * 60)).toBe(480);
    expect(openingMinutes(null, 9 * 60 + 30)).toBe(570);
  });
});

describe('rooms grid: dragging', () => {
  const early = LONDON_DAY + 6 * HOUR;

  it('shows the clash while dragging across a meeting, and books nothing on release', () => {
    const onPick = grid(early);
    fireEvent.pointerDown(screen.getByTestId('reserve-cell-7-16'), { button: 0 });
    fireEvent.pointerEnter(screen.getByTestId('reserve-cell-7-17'));
    expect(screen.queryByTestId('reserve-drag-clash')).toBeNull();
    fireEvent.pointerEnter(screen.getByTestId('reserve-cell-7-19'));
    expect(screen.getByTestId('reserve-drag-clash')).toHaveTextContent('Clashes with Design review 09:00–10:00');
    expect(screen.getByTestId('reserve-cell-7-18')).toHaveClass('reserve-grid-cell-clash');
    fireEvent.pointerUp(screen.getByTestId('reserve-cell-7-19'));
    expect(onPick).not.toHaveBeenCalled();
    expect(screen.queryByTestId('reserve-drag-clash')).toBeNull();
  });

  it("names another's busy meeting only as busy", () => {
    grid(early);
    fireEvent.pointerDown(screen.getByTestId('reserve-cell-7-21'), { button: 0 });
    fireEvent.pointerEnter(screen.getByTestId('reserve-cell-7-22'));
    expect(screen.getByTestId('reserve-drag-clash')).toHaveTextContent('Clashes with Busy 11:00–12:00');
  });

  it('fits a click just before a meeting into the free half hour', () => {
    const onPick = grid(early);
    fireEvent.pointerDown(screen.getByTestId('reserve-cell-7-17'), { button: 0 });
    fireEvent.pointerUp(screen.getByTestId('reserve-cell-7-17'));
    expect(onPick).toHaveBeenCalledWith(KEW, 510, 540);
  });
});

describe('rooms grid: meetings', () => {
  it('names a short meeting in a tooltip on hover', async () => {
    grid(LONDON_DAY);
    await userEvent.hover(screen.getByTestId('reserve-block-3'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('13:00–13:15 Stand-up');
  });
});
