import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preferencesStore } from '../../../shared/preferences/preferences-store';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

afterEach(() => {
  preferencesStore.deactivate();
  vi.restoreAllMocks();
});

describe('mail outbox page', () => {
  it('lists mails and shows one, its HTML only in a sandbox without scripts', async () => {
    const user = userEvent.setup();
    const item = { id: 4, to: 'kim@example.test', subject: 'Activate your account', status: 'kept', error: null, createdAt: 0, sentAt: null };
    stubApi({
      'GET /mail/outbox': { result: { list: [item], total: 1, page: 1, pageSize: 15 } },
      'GET /mail/outbox/details': { result: { ...item, text: 'Hello Kim\nhttps://x/activate/abc', html: '<p>Hello<script>alert(1)</script></p>' } },
    });
    renderConsole({ path: '/mail-outbox', user: makeUser({ permissions: ['accountGlobal:view'] }), menu: [makeEntry('userManagement', '', [makeEntry('mailOutbox', '/mail-outbox')])] });
    await user.click(await screen.findByText('kim@example.test', {}, { timeout: 8000 }));
    const details = await screen.findByTestId('mail-details');
    expect(within(details).getByTestId('mail-text')).toHaveTextContent('https://x/activate/abc');
    expect(within(details).getByText('Kept (no mail server)')).toBeInTheDocument();
    await user.click(within(details).getByRole('tab', { name: 'HTML' }));
    const frame = await screen.findByTestId('mail-html');
    expect(frame).toHaveAttribute('sandbox', '');
  }, 20_000);
});
