import { fromZoned, type Visit } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { preferencesStore } from '../../../shared/preferences/preferences-store';
import { makeEntry, makeUser, makeVisit } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

afterEach(() => {
  setLang('en-US');
  preferencesStore.deactivate();
  vi.restoreAllMocks();
});

const NOW = Date.now();
const visit = makeVisit;
/** Types a field's text at once (a paste): keystroke by keystroke, antd's form re-validates each one. */
async function fill(user: ReturnType<typeof userEvent.setup>, testId: string, text: string) {
  await user.click(screen.getByTestId(testId));
  await user.paste(text);
}

const page = (list: Visit[]) => ({ result: { list, total: list.length, page: 1, pageSize: 15 } });
const menu = [makeEntry('visitors', '', [makeEntry('guiderInvite', '/guider-invite')])];
const options = {
  'GET /visitor/reason/list': { result: [{ id: 3, name: 'Interview', createdAt: NOW }] },
  'GET /visitor/hosts': { result: [{ id: 1, fullName: 'Ada Lovelace', email: 'ada@example.com' }] },
  'GET /visitor/locations': {
    result: [
      { id: 20, name: 'Pudong Innovation Tower', buildingName: null, timeZone: 'Asia/Shanghai' },
      { id: 21, name: '8F', buildingName: 'Pudong Innovation Tower', timeZone: 'Asia/Shanghai' },
    ],
  },
};

describe('invitations page', () => {
  it("invites a group visitor with a companion, the times taken as the location's clock shows them", async () => {
    const user = userEvent.setup();
    const seen = stubApi({ 'GET /visitor/mine': page([]), ...options, 'POST /visitor/invite': { result: { id: 9 } } });
    renderConsole({ path: '/guider-invite', user: makeUser({ permissions: ['events:view'], timeZone: 'Europe/London' }), menu });
    await user.click(await screen.findByTestId('visit-invite', {}, { timeout: 8000 }));
    // Nothing chosen: the form names what is missing, an e-mail or a phone among it.
    await user.click(screen.getByTestId('visit-invite-send'));
    expect(await screen.findByText("Please enter the visitor's name")).toBeInTheDocument();
    expect(screen.getByText('Give an e-mail address or a phone number')).toBeInTheDocument();
    await user.click(within(screen.getByTestId('visit-type')).getByText('Group'));
    await fill(user, 'visitor-name', 'Nora Nightingale');
    await fill(user, 'visitor-phone', '+44 20 7946 0999');
    await user.click(screen.getByTestId('companion-add'));
    await fill(user, 'companion-0-name', 'Felix Nightingale');
    await fill(user, 'companion-0-email', 'felix@nightingale.example');
    await user.click(within(screen.getByTestId('visit-reason')).getByRole('combobox'));
    await user.click(await screen.findByText('Interview', { selector: '.ant-select-item-option-content' }));
    await user.click(within(screen.getByTestId('visit-location')).getByRole('combobox'));
    await user.click(await screen.findByText('Pudong Innovation Tower / 8F', { selector: '.ant-select-item-option-content' }));
    expect(await screen.findByText('Times at the location: Shanghai')).toBeInTheDocument();
    await user.click(screen.getByTestId('visit-invite-send'));
    // The form's default: the next full hour for an hour, read on the 8th floor's clock in Shanghai.
    const start = dayjs().add(1, 'hour').startOf('hour');
    const inShanghai = (value: dayjs.Dayjs) => fromZoned(value.format('YYYY-MM-DD'), value.format('HH:mm'), 'Asia/Shanghai');
    await waitFor(() =>
      expect(seen.find((request) => request.path === '/visitor/invite')?.body).toEqual({
        visitor: { name: 'Nora Nightingale', email: null, phone: '+44 20 7946 0999', company: null, isVip: false },
        type: 'group',
        companions: [{ name: 'Felix Nightingale', email: 'felix@nightingale.example', phone: null }],
        reasonId: 3,
        hostId: 1,
        locationId: 21,
        visitAt: inShanghai(start),
        expectedEndAt: inShanghai(start.add(1, 'hour')),
        note: null,
      }),
    );
  }, 45_000);

  it('lists the invitations in the viewer\'s zone with the local time beside, and cancels one not begun, in Chinese', async () => {
    setLang('zh-CN');
    const user = userEvent.setup();
    const at = Date.UTC(2030, 0, 15, 6, 0);
    const seen = stubApi({
      'GET /visitor/mine': page([visit({ visitAt: at, expectedEndAt: at + 5_400_000 }), visit({ id: 8, visitorName: 'Cato Came', status: 'checkedOut' })]),
      ...options,
      'POST /visitor/cancel': { result: null },
    });
    renderConsole({ path: '/guider-invite', user: makeUser({ permissions: ['events:view'], timeZone: 'Europe/London' }), menu });
    const row = await screen.findByTestId('invitation-row-7', {}, { timeout: 8000 });
    expect(row).toHaveTextContent('2030-01-15 06:00');
    expect(row).toHaveTextContent('14:00–15:30');
    expect(within(row).getByTestId('visit-status-7')).toHaveTextContent('未回复');
    // A visit that is over offers nothing to cancel.
    expect(within(screen.getByTestId('invitation-row-8')).queryByTestId('visit-cancel-8')).toBeNull();
    await user.click(within(row).getByTestId('visit-cancel-7'));
    await user.click(await screen.findByTestId('visit-cancel-confirm'));
    await waitFor(() => expect(seen.find((request) => request.path === '/visitor/cancel')?.body).toEqual({ id: 7 }));
  }, 20_000);
});
