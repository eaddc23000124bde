import { hasPermission } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-context';
import { PageHeader } from '../../../shared/ui/page-header';
import { directorySyncSettingQuery } from '../api/directory-sync.api';
import { ssoSettingQuery } from '../api/sso.api';
import { DirectorySyncCard } from '../components/directory-sync-card';
import { SsoMembersCard } from '../components/sso-members-card';
import { SsoProviderForm } from '../components/sso-provider-form';
import { WorkChatCard } from '../components/work-chat-card';
import './sso-pages.css';

/** /sso-setting: the company's OpenID Connect provider and who signs in through it, the LDAP and work-chat directories (area accountGlobal). */
export function SsoSettingPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const canEdit = hasPermission(user.permissions, 'accountGlobal:edit');
  const setting = useQuery(ssoSettingQuery);
  const directorySync = useQuery(directorySyncSettingQuery);

  return (
    <div className="atrium-page" data-testid="page-sso-setting">
      <PageHeader title={t('sso.title')} subtitle={t('sso.subtitle')} />
      {setting.data ? (
        <div className="atrium-sso-grid">
          <SsoProviderForm key={setting.data.updatedAt ?? 0} setting={setting.data} canEdit={canEdit} />
          <SsoMembersCard key={setting.data.scope} scope={setting.data.scope} isEnabled={setting.data.isEnabled} canEdit={canEdit} />
          {directorySync.data ? <DirectorySyncCard key={`ldap-${directorySync.data.updatedAt ?? 0}`} setting={directorySync.data} canEdit={canEdit} /> : null}
          <WorkChatCard canEdit={canEdit} />
        </div>
      ) : (
        <Card className="atrium-card">
          <Skeleton active />
        </Card>
      )}
    </div>
  );
}
