import { DEFAULT_NOTICE_CONFIG, type NoticeConfigResult, type Permission } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

afterEach(() => {
  vi.restoreAllMocks();
});

function openPage(permissions: Permission[]) {
  let notice: NoticeConfigResult = { ...DEFAULT_NOTICE_CONFIG, updatedAt: null };
  const seen = stubApi({
    'POST /config/notice/query': () => ({ result: notice }),
    'POST /config/notice/update': ({ body }) => {
      notice = { ...(body as NoticeConfigResult), updatedAt: 9 };
      return { result: notice };
    },
  });
  const menu = [makeEntry('messages', '', [makeEntry('messageRemind', '/message-remind')])];
  renderConsole({ path: '/message-remind', user: makeUser({ permissions }), menu });
  return seen;
}

const sent = (seen: ReturnType<typeof stubApi>) => seen.filter((request) => request.path === '/config/notice/update').map((request) => request.body);

describe('message reminders page', () => {
  it('saves the notification settings with a chosen notice time', async () => {
    const user = userEvent.setup();
    const seen = openPage(['messages:view', 'messages:edit']);
    const card = await screen.findByTestId('notice-card');
    await within(card).findByTestId('notice-form');
    await user.click(screen.getByTestId('notice-event-checkInDue'));
    // The console channel has its own switches, reminders included.
    await user.click(screen.getByTestId('notice-console-reminder'));
    await user.click(within(screen.getByTestId('notice-minutes')).getByRole('combobox'));
    await user.click(await screen.findByTitle('45 minutes before'));
    await user.type(screen.getByTestId('notice-footer'), 'Call 4455');
    await user.click(screen.getByTestId('notice-save'));
    await waitFor(() => expect(sent(seen)).toHaveLength(1));
    expect(sent(seen)[0]).toEqual({
      ...DEFAULT_NOTICE_CONFIG,
      events: { ...DEFAULT_NOTICE_CONFIG.events, checkInDue: true },
      consoleEvents: { ...DEFAULT_NOTICE_CONFIG.consoleEvents, reminder: false },
      noticeMinutes: 45,
      footer: 'Call 4455',
    });
  });

  it('shows a reader the settings in Chinese without a save button', async () => {
    setLang('zh-CN');
    openPage(['messages:view']);
    const card = await screen.findByTestId('notice-card');
    await within(card).findByTestId('notice-form');
    expect(screen.getByText('消息提醒', { selector: 'h1' })).toBeInTheDocument();
    expect(screen.queryByTestId('notice-save')).not.toBeInTheDocument();
  });
});
