import { DEFAULT_BOOKING_PREFERENCES, type BookingPreferencesAnswer } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

afterEach(() => {
  vi.restoreAllMocks();
});

const DEFAULTS: BookingPreferencesAnswer = { ...DEFAULT_BOOKING_PREFERENCES, defaultReminderMinutes: 15, defaultNoticeMinutes: 15, updatedAt: null, updatedByName: null };
const menu = [makeEntry('rooms', '', [makeEntry('bookerPreferences', '/booker-preferences')])];

/** Picks an option of an antd Select by its text (typed first into a searchable one: long lists render only their first rows). */
async function choose(user: ReturnType<typeof userEvent.setup>, testId: string, text: string, search = false) {
  const box = within(screen.getByTestId(testId)).getByRole('combobox');
  await user.click(box);
  if (search) await user.type(box, text);
  const options = await screen.findAllByTitle(text);
  await user.click(options.at(-1)!);
}

describe('booking preferences page', () => {
  it('saves the rules an editor sets, and refuses a day that ends before it starts', async () => {
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /meeting/preferences': { result: DEFAULTS },
      'PUT /meeting/preferences': ({ body }) => ({ result: { ...(body as object), defaultReminderMinutes: 15, updatedAt: Date.now(), updatedByName: 'Atrium Administrator' } }),
    });
    renderConsole({ path: '/booker-preferences', user: makeUser({ permissions: ['reservationScreens:view', 'reservationScreens:edit'] }), menu });
    const ahead = await screen.findByTestId('preferences-book-ahead');
    expect(screen.getByTestId('preferences-changed')).toHaveTextContent('nobody has changed them yet');
    // The reminder default is the notification settings' own, shown where it is set.
    expect(screen.getByTestId('preferences-reminder')).toHaveTextContent('Reminder: 15 minutes before the start, set under Messages › Reminders');
    expect(screen.getByTestId('preferences-notice')).toHaveTextContent('Notice to the host: 15 minutes before the start, set under Messages › Reminders');
    await user.clear(ahead);
    await user.type(ahead, '14');
    await choose(user, 'preferences-longest', '2 hours');
    const days = screen.getByTestId('preferences-days');
    await user.click(within(days).getByLabelText('Sat'));
    await user.click(within(days).getByLabelText('Sun'));
    await user.click(screen.getByTestId('preferences-limit-hours'));
    await choose(user, 'preferences-day-start', '09:00', true);
    await choose(user, 'preferences-day-end', '08:00', true);
    await user.click(screen.getByTestId('preferences-save'));
    expect(await screen.findByText('The day must end after it starts')).toBeInTheDocument();
    expect(seen.some((request) => request.method === 'PUT')).toBe(false);
    await choose(user, 'preferences-day-end', '17:30', true);
    await user.click(screen.getByTestId('preferences-privacy').querySelector('input[value="private"]')!);
    await user.click(screen.getByTestId('preferences-save'));
    await waitFor(() =>
      expect(seen.find((request) => request.method === 'PUT')?.body).toEqual({
        ...DEFAULT_BOOKING_PREFERENCES,
        bookAheadDays: 14,
        maxMeetingMinutes: 120,
        bookableWeekdays: [1, 2, 3, 4, 5],
        bookableHours: { start: '09:00', end: '17:30' },
        defaultPrivacy: 'private',
      }),
    );
    expect(await screen.findByText(/Last changed by Atrium Administrator/)).toBeInTheDocument();
  });

  it('shows a reader the rules in Chinese without a way to change them', async () => {
    setLang('zh-CN');
    stubApi({ 'GET /meeting/preferences': { result: { ...DEFAULTS, bookAheadDays: 30, updatedAt: Date.now(), updatedByName: '王芳' } } });
    renderConsole({ path: '/booker-preferences', user: makeUser({ permissions: ['reservationScreens:view'] }), menu });
    const ahead = await screen.findByTestId('preferences-book-ahead');
    expect(ahead).toHaveValue('30');
    expect(ahead).toBeDisabled();
    expect(screen.queryByTestId('preferences-save')).toBeNull();
    expect(screen.getByText('您可以查看这些规则；修改需要预订规则的编辑权限。')).toBeInTheDocument();
    expect(screen.getByTestId('preferences-changed')).toHaveTextContent('最近由 王芳');
    expect(screen.getByText('可预订的日期和时段')).toBeInTheDocument();
  });
});
