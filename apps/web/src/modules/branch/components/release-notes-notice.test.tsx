import type { ReleaseNotesResult } from '@atrium/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

afterEach(() => {
  vi.restoreAllMocks();
});

const NOW = Date.now();
const NOTES: ReleaseNotesResult = {
  version: '1.5.0',
  unread: [
    { id: 12, version: '1.5.0', notesEn: 'Desks can be booked a week ahead.', notesZh: '工位可提前一周预订。', releasedAt: NOW },
    { id: 11, version: '1.4.1', notesEn: 'Faster room board.', notesZh: '会议室看板更快。', releasedAt: NOW - 86_400_000 },
  ],
};
const menu = [makeEntry('userManagement', '', [makeEntry('personal', '/personal')])];

describe('release notes in the company console', () => {
  it("shows an administrator the unread notes once, in the user's language, and records the dismissal", async () => {
    const user = userEvent.setup();
    let unread = NOTES;
    const seen = stubApi({
      'GET /branch/releaseNotes': () => ({ result: unread }),
      'POST /branch/releaseNotes/read': () => {
        unread = { ...NOTES, unread: [] };
        return { result: null };
      },
    });
    renderConsole({ path: '/personal', user: makeUser(), menu });
    const dialog = await screen.findByTestId('release-notes');
    expect(screen.getByText("What's new in version 1.5.0")).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Desks can be booked a week ahead.');
    expect(dialog).toHaveTextContent('Faster room board.');
    await user.click(screen.getByTestId('release-notes-dismiss'));
    await waitFor(() => expect(seen.filter((request) => request.path === '/branch/releaseNotes/read').map((request) => request.body)).toEqual([{ id: 12 }, { id: 11 }]), { timeout: 5000 });
    await waitFor(() => expect(screen.queryByTestId('release-notes')).toBeNull(), { timeout: 5000 });
    // The header's user card shows the company's version.
    await user.click(screen.getByTestId('header-user'));
    expect(await screen.findByTestId('company-version', {}, { timeout: 5000 })).toHaveTextContent('Version 1.5.0');
  });

  it('reads the Chinese notes in Chinese, and shows nothing when none are unread', async () => {
    setLang('zh-CN');
    stubApi({ 'GET /branch/releaseNotes': { result: NOTES } });
    const first = renderConsole({ path: '/personal', user: makeUser(), menu });
    expect(await screen.findByText('1.5.0 版本更新内容')).toBeInTheDocument();
    expect(screen.getByTestId('release-notes')).toHaveTextContent('工位可提前一周预订。');
    first.unmount();
    vi.restoreAllMocks();
    const seen = stubApi({ 'GET /branch/releaseNotes': { result: { version: '1.5.0', unread: [] } } });
    renderConsole({ path: '/personal', user: makeUser(), menu });
    await waitFor(() => expect(seen.some((request) => request.path === '/branch/releaseNotes')).toBe(true));
    expect(screen.queryByTestId('release-notes')).toBeNull();
  });
});
