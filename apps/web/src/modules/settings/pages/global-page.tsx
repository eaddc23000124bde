import { hasPermission } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-context';
import { PageHeader } from '../../../shared/ui/page-header';
import { passwordPolicyQuery, safetyPasswordQuery } from '../api/settings.api';
import { PasswordPolicyForm } from '../components/password-policy-form';
import { SafetyPasswordForm } from '../components/safety-password-form';
import './global-page.css';

/** /global: the password policy and the safety password (area globalSettings; edit to change). */
export function GlobalPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const canEdit = hasPermission(user.permissions, 'globalSettings:edit');
  const policy = useQuery(passwordPolicyQuery);
  const safety = useQuery(safetyPasswordQuery);

  return (
    <div className="atrium-page" data-testid="page-global">
      <PageHeader title={t('settings.title')} subtitle={t('settings.subtitle')} />
      <div className="atrium-settings-grid">
        {policy.data ? <PasswordPolicyForm policy={policy.data} canEdit={canEdit} /> : <Card className="atrium-card"><Skeleton active /></Card>}
        {safety.data ? <SafetyPasswordForm status={safety.data} canEdit={canEdit} /> : <Card className="atrium-card"><Skeleton active /></Card>}
      </div>
    </div>
  );
}
