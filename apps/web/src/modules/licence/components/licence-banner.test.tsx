import type { LicenceOverview, LicenceState, LicensedModule } from '@atrium/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { renderWithProviders, stubApi } from '../../../test/render';
import { LicenceBanner } from './licence-banner';

afterEach(() => {
  vi.restoreAllMocks();
});

const END = Date.UTC(2026, 11, 31, 23, 59, 59, 999);

function stubStates(states: Partial<Record<LicensedModule, LicenceState>>) {
  const overview: LicenceOverview = {
    modules: (['visitors', 'desks', 'smartRooms', 'airQuality'] as const).map((module) => {
      const state = states[module] ?? 'valid';
      return { module, state, validUntil: state === 'unlicensed' ? null : END, seats: 10, licenceNumber: state === 'unlicensed' ? null : 'LIC-1' };
    }),
    licences: [],
    seatsUsed: 3,
    canEdit: false,
  };
  return stubApi({ 'GET /company/licence': { result: overview } });
}

describe('licence banner', () => {
  it('marks an expired module read-only, in both languages', async () => {
    stubStates({ visitors: 'expired' });
    renderWithProviders(<LicenceBanner menuKey="guiderRecord" />);
    const banner = await screen.findByTestId('licence-banner');
    expect(banner).toHaveAttribute('data-state', 'expired');
    expect(banner).toHaveTextContent('The licence for Visitors expired on 2026-12-31: this page is read-only until a new licence is installed in the App center.');
    setLang('zh-CN');
    await waitFor(() => expect(screen.getByTestId('licence-banner')).toHaveTextContent('的许可已于 2026-12-31 过期：在应用中心安装新许可之前，此页面只能查看。'));
  });

  it('warns while a licence is expiring or in grace, and names the date the grace ends', async () => {
    stubStates({ desks: 'grace', airQuality: 'unlicensed', smartRooms: 'expiring' });
    const { unmount } = renderWithProviders(<LicenceBanner menuKey="deskeeperConsole" />);
    expect(await screen.findByTestId('licence-banner')).toHaveTextContent('The licence for Desks expired on 2026-12-31. It keeps working until 2027-01-14; then this page becomes read-only.');
    unmount();
    renderWithProviders(<LicenceBanner menuKey="smartAnalysis" />);
    expect(await screen.findByTestId('licence-banner')).toHaveTextContent('The licence for Smart rooms expires on 2026-12-31.');
  });

  it('shows nothing on a valid module, and asks nothing on the base product', async () => {
    const seen = stubStates({});
    const { unmount } = renderWithProviders(<LicenceBanner menuKey="guiderInvite" />);
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(screen.queryByTestId('licence-banner')).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<LicenceBanner menuKey="meeting" />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toHaveLength(1);
    expect(screen.queryByTestId('licence-banner')).not.toBeInTheDocument();
  });
});
