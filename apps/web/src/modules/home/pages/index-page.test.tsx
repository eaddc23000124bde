import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n';
import { SessionProvider, type Session } from '../../../shared/session/session-context';
import { makeUser } from '../../../test/factories';
import { renderWithProviders } from '../../../test/render';
import { IndexPage } from './index-page';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 11, 1, 9, 0) });
});
afterEach(async () => {
  vi.useRealTimers();
  await act(() => i18n.changeLanguage('en-US'));
});

describe('home page', () => {
  it("names today as each language writes a date (issue 17: dates as titles)", async () => {
    const session = { user: makeUser(), menu: [], menuNodes: [], menuItems: [], menuPaths: [] } satisfies Session;
    renderWithProviders(
      <SessionProvider value={session}>
        <IndexPage />
      </SessionProvider>,
    );
    expect(screen.getByText('Tuesday, December 1, 2026')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(screen.getByText('2026年12月1日星期二')).toBeInTheDocument();
  });
});
