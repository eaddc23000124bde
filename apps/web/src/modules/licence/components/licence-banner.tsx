import { licensedModuleOfMenuKey, MENU_CATALOGUE } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { licenceOverviewQuery } from '../api/licence.api';
import { graceEndDay, licenceDay } from './licence-date';

// antd's Alert loads only when a banner is due: most pages of most companies never show one.
const LicenceAlert = lazy(() => import('./licence-alert').then((m) => ({ default: m.LicenceAlert })));

/**
 * Above a licensed module's page: read-only (unlicensed, expired) or a warning (expiring, in grace). Nothing on
 * the base product's pages, and nothing while the module's licence is simply valid.
 */
export function LicenceBanner({ menuKey }: { menuKey: string | undefined }) {
  const { t } = useTranslation();
  const module = menuKey ? licensedModuleOfMenuKey(menuKey, MENU_CATALOGUE) : null;
  const { data } = useQuery({ ...licenceOverviewQuery, enabled: module !== null });
  const standing = module ? data?.modules.find((entry) => entry.module === module) : undefined;
  if (!standing || standing.state === 'valid') return null;
  const name = t(`application.apps.${standing.module}.name`);
  const until = standing.validUntil === null ? '' : licenceDay(standing.validUntil);
  const isReadOnly = standing.state === 'unlicensed' || standing.state === 'expired';
  return (
    <Suspense fallback={null}>
      <LicenceAlert
        isReadOnly={isReadOnly}
        state={standing.state}
        title={t(`licence.banner.${standing.state}`, { name, date: until, graceEnd: standing.validUntil === null ? '' : graceEndDay(standing.validUntil) })}
      />
    </Suspense>
  );
}
