import { fromZoned, type Visit } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { makeEntry, makeUser, makeVisit } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

afterEach(() => {
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
/** Picks an option of a select by its text. */
async function choose(user: ReturnType<typeof userEvent.setup>, testId: string, text: string) {
  await user.click(within(screen.getByTestId(testId)).getByRole('combobox'));
  await user.click(await screen.findByText(text, { selector: '.ant-select-item-option-content' }));
}

/** Opens the invitation form on /guider-invite; answers the invitation with the visits it makes. */
async function openInviteForm() {
  const user = userEvent.setup();
  const seen = stubApi({ 'GET /visitor/mine': page([]), ...options, 'POST /visitor/invite': { result: { id: 9, ids: [9, 10, 11] } } });
  renderConsole({ path: '/guider-invite', user: makeUser({ permissions: ['events:view'], timeZone: 'Europe/London' }), menu });
  await user.click(await screen.findByTestId('visit-invite'));
  return { user, seen };
}

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
    await user.click(await screen.findByTestId('visit-invite'));
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
        moreVisitors: [],
        repeat: null,
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
    const row = await screen.findByTestId('invitation-row-7');
    expect(row).toHaveTextContent('2030-01-15 06:00');
    expect(row).toHaveTextContent('14:00–15:30');
    expect(within(row).getByTestId('visit-status-7')).toHaveTextContent('未回复');
    // A visit that is over offers nothing to cancel.
    expect(within(screen.getByTestId('invitation-row-8')).queryByTestId('visit-cancel-8')).toBeNull();
    await user.click(within(row).getByTestId('visit-cancel-7'));
    await user.click(await screen.findByTestId('visit-cancel-confirm'));
    await waitFor(() => expect(seen.find((request) => request.path === '/visitor/cancel')?.body).toEqual({ id: 7 }));
  });

  it('invites further visitors to a visit that repeats every week, each checked like the visitor', async () => {
    const { user, seen } = await openInviteForm();
    await fill(user, 'visitor-name', 'Nora Nightingale');
    await fill(user, 'visitor-email', 'nora@nightingale.example');
    await user.click(screen.getByTestId('more-visitor-add'));
    await user.click(screen.getByTestId('more-visitor-add'));
    await fill(user, 'more-visitor-0-name', 'Felix Nightingale');
    await fill(user, 'more-visitor-0-email', 'felix@nightingale.example');
    await fill(user, 'more-visitor-0-company', 'Nightingale Ltd');
    await user.click(screen.getByTestId('more-visitor-0-vip'));
    await fill(user, 'more-visitor-1-name', 'Iris Nightingale');
    await choose(user, 'visit-reason', 'Interview');
    await choose(user, 'visit-location', 'Pudong Innovation Tower / 8F');
    await choose(user, 'visit-repeat', 'Every week on the same day');
    expect(screen.getByText('Each visit gets its own pass; the invitation mail of a later visit is sent 3 days before it.')).toBeInTheDocument();
    // A further visitor needs an e-mail or a phone like the visitor, and a repeat its number of visits.
    await user.click(screen.getByTestId('visit-invite-send'));
    expect(await within(screen.getByTestId('more-visitor-1')).findByText('Give an e-mail address or a phone number')).toBeInTheDocument();
    // Each field's rule answers on its own turn: wait for this one too.
    expect(await screen.findByText('Enter a whole number from 2 to 12')).toBeInTheDocument();
    await fill(user, 'more-visitor-1-phone', '+44 20 7946 0111');
    await fill(user, 'visit-repeat-count', '4');
    await user.click(screen.getByTestId('visit-invite-send'));
    const start = dayjs().add(1, 'hour').startOf('hour');
    const inShanghai = (value: dayjs.Dayjs) => fromZoned(value.format('YYYY-MM-DD'), value.format('HH:mm'), 'Asia/Shanghai');
    await waitFor(() =>
      expect(seen.find((request) => request.path === '/visitor/invite')?.body).toEqual({
        visitor: { name: 'Nora Nightingale', email: 'nora@nightingale.example', phone: null, company: null, isVip: false },
        type: 'individual',
        companions: [],
        moreVisitors: [
          { name: 'Felix Nightingale', email: 'felix@nightingale.example', phone: null, company: 'Nightingale Ltd', isVip: true },
          { name: 'Iris Nightingale', email: null, phone: '+44 20 7946 0111', company: null, isVip: false },
        ],
        repeat: { every: 'week', count: 4 },
        reasonId: 3,
        hostId: 1,
        locationId: 21,
        visitAt: inShanghai(start),
        expectedEndAt: inShanghai(start.add(1, 'hour')),
        note: null,
      }),
    );
    expect(await screen.findByText('Nora Nightingale has been invited')).toBeInTheDocument();
  }, 45_000);

  it('offers further visitors only to a visit that is not a group, which has companions instead', async () => {
    const { user } = await openInviteForm();
    expect(screen.getByTestId('more-visitors')).toBeInTheDocument();
    await user.click(within(screen.getByTestId('visit-type')).getByText('Group'));
    expect(screen.queryByTestId('more-visitors')).toBeNull();
    expect(screen.getByTestId('companion-add')).toBeInTheDocument();
    await user.click(within(screen.getByTestId('visit-type')).getByText('Temporary'));
    expect(screen.getByTestId('more-visitors')).toBeInTheDocument();
  });

  it('refuses more visits in all than one invitation makes, and sends nothing', async () => {
    const { user, seen } = await openInviteForm();
    await fill(user, 'visitor-name', 'Nora Nightingale');
    await fill(user, 'visitor-email', 'nora@nightingale.example');
    for (let index = 0; index < 5; index++) {
      await user.click(screen.getByTestId('more-visitor-add'));
      await fill(user, `more-visitor-${index}-name`, `Guest ${index}`);
      await fill(user, `more-visitor-${index}-email`, `guest${index}@example.com`);
    }
    await choose(user, 'visit-reason', 'Interview');
    await choose(user, 'visit-location', 'Pudong Innovation Tower / 8F');
    await choose(user, 'visit-repeat', 'Every working day (Mon–Fri)');
    await fill(user, 'visit-repeat-count', '9');
    // Six visitors, nine times each: 54 visits, over the 50 one invitation makes.
    const tooMany = 'This invitation makes 54 visits (6 visitors × 9); at most 50 can be sent at once. Remove visitors or repeat fewer times.';
    expect(await screen.findByTestId('visit-invite-too-many')).toHaveTextContent(tooMany);
    await user.click(screen.getByTestId('visit-invite-send'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen.some((request) => request.path === '/visitor/invite')).toBe(false);
    expect(screen.getByTestId('visit-invite-too-many')).toBeInTheDocument();
    // One visitor fewer makes 45 visits: the message goes.
    await user.click(screen.getByTestId('more-visitor-4-remove'));
    await waitFor(() => expect(screen.queryByTestId('visit-invite-too-many')).toBeNull());
  }, 45_000);
});
