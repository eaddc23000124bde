import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '../../test/render';
import { CalendarFeedPanel } from './calendar-feed-panel';

afterEach(() => vi.restoreAllMocks());

const URL = 'https://atrium.example.test/api/calendar/feed/secret.ics';

describe('calendar link panel', () => {
  it('makes my link and shows it once to copy, then revokes it after confirming', async () => {
    let active = false;
    const seen = stubApi({
      'GET /meeting/feed': () => ({ result: { active, createdAt: active ? Date.UTC(2026, 10, 24, 9, 0) : null, createdByName: null } }),
      'POST /meeting/feed/create': () => {
        active = true;
        return { result: { url: URL, createdAt: Date.UTC(2026, 10, 24, 9, 0) } };
      },
      'POST /meeting/feed/revoke': () => {
        active = false;
        return { result: null };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<CalendarFeedPanel target={{ kind: 'mine' }} />);
    expect((await screen.findByTestId('feed-state')).textContent).toBe('No link yet.');
    await user.click(screen.getByTestId('feed-create'));
    expect((await screen.findByTestId('feed-url')).textContent).toContain(URL);
    await waitFor(() => expect(screen.getByTestId('feed-state').textContent).toMatch(/^A link is in use since 2026-11-24/));
    await user.click(screen.getByTestId('feed-revoke'));
    await user.click(await screen.findByTestId('feed-revoke-confirm'));
    await waitFor(() => expect(screen.getByTestId('feed-state').textContent).toBe('No link yet.'));
    expect(screen.queryByTestId('feed-url')).toBeNull();
    expect(seen.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual(['/meeting/feed/create', '/meeting/feed/revoke']);
  });

  it("reads a room's link with its room id, and offers no change to a reader", async () => {
    const seen = stubApi({ 'GET /meeting/feed/room': { result: { active: true, createdAt: Date.UTC(2026, 10, 24, 9, 0), createdByName: 'Ada' } } });
    renderWithProviders(<CalendarFeedPanel target={{ kind: 'room', roomId: 7 }} canChange={false} />);
    await waitFor(() => expect(screen.getByTestId('feed-state').textContent).toMatch(/^A link is in use/));
    expect(seen[0]!.query.get('roomId')).toBe('7');
    expect(screen.queryByTestId('feed-create')).toBeNull();
    expect(screen.queryByTestId('feed-revoke')).toBeNull();
  });
});
