import type { MessageLogEntry } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

afterEach(() => {
  vi.restoreAllMocks();
});

const NOW = Date.now();
function entry(overrides: Partial<MessageLogEntry>): MessageLogEntry {
  return {
    id: 1,
    channel: 'mail',
    params: null,
    readAt: null,
    action: null,
    attempts: 1,
    nextAttemptAt: null,
    event: 'invitation',
    to: 'guest@outside.test',
    description: 'Invitation / 会议邀请: Quarterly plan',
    operatorName: 'Hugo Host',
    createdAt: NOW,
    result: 'sent',
    errorCode: null,
    error: null,
    solution: null,
    isRedacted: false,
    ...overrides,
  };
}
const ROWS = [
  entry({ id: 2 }),
  entry({ id: 1, event: 'reminder', to: 'nobody@message.test', operatorName: null, result: 'failed', errorCode: '550', error: '550 mailbox unavailable', solution: 'checkAddress' }),
];
const menu = [makeEntry('messages', '', [makeEntry('messageLog', '/message-log')])];

describe('message log page', () => {
  it('lists messages with event, operator, result and the solution of a failure, and filters by event', async () => {
    const user = userEvent.setup();
    const seen = stubApi({ 'GET /message/log': { result: { list: ROWS, total: 2, page: 1, pageSize: 15 } } });
    renderConsole({ path: '/message-log', user: makeUser({ permissions: ['messages:view'] }), menu });
    const failed = await screen.findByTestId('message-row-1');
    expect(failed).toHaveTextContent('Meeting reminder');
    expect(failed).toHaveTextContent('System');
    expect(within(failed).getByTestId('message-result-1')).toHaveTextContent('Failed');
    expect(failed).toHaveTextContent('550');
    expect(within(failed).getByTestId('message-solution-1')).toHaveTextContent('The mail server refused this address');
    expect(screen.getByTestId('message-row-2')).toHaveTextContent('Hugo Host');
    await user.click(within(screen.getByTestId('message-filter-event')).getByRole('combobox'));
    // The option by its title: the table's cells carry the same title (the whole text on hover).
    await waitFor(() => expect(document.querySelector('.ant-select-item-option[title="Meeting reminder"]')).not.toBeNull());
    await user.click(document.querySelector<HTMLElement>('.ant-select-item-option[title="Meeting reminder"]')!);
    await waitFor(() => expect(seen.some((request) => request.path === '/message/log' && request.query.get('event') === 'reminder')).toBe(true));
  });

  it('reads in Chinese', async () => {
    setLang('zh-CN');
    stubApi({ 'GET /message/log': { result: { list: ROWS, total: 2, page: 1, pageSize: 15 } } });
    renderConsole({ path: '/message-log', user: makeUser({ permissions: ['messages:view'] }), menu });
    const failed = await screen.findByTestId('message-row-1');
    expect(failed).toHaveTextContent('会议提醒');
    expect(failed).toHaveTextContent('系统');
    expect(within(failed).getByTestId('message-solution-1')).toHaveTextContent('邮件服务器拒收了该地址');
  });

  it('shows retries of a mail, and the console channel worded like the bell', async () => {
    const user = userEvent.setup();
    const retrying = entry({ id: 3, result: 'failed', errorCode: '451', error: '451 try again later', solution: 'retryLater', attempts: 2, nextAttemptAt: NOW + 300_000 });
    const consoleRow = entry({
      id: 9,
      channel: 'console',
      event: 'reminder',
      to: 'Cole League',
      description: '',
      operatorName: null,
      params: { title: 'Budget review', place: 'Orangerie', startAt: NOW, endAt: NOW + 3_600_000, zone: 'Europe/Paris', more: 0, by: null, reason: null, minutes: 15 },
    });
    const checkInRow = entry({ ...consoleRow, id: 10, event: 'checkInDue', readAt: NOW, action: 'done', params: { ...consoleRow.params!, minutes: 25 } });
    const seen = stubApi({
      'GET /message/log': ({ query }) => ({ result: { list: query.get('channel') === 'console' ? [consoleRow, checkInRow] : [retrying], total: 2, page: 1, pageSize: 15 } }),
    });
    renderConsole({ path: '/message-log', user: makeUser({ permissions: ['messages:view'] }), menu });
    const row = await screen.findByTestId('message-row-3');
    expect(row).toHaveTextContent('2 attempts');
    expect(within(row).getByTestId('message-retry-3')).toHaveTextContent('Next try at');
    await user.click(within(screen.getByTestId('message-channel')).getByText('In the console'));
    const notification = await screen.findByTestId('message-row-9');
    expect(notification).toHaveTextContent('“Budget review” starts in 15 minutes');
    expect(within(notification).getByTestId('message-result-9')).toHaveTextContent('Unread');
    expect(within(notification).queryByTestId('message-action-9')).toBeNull();
    // A check-in notice whose meeting was checked in says so.
    expect(within(screen.getByTestId('message-row-10')).getByTestId('message-action-10')).toHaveTextContent('Done');
    expect(seen.some((request) => request.path === '/message/log' && request.query.get('channel') === 'console')).toBe(true);
    // The result filter is the mail's: it is not offered for the console.
    expect(screen.queryByTestId('message-filter-result')).not.toBeInTheDocument();
  });

  it('marks a mail whose link only its recipient received, and asks for a new link, in both languages', async () => {
    const kept = entry({ id: 5, event: 'activation', to: 'pat@quiet.test', result: 'kept', solution: 'issueNewLink', isRedacted: true });
    stubApi({ 'GET /message/log': { result: { list: [kept], total: 1, page: 1, pageSize: 15 } } });
    renderConsole({ path: '/message-log', user: makeUser({ permissions: ['messages:view'] }), menu });
    const row = await screen.findByTestId('message-row-5');
    expect(within(row).getByTestId('message-redacted-5')).toHaveTextContent('Link sent to the recipient only');
    expect(within(row).getByTestId('message-solution-5')).toHaveTextContent('Copy activation link');
    setLang('zh-CN');
    await waitFor(() => expect(within(screen.getByTestId('message-row-5')).getByTestId('message-redacted-5')).toHaveTextContent('链接仅发送给收件人'));
    expect(within(screen.getByTestId('message-row-5')).getByTestId('message-solution-5')).toHaveTextContent('复制激活链接');
  });
});
