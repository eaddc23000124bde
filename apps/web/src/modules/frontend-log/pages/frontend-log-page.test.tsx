import type { FrontendLogEntry } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';
import { browserName } from './frontend-log-page';

afterEach(() => {
  vi.restoreAllMocks();
});

const entry = (id: number, extra: Partial<FrontendLogEntry> = {}): FrontendLogEntry => ({
  id,
  kind: 'error',
  page: '/reserve',
  message: 'TypeError: x is undefined',
  stack: 'TypeError: x is undefined\n    at Calendar (calendar.tsx:10:5)',
  count: 3,
  userId: 7,
  userName: 'Rita Reporter',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  at: Date.UTC(2026, 10, 23, 9, 5, 7),
  receivedAt: Date.UTC(2026, 10, 23, 9, 5, 9),
  ...extra,
});

const menu = [makeEntry('userManagement', '', [makeEntry('frontendLog', '/log')])];

describe('front-end log page', () => {
  it('lists the reported errors with page, user, browser and count, shows a stack, and filters', async () => {
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /frontend-log/list': ({ query }) => ({
        result: { list: [entry(2), entry(1, { kind: 'request', page: '/report', message: 'GET /api/report/list → 502', stack: null, count: 1 })], total: 2, page: Number(query.get('page')), pageSize: Number(query.get('pageSize')) },
      }),
    });
    renderConsole({ path: '/log', user: makeUser({ permissions: ['operationLog:view'] }), menu });
    const row = await screen.findByTestId('frontend-log-row-2');
    expect(row).toHaveTextContent('Script error');
    expect(row).toHaveTextContent('/reserve');
    expect(row).toHaveTextContent('×3');
    expect(row).toHaveTextContent('Rita Reporter');
    expect(row).toHaveTextContent('Chrome 131');
    expect(screen.getByTestId('frontend-log-row-1')).toHaveTextContent('Request failed');

    await user.click(within(row).getByRole('button', { name: /expand/i }));
    expect(await screen.findByTestId('frontend-log-stack-2')).toHaveTextContent('at Calendar');

    await user.type(screen.getByTestId('frontend-log-filter-user'), 'rita');
    await user.type(screen.getByTestId('frontend-log-filter-page'), 'reserve');
    await waitFor(() => {
      const query = seen.filter((request) => request.path === '/frontend-log/list').at(-1)!.query;
      expect([query.get('user'), query.get('path'), query.get('page')]).toEqual(['rita', 'reserve', '1']);
    });
  }, 60_000);

  it('names browsers shortly', () => {
    expect(browserName('Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0.2903.86')).toBe('Edge 131');
    expect(browserName('Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15')).toBe('Safari 18');
    expect(browserName('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox 133');
    expect(browserName('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36')).toBe('Headless Chrome 131');
    expect(browserName(null)).toBe('');
  });
});
