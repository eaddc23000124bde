import { licensedModuleOfMenuKey, MENU_CATALOGUE } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import { useTranslation } from 'react-i18next';
import { licenceOverviewQuery } from '../api/licence.api';
import { graceEndDay, licenceDay } from './licence-date';

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
    <Alert
      className="atrium-licence-banner"
      type={isReadOnly ? 'error' : 'warning'}
      showIcon
      banner
      data-testid="licence-banner"
      data-state={standing.state}
      title={t(`licence.banner.${standing.state}`, { name, date: until, graceEnd: standing.validUntil === null ? '' : graceEndDay(standing.validUntil) })}
    />
  );
}
