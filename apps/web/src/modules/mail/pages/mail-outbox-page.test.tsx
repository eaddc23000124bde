import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('mail outbox page', () => {
  it('lists mails and shows one to a reader of mail contents, its HTML only in a sandbox without scripts, a secret as the marker', async () => {
    const user = userEvent.setup();
    const item = { id: 4, to: 'kim@example.test', subject: 'Activate your account', status: 'kept', error: null, createdAt: 0, sentAt: null, isRedacted: true };
    const marker = '[link sent to the recipient only / 链接仅发送给收件人]';
    stubApi({
      'GET /mail/outbox': { result: { list: [item], total: 1, page: 1, pageSize: 15 } },
      'GET /mail/outbox/details': { result: { ...item, text: `Hello Kim\n${marker}`, html: '<p>Hello<script>alert(1)</script></p>' } },
    });
    renderConsole({ path: '/mail-outbox', user: makeUser({ permissions: ['accountGlobal:view', 'mailContent:view'] }), menu: [makeEntry('userManagement', '', [makeEntry('mailOutbox', '/mail-outbox')])] });
    expect(await screen.findByTestId('mail-redacted-4')).toHaveTextContent('Link sent to the recipient only');
    await user.click(screen.getByText('kim@example.test'));
    const details = await screen.findByTestId('mail-details');
    expect(within(details).getByTestId('mail-text')).toHaveTextContent(marker);
    expect(within(details).getByTestId('mail-redacted-hint')).toHaveTextContent('only its recipient received');
    expect(within(details).getByText('Kept (no mail server)')).toBeInTheDocument();
    await user.click(within(details).getByRole('tab', { name: 'HTML' }));
    const frame = await screen.findByTestId('mail-html');
    expect(frame).toHaveAttribute('sandbox', '');
  });

  it('offers no mail body without the mail-contents permission', async () => {
    const user = userEvent.setup();
    const item = { id: 7, to: 'lee@example.test', subject: 'Reminder', status: 'sent', error: null, createdAt: 0, sentAt: 0, isRedacted: false };
    const seen = stubApi({ 'GET /mail/outbox': { result: { list: [item], total: 1, page: 1, pageSize: 15 } } });
    renderConsole({ path: '/mail-outbox', user: makeUser({ permissions: ['accountGlobal:view'] }), menu: [makeEntry('userManagement', '', [makeEntry('mailOutbox', '/mail-outbox')])] });
    await user.click(await screen.findByText('lee@example.test'));
    expect(screen.getByTestId('mail-no-content-permission')).toHaveTextContent('Mail contents');
    expect(screen.queryByTestId('mail-details')).not.toBeInTheDocument();
    expect(seen.some((request) => request.path === '/mail/outbox/details')).toBe(false);
  });
});
