import { DEFAULT_BOOKING_PREFERENCES, type BookingPreferencesAnswer, type CurrentUserInfo, type Reservation, type ScheduleRoom } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { SessionProvider, type Session } from '../../../shared/session/session-context';
import { renderWithProviders, stubApi, type StubAnswer, type StubRoute } from '../../../test/render';
import { emptyValues } from '../model/booking-form';
import { BookingPage } from '../pages/booking-page';
import { BookingFormDrawer } from './booking-form-drawer';
import { DetailsDrawer } from './details-drawer';

// Monday 23 November 2026, 09:00 UTC: the forms below book later days.
const NOW = Date.UTC(2026, 10, 23, 9, 0);

beforeEach(() => vi.spyOn(Date, 'now').mockReturnValue(NOW));
afterEach(() => {
  vi.restoreAllMocks();
});

const SESSION: Session = { user: { id: 2, timeZone: null, permissions: ['calendarRoomUse:view'] } as unknown as CurrentUserInfo, menu: [], menuNodes: [], menuItems: [], menuPaths: [] };
const KEW: ScheduleRoom = {
  id: 7, name: 'Kew', capacity: 6, equipment: [], locationPath: 'UK / London', timeZone: 'Europe/London', isAvailable: true, needsApproval: false,
  dayStartAt: Date.UTC(2026, 10, 23), dayEndAt: Date.UTC(2026, 10, 24), reservations: [], disabled: [],
};
const PREFERENCES: BookingPreferencesAnswer = { ...DEFAULT_BOOKING_PREFERENCES, defaultReminderMinutes: 15, defaultNoticeMinutes: 15, updatedAt: null, updatedByName: null };

function meeting(overrides: Partial<Reservation> = {}): Reservation {
  return {
    id: 5, roomId: 7, roomName: 'Kew', timeZone: 'Europe/London', title: 'Weekly sync', hostUserId: 2, hostName: 'Ada', startAt: Date.UTC(2026, 11, 1, 10), endAt: Date.UTC(2026, 11, 1, 11),
    status: 'confirmed', privacy: 'public', channel: 'console', remarks: null, participants: [], visible: true, canEdit: true, createdAt: 0, updatedAt: 0, seriesId: null,
    occurrenceDate: null, isException: false, noticeMinutes: null, reminderMinutes: null, checkedInAt: null, checkInChannel: null, checkIn: null, bookedByName: null, endedEarlyAt: null, bookedEndAt: null,
    noShowAt: null, approvalDeadlineAt: null, decidedAt: null, decidedByName: null, decisionReason: null, ...overrides,
  };
}

const booked = (body: unknown): StubAnswer => {
  const startAt = (body as { startAt: number }).startAt;
  return { result: { ...meeting({ startAt }), reservation: meeting({ startAt }), pending: false, seriesId: null, booked: 1, skipped: [] } };
};

function api(extra: Record<string, StubRoute | StubAnswer> = {}) {
  return stubApi({
    'GET /meeting/preferences': { result: PREFERENCES },
    'GET /meeting/schedule': { result: { date: '2026-11-24', places: [], total: 1, page: 1, pageSize: 100, list: [KEW] } },
    'GET /meeting/colleagues': { result: [] },
    'GET /meeting/calendar/shares': { result: { ownerUserId: 2, canManage: true, shares: [], sharedWithMe: [] } },
    'GET /meeting/reservation/mine': { result: { list: [] } },
    'GET /meeting/blacklist/mine': { result: { barred: false, reason: null, endsAt: null } },
    'POST /meeting/reservation': ({ body }) => booked(body),
    ...extra,
  });
}

/** Enter as a browser sends it (the select reads `which`, which user-event leaves at 0 under jsdom). */
function pressEnter(target: HTMLElement) {
  fireEvent.keyDown(target, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });
  fireEvent.keyUp(target, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });
}
const chosen = () => screen.getByTestId('reserve-participants').closest('.ant-select')!.textContent;
const selected = (testId: string) => screen.getByTestId(testId).closest('.ant-select')!.querySelector('.ant-select-content, .ant-select-selection-item')!.textContent;

describe("a new meeting starts from the company's defaults (issue 17)", () => {
  async function openNew(preferences: Partial<BookingPreferencesAnswer>) {
    const seen = api({ 'GET /meeting/preferences': { result: { ...PREFERENCES, ...preferences } } });
    const user = userEvent.setup();
    renderWithProviders(
      <SessionProvider value={SESSION}>
        <BookingPage />
      </SessionProvider>,
    );
    await waitFor(() => expect(seen.some((request) => request.path === '/meeting/preferences')).toBe(true));
    // The page has read the settings before the button is used.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await user.click(screen.getByTestId('reserve-new'));
    await screen.findByTestId('reserve-title');
    return { seen, user };
  }

  it('takes the default privacy of the booking preferences', async () => {
    await openNew({ defaultPrivacy: 'private' });
    expect(within(screen.getByTestId('reserve-privacy')).getByLabelText('Private')).toBeChecked();
  });

  it('takes the default reminder of the notification settings', async () => {
    await openNew({ defaultReminderMinutes: 45 });
    expect(selected('reserve-reminder')).toBe('45 minutes');
  });

  it('takes the default notice time of the notification settings (the demo sets 15 minutes), and books with it', async () => {
    const { seen, user } = await openNew({ defaultNoticeMinutes: 15 });
    expect(selected('reserve-notice')).toBe('15 minutes');
    await user.type(screen.getByTestId('reserve-title'), 'Plan');
    await user.click(within(screen.getByTestId('reserve-room')).getByRole('combobox'));
    await user.click(await screen.findByText('Kew', { selector: '.ant-select-item-option-content' }));
    await user.click(screen.getByTestId('reserve-save'));
    await waitFor(() => expect(seen.some((request) => request.method === 'POST' && request.path === '/meeting/reservation')).toBe(true));
    expect(seen.find((request) => request.method === 'POST')!.body).toMatchObject({ noticeMinutes: 15, reminderMinutes: 15, privacy: 'public' });
  });

  it('lasts no longer than the longest meeting the company allows', async () => {
    await openNew({ maxMeetingMinutes: 30 });
    // 09:00 UTC now: the default start is 09:30, in the viewer's (browser's) zone.
    expect(selected('reserve-start')).toBe('09:30');
    expect(selected('reserve-end')).toBe('10:00');
  });
});

function renderForm(overrides: Partial<Parameters<typeof BookingFormDrawer>[0]> = {}) {
  const onClose = vi.fn();
  renderWithProviders(
    <SessionProvider value={SESSION}>
      <BookingFormDrawer
        open
        initial={{ ...emptyValues(NOW, 'UTC'), date: '2026-11-24', start: '10:00', end: '11:00' }}
        initialRoom={null}
        editing={null}
        askScope={async () => null}
        onClose={onClose}
        {...overrides}
      />
    </SessionProvider>,
  );
  return onClose;
}

describe('the booking form (issue 17)', () => {
  it('tells a barred colleague at once, with the reason and the end, and lets them fill in nothing', async () => {
    const seen = api({ 'GET /meeting/blacklist/mine': { result: { barred: true, reason: 'Three no-shows', endsAt: Date.UTC(2026, 11, 1, 17, 0) } } });
    renderForm();
    const notice = await screen.findByTestId('reserve-barred');
    expect(notice.textContent).toContain('You cannot book rooms at the moment');
    expect(notice.textContent).toContain('until 2026-12-01 17:00');
    expect(notice.textContent).toContain('Three no-shows');
    expect(screen.getByTestId('reserve-title')).toBeDisabled();
    expect(screen.getByTestId('reserve-save')).toBeDisabled();
    expect(seen.some((request) => request.method === 'POST')).toBe(false);
  });

  it('adds the highlighted colleague on Enter, takes typed text as a guest only when it is an e-mail address, and says so otherwise', async () => {
    const seen = api({
      'GET /meeting/colleagues': ({ query }) => ({
        result: (query.get('keyword') ?? '') === '' || 'wang'.startsWith((query.get('keyword') ?? '').toLowerCase()) ? [{ id: 31, fullName: 'Wang Fang', email: 'wang@example.test' }, { id: 32, fullName: 'Wang Lei', email: null }] : [],
      }),
    });
    const user = userEvent.setup();
    renderForm({ initial: { ...emptyValues(NOW, 'UTC'), roomId: 7, title: 'Plan', date: '2026-11-24', start: '10:00', end: '11:00' }, initialRoom: { id: 7, name: 'Kew', timeZone: 'Europe/London' } });
    const box = within(screen.getByTestId('reserve-participants')).getByRole('combobox');
    await user.click(box);
    await user.type(box, 'wang');
    await screen.findByText('Wang Fang <wang@example.test>', { selector: '.ant-select-item-option-content' });
    // The first colleague found is highlighted; Enter adds it.
    await waitFor(() => expect(document.querySelector('.ant-select-item-option-active')?.textContent).toBe('Wang Fang <wang@example.test>'));
    pressEnter(box);
    await waitFor(() => expect(chosen()).toContain('Wang Fang'));
    // Not an address and nobody by that name: nothing is added, and the form says how to invite a guest.
    await user.type(box, 'zhou');
    expect(await screen.findByTestId('reserve-attendee-not-email')).toHaveTextContent('type their full e-mail address');
    pressEnter(box);
    expect(chosen()).not.toContain('zhou');
    await user.clear(box);
    await user.type(box, 'Guest@Example.org');
    await screen.findByText('Invite guest@example.org as a guest', { selector: '.ant-select-item-option-content' });
    pressEnter(box);
    await waitFor(() => expect(chosen()).toContain('guest@example.org'));
    await user.click(screen.getByTestId('reserve-save'));
    await waitFor(() => expect(seen.some((request) => request.method === 'POST')).toBe(true));
    expect(seen.find((request) => request.method === 'POST')!.body).toMatchObject({ participants: [{ userId: 31 }, { email: 'guest@example.org' }] });
  });

  it('asks before unsaved changes are dropped, and closes at once when nothing changed', async () => {
    api();
    const user = userEvent.setup();
    const onClose = renderForm();
    await user.click(screen.getByTestId('reserve-cancel'));
    expect(onClose).toHaveBeenCalledTimes(1);
    onClose.mockClear();
    await user.type(screen.getByTestId('reserve-title'), 'Half-typed');
    await user.click(screen.getByTestId('reserve-cancel'));
    expect((await screen.findAllByText('Discard your changes?')).length).toBeGreaterThan(0);
    await user.click(screen.getByTestId('unsaved-keep'));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('reserve-title')).toHaveValue('Half-typed');
    await user.click(screen.getByTestId('reserve-cancel'));
    const discard = await screen.findAllByTestId('unsaved-discard');
    await user.click(discard.at(-1)!);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('disables past days, starts the weekly repeat on the date\'s weekday and moves the end with the start', async () => {
    api();
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByTestId('reserve-date'));
    const cell = (date: string) => document.querySelector(`td[title="${date}"]`)!;
    await waitFor(() => expect(cell('2026-11-22')).toHaveClass('ant-picker-cell-disabled'));
    expect(cell('2026-11-23')).not.toHaveClass('ant-picker-cell-disabled');
    await user.keyboard('{Escape}');
    await user.click(within(screen.getByTestId('reserve-repeat')).getByRole('combobox'));
    await user.click(await screen.findByText('Weekly', { selector: '.ant-select-item-option-content' }));
    // 24 November 2026 is a Tuesday.
    expect(within(screen.getByTestId('reserve-weekdays')).getByLabelText('Tue')).toBeChecked();
    expect(within(screen.getByTestId('reserve-weekdays')).getByLabelText('Mon')).not.toBeChecked();
    expect(screen.getByTestId('reserve-repeat-summary').textContent).toBe('Weekly on Tuesday, with no end date (180 days)');
    const start = within(screen.getByTestId('reserve-start')).getByRole('combobox');
    await user.click(start);
    await user.type(start, '14:30');
    await user.click(await screen.findByText('14:30', { selector: '.ant-select-item-option-content' }));
    expect(selected('reserve-end')).toBe('15:30');
  });

  it("says which series and rule a meeting belongs to, in the form and the details, in both languages", async () => {
    api();
    const occurrence = meeting({ seriesId: 3, occurrenceDate: '2026-12-01', repeat: { frequency: 'weekly', weekdays: [2], until: '2027-03-02' } });
    renderForm({ editing: occurrence, initialRoom: { id: 7, name: 'Kew', timeZone: 'Europe/London' } });
    expect((await screen.findByTestId('reserve-series-rule')).textContent).toBe('Weekly on Tuesday until 2027-03-02 · this meeting: 2026-12-01');
  });

  it('says the series and its rule in the details drawer, in Chinese too', async () => {
    api();
    const occurrence = meeting({ seriesId: 3, occurrenceDate: '2026-12-01', repeat: { frequency: 'weekly', weekdays: [2], until: '2027-03-02' } });
    const { unmount } = renderWithProviders(
      <SessionProvider value={SESSION}>
        <DetailsDrawer reservation={occurrence} onClose={() => undefined} onEdit={() => undefined} askScope={async () => null} />
      </SessionProvider>,
    );
    expect((await screen.findByTestId('reserve-details-repeat')).textContent).toBe('Weekly on Tuesday until 2027-03-02 · this meeting: 2026-12-01');
    unmount();
    setLang('zh-CN');
    renderWithProviders(
      <SessionProvider value={SESSION}>
        <DetailsDrawer reservation={{ ...occurrence, isException: true }} onClose={() => undefined} onEdit={() => undefined} askScope={async () => null} />
      </SessionProvider>,
    );
    expect((await screen.findByTestId('reserve-details-repeat')).textContent).toBe('每周二，直到 2027-03-02 · 本场：2026-12-01（已单独修改）');
  });

  it('says a refused request once: under the field a 400 names, not also at the top or in a toast', async () => {
    api({ 'POST /meeting/reservation': { status: 400, returncode: 1001, message: 'Bad request: title', result: { issues: [{ path: 'title', message: 'Too big' }] } } });
    const user = userEvent.setup();
    renderForm({ initial: { ...emptyValues(NOW, 'UTC'), roomId: 7, title: 'Plan', date: '2026-11-24', start: '10:00', end: '11:00' }, initialRoom: { id: 7, name: 'Kew', timeZone: 'Europe/London' } });
    await user.click(screen.getByTestId('reserve-save'));
    expect((await screen.findByTestId('reserve-error-title')).textContent).toBe('This value is not accepted; please check it');
    expect(screen.queryByTestId('reserve-server-error')).toBeNull();
    expect(screen.queryByText('Bad request: title')).toBeNull();
  });
});



describe("the room's air in the booking form and the room finder (issue 22)", () => {
  const POOR = { values: { co2: 1250, temperature: 23.5 }, states: { co2: 'alert', temperature: 'ok' }, isPoor: true, lastReadingAt: NOW - 60_000 } as const;
  const GOOD = { values: { co2: 600 }, states: { co2: 'ok' }, isPoor: false, lastReadingAt: NOW - 60_000 } as const;
  const LOTUS = { id: 9, name: 'Lotus', capacity: 8, equipment: [], locationPath: 'UK / London / 3F', timeZone: 'Europe/London', needsApproval: false, occurrences: 1, air: GOOD };
  const roomAir: StubRoute = ({ query }) => (query.get('roomId') === '7' ? { result: { air: POOR, better: [LOTUS] } } : { result: { air: GOOD, better: [] } });

  it('warns when the chosen room breathes badly, names what is past its limit, and puts a better room in the form in one click', async () => {
    const seen = api({ 'GET /meeting/room-air': roomAir });
    const user = userEvent.setup();
    renderForm({ initial: { ...emptyValues(NOW, 'UTC'), roomId: 7, title: 'Plan', date: '2026-11-24', start: '10:00', end: '11:00' }, initialRoom: { id: 7, name: 'Kew', timeZone: 'Europe/London' } });
    const warning = await screen.findByTestId('reserve-air-warning');
    expect(warning).toHaveTextContent('The air in Kew is poor now');
    expect(warning).toHaveTextContent('CO₂ 1,250 ppm past the limit. You can still book it.');
    expect(warning).not.toHaveTextContent('Temperature');
    const asked = seen.find((request) => request.path === '/meeting/room-air')!.query;
    expect([asked.get('roomId'), asked.get('startAt'), asked.get('endAt')]).toEqual(['7', String(Date.UTC(2026, 10, 24, 10)), String(Date.UTC(2026, 10, 24, 11))]);
    await user.click(screen.getByTestId('reserve-air-better-9'));
    await waitFor(() => expect(screen.queryByTestId('reserve-air-warning')).toBeNull());
    expect(selected('reserve-room')).toBe('Lotus');
    await user.click(screen.getByTestId('reserve-save'));
    await waitFor(() => expect(seen.some((request) => request.method === 'POST')).toBe(true));
    expect(seen.find((request) => request.method === 'POST')!.body).toMatchObject({ roomId: 9, startAt: Date.UTC(2026, 10, 24, 10) });
  });

  it('says so in Chinese, and says when no better room is free', async () => {
    setLang('zh-CN');
    api({ 'GET /meeting/room-air': { result: { air: POOR, better: [] } } });
    renderForm({ initial: { ...emptyValues(NOW, 'UTC'), roomId: 7, title: 'Plan', date: '2026-11-24', start: '10:00', end: '11:00' }, initialRoom: { id: 7, name: 'Kew', timeZone: 'Europe/London' } });
    const warning = await screen.findByTestId('reserve-air-warning');
    expect(warning).toHaveTextContent('Kew 当前空气质量较差');
    expect(warning).toHaveTextContent('二氧化碳 1,250 ppm 超出限值');
    expect(warning).toHaveTextContent('此时段没有容纳人数相当且空气良好的空闲会议室');
  });

  it("shows each found room's air beside it in the room finder", async () => {
    api({
      'GET /meeting/room-air': { result: { air: null, better: [] } },
      'GET /meeting/available-rooms': { result: { list: [{ ...LOTUS, id: 7, name: 'Kew', air: POOR }, LOTUS, { ...LOTUS, id: 11, name: 'Blind', air: null }], truncated: false } },
    });
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByTestId('reserve-find-room'));
    await user.click(await screen.findByTestId('reserve-finder-search'));
    expect(await screen.findByTestId('reserve-finder-air-7')).toHaveTextContent('Air poor: CO₂ 1,250 ppm');
    expect(screen.getByTestId('reserve-finder-air-9')).toHaveTextContent('Air good');
    expect(screen.queryByTestId('reserve-finder-air-11')).toBeNull();
    expect(screen.queryByTestId('reserve-air-warning')).toBeNull();
  });
});
