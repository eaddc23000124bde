import { hasPermission } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-context';
import { PageHeader } from '../../../shared/ui/page-header';
import { QueryBody } from '../../../shared/ui/query-body';
import { noticeConfigQuery } from '../api/notice-config.api';
import { NoticeConfigCard } from '../components/notice-config-card';
import './notice-config-page.css';

/**
 * /message-remind (area messages): which booking events send mail, whether participants get them
 * besides the organiser, the default notice and reminder times, and the mails' footer.
 */
export function NoticeConfigPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const canEdit = hasPermission(user.permissions, 'messages:edit');
  const notice = useQuery(noticeConfigQuery);

  return (
    <div className="atrium-page" data-testid="page-message-remind">
      <PageHeader title={t('notice-config.title')} subtitle={t('notice-config.subtitle')} />
      <div className="atrium-notice-page">
        <QueryBody query={notice}>{(config) => <NoticeConfigCard key={config.updatedAt ?? 0} config={config} canEdit={canEdit} />}</QueryBody>
      </div>
    </div>
  );
}
